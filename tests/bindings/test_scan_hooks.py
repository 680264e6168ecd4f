"""Kingsbridge's answers to the session gates: which moves cannot be taken back at a real
table (confirmed first), and which physical cards a spoken move should be checked with."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import ENGINE, position

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.engines.kingsbridge import new_table_game
from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    Move,
    Pass,
    Place,
    Reveal,
)
from ludivox.engines.kingsbridge.charactions import (
    Malus,
    UseAldred,
    UseDen,
    UseEthelred,
    UseGytha,
    UseWigelm,
    UseWilwulf,
    UseWynstan,
)
from ludivox.engines.kingsbridge.state import CHARACTERS

BINDING = KingsbridgeBinding(["Anne", "Paul"])


def standard(mode: str = "virtual", hand: list[int] | None = None,
             pile: list[int] | None = None) -> Any:
    return position(
        mode=mode,
        columns=[[3], [5, 6], [8, 9], [13], [10], [12]],
        players=[{"hand": [4, 7, 11] if hand is None else hand,
                  "pile": [5, 5] if pile is None else pile},
                 {"hand": [2, 4], "pile": [9]}],
    )


def test_ending_a_turn_that_draws_cards_cannot_be_taken_back() -> None:
    assert BINDING.irreversible(standard(), EndTurn())
    # nothing to draw (pile empty, or the hand is full): nothing hidden gets revealed
    assert not BINDING.irreversible(standard(pile=[]), EndTurn())
    assert not BINDING.irreversible(standard(hand=[1, 2, 4, 7, 11, 12]), EndTurn())


def test_exchanges_malus_and_blocking_cannot_be_taken_back_placing_can() -> None:
    state = standard()
    assert BINDING.irreversible(state, Exchange((4,)))
    assert BINDING.irreversible(state, Malus(4))
    assert BINDING.irreversible(state, DeclareBlocked())
    for action in (Place((4,), 1), Move(2, 0, 3), Pass(), Reveal(0, (4,))):
        assert not BINDING.irreversible(state, action), action


def test_characters_that_discard_or_give_cards_cannot_be_taken_back() -> None:
    state = position(
        columns=[[3], [5, 6], [8, 9], [13], [10], [12]], discard=[],
        players=[{"hand": [1, 2, 3], "pile": [7], "characters": ["den"]},
                 {"hand": [4, 5], "pile": [7], "characters": ["edgar"]}],
        options={"characters": True, "mode": "standard"},
        box=[c for c in CHARACTERS if c not in ("den", "edgar")],
    )
    for action in (UseWynstan(2, 1), UseDen(3), UseWigelm((4,))):
        assert BINDING.irreversible(state, action), action
    for action in (UseAldred(), UseGytha(1, (4,)), UseEthelred((1,)), UseWilwulf((1,))):
        assert not BINDING.irreversible(state, action), action
    solo = position(
        columns=[[3], [5, 6], [8, 9], [13], [10], [12]], discard=[],
        players=[{"hand": [1, 2, 7, 11], "pile": [4, 4, 8]}],
        options={"characters": True, "mode": "solo"},
        revealed=["wilwulf", "aldred", "agatha"],
        deck=[c for c in CHARACTERS if c not in ("wilwulf", "aldred", "agatha")],
    )
    # in solo a used character goes back in the box and a face-down one is turned up
    assert BINDING.irreversible(solo, UseAldred())


def table_state() -> Any:
    state = new_table_game(2)
    state, _ = ENGINE.apply(state, ENGINE.parse_action("columns 5 8 12 1 3 7"))
    state, _ = ENGINE.apply(state, Reveal(0, (6, 9, 13)))
    return state


@pytest.mark.parametrize(("action", "expected"), [
    (Place((6,), 1), ("ludivox:kingsbridge/event/6",)),
    (Place((9, 10), 2), ("ludivox:kingsbridge/event/9", "ludivox:kingsbridge/event/10")),
    (Exchange((13, 6)), ("ludivox:kingsbridge/event/13", "ludivox:kingsbridge/event/6")),
    (Malus(6), ("ludivox:kingsbridge/event/6",)),
    (Move(1, 0, 2), None),
    (EndTurn(), None),
])
def test_the_cards_a_spoken_move_uses_are_the_ones_to_scan(action: Any, expected: Any) -> None:
    assert BINDING.scan_expectation(table_state(), action, 0) == expected


def test_no_scan_for_cards_that_are_not_physically_in_the_hand() -> None:
    assert BINDING.scan_expectation(standard(), Place((4,), 1), 0) is None  # virtual game
    state = table_state()
    # a card set aside with Wilwulf lies face up in front of the player: not scanned
    assert BINDING.scan_expectation(state, Place((6, 7), 1, aside=(7,)), 0) == (
        "ludivox:kingsbridge/event/6",)
    assert BINDING.scan_expectation(state, Place((7,), 1, aside=(7,)), 0) is None
