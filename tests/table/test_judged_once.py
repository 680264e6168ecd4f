"""A spoken move is judged once: one refusal per reading, one apply, whatever the binding
and the session look at on the way (the engine's verdicts are shared through the Judge)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.engines.kingsbridge import KingsbridgeEngine, new_virtual_game
from ludivox.engines.kingsbridge.actions import EndTurn, Place
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, Say
from ludivox.table.judge import Judge
from ludivox.table.match import Match
from ludivox.table.session import Session


class Counting:
    """The real engine, counting what the table asks it."""

    def __init__(self) -> None:
        self.engine = KingsbridgeEngine()
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.engine, name)
        if name not in ("awaiting", "refusal", "apply", "legal_actions"):
            return found

        def counted(*args: Any) -> Any:
            self.calls[name] += 1
            return found(*args)

        return counted


@pytest.fixture(scope="module")
def grammar() -> Grammar:
    return Grammar.load("kingsbridge", "fr")


def _single_places() -> list[tuple[int, Place]]:
    """(seed, a legal single-card placement) for the first five deals that have one."""
    found: list[tuple[int, Place]] = []
    for seed in range(20):
        state = new_virtual_game(3, seed)
        place = next((a for a in KingsbridgeEngine().legal_actions(state)
                      if isinstance(a, Place) and len(a.cards) == 1), None)
        if place is not None:
            found.append((seed, place))
    return found[:5]


@pytest.mark.parametrize(("seed", "place"), _single_places())
def test_a_move_with_its_column_is_judged_once_and_applied_once(
    grammar: Grammar, seed: int, place: Place
) -> None:
    state = new_virtual_game(3, seed)
    engine = Counting()
    binding = KingsbridgeBinding(["Anne", "Paul", "Zoé"])
    session = Session(binding, grammar, Match(engine, state), binding.players)
    session.start()
    engine.calls.clear()
    out = session.handle(Heard(f"je pose le {place.cards[0]} sur la colonne {place.column}"))
    assert session.match.state != state  # the card is on the table
    assert any(isinstance(o, Say) for o in out)
    assert engine.calls["refusal"] == 1 and engine.calls["apply"] == 1
    assert engine.calls["awaiting"] <= 1  # the new position's, once


def test_a_card_without_its_column_judges_each_column_once(grammar: Grammar) -> None:
    state = new_virtual_game(3, 1)
    engine = Counting()
    binding = KingsbridgeBinding(["Anne", "Paul", "Zoé"])
    session = Session(binding, grammar, Match(engine, state), binding.players)
    session.start()
    card = state.current.hand[0]
    engine.calls.clear()
    session.handle(Heard(f"je pose le {card}"))
    assert engine.calls["refusal"] <= len(state.columns)
    assert engine.calls["apply"] <= 1


def test_the_judge_forgets_a_position_once_another_is_asked_about() -> None:
    engine = Counting()
    judge: Judge[Any, Any] = Judge(engine)
    first, second = new_virtual_game(2, 1), new_virtual_game(2, 2)
    assert judge.refusal(first, EndTurn()) is not None  # nothing played yet
    assert judge.refusal(first, EndTurn()) == engine.engine.refusal(first, EndTurn())
    assert engine.calls["refusal"] == 1
    judge.refusal(second, EndTurn())
    judge.refusal(first, EndTurn())
    assert engine.calls["refusal"] == 3
