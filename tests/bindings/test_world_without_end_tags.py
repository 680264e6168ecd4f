"""Un monde sans fin event cards whose NFC tag carries the facts printed on them: the tags
``ludivox nfc write monde-sans-fin`` writes are read back at a scan in table mode, through the
real nfcpy ``udp`` driver path as well; a tag whose facts disagree with the data file is
played as printed; a malformed tag is told in French and changes nothing."""

from __future__ import annotations

import queue
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_helpers import Table, keys
from test_world_without_end_session import make as make_table

from ludivox.bindings.decks import get_deck
from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.world_without_end import WweState
from ludivox.engines.world_without_end.state import PRINTED_BASE
from ludivox.gamedata.world_without_end_tags import card_from_tag, same_facts
from ludivox.nfc.payload import TagPayload, parse_payload
from ludivox.nfc.tagformat import encode
from ludivox.table.io import TagSeen

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "nfc"))

from nfc_emulators import NTAG213, Ntag2Emulator, random_uid

from ludivox.shell.card_reader import CardReaderSource

NAMES = ["Anne", "Paul"]
BINDING = WweBinding(NAMES)
ENGINE = BINDING.engine
DECK = get_deck("monde-sans-fin")
PREFIX = "ludivox:monde-sans-fin/printed/"


def make(state: WweState) -> Table:
    """A session on ``state`` whose players confirm nothing."""
    return make_table(state, names=NAMES)


def test_the_deck_tags_the_44_event_cards_with_the_facts_of_the_data() -> None:
    assert len(DECK.cards) == 44 and len({c.key for c in DECK.cards}) == 44
    for tagged, card in zip(DECK.cards, sorted(ENGINE.components.events,
                                               key=lambda c: c.number), strict=True):
        payload = parse_payload(tagged.uri, expected_game="monde-sans-fin")
        assert isinstance(payload, TagPayload) and payload.kind == "printed"
        read = card_from_tag(payload.value)
        assert read.number == card.number and same_facts(read, card), tagged.uri
        assert DECK.for_payload(payload) == (tagged,)  # the tag read back finds its card


def test_every_period_one_tag_scanned_at_the_table_draws_that_card() -> None:
    for tagged in DECK.cards:
        table = make(ENGINE.new_table_game(2))
        before = table.state
        number = int(tagged.payload.value)
        says = table.scan(tagged.uri, seat=0)
        if ENGINE.components.event(number).period == 1:
            assert table.state.drawn == (number,), tagged.uri
            assert "event.event_drawn" in keys(says)
        else:  # a card of another period: refused, nothing drawn
            assert table.state == before and keys(says) == ["refusal.wrong_period"]
            assert says[0].channel == "seat:1"


def test_a_tag_whose_printed_facts_differ_from_the_data_is_played_as_printed() -> None:
    table = make(ENGINE.new_table_game(2))
    says = table.scan(PREFIX + "3;p=1;c=stone:2,grain:1,gold:2,vp:1", seat=0)
    assert table.state.drawn == (PRINTED_BASE + 1,) and table.state.phase == "orient"
    assert "event_text_printed" in keys(says)
    table.hear("la flèche vers moi", seat=0)
    assert table.state.seats[0].has("stone") == 2  # the tag's corner, not the data's


@pytest.mark.parametrize(("value", "words"), [
    ("x;p=1;c=stone:1,grain:1,gold:2,vp:1", "numéro"),
    ("45;p=1;c=stone:1,grain:1,gold:2,vp:1", "numéro"),
    ("3;c=stone:1,grain:1,gold:2,vp:1", "période"),
    ("3;p=9;c=stone:1,grain:1,gold:2,vp:1", "période"),
    ("3;p=1", "coins"),
    ("3;p=1;c=stone:1,grain:1,gold:2", "quatre coins"),
    ("3;p=1;c=stone:1,grain:1,gold:2,diamant:1", "diamant"),
    ("3;p=1;c=stone:1,grain:1,gold:deux,vp:1", "deux"),
    ("3;p=1;c=stone:1,grain:1,gold:2,vp:1;lieu=4", "pas de lieu"),
    ("25;p=3;c=stone:1,grain:1,gold:2,vp:1", "lieu de peste"),
    ("3;p=1;c=stone:1,grain:1,gold:2,vp:1;rouge", "rouge"),
])
def test_a_malformed_tag_is_told_in_french_and_changes_nothing(value: str, words: str) -> None:
    table = make(ENGINE.new_table_game(2))
    before = table.state
    says = table.scan(PREFIX + value, seat=0)
    assert table.state == before
    assert keys(says) == ["scan.bad_facts"] and says[0].channel == "seat:1"
    assert words in says[0].text and "Je ne fais rien" in says[0].text


# --- through the real reader code and the nfcpy udp driver -------------------------------


@pytest.fixture
def emu() -> Iterator[Ntag2Emulator]:
    with Ntag2Emulator(NTAG213, present=False) as emulator:
        yield emulator


@pytest.fixture
def inbox(emu: Ntag2Emulator) -> Iterator[queue.Queue[Any]]:
    source = CardReaderSource(emu.path, retry_s=0.2, targets=("106A",))
    items: queue.Queue[Any] = queue.Queue()
    source.start(items.put)
    try:
        yield items
    finally:
        source.close()


def test_a_tagged_card_on_the_reader_is_drawn_and_a_malformed_one_changes_nothing(
    emu: Ntag2Emulator, inbox: queue.Queue[Any]
) -> None:
    table = make(ENGINE.new_table_game(2))
    before = table.state
    emu.put(NTAG213, random_uid(), message=encode(PREFIX + "3;p=1;c=stone:1", "trois"))
    seen = inbox.get(timeout=5)
    assert isinstance(seen, TagSeen)
    says = table._run(table.session.handle(seen))
    assert keys(says) == ["scan.bad_facts"] and table.state == before
    emu.remove()
    card = DECK.cards[2]  # written as `ludivox nfc write monde-sans-fin` writes it
    emu.put(NTAG213, random_uid(), message=encode(card.uri, "trois"))
    seen = inbox.get(timeout=5)
    assert isinstance(seen, TagSeen) and seen.payload == card.uri
    says = table._run(table.session.handle(seen))
    assert table.state.drawn == (3,) and "event.event_drawn" in keys(says)
