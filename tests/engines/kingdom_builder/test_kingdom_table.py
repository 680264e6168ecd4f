"""Table mode (physical cards revealed by the world) and what each seat may know."""

from __future__ import annotations

from dataclasses import replace

from kingdom_support import ENGINE, fill, legal_texts, new_game, play

from ludivox.engines.kingdom_builder import Layout, RevealTerrain
from ludivox.engines.kingdom_builder.events import (
    DeckReshuffled,
    HiddenTerrainDrawn,
    TerrainDrawn,
    TerrainSetAside,
)
from ludivox.engines.kingdom_builder.setup import full_deck
from ludivox.engines.kingdom_builder.state import KingdomBuilderState

LAYOUT = Layout.parse("tavern,paddock,oasis,farm")
CARDS = ("lords", "farmers", "hermits")


def table_game(players: int = 2) -> KingdomBuilderState:
    return ENGINE.new_game(players, mode="table", layout=LAYOUT, cards=CARDS)


def test_each_turn_starts_with_the_world_revealing_the_card() -> None:
    s = table_game()
    aw = ENGINE.awaiting(s)
    assert aw.world and aw.seats == () and aw.kinds == {"terrain"}
    assert legal_texts(s) == {
        f"terrain {t}" for t in ("grass", "canyon", "desert", "flower", "forest")
    }
    reason = ENGINE.refusal(s, ENGINE.parse_action("build 9-8"))
    assert reason is not None and (reason.code, reason.args) == (
        "terrain_not_revealed",
        {"seat": 0},
    )
    s = play(s, "terrain grass", "build 9-8", "build 9-9", "build 9-10")
    reason = ENGINE.refusal(s, RevealTerrain("grass"))
    assert reason is not None and reason.code == "no_reveal_expected"
    s, events = ENGINE.apply(s, ENGINE.parse_action("end"))
    assert s.discard == ("grass",) and s.hands == ("?", "?")
    assert TerrainDrawn(seat=0, deck_left=22) in events
    assert not [e for e in events if isinstance(e, HiddenTerrainDrawn)]
    assert ENGINE.awaiting(s).world and s.current == 1


def test_a_card_all_of_whose_copies_are_known_cannot_be_revealed() -> None:
    s = table_game()
    s = replace(s, discard=("grass",) * 5, deck=s.deck[5:])
    reason = ENGINE.refusal(s, RevealTerrain("grass"))
    assert reason is not None and (reason.code, reason.args) == (
        "terrain_all_seen",
        {"terrain": "grass", "seen": 5},
    )
    assert "terrain grass" not in legal_texts(s)


def test_reveal_in_a_virtual_game_is_refused() -> None:
    reason = ENGINE.refusal(new_game(), RevealTerrain("grass"))
    assert reason is not None and reason.code == "not_table_mode"


def test_table_no_space_exception_waits_for_the_next_card() -> None:
    s = fill(table_game(), 1, "grass")
    s, events = ENGINE.apply(s, RevealTerrain("grass"))
    assert TerrainSetAside(seat=0, terrain="grass") in events
    assert s.removed == ("grass",) and s.hands[0] == "?"
    assert ENGINE.awaiting(s).world


def test_table_reshuffle_keeps_unknown_cards() -> None:
    s = table_game()
    known = full_deck()
    known.remove("canyon")
    known.remove("grass")  # the two cards in the players' hands
    s = replace(s, deck=(), discard=tuple(known))
    s = play(s, "terrain canyon", "build 1-8", "build 1-9", "build 1-10")
    s, events = ENGINE.apply(s, ENGINE.parse_action("end"))
    assert [e for e in events if isinstance(e, DeckReshuffled)] == [DeckReshuffled(count=24)]
    assert len(s.deck) == 23 and set(s.deck) == {"?"} and s.discard == ()


def test_hidden_cards_reach_only_their_owner() -> None:
    base = new_game(3)
    # Swap seat 2's hidden card for a different one from the deck: only seat 2's view changes.
    k = next(i for i, c in enumerate(base.deck) if c != base.hands[2])
    deck = list(base.deck)
    hands = list(base.hands)
    deck[k], hands[2] = hands[2], deck[k]
    other = replace(base, deck=tuple(deck), hands=tuple(hands))
    assert ENGINE.view(base, None) == ENGINE.view(other, None)
    assert ENGINE.view(base, 1) == ENGINE.view(other, 1)
    assert ENGINE.view(base, 2)["my_terrain"] == base.hands[2]
    assert ENGINE.view(other, 2)["my_terrain"] == other.hands[2] != base.hands[2]
    # The current player's card is face up: everyone hears it.
    assert ENGINE.view(base, None)["terrain"] == base.hands[0]
    assert "deck" not in ENGINE.view(base, 0)


def test_drawn_card_event_is_private() -> None:
    s = new_game()
    s = replace(s, built=3)
    _, events = ENGINE.apply(s, ENGINE.parse_action("end"))
    private = [e for e in events if isinstance(e, HiddenTerrainDrawn)]
    assert len(private) == 1 and private[0].private_to == 0
    assert all(e.private_to is None for e in events if e not in private)
