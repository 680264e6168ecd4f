"""Action text forms, the one-line notation, JSON, views and configuration errors."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from sk_support import COMPONENTS, ENGINE, engine, run, state

from ludivox.engines.base import InvalidAction
from ludivox.engines.seven_kingdoms import (
    ChooseToken,
    Components,
    Play,
    RevealBlason,
    RevealCard,
    RevealHand,
    RevealToken,
    SetFirst,
    SevenKingdomsConfig,
    SevenKingdomsEngine,
    Take,
    TitleCard,
)

ACTIONS = [
    (Play(44), "play 44"),
    (ChooseToken("+3"), "bonus +3"),
    (Take((9, 25), (9,)), "take 9 25 keep 9"),
    (Take((33,)), "take 33"),
    (Take(()), "take nothing"),
    (RevealBlason(3), "blason 3"),
    (RevealToken("x2"), "token x2"),
    (SetFirst(2), "first 2"),
    (RevealCard(12), "card 12"),
    (RevealHand(1, 12), "hand 1 12"),
]


@pytest.mark.parametrize(("action", "text"), ACTIONS, ids=[t for _, t in ACTIONS])
def test_action_text_round_trips(action: object, text: str) -> None:
    assert action.text() == text  # type: ignore[attr-defined]
    assert ENGINE.parse_action(text) == action
    assert ENGINE.parse_action(f"  {text.replace(' ', '   ')} ") == action


def test_take_is_the_same_whatever_the_order_said() -> None:
    assert ENGINE.parse_action("take 25 9 keep 9") == Take((9, 25), (9,))
    assert Take((25, 9)) == Take((9, 25)) and hash(Take((25, 9))) == hash(Take((9, 25)))


@pytest.mark.parametrize(
    "text", ["play 50", "play 0", "play", "take 1 keep", "bonus", "dance", "take 9 keep 99", ""]
)
def test_malformed_actions_are_invalid(text: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        ENGINE.parse_action(text)
    assert repr(text) in str(caught.value)


# --- notation -----------------------------------------------------------------------------
def test_notation_round_trips_through_a_game() -> None:
    s = engine(players=3, seed=7).new_game()
    eng = engine(players=3)
    for _ in range(30):
        assert eng.loads(eng.dumps(s)) == s
        assert eng.from_json(json.loads(json.dumps(eng.to_json(s)))) == s
        if eng.awaiting(s).game_over:
            break
        s, _ = eng.apply(s, next(iter(eng.legal_actions(s))))


def test_table_notation_round_trips() -> None:
    table = engine(players=2, mode="table")
    s, _ = run(table.new_game(), ["blason 2", "blason 1"], table)
    assert table.loads(table.dumps(s)) == s
    assert table.from_json(table.to_json(s)) == s


def test_hand_written_notation_has_defaults_and_shorthands() -> None:
    s = state("row=1,2,3,4,5,6,7 pile=rest hidden=rest revealed=x2,+3 s0=hand:40 s1=-")
    assert s.mode == "virtual" and s.phase == "play" and s.round == 1
    assert s.blasons == (1, 2, 3, 4, 5, 6, 7)
    assert len(s.pile) == 41 and s.pile[0] == 8
    assert s.tokens_hidden == ("+1", "+2", "+4", "+5", "peasant", "blason")


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("kb row=1", "must start with '7k'"),
        ("7k s0=- s1=- bogus=1", "unknown field 'bogus'"),
        ("7k round=1 round=2 s0=- s1=-", "round is given twice"),
        ("7k row=1,2 s0=- s1=-", "row needs 7"),
        ("7k s0=- s2=-", "without gaps"),
        ("7k round=x s0=- s1=-", "round must be a number"),
        ("7k s0=hand:1;wings:2 s1=-", "unknown part 'wings:2'"),
        ("7k row=1,2,3,4,5,6,7 pile=rest hidden=rest revealed=x2,+3 s0=hand:1 s1=-",
         "cards [1] are in two places"),
        ("7k row=1,2,3,4,5,6,7 pile=8 hidden=rest revealed=x2,+3 s0=- s1=-", "not 49"),
        ("7k pile=rest hidden=x2 s0=- s1=-", "tokens must make 8"),
        ("7k pile=rest hidden=rest revealed=x2,+3 s0=- s1=- s2=- s3=- s4=-", "5 players"),
        ("7k pile=rest hidden=rest revealed=x2,+3 placed=-,+1,-,-,-,-,- s0=- s1=-", "no gap"),
        ("7k phase=take order=0 resolving=7 row=1,2,3,4,5,6,- pile=rest hidden=rest "
         "revealed=x2,+3 s0=- s1=-", "must be the last placed above"),
        ("7k phase=bonus order=0 resolving=20 above=20 pile=rest hidden=rest revealed=x2,+3 "
         "s0=- s1=-", "only for an Évêque"),
        ("7k pile=rest hidden=rest revealed=x2,+3 s0=hand:1,2,3,4 s1=-", "more than 3"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, detail: str) -> None:
    with pytest.raises(ValueError) as caught:
        ENGINE.loads(text)
    assert detail in str(caught.value)
    assert text in str(caught.value)


def test_bad_json_says_what_is_wrong() -> None:
    good = ENGINE.to_json(ENGINE.new_game())
    for broken, detail in [
        ({k: v for k, v in good.items() if k != "row"}, "row is missing"),
        ({**good, "round": "one"}, "round has the wrong type"),
        ({**good, "seats": [{"hand": []}]}, "seats[0].seen is missing"),
        ({**good, "game": "kingsbridge"}, "position of 'kingsbridge'"),
        ({**good, "pile": []}, "not 49"),
    ]:
        with pytest.raises(ValueError, match=None) as caught:
            ENGINE.from_json(broken)
        assert detail in str(caught.value)


# --- views --------------------------------------------------------------------------------
def test_views_keep_hands_and_the_pile_private() -> None:
    s = ENGINE.new_game()
    table = ENGINE.view(s, None)
    assert "hand" not in table
    assert table["pile"] == s.pile_size  # a count, never the order
    assert table["tokens"] == {"revealed": list(s.tokens_revealed), "face_down": 6}
    for seat in range(4):
        mine = ENGINE.view(s, seat)
        assert mine["hand"] == list(s.seats[seat].hand)
        assert {k: v for k, v in mine.items() if k not in ("hand", "hand_unknown", "seat")} == (
            table
        )
    json.dumps(table)  # JSON-compatible


# --- configuration ------------------------------------------------------------------------
def test_configuration_errors() -> None:
    for players in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            SevenKingdomsEngine(SevenKingdomsConfig(COMPONENTS, players))
    with pytest.raises(ValueError, match="mode"):
        SevenKingdomsEngine(SevenKingdomsConfig(COMPONENTS, 2, "online"))


def test_components_must_give_each_blason_one_card_of_each_rank() -> None:
    cards = list(COMPONENTS.cards)
    cards[0] = TitleCard(1, 2)  # two Rois for blason 2, none for blason 1
    with pytest.raises(ValueError, match="blason 2 has two roi cards"):
        Components(tuple(cards), COMPONENTS.blasons, COMPONENTS.tokens)
    with pytest.raises(ValueError, match="Paysan 44 needs two different places"):
        Components(
            tuple(replace(c, places=(3, 3)) if c.number == 44 else c for c in COMPONENTS.cards),
            COMPONENTS.blasons,
            COMPONENTS.tokens,
        )
    with pytest.raises(ValueError, match="8 bonus tokens"):
        Components(COMPONENTS.cards, COMPONENTS.blasons, COMPONENTS.tokens[:7])


def test_the_same_seed_deals_the_same_game() -> None:
    assert engine(seed=3).new_game() == engine(seed=3).new_game()
    assert engine(seed=3).new_game() != engine(seed=4).new_game()
