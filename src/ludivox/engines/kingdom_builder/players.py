"""Computer players for virtual games, in three strengths. Pure: the choice depends only on
the state and the ``random.Random`` given.

* ``"debutant"`` — any legal placement at random; uses a ready tile half of the time; ends the
  turn once the mandatory action is done.
* ``"moyen"`` (also ``"greedy"``; the expert before the turn planner) — the coach's best
  placement (:func:`coach.rank`, ties broken at random among equals); uses a tile only when
  the coach sees a gain of at least 1 point.
* ``"expert"`` — the whole turn planned at once (:func:`strategy.plan_turn`: the three
  settlements and the tiles in the best order, and what the position promises next turn).
"""

from __future__ import annotations

import random

from ludivox.engines.kingdom_builder import coach, rules, strategy
from ludivox.engines.kingdom_builder.actions import Build, EndTurn, KingdomBuilderAction
from ludivox.engines.kingdom_builder.state import KingdomBuilderState

DEBUTANT = "debutant"
MOYEN = "moyen"
EXPERT = "expert"
STRENGTHS = (DEBUTANT, MOYEN, EXPERT)
ALIASES = {"débutant": DEBUTANT, "greedy": MOYEN}


def choose(state: KingdomBuilderState, strength: str, rng: random.Random,
           budget: int = coach.DEFAULT_BUDGET) -> KingdomBuilderAction:
    """The action the computer player in the current seat takes now.

    Raises ``ValueError`` for an unknown strength or when no seat acts (game over, or a
    table-mode card to reveal: a computer never plays at a physical table)."""
    strength = ALIASES.get(strength, strength)
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r} (one of {', '.join(STRENGTHS)})")
    if state.over or rules.awaiting_reveal(state):
        raise ValueError("no computer move: the game is over or a card must be revealed")
    if strength == EXPERT:
        first = strategy.next_action(state)
        if rules.refusal(state, first) is None:
            return first
        strength = MOYEN  # no plan fits (a freak position): the greedy choice
    options = coach.candidates(state)
    builds = [a for a in options if isinstance(a, Build)]
    tiles = [a for a in options if not isinstance(a, Build)]
    mandatory = rules.mandatory_open(state)
    if strength == DEBUTANT:
        if builds:
            return rng.choice(builds)
        if tiles and rng.random() < 0.5:
            return rng.choice(tiles)
        return _end_or_any(state, rng)
    ranked = coach.rank(state, budget)
    if mandatory and builds:
        best = [a for a in ranked if isinstance(a.action, Build)]
        top = [a for a in best if a.gain == best[0].gain]
        return rng.choice(top).action
    useful = [a for a in ranked if not isinstance(a.action, Build) and a.gain >= 1]
    if useful:
        top = [a for a in useful if a.gain == useful[0].gain]
        return rng.choice(top).action
    return _end_or_any(state, rng)


def _end_or_any(state: KingdomBuilderState, rng: random.Random) -> KingdomBuilderAction:
    if not rules.mandatory_open(state):
        return EndTurn()
    legal = list(rules.legal_actions(state))
    if not legal:
        raise ValueError("no legal action for the current player")
    return rng.choice(legal)


def play_turn(state: KingdomBuilderState, strength: str, rng: random.Random,
              budget: int = coach.DEFAULT_BUDGET, max_actions: int = 20
              ) -> tuple[KingdomBuilderAction, ...]:
    """The actions of one whole turn of the current (computer) player, ending with
    ``EndTurn`` (fewer if the game ends). Uses the engine's transitions, not the table."""
    from ludivox.engines.kingdom_builder import transitions

    done: list[KingdomBuilderAction] = []
    seat = state.current
    while not state.over and state.current == seat and len(done) < max_actions:
        action = choose(state, strength, rng, budget)
        state, _ = transitions.perform(state, action)
        done.append(action)
        if isinstance(action, EndTurn):
            break
    return tuple(done)


__all__ = ["ALIASES", "DEBUTANT", "EXPERT", "MOYEN", "STRENGTHS", "choose", "play_turn"]
