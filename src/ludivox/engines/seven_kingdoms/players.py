"""Computer players for virtual 7 Kingdoms games, so a player can practise alone.

Pure and deterministic: :func:`choose` depends only on the state, the strength and the seed.
A computer player only looks at what its seat may know (its hand, the public table), never at
the draw pile or the other hands.

* ``"debutant"`` — a legal action at random (cards to take by power, then hand or kingdom at
  random), so it makes the mistakes a beginner makes.
* ``"expert"`` — the search of :mod:`.strategy` (the coach's): the best greedy candidates
  played out over samples of what the seat has not seen, seeded by what it knows; a work
  budget of :data:`strategy.DEFAULT_BUDGET` playouts per decision.
* ``"moyen"`` (also ``"greedy"``, the expert before the search existed) — greedy on the
  points a move brings now: a taken card is worth its points in
  the kingdom (a Roi 2), plus what a blason majority it gains or keeps would bring (the token
  on that blason, half a point while there is none), a card kept in hand is worth a little
  less than a point (it will be played); the card to play is the one whose power would bring
  the most from the current line, with higher cards (who take first) preferred on a tie; the
  Évêque's token goes to a blason the player leads (the most valuable token) or, if not, the
  least valuable one.
"""

from __future__ import annotations

import random

from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms import strategy
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Play, SevenKingdomsAction, Take
from ludivox.engines.seven_kingdoms.components import (
    BLASONS,
    DOUBLE,
    PAYSAN,
    PEASANTS,
    POINTS,
    ROI,
    Components,
    rank_of,
)
from ludivox.engines.seven_kingdoms.engine import SevenKingdomsEngine
from ludivox.engines.seven_kingdoms.powers import take_sets
from ludivox.engines.seven_kingdoms.state import SevenKingdomsState

DEBUTANT = "debutant"
MOYEN = "moyen"
EXPERT = "expert"
STRENGTHS = (DEBUTANT, MOYEN, EXPERT)
ALIASES = {"débutant": DEBUTANT, "greedy": MOYEN}
KEEP_VALUE = 0.8  # a card kept in hand: it will be played, maybe for a good power
NO_TOKEN_VALUE = 0.5  # a majority on a blason that carries no token yet


def choose(
    engine: SevenKingdomsEngine, state: SevenKingdomsState, strength: str, seed: int = 0
) -> SevenKingdomsAction:
    """The action the acting seat's computer player takes now.

    Raises ``ValueError`` for an unknown strength, or when no seat acts (the world must
    reveal something, or the game is over).
    """
    strength = ALIASES.get(strength, strength)
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r} (one of {', '.join(STRENGTHS)})")
    seat = engine.awaiting(state).seat
    if seat is None:
        raise ValueError("no computer move: no seat acts now (world reveal or game over)")
    if strength == EXPERT:
        return strategy.best_action(state, engine.components, seed=seed)
    rng = random.Random(f"{seed}|{state.round}|{state.phase}|{engine.dumps(state)}")
    legal = list(engine.legal_actions(state))
    if not legal:
        raise ValueError("no legal action for the acting seat")
    if strength == DEBUTANT:
        return rng.choice(legal)
    scored = [(greedy_value(engine.components, state, seat, a), i, a)
              for i, a in enumerate(legal)]
    best = max(v for v, _, _ in scored)
    top = [a for v, _, a in scored if v >= best - 1e-9]
    return rng.choice(top)


def greedy_value(c: Components, state: SevenKingdomsState, seat: int,
                 action: SevenKingdomsAction) -> float:
    """The ``moyen`` player's value of ``action`` for ``seat`` (higher is better)."""
    if isinstance(action, Take):
        return take_value(c, state, seat, action)
    if isinstance(action, Play):
        return play_value(c, state, seat, action.card)
    if isinstance(action, ChooseToken):
        return token_choice_value(c, state, seat, action.token)
    return 0.0


def _counts(c: Components, state: SevenKingdomsState, blason: int) -> list[int]:
    return list(_count_table(c, state).get(blason, [0] * state.players))


_TABLE: list[object] = [None, None]  # the last kingdoms seen and their counts (speed only)


