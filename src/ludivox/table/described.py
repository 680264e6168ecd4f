"""Places named by a description that only the state of the moment resolves ("la première
case libre de la ligne un", "le premier emplacement libre", "celle qui a le moins de
cartes"): one resolver per kind of description, shared by the games that have it.

The grammar reads a description as a slot value of its own (data, per language): the place
slot holds ``<kind>:free_first`` or ``<kind>:least_cards`` instead of a number. A binding
gives its places in their order and what the description looks at; the resolver returns the
places it names now. One: that place, and the move is judged as any move; several: asked
among them, never one guessed; none: refused, saying why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

FREE_RANKS = {"free_first": 0, "free_last": -1}
"""``la première case libre`` / ``la dernière case libre``: a rank among the free places."""

MEASURED = {"least_cards": False, "most_cards": True}
"""``celle qui a le moins de cartes`` / ``le plus de cartes``: the least or the most."""


def free_ranked(places: Sequence[T], free: Callable[[T], bool], rank: str) -> tuple[T, ...]:
    """The place of ``places`` (in their order) at ``rank`` (:data:`FREE_RANKS`) among
    those that are ``free``: one place, or () when none is free."""
    found = [p for p in places if free(p)]
    return (found[FREE_RANKS[rank]],) if found else ()


def extremes(places: Sequence[T], measure: Callable[[T], int], rank: str) -> tuple[T, ...]:
    """Every place of ``places`` with the least or the most ``measure`` (:data:`MEASURED`):
    ties are all kept (then asked among them)."""
    if not places:
        return ()
    values = [measure(p) for p in places]
    best = max(values) if MEASURED[rank] else min(values)
    return tuple(p for p, v in zip(places, values, strict=True) if v == best)


def description(value: object) -> str | None:
    """The description a slot value holds (``column:least_cards`` -> ``least_cards``), or
    None when it names a place by its number."""
    said = str(value).partition(":")[2]
    return said if said in FREE_RANKS or said in MEASURED else None


__all__ = ["FREE_RANKS", "MEASURED", "description", "extremes", "free_ranked"]
