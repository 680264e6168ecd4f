"""The card reader feeding the game: the real nfcpy reader code (``ReaderService``) against
emulated NTAG213 cards over the ``udp`` driver, through :class:`CardReaderSource`, into a real
Kingsbridge session."""

from __future__ import annotations

import queue
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "nfc"))

from nfc_emulators import (
    NTAG213,
    Ntag2Emulator,
    cut_reader_link,
    random_uid,
)
from table_helpers import make_table, position

from ludivox.grammars.grammar import Grammar
from ludivox.nfc.reader import ReaderFound, ReaderLost, TagRead, TagRemoved
from ludivox.nfc.registry import UidRegistry
from ludivox.nfc.tagformat import encode
from ludivox.shell.card_reader import CardReaderSource, ScanTranslator, card_reader
from ludivox.shell.sources import Announcement
from ludivox.table.io import TagSeen

EVENT_7 = "ludivox:kingsbridge/event/7"


class Inbox:
    """The console's queue as a source sees it."""

    def __init__(self) -> None:
        self.items: queue.Queue[Any] = queue.Queue()

    def put(self, item: Any) -> None:
        self.items.put(item)

    def next(self, timeout_s: float = 5.0) -> Any:
        return self.items.get(timeout=timeout_s)

    def quiet(self, seconds: float) -> list[Any]:
        """Whatever arrives within ``seconds`` (expected: nothing)."""
        time.sleep(seconds)
        out = []
        while not self.items.empty():
            out.append(self.items.get_nowait())
        return out


@pytest.fixture
def emu() -> Iterator[Ntag2Emulator]:
    with Ntag2Emulator(NTAG213, present=False) as emulator:
        yield emulator


@pytest.fixture
def reader(emu: Ntag2Emulator) -> Iterator[tuple[CardReaderSource, Inbox]]:
    source = CardReaderSource(emu.path, retry_s=0.2, targets=("106A",))
    inbox = Inbox()
    source.start(inbox.put)
    try:
        yield source, inbox
    finally:
        source.close()


def say(grammar: Grammar, item: Announcement) -> str:
    return grammar.say(item.key, **item.params)


