"""Moving resources and points: one rule, written once, for every gain and payment.

Everything a player receives comes from the supply (or the board's places, counted in the
supply here) and everything paid goes back to it, so the total of each resource never
changes. Scores never fall below 0 ("On ne peut pas avoir moins de 0 point, tout autre point
perdu dans ce cas n'est pas comptabilisé"); past 60 the score simply goes on (the marker's
second lap is the printed number plus 60).
"""

from __future__ import annotations

from ludivox.engines.world_without_end.components import VP, Gain
from ludivox.engines.world_without_end.state import Table


def score(t: Table, seat: int, points: int) -> None:
    """Add (or, negative, remove) victory points; never below 0."""
    s = t.seats[seat]
    s.score = max(0, s.score + points)


def give(t: Table, seat: int, resource: str, amount: int) -> int:
    """Give up to ``amount`` of ``resource`` from the supply; returns how many were given."""
    if resource == VP:
        score(t, seat, amount)
        return amount
    n = min(amount, t.supply[resource])
    t.supply[resource] -= n
    t.seats[seat].stock[resource] += n
    return n


def pay(t: Table, seat: int, resource: str, amount: int) -> int:
    """Return up to ``amount`` of ``resource`` to the supply; returns how many were paid."""
    n = min(amount, t.seats[seat].stock[resource])
    t.seats[seat].stock[resource] -= n
    t.supply[resource] += n
    return n


def gain(t: Table, seat: int, what: Gain) -> None:
    """Give everything in ``what`` that the supply still holds (an exhausted part: nothing)."""
    for resource, amount in what:
        give(t, seat, resource, amount)


def available(t: Table, what: Gain) -> bool:
    """Whether the supply holds the whole of ``what``."""
    return all(r == VP or t.supply[r] >= n for r, n in what)


def affords(t: Table, seat: int, what: Gain) -> bool:
    """Whether ``seat`` holds the whole of ``what`` (points are not a payment)."""
    return all(r != VP and t.seats[seat].stock[r] >= n for r, n in what)


def income(t: Table, seat: int, what: Gain) -> bool:
    """Phase 3: the corner's income, or 1 point if the supply no longer holds it.

    Rule decision: "Si un joueur doit recevoir un revenu qui n'est plus disponible en
    réserve ... le joueur reçoit alors un (1) point de victoire à la place." An income the
    supply holds only in part (2 gold, 1 left) counts as not available: 1 point, nothing
    else. Returns whether the income itself was given.
    """
    if available(t, what):
        gain(t, seat, what)
        return True
    score(t, seat, 1)
    return False
