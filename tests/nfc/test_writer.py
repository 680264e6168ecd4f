"""Writing card tags and reading them back, on emulated NTAG213/215 stickers."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import pytest
from nfc_emulators import NTAG213, NTAG215, EventLog, Ntag2Emulator, ntag_memory, random_uid

from ludivox.nfc.reader import ReaderService, TagRead
from ludivox.nfc.tagformat import NTAG213 as CHIP213
from ludivox.nfc.tagformat import Type2Chip, decode, encode, read_type2
from ludivox.nfc.writer import TagWriter

EVENT_7 = "ludivox:kingsbridge/event/7"
T = TypeVar("T")


def memory_message(emu: Ntag2Emulator) -> bytes | None:
    return read_type2(bytes(emu.memory[: 16 + emu.chip.cc_size])).message


@pytest.mark.parametrize("chip", [NTAG213, NTAG215])
def test_written_card_is_on_the_chip_and_read_by_the_reader(chip: Type2Chip) -> None:
    uid = random_uid()
    with Ntag2Emulator(chip, uid=uid) as emu, TagWriter(emu.path, targets=("106A",)) as writer:
        outcome = writer.write(EVENT_7, "sept", timeout_s=5)
        assert (outcome.ok, outcome.problem, outcome.uid) == (True, None, uid.hex().upper())
        assert outcome.needed == len(encode(EVENT_7, "sept"))
        assert outcome.capacity == emu.chip.capacity
        assert decode(memory_message(emu)).payload == EVENT_7
        writer.close()
        events = EventLog()
        service = ReaderService(emu.path, events.put, targets=("106A",))
        service.start()
        try:
            read: TagRead = events.next(TagRead)
            assert (read.payload, read.text) == (EVENT_7, "sept")
        finally:
            service.close()


def test_message_too_big_for_ntag213_is_refused_and_fits_ntag215() -> None:
    long_name = "une carte au nom très long " * 5
    assert len(encode(EVENT_7, long_name)) > CHIP213.capacity
    with Ntag2Emulator(NTAG213) as emu, TagWriter(emu.path, targets=("106A",)) as writer:
        before = emu.user_data()
        outcome = writer.write(EVENT_7, long_name, timeout_s=5)
        assert (outcome.ok, outcome.problem) == (False, "too_small")
        assert outcome.capacity == 142 and outcome.needed > 142
        assert emu.user_data() == before
    with Ntag2Emulator(NTAG215) as emu, TagWriter(emu.path, targets=("106A",)) as writer:
        assert writer.write(EVENT_7, long_name, timeout_s=5).ok


def test_locked_tag_is_refused() -> None:
    uid = random_uid()
    memory = ntag_memory(NTAG213, uid, message=encode("ludivox:kingsbridge/event/2"),
                         locked=True)
    with Ntag2Emulator(NTAG213, uid=uid, memory=memory) as emu, \
            TagWriter(emu.path, targets=("106A",)) as writer:
        outcome = writer.write(EVENT_7, "sept", timeout_s=5)
        assert (outcome.ok, outcome.problem) == (False, "locked")
        assert outcome.previous == "ludivox:kingsbridge/event/2"


def test_chip_that_keeps_nothing_fails_verification() -> None:
    with Ntag2Emulator(NTAG213) as emu, TagWriter(emu.path, targets=("106A",)) as writer:
        emu.weak_from_page = 6
        outcome = writer.write(EVENT_7, "sept", timeout_s=5)
        assert (outcome.ok, outcome.problem) == (False, "verify_failed")


def test_unformatted_ntag_is_formatted_then_written() -> None:
    uid = random_uid()
    with Ntag2Emulator(NTAG213, uid=uid, memory=ntag_memory(NTAG213, uid, formatted=False)) \
            as emu, TagWriter(emu.path, targets=("106A",)) as writer:
        assert writer.write(EVENT_7, "sept", timeout_s=5).ok
        assert emu.memory[12:16] == b"\xe1\x10\x12\x00"


def returned(call: Callable[[], T], hang_guard_s: float = 20.0) -> T:
    """``call()``'s result, failing (not hanging) if it never returns."""
    box: list[T] = []
    thread = threading.Thread(target=lambda: box.append(call()), daemon=True)
    thread.start()
    thread.join(hang_guard_s)
    assert not thread.is_alive() and box, "the call never returned"
    return box[0]


def test_tag_left_on_the_reader_is_not_written_twice() -> None:
    with Ntag2Emulator(NTAG213) as emu, TagWriter(emu.path, targets=("106A",)) as writer:
        assert writer.write(EVENT_7, "sept", timeout_s=5).ok
        # several waits end while the card stays: none of them takes it for a new card
        for _ in range(3):
            second = returned(lambda: writer.write("ludivox:kingsbridge/event/8", "huit",
                                                   timeout_s=1.0))
            assert (second.ok, second.problem) == (False, "no_tag")
            assert decode(memory_message(emu)).payload == EVENT_7
        threading.Timer(0.3, emu.put, args=(NTAG213,)).start()
        emu.remove()
        third = writer.write("ludivox:kingsbridge/event/8", "huit", timeout_s=5)
        assert third.ok and third.uid == emu.uid_hex


def test_overwrite_false_keeps_another_cards_tag() -> None:
    uid = random_uid()
    memory = ntag_memory(NTAG213, uid, message=encode("ludivox:kingsbridge/event/3", "trois"))
    with Ntag2Emulator(NTAG213, uid=uid, memory=memory) as emu, \
            TagWriter(emu.path, targets=("106A",)) as writer:
        outcome = writer.write(EVENT_7, "sept", timeout_s=5, overwrite=False)
        assert (outcome.problem, outcome.previous) == ("already_tagged",
                                                       "ludivox:kingsbridge/event/3")
        assert decode(memory_message(emu)).payload == "ludivox:kingsbridge/event/3"


def test_no_tag_no_reader_and_bad_payload() -> None:
    with Ntag2Emulator(NTAG213, present=False) as emu, \
            TagWriter(emu.path, targets=("106A",)) as writer:
        assert writer.write(EVENT_7, timeout_s=0.5).problem == "no_tag"
        assert writer.read(timeout_s=0.5) is None
        with pytest.raises(ValueError, match="payload"):
            writer.write("bonjour", timeout_s=0.5)
    with TagWriter("usb:054c:06c3") as writer:
        assert writer.write(EVENT_7, timeout_s=0.5).problem == "no_reader"


def test_read_tells_what_a_tag_holds() -> None:
    uid = random_uid()
    memory = ntag_memory(NTAG215, uid, message=encode(EVENT_7, "sept"))
    with Ntag2Emulator(NTAG215, uid=uid, memory=memory) as emu, \
            TagWriter(emu.path, targets=("106A",)) as writer:
        read = writer.read(timeout_s=5)
        assert read is not None
        assert (read.uid, read.payload, read.text, read.product) == (
            uid.hex().upper(), EVENT_7, "sept", "NXP NTAG215")