def test_a_card_on_the_reader_reaches_the_game_privately(
    grammar: Grammar, emu: Ntag2Emulator, reader: tuple[CardReaderSource, Inbox]
) -> None:
    _source, inbox = reader
    table = make_table(grammar, position(
        columns=[[3], [5, 6], [9], [10, 11], [12], [13]],
        players=[{"hand": [7, 8], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    ))
    uid = random_uid()
    emu.put(NTAG213, uid, message=encode(EVENT_7, "sept"))
    seen = inbox.next()
    assert seen == TagSeen(EVENT_7, uid.hex().upper(), None)
    says = table._run(table.session.handle(seen))
    assert [s.key for s in says] == ["scan.hand_card_one_column"]
    assert says[0].channel == "seat:1" and "sept" in says[0].text
    emu.remove()
    assert inbox.quiet(0.8) == []  # a card taken away: nothing said


@pytest.mark.parametrize(("memory", "problem", "words"), [
    ({}, "blank", "vide"),
    ({"formatted": False}, "unknown", "inconnue"),
    ({"data": b"\x03\x06\x00\x01\x02\x03\x04\x05\xfe"}, "malformed", "abîmé"),
])
def test_a_card_that_cannot_be_used_is_announced_with_what_to_do(
    grammar: Grammar, emu: Ntag2Emulator, reader: tuple[CardReaderSource, Inbox],
    memory: dict[str, Any], problem: str, words: str,
) -> None:
    _source, inbox = reader
    emu.put(NTAG213, **memory)
    item = inbox.next()
    assert isinstance(item, Announcement) and item.earcon == "refused"
    assert item.params["problem"] == problem
    sentence = say(grammar, item)
    assert words in sentence and "à voix haute" in sentence


def test_a_chip_without_ndef_is_known_by_its_registered_uid(
    grammar: Grammar, emu: Ntag2Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path))
    uid = random_uid()
    UidRegistry.default().register(uid, "ludivox:kingsbridge/event/8")
    source = card_reader(emu.path)
    source.targets = ("106A",)
    inbox = Inbox()
    source.start(inbox.put)
    try:
        emu.put(NTAG213, uid, formatted=False)  # a chip that carries nothing
        assert inbox.next() == TagSeen("ludivox:kingsbridge/event/8", uid.hex().upper(), None)
        emu.remove()
        time.sleep(0.8)
        emu.put(NTAG213, random_uid(), formatted=False)  # one nobody registered
        item = inbox.next()
        assert isinstance(item, Announcement) and item.params["problem"] == "unknown"
        assert "Carte inconnue" in say(grammar, item)
    finally:
        source.close()


def test_reader_unplugged_and_back_is_told_once_and_the_card_not_reread(
    grammar: Grammar, emu: Ntag2Emulator, reader: tuple[CardReaderSource, Inbox]
) -> None:
    source, inbox = reader
    emu.put(NTAG213, message=encode(EVENT_7, "sept"))
    assert isinstance(inbox.next(), TagSeen)
    cut_reader_link(source._service)
    lost = inbox.next()
    assert isinstance(lost, Announcement) and lost.key == "nfc.reader_lost"
    assert "on continue à la voix" in say(grammar, lost)
    found = inbox.next()
    assert isinstance(found, Announcement) and found.key == "nfc.reader_found"
    assert "de retour" in say(grammar, found)
    assert inbox.quiet(1.0) == []  # the card lying there all along is not read again
    emu.remove()
    time.sleep(0.8)
    emu.put(NTAG213, message=encode("ludivox:kingsbridge/event/9", "neuf"))
    assert inbox.next() == TagSeen("ludivox:kingsbridge/event/9", emu.uid_hex, None)


def test_no_reader_is_announced_once_and_the_game_goes_on(grammar: Grammar) -> None:
    source = CardReaderSource("usb:054c:06c3", retry_s=0.1)
    inbox = Inbox()
    source.start(inbox.put)
    try:
        item = inbox.next()
        assert isinstance(item, Announcement) and item.key == "nfc.reader_lost"
        assert "à la voix" in say(grammar, item)
        assert inbox.quiet(0.5) == []  # retried several times, said once
    finally:
        source.close()
    table = make_table(grammar, position(
        columns=[[3], [5, 6], [9], [10, 11], [12], [13]],
        players=[{"hand": [7, 8], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    ))
    table.hear("je pose le sept sur la deux")
    assert table.state.columns[1] == (5, 6, 7)


def test_a_bad_reader_path_is_announced_not_raised() -> None:
    inbox = Inbox()
    CardReaderSource("bluetooth:42").start(inbox.put)
    assert inbox.next(1.0).key == "nfc.reader_lost"


def test_a_card_bouncing_on_the_reader_is_one_touch() -> None:
    translator = ScanTranslator(bounce_s=0.5)
    read = TagRead("04AA", EVENT_7, "sept", None, "Type2Tag", seen_at=10.0)
    assert translator.translate(read) == TagSeen(EVENT_7, "04AA", None)
    assert translator.translate(TagRemoved("04AA", at=10.5)) is None
    again = TagRead("04AA", EVENT_7, "sept", None, "Type2Tag", seen_at=10.7)
    assert translator.translate(again) is None  # lifted and back at once: same touch
    assert translator.translate(TagRemoved("04AA", at=11.0)) is None
    later = TagRead("04AA", EVENT_7, "sept", None, "Type2Tag", seen_at=13.0)
    assert translator.translate(later) == TagSeen(EVENT_7, "04AA", None)  # scanned again


def test_lost_and_found_are_said_once_each_even_if_repeated() -> None:
    translator = ScanTranslator(seat=2)
    first = translator.translate(ReaderLost("usb", "unplugged"))
    assert isinstance(first, Announcement) and first.params == {"reason": "unplugged"}
    assert translator.translate(ReaderLost("usb", "missing")) is None
    assert isinstance(translator.translate(ReaderFound("usb")), Announcement)
    assert translator.translate(ReaderFound("usb")) is None
    read = TagRead("04BB", EVENT_7, None, None, "Type2Tag", seen_at=1.0)
    assert translator.translate(read) == TagSeen(EVENT_7, "04BB", 2)  # the reader's seat


def test_looking_for_any_reader_says_nothing_when_the_table_has_none() -> None:
    translator = ScanTranslator(quiet_until_found=True)
    assert translator.translate(ReaderLost("auto", "missing")) is None  # most tables: no reader
    assert translator.translate(ReaderLost("auto", "missing")) is None
    plugged = translator.translate(ReaderFound("usb"))  # plugged in during the game
    assert isinstance(plugged, Announcement) and plugged.key == "nfc.reader_found"
    unplugged = translator.translate(ReaderLost("usb", "unplugged"))
    assert isinstance(unplugged, Announcement) and unplugged.key == "nfc.reader_lost"


def test_looking_for_any_reader_still_says_one_it_cannot_open() -> None:
    translator = ScanTranslator(quiet_until_found=True)
    problem = translator.translate(ReaderLost("usb", "no_access"))
    assert isinstance(problem, Announcement) and problem.params == {"reason": "no_access"}


def test_auto_detection_never_probes_serial_ports() -> None:
    from ludivox.nfc.reader import AUTO_PATHS

    assert all(p.startswith("usb") for p in AUTO_PATHS)  # a braille display may sit on a tty