def _count_table(c: Components, state: SevenKingdomsState) -> dict[int, list[int]]:
    """Validated cards per blason per seat (cached for the last kingdoms asked about)."""
    seats = state.seats
    if _TABLE[0] is seats:
        return _TABLE[1]  # type: ignore[return-value]
    table: dict[int, list[int]] = {}
    for i, s in enumerate(seats):
        for k in s.kingdom:
            table.setdefault(c.cards[k - 1].blason, [0] * len(seats))[i] += 1
    _TABLE[0], _TABLE[1] = seats, table
    return table


def _token_worth(c: Components, state: SevenKingdomsState, seat: int, token: str | None,
                 blason: int) -> float:
    """What ``token`` would be worth to ``seat`` now."""
    if token is None:
        return NO_TOKEN_VALUE
    t = c.token(token)
    kingdom = state.seats[seat].kingdom
    if t.kind == POINTS:
        return float(t.value)
    if t.kind == DOUBLE:
        return float(sum(2 if rank_of(k) == ROI else 1
                         for k in kingdom if c.card(k).blason == blason))
    if t.kind == PEASANTS:
        return float(sum(1 for k in kingdom if rank_of(k) == PAYSAN))
    if t.kind == BLASONS:
        return float(len({c.card(k).blason for k in kingdom}))
    return 0.0


def _majority_gain(c: Components, state: SevenKingdomsState, seat: int,
                   cards: tuple[int, ...]) -> float:
    if not cards:
        return 0.0
    added_by: dict[int, int] = {}
    for k in cards:
        b = c.cards[k - 1].blason
        added_by[b] = added_by.get(b, 0) + 1
    table = _count_table(c, state)
    gain = 0.0
    for position, blason in enumerate(state.blasons):
        added = added_by.get(blason, 0)
        if not added:
            continue
        counts = table.get(blason)
        mine = counts[seat] if counts else 0
        others = max((n for i, n in enumerate(counts) if i != seat), default=0) if counts else 0
        if mine <= others < mine + added:  # this take wins (or breaks a tie into) the lead
            gain += _token_worth(c, state, seat, state.tokens_placed[position], blason)
    return gain


def take_value(c: Components, state: SevenKingdomsState, seat: int, take: Take) -> float:
    """Greedy value of ``take`` for ``seat``: points validated, majorities, kept cards."""
    validated = take.validated
    points = sum(2 if rank_of(k) == ROI else 1 for k in validated)
    return points + _majority_gain(c, state, seat, validated) + KEEP_VALUE * len(take.keep)


def _validated_value(c: Components, state: SevenKingdomsState, seat: int,
                     cards: tuple[int, ...]) -> float:
    points = sum(2 if rank_of(k) == ROI else 1 for k in cards)
    return points + _majority_gain(c, state, seat, cards)


def play_value(c: Components, state: SevenKingdomsState, seat: int, card: int) -> float:
    """Greedy value of playing ``card``: the best take its power allows from the line now,
    plus a small bonus for high cards (they take first). Keeping a card never scores more
    than validating it here (a point or two against :data:`KEEP_VALUE`, and a majority only
    grows with more cards), so each card set is valued validated whole."""
    best = 0.0
    for cards in take_sets(state.row, c.card(card)):
        best = max(best, _validated_value(c, state, seat, cards))
    if rank_of(card) == "eveque":
        best += 1 + max((_token_worth(c, state, seat, t, 0) for t in state.tokens_revealed),
                        default=0.0) / 2
    return best + card / 100


def token_choice_value(c: Components, state: SevenKingdomsState, seat: int,
                       token: str) -> float:
    """The Évêque's token: worth its value on a blason ``seat`` leads, its loss otherwise."""
    free = [i for i, t in enumerate(state.tokens_placed) if t is None]
    if not free or free[0] >= len(state.blasons):
        return 0.0
    blason = state.blasons[free[0]]
    counts = _counts(c, state, blason)
    others = max((n for i, n in enumerate(counts) if i != seat), default=0)
    worth = _token_worth(c, state, seat, token, blason)
    return worth if counts[seat] > others else -worth


def is_virtual(state: SevenKingdomsState) -> bool:
    """Computer players only play virtual games (at a table, people hold the cards)."""
    return state.mode == st.VIRTUAL


__all__ = ["ALIASES", "DEBUTANT", "EXPERT", "MOYEN", "STRENGTHS", "choose", "greedy_value",
           "is_virtual", "play_value",
           "take_value", "token_choice_value"]
