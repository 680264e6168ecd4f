"""The decks to tag: every card of the box once, with the payloads the games read."""

from __future__ import annotations

import pytest

from ludivox.bindings.decks import (
    KINGSBRIDGE_CHARACTERS,
    UnknownDeck,
    UnknownSelection,
    deck_for_game,
    get_deck,
)
from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.nfc.payload import TagPayload, parse_payload


def test_kingsbridge_deck_is_the_rulebook_material() -> None:
    deck = get_deck("kingsbridge")
    events = [c for c in deck.cards if c.payload.kind == "event"]
    characters = [c for c in deck.cards if c.payload.kind == "character"]
    assert len(events) == 104
    assert sorted({int(c.payload.value) for c in events}) == list(range(1, 14))
    assert all(c.copies == 8 for c in events)
    starts = [c for c in deck.cards if c.payload.kind == "start"]
    assert len(characters) == 10 and len(starts) == 6 and len(deck.cards) == 120
    assert {c.uri for c in starts} == {"ludivox:kingsbridge/start/column"}


def test_character_ids_are_the_engine_ones() -> None:
    assert KINGSBRIDGE_CHARACTERS == CHARACTERS


def test_every_card_has_its_own_key_and_a_payload_the_parser_reads_back() -> None:
    for name in ("kingsbridge", "seven-kingdoms"):
        deck = get_deck(name)
        assert len({c.key for c in deck.cards}) == len(deck.cards)
        for card in deck.cards:
            assert parse_payload(card.uri, expected_game=deck.game) == card.payload


def test_tagging_order_is_value_then_copy() -> None:
    first = get_deck("kingsbridge").cards[:9]
    assert [c.uri for c in first[:8]] == ["ludivox:kingsbridge/event/1"] * 8
    assert [c.copy for c in first[:8]] == list(range(1, 9))
    assert first[8].uri == "ludivox:kingsbridge/event/2"


def test_seven_kingdoms_deck_has_title_and_blason_cards() -> None:
    deck = get_deck("seven_kingdoms")
    assert [c.uri for c in deck.cards[:2]] == [
        "ludivox:seven-kingdoms/card/1", "ludivox:seven-kingdoms/card/2",
    ]
    assert len(deck.cards) == 49 + 7


def test_only_selects_by_value_kind_or_key() -> None:
    deck = get_deck("kingsbridge")
    assert [c.key for c in deck.select(["7"])] == [f"event/7#{i}" for i in range(1, 9)]
    assert len(deck.select(["character"])) == 10
    assert [c.key for c in deck.select(["aldred", "event/13#8"])] == [
        "event/13#8", "character/aldred",
    ]
    assert deck.select([]) == deck.cards
    with pytest.raises(UnknownSelection):
        deck.select(["14"])


def test_unknown_deck_names_the_known_ones() -> None:
    with pytest.raises(UnknownDeck) as err:
        get_deck("monopoly")
    assert "kingsbridge" in err.value.decks


def test_a_payload_finds_its_deck_cards() -> None:
    deck = deck_for_game("kingsbridge")
    assert deck is not None
    assert len(deck.for_payload(TagPayload("kingsbridge", "event", "7"))) == 8
    assert len(deck.for_payload(TagPayload("kingsbridge", "", "7"))) == 8
    assert deck.for_payload(TagPayload("kingsbridge", "character", "bob")) == ()
    assert deck_for_game("monopoly") is None


@pytest.mark.parametrize("name", ["kingsbridge", "seven-kingdoms", "monde-sans-fin"])
def test_every_card_is_named_and_its_tag_fits_the_smallest_sticker(name: str) -> None:
    from ludivox.commands.nfc import describer, text_recorder
    from ludivox.grammars import Grammar
    from ludivox.nfc.tagformat import NTAG213, encode

    deck = get_deck(name)
    grammar = Grammar.load(deck.grammar)
    describe, text = describer(deck, grammar), text_recorder(grammar)
    for card in deck.cards:
        assert describe(card, "a") and text(card)
        assert len(encode(card.uri, text(card))) <= NTAG213.capacity, card
    aldred = deck.card("character/aldred")
    event12 = deck.card("printed/12")
    if event12 is not None:  # an Un monde sans fin event card, its facts on the tag
        assert (describe(event12, "to"), text(event12)) == ("à la carte douze", "douze")
        assert event12.uri.startswith("ludivox:monde-sans-fin/printed/12;p=2;c=")
    elif aldred is not None:
        assert (describe(aldred, "a"), text(aldred)) == ("la carte Aldred", "Aldred")
    else:
        card22 = deck.card("card/22")
        assert card22 is not None
        assert (describe(card22, "the"), text(card22)) == ("le vingt-deux", "vingt-deux")


def test_a_number_is_the_card_the_game_reads() -> None:
    deck = get_deck("kingsbridge")
    for value in ("07", "٧", "7"):
        assert [c.uri for c in deck.for_payload(TagPayload("kingsbridge", "event", value))] \
            == ["ludivox:kingsbridge/event/7"] * 8
    assert deck.for_payload(TagPayload("kingsbridge", "event", "7.0")) == ()
