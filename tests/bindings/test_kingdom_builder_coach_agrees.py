"""Kingdom Builder: "où me rapporterait le plus ?" advises what the computer expert plays (issue
14, item 4): over positions of seeded games, through the real session and grammar, the advice
said is the expert's next placement with its gain, and the details are its whole turn."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_helpers import settings_for

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import coach, players, transitions
from ludivox.engines.kingdom_builder.actions import EndTurn
from ludivox.engines.kingdom_builder.state import KingdomBuilderState
from ludivox.grammars.grammar import Grammar
from ludivox.table.binding import Line
from ludivox.table.io import Heard, Say
from ludivox.table.match import Match
from ludivox.table.session import Session

GRAMMAR = Grammar.load("kingdom_builder", "fr")
NAMES = ["Anne", "Paul"]


def _session(state: KingdomBuilderState) -> tuple[Session, KingdomBuilderBinding]:
    binding = KingdomBuilderBinding(NAMES)
    session = Session(binding, GRAMMAR, Match(binding.engine, state), NAMES, None,
                      settings=settings_for(NAMES, confirm="never", scan_check="never"))
    session.start()
    return session, binding


def _said(session: Session, text: str, seat: int) -> list[Say]:
    return [o for o in session.handle(Heard(text, seat=seat)) if isinstance(o, Say)]


def _positions(seed: int, count: int) -> list[KingdomBuilderState]:
    """Positions mid-turn and at turn starts of a seeded game between beginners."""
    binding = KingdomBuilderBinding(NAMES)
    engine: Any = binding.engine
    state = engine.new_game(2, seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.over and len(found) < count:
        if rng.random() < 0.3:
            found.append(state)
        action = players.choose(state, "debutant", rng)
        state, _ = transitions.perform(state, action)
    return found


def _expected(session: Session, binding: KingdomBuilderBinding, state: KingdomBuilderState,
              steps: int | None) -> str:
    """The coach's answer made of the expert's turn from ``state`` (its first ``steps``)."""
    seat = state.current
    items = []
    for advice in coach.plan(state)[:steps]:
        items.append(binding._advice_line(state, advice, seat))
        state, _ = transitions.perform(state, advice.action)
    return session.announcer.render(Line("answer.coach", {"items": tuple(items)}, seat))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [21, 22])
def test_the_coach_advises_the_experts_own_move_then_its_whole_turn(seed: int) -> None:
    positions = _positions(seed, 3)
    assert positions
    for state in positions:
        session, binding = _session(state)
        seat = state.current
        expert = players.choose(state, "expert", random.Random(0))
        said = _said(session, "où me rapporterait le plus ?", seat)
        if isinstance(expert, EndTurn):  # nothing left to place
            assert [s.key for s in said] == ["answer.coach_none"]
            continue
        assert [s.key for s in said] == ["answer.coach"]
        assert coach.plan(state)[0].action == expert
        assert said[0].text == _expected(session, binding, state, 1)
        assert "points de plus" in said[0].text or "point de plus" in said[0].text
        more = _said(session, "plus de détails", seat)
        assert [s.text for s in more] == [_expected(session, binding, state, None)]


def test_out_of_turn_the_coach_says_whose_turn_it_is() -> None:
    state = _positions(23, 1)[0]
    session, _ = _session(state)
    said = _said(session, "où me rapporterait le plus ?", 1 - state.current)
    assert [s.key for s in said] == ["help.waiting"]
