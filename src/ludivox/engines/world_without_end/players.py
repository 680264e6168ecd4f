"""Computer players for virtual games of Un monde sans fin, so a player can practise alone.

Pure and deterministic: :func:`choose` depends only on the state, the strength and the seed.

* ``"debutant"`` — a legal action at random, preferring to carry out a card over renouncing
  it: it plays, but without a plan.
* ``"expert"`` — greedy on a valuation of its own seat: points, plus what its stock is worth
  (materials for projects and the end, goods it can sell, the end-of-period contributions it
  still needs, which it values by the points and sanction they avoid), houses and seals. It
  tries each legal action on a copy of the position *without* drawing anything (no hidden
  card is looked at) and takes the best; when turning the event card it also counts, at a
  third of their value, what the other players receive. It discards the card whose best use
  is worth least now, and pays loyalty against every sanction it can.

Only what its seat may know: every position it weighs is first seen from its seat
(:func:`as_seen`): the other players' stocks behind their screens are replaced by an even
share of what they hold together, which the table does know (the box's counts minus the
supply, the board and its own stock). So finishing the bell tower on the copy compares
loyalty it could know, not the tokens the screens hide, and its choice is the same whatever
the others hold behind their screens.
"""

from __future__ import annotations

import random

from ludivox.engines.world_without_end import cards, flow
from ludivox.engines.world_without_end.actions import (
    Choose,
    Discard,
    Orient,
    Play,
    Protect,
    WweAction,
)
from ludivox.engines.world_without_end.components import Components
from ludivox.engines.world_without_end.effects import on_renounce
from ludivox.engines.world_without_end.engine import WweEngine
from ludivox.engines.world_without_end.houses import own_sites
from ludivox.engines.world_without_end.state import PROTECT, Table, WweState, freeze, thaw
from ludivox.engines.world_without_end.transitions import answer

DEBUTANT = "debutant"
EXPERT = "expert"
STRENGTHS = (DEBUTANT, EXPERT)
# what one unit held is worth, in points (beyond the contributions)
WORTH = {"stone": 1.6, "wood": 1.6, "grain": 0.6, "wool": 1.4, "cloth": 2.6, "gold": 0.55,
         "piety": 0.6, "medicine": 0.7, "loyalty": 1.3, "metal": 0.0}
NEEDS = {"piety": (2, 3.0 + 1.5), "grain": (2, 2.0 + 1.5), "gold": (4, 1.0 + 0.4)}
HOUSE = 3.0
SEAL = 1.0
OTHERS = 1 / 3


def value(t: Table, seat: int) -> float:
    """What ``seat``'s position is worth, in points."""
    s = t.seats[seat]
    total = float(s.score) + HOUSE * len(own_sites(t, seat)) * (4 - t.period) / 3
    for resource, n in s.stock.items():
        need, avoided = NEEDS.get(resource, (0, 0.0))
        covered = min(n, need)
        total += covered * avoided + (n - covered) * WORTH[resource]
    total += SEAL * sum(p.donors.count(seat) for p in t.projects)
    return total


def as_seen(state: WweState, seat: int) -> WweState:
    """``state`` as ``seat`` may know it: each other seat holds an even share (the first
    ones clockwise get the remainder) of what the other seats hold together."""
    t = thaw(state)
    others = [s for s in t.clockwise(seat) if s != seat]
    for resource in t.seats[seat].stock:
        together = sum(t.seats[s].stock[resource] for s in others)  # public: box - supply
        share, extra = divmod(together, len(others))                # - board - own stock
        for i, s in enumerate(others):
            t.seats[s].stock[resource] = share + (1 if i < extra else 0)
    return freeze(t)


def _after(state: WweState, components: Components, seat: int, action: WweAction) -> float:
    t = thaw(state)
    if isinstance(action, Play):
        if not action.renounce:
            cards.perform(t, components, seat, action)
        else:
            on_renounce(t, components, seat)
        return value(t, seat)
    if isinstance(action, Choose):
        answer(t, components, action.value)
        return value(t, seat)
    if isinstance(action, Orient):
        before = [value(t, s) for s in range(t.players)]
        flow.orient(t, components, action.side)
        others = sum(value(t, s) - before[s] for s in range(t.players) if s != seat)
        return value(t, seat) - OTHERS * others
    return value(t, seat)


def _discard(engine: WweEngine, state: WweState, seat: int, legal: list[Discard]) -> Discard:
    t = thaw(state)
    worth: dict[str, float] = {}
    for action in legal:
        uses = cards.uses(t, engine.components, seat, action.card)
        worth[action.card] = max(_after(state, engine.components, seat, u) for u in uses)
    return min(legal, key=lambda a: (worth[a.card], a.card))


def choose(engine: WweEngine, state: WweState, strength: str, seed: int = 0) -> WweAction:
    """The action the acting seat's computer player takes now.

    Raises ``ValueError`` for an unknown strength, or when no seat acts (the world must
    reveal something, or the game is over).
    """
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r} (one of {', '.join(STRENGTHS)})")
    seat = engine.awaiting(state).seat
    if seat is None:
        raise ValueError("no computer move: no seat acts now (world reveal or game over)")
    legal = list(engine.legal_actions(state))
    rng = random.Random(f"{seed}|{state.period}|{state.round}|{state.phase}|{len(legal)}")
    if strength == DEBUTANT:
        doing = [a for a in legal if not (isinstance(a, Play) and a.renounce)]
        return rng.choice(doing or legal)
    if state.phase == PROTECT:
        return max((a for a in legal if isinstance(a, Protect)), key=lambda a: len(a.kinds))
    discards = [a for a in legal if isinstance(a, Discard)]
    state = as_seen(state, seat)
    if discards and not state.queue:
        return _discard(engine, state, seat, discards)
    base = value(thaw(state), seat)
    scored = [(_after(state, engine.components, seat, a) - base, rng.random(), a) for a in legal]
    return max(scored, key=lambda x: (x[0], x[1]))[2]


__all__ = ["STRENGTHS", "as_seen", "choose", "value"]
