"""The 7 Kingdoms coach: the expert's choice for the asking seat, and why, in reason codes.

The choice is the strong computer player's own (:func:`strategy.search`, same budget, same
seed), so advice and computer players never disagree. It reads only what the seat may know
(see :mod:`.strategy`). The reasons are facts about the advised move, as codes with
parameters (no language; the grammars say them):

* ``play_takes`` (card, takes): what the card's power could take from the line as it is now
  (the greedy's best take; ``takes`` empty: nothing worth taking);
* ``play_keeps`` (cards): the hand cards saved for a later round;
* ``points`` (points): the points validated by a take (a Roi 2);
* ``majority`` (blason, mine, others, token, status): a blason the validated cards touch,
  with the seat's count after the take and the best other count; ``status`` ``lead``,
  ``tie`` or ``behind`` (a majority within reach); ``token`` the token on it, or ``None``;
* ``keep`` (cards, hand, limit): cards kept in hand to play later; ``hand`` after the take;
* ``hand_full`` (limit): the hand is full after the take, the rest is validated;
* ``token_lead`` / ``token_behind`` (token, blason, mine, others): the Évêque's token goes on
  a blason the seat leads (the best token) or does not (the smallest loss).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.seven_kingdoms.actions import ChooseToken, Play, SevenKingdomsAction, Take
from ludivox.engines.seven_kingdoms.components import ROI, Components, rank_of
from ludivox.engines.seven_kingdoms.state import HAND_LIMIT, SevenKingdomsState
from ludivox.engines.seven_kingdoms.strategy import (
    DEFAULT_BUDGET,
    acting_seat,
    best_take_for,
    search,
)

Params = tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class Why:
    """One reason: a code (see the module docstring) and its parameters."""

    code: str
    params: Params = ()

    def get(self, name: str) -> object:
        """The parameter ``name`` (``None`` if absent)."""
        return dict(self.params).get(name)


@dataclass(frozen=True)
class Advice:
    """The advised action, why, and the next best actions (best first)."""

    action: SevenKingdomsAction
    reasons: tuple[Why, ...]
    others: tuple[SevenKingdomsAction, ...] = ()


def advise(state: SevenKingdomsState, components: Components, seat: int,
           budget: int = DEFAULT_BUDGET, seed: int = 0) -> Advice | None:
    """The coach's advice to ``seat`` now; ``None`` when ``seat`` does not act now or its
    own hand is not known (table mode)."""
    if acting_seat(state) != seat or state.seats[seat].unknown:
        return None
    judged = search(state, components, seat, budget, seed)
    action = judged[0].action
    others = tuple(j.action for j in judged[1:3])
    return Advice(action, reasons(state, components, seat, action), others)


def reasons(state: SevenKingdomsState, components: Components, seat: int,
            action: SevenKingdomsAction) -> tuple[Why, ...]:
    """Why ``action`` is good for ``seat``, as facts of the position."""
    if isinstance(action, Play):
        take = best_take_for(state, components, seat, action.card)
        out = [Why("play_takes", (("card", action.card), ("takes", take.cards)))]
        rest = tuple(c for c in state.seats[seat].hand if c != action.card)
        if rest:
            out.append(Why("play_keeps", (("cards", rest),)))
        return tuple(out)
    if isinstance(action, Take):
        return _take_reasons(state, components, seat, action)
    if isinstance(action, ChooseToken):
        return _token_reasons(state, components, seat, action.token)
    return ()


def counts(state: SevenKingdomsState, components: Components, blason: int) -> list[int]:
    """Validated cards of ``blason`` per seat."""
    return [sum(1 for k in s.kingdom if components.card(k).blason == blason)
            for s in state.seats]


def _take_reasons(state: SevenKingdomsState, components: Components, seat: int,
                  take: Take) -> tuple[Why, ...]:
    out: list[Why] = []
    validated = take.validated
    if validated:
        points = sum(2 if rank_of(k) == ROI else 1 for k in validated)
        out.append(Why("points", (("points", points),)))
    for position, blason in enumerate(state.blasons):
        added = sum(1 for k in validated if components.card(k).blason == blason)
        if not added:
            continue
        now = counts(state, components, blason)
        mine = now[seat] + added
        others = max((n for i, n in enumerate(now) if i != seat), default=0)
        status = "lead" if mine > others else "tie" if mine == others else "behind"
        out.append(Why("majority", (("blason", blason), ("mine", mine), ("others", others),
                                    ("token", state.tokens_placed[position]),
                                    ("status", status))))
    hand = state.seats[seat].hand_size + len(take.keep)
    if take.keep:
        out.append(Why("keep", (("cards", take.keep), ("hand", hand), ("limit", HAND_LIMIT))))
    if validated and hand >= HAND_LIMIT:
        out.append(Why("hand_full", (("limit", HAND_LIMIT),)))
    return tuple(out)


def _token_reasons(state: SevenKingdomsState, components: Components, seat: int,
                   token: str) -> tuple[Why, ...]:
    free = [i for i, t in enumerate(state.tokens_placed) if t is None]
    if not free or free[0] >= len(state.blasons):
        return ()
    blason = state.blasons[free[0]]
    now = counts(state, components, blason)
    mine = now[seat]
    others = max((n for i, n in enumerate(now) if i != seat), default=0)
    code = "token_lead" if mine > others else "token_behind"
    return (Why(code, (("token", token), ("blason", blason), ("mine", mine),
                       ("others", others))),)


__all__ = ["Advice", "Why", "advise", "counts", "reasons"]
