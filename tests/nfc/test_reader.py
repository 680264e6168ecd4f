"""The reader service: real nfcpy reader code against emulated cards on the udp driver."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import ndef
import pytest
from nfc_emulators import (
    NTAG213,
    NTAG215,
    EventLog,
    Ntag2Emulator,
    Type3Emulator,
    cut_reader_link,
    random_uid,
)

from ludivox.nfc.payload import TagPayload, parse_payload
from ludivox.nfc.reader import ReaderFound, ReaderLost, ReaderService, TagRead, TagRemoved
from ludivox.nfc.registry import UidRegistry
from ludivox.nfc.tagformat import PROBLEMS, encode

EVENT_7 = "ludivox:kingsbridge/event/7"


@pytest.fixture
def emu() -> Iterator[Ntag2Emulator]:
    """An emulated reader with no card on it yet."""
    with Ntag2Emulator(NTAG213, present=False) as emulator:
        yield emulator


def start(path: str, registry: UidRegistry | None = None,
          retry_s: float = 0.1) -> tuple[ReaderService, EventLog]:
    events = EventLog()
    service = ReaderService(path, events.put, registry=registry, retry_s=retry_s,
                            targets=("106A",))
    service.start()
    return service, events


def scan(emu: Ntag2Emulator, registry: UidRegistry | None = None, **card: object) -> TagRead:
    """Put a card built from ``card`` on the reader and return what the service read."""
    uid = random_uid()
    service, events = start(emu.path, registry)
    try:
        emu.put(emu.chip, uid, **card)
        read: TagRead = events.next(TagRead)
        assert read.uid == uid.hex().upper()
        return read
    finally:
        service.close()


def message(*records: ndef.Record) -> bytes:
    return b"".join(ndef.message_encoder(list(records)))


def test_good_tag_gives_payload_and_spoken_name(emu: Ntag2Emulator) -> None:
    read = scan(emu, message=encode(EVENT_7, "sept"))
    assert (read.payload, read.text, read.problem) == (EVENT_7, "sept", None)
    assert (read.tag_type, read.product) == ("Type2Tag", "NXP NTAG213")
    assert read.seen_at <= read.read_at


def test_uri_only_tag(emu: Ntag2Emulator) -> None:
    read = scan(emu, message=encode("ludivox:kingsbridge/character/aldred"))
    assert (read.payload, read.text, read.problem) == (
        "ludivox:kingsbridge/character/aldred", None, None)


def test_text_only_tag_names_no_card(emu: Ntag2Emulator) -> None:
    read = scan(emu, message=message(ndef.TextRecord("sept", "fr")))
    assert (read.payload, read.text, read.problem) == (None, "sept", "no_uri")


def test_tag_of_another_game_keeps_its_payload(emu: Ntag2Emulator) -> None:
    read = scan(emu, message=encode("ludivox:seven_kingdoms/card/3", "trois"))
    assert (read.payload, read.problem) == ("ludivox:seven_kingdoms/card/3", None)


def test_other_apps_tag_is_not_ludivox(emu: Ntag2Emulator) -> None:
    read = scan(emu, message=message(ndef.UriRecord("https://example.org")))
    assert (read.payload, read.problem) == (None, "not_ludivox")


def test_blank_sticker(emu: Ntag2Emulator) -> None:
    read = scan(emu)
    assert (read.payload, read.problem) == (None, "blank")


def test_chip_without_ndef_is_unknown(emu: Ntag2Emulator) -> None:
    read = scan(emu, formatted=False)
    assert (read.payload, read.problem) == (None, "unknown")


def test_malformed_ndef_is_reported_not_raised(emu: Ntag2Emulator) -> None:
    garbage = b"\x03\x06\x00\x01\x02\x03\x04\x05\xfe"
    read = scan(emu, data=garbage)
    assert (read.payload, read.problem) == (None, "malformed")


def test_message_longer_than_the_data_area_is_truncated(emu: Ntag2Emulator) -> None:
    body = encode(EVENT_7, "sept")
    data = b"\x03\xc8" + body  # announces 200 bytes where NTAG213 holds 144
    read = scan(emu, data=data)
    assert (read.payload, read.problem) == (None, "truncated")


def test_message_cut_inside_the_tlv_is_truncated(emu: Ntag2Emulator) -> None:
    body = encode(EVENT_7, "sept")
    data = b"\x03" + bytes([len(body) - 10]) + body[:-10] + b"\xfe"
    read = scan(emu, data=data)
    assert (read.payload, read.problem) == (None, "truncated")


def test_unknown_card_then_registered_uid(emu: Ntag2Emulator, tmp_path: Path) -> None:
    registry = UidRegistry(tmp_path / "nfc_uids.json")
    uid = random_uid()
    service, events = start(emu.path, registry)
    try:
        emu.put(NTAG213, uid, formatted=False)
        first: TagRead = events.next(TagRead)
        assert (first.payload, first.problem) == (None, "unknown")
        emu.remove()
        events.next(TagRemoved)
        registry.register(uid, "ludivox:kingsbridge/event/12")
        n = len(events.events)
        emu.present()
        second: TagRead = events.next(TagRead, after=n)
        assert (second.payload, second.problem) == ("ludivox:kingsbridge/event/12", None)
    finally:
        service.close()
    assert UidRegistry(tmp_path / "nfc_uids.json").lookup(uid) == "ludivox:kingsbridge/event/12"


def test_tag_left_on_the_reader_fires_once_and_removal_is_told(emu: Ntag2Emulator) -> None:
    uid = random_uid()
    service, events = start(emu.path)
    try:
        emu.put(NTAG215, uid, message=encode(EVENT_7, "sept"))
        read: TagRead = events.next(TagRead)
        assert read.product == "NXP NTAG215"
        time.sleep(1.0)
        assert len(events.of(TagRead)) == 1
        emu.remove()
        removed: TagRemoved = events.next(TagRemoved)
        assert removed.uid == uid.hex().upper()
        n = len(events.events)
        emu.present()
        again: TagRead = events.next(TagRead, after=n)
        assert again.payload == EVENT_7
    finally:
        service.close()


def test_reader_missing_at_start_is_told_once(tmp_path: Path) -> None:
    service, events = start("usb:054c:06c3", retry_s=0.05)  # no such reader here
    try:
        lost: ReaderLost = events.next(ReaderLost)
        assert (lost.path, lost.reason) == ("usb:054c:06c3", "missing")
        time.sleep(0.5)  # several retries
        assert events.events == [lost]
    finally:
        service.close()
    auto_events = EventLog()
    auto = ReaderService(None, auto_events.put, retry_s=0.05)  # look for any reader
    auto.start()
    try:
        assert auto_events.next(ReaderLost) == ReaderLost("auto", "missing")
        time.sleep(0.3)
        assert len(auto_events.events) == 1
    finally:
        auto.close()


def test_reader_unplugged_and_back_is_told_once_each(emu: Ntag2Emulator) -> None:
    service, events = start(emu.path, retry_s=0.3)
    try:
        emu.put(NTAG213, message=encode(EVENT_7, "sept"))
        events.next(TagRead)
        cut_reader_link(service)
        lost: ReaderLost = events.next(ReaderLost)
        assert lost.reason == "unplugged"
        removed = events.next(TagRemoved)
        found: ReaderFound = events.next(ReaderFound)
        assert found.path == lost.path == f"udp:localhost:{emu.port}"
        again: TagRead = events.next(TagRead, after=events.events.index(found))
        assert again.payload == EVENT_7
        time.sleep(0.5)
        assert len(events.of(ReaderLost)) == len(events.of(ReaderFound)) == 1
        assert removed.uid == again.uid
    finally:
        service.close()


def test_close_ends_the_scanning_thread_and_is_idempotent(emu: Ntag2Emulator) -> None:
    service, events = start(emu.path)
    time.sleep(0.2)
    assert service.running
    service.close()
    service.close()
    hang_guard = time.monotonic() + 20.0
    while service.running and time.monotonic() < hang_guard:
        time.sleep(0.05)
    assert not service.running
    said = len(events.events)
    emu.put(NTAG213, random_uid(), message=encode(EVENT_7))
    time.sleep(0.5)
    assert len(events.events) == said  # closed: nothing more is reported


def test_type3_tag() -> None:
    with Type3Emulator(encode(EVENT_7, "sept")) as tt3:
        events = EventLog()
        service = ReaderService(tt3.path, events.put, targets=("212F",))
        service.start()
        try:
            read: TagRead = events.next(TagRead, timeout_s=8.0)
            assert (read.payload, read.text, read.problem) == (EVENT_7, "sept", None)
            assert read.tag_type == "Type3Tag"
            assert read.uid == tt3.uid_hex
        finally:
            service.close()


def test_bad_path_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="not a reader path"):
        ReaderService("/dev/ttyUSB0", EventLog().put)


def test_arbitrary_chip_contents_never_crash_the_reader(emu: Ntag2Emulator) -> None:
    """Random data areas (some shaped like an NDEF TLV) give a payload or a problem code."""
    rng = random.Random(4)
    service, events = start(emu.path)
    try:
        for i in range(12):
            size = rng.randrange(0, 144)
            body = bytes(rng.randrange(256) for _ in range(size))
            data = body if i % 2 else b"\x03" + bytes([min(size, 255)]) + body
            n = len(events.events)
            emu.put(NTAG213, random_uid(rng), data=data, formatted=bool(i % 3))
            read: TagRead = events.next(TagRead, after=n)
            if read.payload is None:
                assert read.problem in PROBLEMS
            else:
                assert isinstance(parse_payload(read.payload), TagPayload)
        assert service.running
        assert not events.of(ReaderLost)
    finally:
        service.close()


def test_wait_open_tells_whether_there_is_a_reader(emu: Ntag2Emulator) -> None:
    service, events = start(emu.path)
    try:
        assert service.wait_open()
        assert not events.of(ReaderLost)
    finally:
        service.close()
    missing, events = start("usb:1234:5678")
    try:
        assert not missing.wait_open()
        assert events.of(ReaderLost)  # already reported when wait_open returns
    finally:
        missing.close()
