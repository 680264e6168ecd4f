"""Column rules of the full game, shared by the engine and the coach (pure functions on tuples).

A column is a tuple of ints, first placed first; Edgar is the negative of the value he stands
for. Between two neighbouring cards the value goes up by 1; with Mère Agatha's power it may stay
the same (identical cards stacked at a column's end); with Ragna's power one value may be
skipped once, in one column (the hole stays and may be filled later by anybody). A column is
finished when it runs from 1 to 13 with no hole.

:class:`Powers` says what the current turn allows; every function here is used both by the
engine's refusals and transitions (full game) and by the coach's search, so both always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from ludivox.engines.kingsbridge.state import MAX_CARD, MIN_CARD, value

Column = tuple[int, ...]


class Powers(NamedTuple):
    """This turn's column powers: Aldred (start of columns), Agatha (identical cards), Ragna
    (``skip_column``: 0-based column where ``skip_value`` may be skipped once; -1: none)."""

    aldred: bool = False
    agatha: bool = False
    skip_column: int = -1
    skip_value: int = 0


NO_POWERS = Powers()


def step_kind(before: int, after: int, agatha: bool, skip: int) -> str:
    """How ``after`` may follow ``before`` (values): "+" next value, "=" identical (Agatha),
    "s" skipping ``skip`` (Ragna, 0: no skip allowed), "" not at all."""
    if after == before + 1:
        return "+"
    if agatha and after == before:
        return "="
    if skip and before + 1 == skip and after == skip + 1:
        return "s"
    return ""


def run_fault(
    prev: int | None, cards: Sequence[int], agatha: bool, skip: int
) -> tuple[int, bool]:
    """Check ``cards`` (values) laid after ``prev`` (``None``: on an empty column).

    Returns ``(index, skipped)``: ``index`` is the position in ``cards`` of the first card
    that may not follow the one before it (-1: all fit), ``skipped`` whether Ragna's skip was
    used (at most once).
    """
    skipped = False
    before = prev
    for i, card in enumerate(cards):
        if before is not None:
            kind = step_kind(before, card, agatha, 0 if skipped else skip)
            if not kind:
                return i, skipped
            skipped = skipped or kind == "s"
        before = card
    return -1, skipped


def skip_for(index: int, powers: Powers) -> int:
    """The value Ragna lets this 0-based column skip now (0: none)."""
    return powers.skip_value if powers.skip_column == index else 0


def fits_end(column: Column, cards: Sequence[int], index: int, powers: Powers) -> tuple[bool, bool]:
    """Whether ``cards`` (values) may go at the end of ``column``: (fits, uses the skip)."""
    prev = value(column[-1]) if column else None
    bad, skipped = run_fault(prev, cards, powers.agatha, skip_for(index, powers))
    return bad < 0, skipped


def fits_start(column: Column, cards: Sequence[int], powers: Powers) -> bool:
    """Aldred: whether the run ``cards`` may go before the first card of ``column``."""
    if not powers.aldred or not column or not cards:
        return False
    if any(b != a + 1 for a, b in pairwise(cards)):
        return False
    return cards[-1] + 1 == value(column[0])


def hole_index(column: Column, card: int) -> int:
    """Where a card of value ``card`` fills a hole of ``column`` (insert index), or -1."""
    for i in range(1, len(column)):
        if value(column[i - 1]) + 1 == card == value(column[i]) - 1:
            return i
    return -1


def holes(column: Column) -> tuple[int, ...]:
    """The values missing inside ``column`` (Ragna's holes), ascending."""
    return tuple(
        value(a) + 1 for a, b in pairwise(column) if value(b) == value(a) + 2
    )


def finished(column: Column) -> bool:
    """True when ``column`` runs from 1 to 13 with no hole (duplicates allowed)."""
    if not column or value(column[0]) != MIN_CARD or value(column[-1]) != MAX_CARD:
        return False
    return all(value(b) - value(a) in (0, 1) for a, b in pairwise(column))


def column_problem(column: Column, characters: bool) -> str:
    """Why ``column`` cannot exist ("" if it can), to follow "column N": values, order,
    finished. Without characters: consecutive values; with them, also Agatha's duplicates,
    Ragna's holes and Edgar (a negative value)."""
    for card in column:
        if not MIN_CARD <= value(card) <= MAX_CARD or (card < 0 and not characters):
            return f": card {card} is not between {MIN_CARD} and {MAX_CARD}"
    allowed = (0, 1, 2) if characters else (1,)
    for a, b in pairwise(column):
        if value(b) - value(a) not in allowed:
            return f" is not an ascending run: {value(a)} then {value(b)}"
    if finished(column):
        return " holds 1..13: a finished column is discarded"
    return ""


def place_where(
    column: Column, cards: Sequence[int], index: int, powers: Powers, end_only: bool
) -> tuple[str, bool]:
    """Where ``cards`` (values) may be placed on ``column``: ("end" | "start" | "hole" | "",
    uses Ragna's skip). ``end_only`` for Wilwulf's cards (only at a column's end)."""
    ok, skipped = fits_end(column, cards, index, powers)
    if ok:
        return "end", skipped
    if end_only:
        return "", False
    if fits_start(column, cards, powers):
        return "start", False
    if len(cards) == 1 and hole_index(column, cards[0]) >= 0:
        return "hole", False
    return "", False


def move_where(
    source: Column, start: int, target: Column, index: int, powers: Powers
) -> tuple[str, bool]:
    """Where ``source[start:]`` may go on ``target`` (0-based ``index``): ("end" | "start" |
    "", uses Ragna's skip)."""
    if not target:
        return "end", False
    skip = skip_for(index, powers)
    kind = step_kind(value(target[-1]), value(source[start]), powers.agatha, skip)
    if kind:
        return "end", kind == "s"
    if powers.aldred and value(source[-1]) + 1 == value(target[0]):
        return "start", False
    return "", False


def laid(column: Column, cards: Sequence[int], where: str) -> Column:
    """``column`` after laying ``cards`` (ints as stored) at ``where``."""
    if where == "start":
        return (*cards, *column)
    if where == "hole":
        i = hole_index(column, value(cards[0]))
        return (*column[:i], *cards, *column[i:])
    return (*column, *cards)
