"""The coach's advice at the table, privately: "quel est le meilleur coup ?" as short steps
with their reasons, "pourquoi ?", "et sinon ?" and "aide-moi seulement pour la colonne trois".

Everything comes from :func:`ludivox.engines.kingsbridge.advice.advise` (the one ranked list
of the turn's ends the best plan and the computer players use). The binding keeps no
dialogue state: the advice is a pure function of what the seat sees, so "pourquoi ?" explains
the advice that position gets, and "et sinon ?" gives the next best one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludivox.bindings.kingsbridge import full_game as full
from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState
from ludivox.engines.kingsbridge.actions import KingsbridgeAction
from ludivox.engines.kingsbridge.advice import Advice, Why, advise
from ludivox.engines.kingsbridge.players import stuck_turn
from ludivox.engines.kingsbridge.search import Stop
from ludivox.table.binding import Answer, Line, Refusal

Describe = Callable[[KingsbridgeState, Any], Line]


def why_line(why: Why) -> Line:
    """One reason as a nested line (``coach.why.<code>``)."""
    params: dict[str, Any] = {}
    if why.code == "finish" or why.code == "most":
        params = {"number": why.number}
    elif why.code == "keep_empty":
        params = {"column": why.column, "cards": why.cards}
    elif why.code == "next_turn":
        params = {"number": why.number, "cards": why.cards}
    elif why.code == "character":
        params = {"character": full.name_line(why.character)}
    return Line(f"coach.why.{why.code}", params)


def _unavailable(engine: KingsbridgeEngine, state: KingsbridgeState, seat: int,
                 acting_name: str) -> Answer | None:
    """The answer when no advice can be given now (game over, not this seat's turn)."""
    if state.game_over:
        return Answer((Line("answer.turn_game_over", {}, seat),))
    if engine.awaiting(state).seat != seat:
        return Answer((Line("answer.coach_not_your_turn", {"player": acting_name}, seat),))
    return None


def _steps(engine: KingsbridgeEngine, state: KingsbridgeState, advice: Advice,
           describe: Describe) -> tuple[Line, ...]:
    return full.plan_steps(engine, state, advice.plan.actions, describe)


def best_answer(engine: KingsbridgeEngine, state: KingsbridgeState, seat: int,
                describe: Describe, acting_name: str, stop: Stop | None = None) -> Answer:
    """ "Quel est le meilleur coup ?": the steps, the cards placed, why."""
    closed = _unavailable(engine, state, seat, acting_name)
    if closed is not None:
        return closed
    found = advise(state, seat, count=1, stop=stop)
    if not found:  # nothing to place: what the mode allows instead
        return full.coach_answer(engine, state, seat, False, describe, acting_name, stop)
    best = found[0]
    params = {"steps": _steps(engine, state, best, describe),
              "cards": full.said_cards(engine, state, best.plan.actions),
              "exact": best.plan.exact, "why": tuple(why_line(w) for w in best.why)}
    return Answer((Line("coach.advice", params, seat),))


def advised_actions(engine: KingsbridgeEngine, state: KingsbridgeState, seat: int,
                    stop: Stop | None = None) -> tuple[KingsbridgeAction, ...]:
    """The moves of the advice :func:`best_answer` gives (what "fais-le" plays): the best
    plan's steps, or in solo and co-op the way out of a stuck turn, each up to a character
    use that reveals one the seat cannot know yet (:func:`.full_game.said`); ``()`` when
    none."""
    if state.game_over or engine.awaiting(state).seat != seat:
        return ()
    found = advise(state, seat, count=1, stop=stop)
    if found:
        return full.said(state, found[0].plan.actions)
    if state.shared and not state.placed:
        return full.said(state, stuck_turn(state))
    return ()


def why_answer(engine: KingsbridgeEngine, state: KingsbridgeState, seat: int,
               acting_name: str, stop: Stop | None = None) -> Answer:
    """ "Pourquoi ?": the reasons of this position's advice."""
    closed = _unavailable(engine, state, seat, acting_name)
    if closed is not None:
        return closed
    found = advise(state, seat, count=1, stop=stop)
    if not found:
        return Answer((Line("coach.why_none", {}, seat),))
    return Answer((Line("coach.why", {"why": tuple(why_line(w) for w in found[0].why)},
                        seat),))


def other_answer(engine: KingsbridgeEngine, state: KingsbridgeState, seat: int,
                 describe: Describe, acting_name: str, stop: Stop | None = None) -> Answer:
    """ "Et sinon ?": the next best plan and why."""
    closed = _unavailable(engine, state, seat, acting_name)
    if closed is not None:
        return closed
    found = advise(state, seat, count=2, stop=stop)
    if len(found) < 2:
        return Answer((Line("coach.other_none", {}, seat),))
    other = found[1]
    params = {"steps": _steps(engine, state, other, describe),
              "cards": full.said_cards(engine, state, other.plan.actions),
              "why": tuple(why_line(w) for w in other.why)}
    return Answer((Line("coach.other", params, seat),))


def column_answer(engine: KingsbridgeEngine, state: KingsbridgeState, seat: int,
                  column: int | None, describe: Describe, acting_name: str,
                  stop: Stop | None = None) -> Answer | Refusal:
    """ "Aide-moi seulement pour la colonne trois": the best plan building that column."""
    if column is None:
        return Answer((Line("coach.which_column", {}, seat),))
    if not 1 <= column <= len(state.columns):
        return Refusal((Line("refusal.no_such_column",
                             {"column": column, "columns": len(state.columns)}, seat),))
    closed = _unavailable(engine, state, seat, acting_name)
    if closed is not None:
        return closed
    found = advise(state, seat, column=column, count=1, stop=stop)
    if not found:
        return Answer((Line("coach.column_none", {"column": column}, seat),))
    best = found[0]
    params = {"steps": _steps(engine, state, best, describe),
              "cards": full.said_cards(engine, state, best.plan.actions),
              "exact": best.plan.exact, "column": column}
    return Answer((Line("coach.advice_column", params, seat),))


__all__ = ["advised_actions", "best_answer", "column_answer", "other_answer", "why_answer",
           "why_line"]
