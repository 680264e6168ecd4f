"""The coach's search over one turn: light positions, single-card steps, breadth first.

A position (:class:`Node`) is the columns, the known hand, the ready Wilwulf cards and the
turn's powers. Steps are single-card placements (hand or Wilwulf card; multi-card placements
are sequences of them), moves, and taking Edgar back; they follow the column rules of
:mod:`ludivox.engines.kingsbridge.columns`, which the engine uses too. Character uses are
applied with the engine itself (:func:`expand_characters`).

Pruning, each rule keeping every outcome (so "exact" means every reachable position was
seen): empty columns are interchangeable, so only the first one receives cards; moving a
whole column onto an empty one changes nothing; splitting a column onto an empty one helps
only if a copy of the value after the split (or, with Agatha or Aldred, before it; with Ragna,
two after it) exists elsewhere; Ragna's skip is chosen when first needed (the column and value
are then known, and the use is written before the first step of the turn's plan that needs it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import NamedTuple

from ludivox.engines.kingsbridge.columns import Powers, finished, hole_index, laid
from ludivox.engines.kingsbridge.state import (
    AGATHA,
    ALDRED,
    COLUMNS,
    EDGAR,
    MAX_CARD,
    RAGNA,
    value,
)

Columns = tuple[tuple[int, ...], ...]
CharacterRows = tuple[tuple[str, ...], tuple[str | None, ...], tuple[str, ...]]
RAGNA_PENDING = "ragna?"  # Ragna used, skip not chosen yet (the coach's own power value)

# A step: ("place", card, column index, from aside) | ("move", source, start, target) |
# ("retrieve", from aside) | ("use", action): kept as tuples until the plan is built.
Step = tuple[object, ...]
# An injected stop condition (the caller's clock, never the engine's): asked now and then
# during a search; True means "stop now" (the answer then says "recherche limitée").
Stop = Callable[[], bool]


class Node(NamedTuple):
    """A light position: what the coach needs to continue a turn."""

    columns: Columns
    hand: tuple[int, ...]
    aside: tuple[int, ...]  # ready Wilwulf cards (not those set aside this turn)
    power: str  # character used this turn ("" none; RAGNA_PENDING: skip still free)
    skip: tuple[int, int]  # Ragna: (0-based column, value) while unused, (-1, 0) none
    used: int = 0  # characters used this turn since the search's root (solo: several)
    rows: CharacterRows | None = None  # after a character use: (revealed, deck, box)

    def powers(self) -> Powers:
        """The column powers of this position (a pending Ragna is handled by the steps)."""
        column, skip = self.skip
        return Powers(self.power == ALDRED, self.power == AGATHA, column, skip)


def canonical(node: Node) -> tuple[object, ...]:
    """What makes two positions equivalent for the rest of the turn: the columns as a
    multiset (which column is which does not matter; Ragna's column is marked), the hand,
    the ready Wilwulf cards and the power (a chosen Ragna skip only as "used")."""
    skip_column = node.skip[0]
    power = RAGNA if node.power.startswith(RAGNA + ":") else node.power
    if skip_column < 0:
        return tuple(sorted(node.columns)), node.hand, node.aside, power, node.used
    columns = tuple(sorted((c, i == skip_column) for i, c in enumerate(node.columns)))
    return columns, node.hand, node.aside, power, node.used, node.skip[1]


class Info(NamedTuple):
    """What a path brought: columns finished and its step count; ``discard`` for Gytha."""

    finished: int
    steps: int
    discard: tuple[int, ...]


def _drop_extra(columns: Columns) -> Columns:
    if len(columns) > COLUMNS and not columns[COLUMNS]:
        return columns[:COLUMNS]
    return columns


def _settle(columns: Columns, index: int) -> tuple[Columns, tuple[int, ...], bool]:
    """A finished column goes to the discard: (columns, discarded cards, finished)."""
    column = columns[index]
    if not finished(column):
        return _drop_extra(columns), (), False
    cards = tuple(c for c in column if c > 0)
    return _drop_extra((*columns[:index], (), *columns[index + 1 :])), cards, True


def _first_empty(columns: Columns) -> int:
    for i, column in enumerate(columns):
        if not column:
            return i
    return -1


def _with(columns: Columns, index: int, column: tuple[int, ...]) -> Columns:
    return (*columns[:index], column, *columns[index + 1 :])


def steps(node: Node, info: Info) -> Iterator[tuple[Step, Node, Info]]:
    """Every single step from ``node`` (placements, moves, taking Edgar back)."""
    yield from _placements(node, info)
    yield from _moves(node, info)
    yield from _retrieve(node, info)


def _placed(node: Node, info: Info, index: int, cards: tuple[int, ...], where: str,
            hand: tuple[int, ...], aside: tuple[int, ...], skip: tuple[int, int],
            power: str) -> tuple[Node, Info]:
    columns = _with(node.columns, index, laid(node.columns[index], cards, where))
    columns, gone, done = _settle(columns, index)
    return (
        Node(columns, hand, aside, power, skip, node.used, node.rows),
        Info(info.finished + done, info.steps + 1, info.discard + gone),
    )


def _remove(values: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = values.index(card)
    return values[:i] + values[i + 1 :]


def _placements(node: Node, info: Info) -> Iterator[tuple[Step, Node, Info]]:
    columns = node.columns
    aldred, agatha = node.power == ALDRED, node.power == AGATHA
    skip_column, skip_value = node.skip
    pending = node.power == RAGNA_PENDING
    empty = _first_empty(columns)
    for from_aside, values in ((False, node.hand), (True, node.aside)):
        for card in sorted(set(values)):
            hand = node.hand if from_aside else _remove(node.hand, card)
            aside = _remove(node.aside, card) if from_aside else node.aside
            for index, column in enumerate(columns):
                skip, power = node.skip, node.power
                if not column:
                    if index != empty:
                        continue
                    where = "end"
                else:
                    last = value(column[-1])
                    where = ""
                    if card == last + 1 or (agatha and card == last):
                        where = "end"
                    elif card == last + 2:
                        if skip_column == index and skip_value == last + 1:
                            where, skip = "end", (-1, 0)
                        elif pending and 2 <= last + 1 <= MAX_CARD - 1:
                            where, skip = "end", (-1, 0)
                            power = f"{RAGNA}:{index}:{last + 1}"
                    if not where and not from_aside:
                        first = value(column[0])
                        if aldred and card + 1 == first:
                            where = "start"
                        elif first < card < last and hole_index(column, card) >= 0:
                            where = "hole"
                    if not where:
                        continue
                child, new = _placed(node, info, index, (card,), where, hand, aside, skip, power)
                yield ("place", card, index, from_aside), child, new


def _split_useful(node: Node, column: tuple[int, ...], at: int, copies: Counter[int]) -> bool:
    after, before = value(column[at]), value(column[at - 1])
    if copies[after] > 1:
        return True
    if node.power in (AGATHA, ALDRED) and copies[before] > 1:
        return True
    return node.power.startswith(RAGNA) and copies[after + 1] > 0


@lru_cache(maxsize=8192)
def _positions(column: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Where each value lies in ``column`` (columns recur across a search: cached)."""
    places: dict[int, list[int]] = {}
    for i, card in enumerate(column):
        places.setdefault(value(card), []).append(i)
    return {v: tuple(at) for v, at in places.items()}


def _moves(node: Node, info: Info) -> Iterator[tuple[Step, Node, Info]]:
    columns = node.columns
    aldred, agatha = node.power == ALDRED, node.power == AGATHA
    skip_column, skip_value = node.skip
    pending = node.power == RAGNA_PENDING
    empty = _first_empty(columns)
    where_is = [_positions(column) for column in columns]
    copies: Counter[int] | None = None
    for t, target in enumerate(columns):
        if not target:
            if t != empty:
                continue
            if copies is None:
                copies = Counter(v for places in where_is for v, at in places.items()
                                 for _ in at)
                copies.update(node.hand)
                copies.update(node.aside)
            for s, source in enumerate(columns):
                for start in range(1, len(source)):
                    if _split_useful(node, source, start, copies):
                        yield _moved(node, info, s, start, t, "end", node.skip, node.power)
            continue
        last = value(target[-1])
        wanted = [(last + 1, node.skip, node.power)]
        if agatha:
            wanted.append((last, node.skip, node.power))
        if skip_column == t and skip_value == last + 1:
            wanted.append((last + 2, (-1, 0), node.power))
        elif pending and 2 <= last + 1 <= MAX_CARD - 1:
            wanted.append((last + 2, (-1, 0), f"{RAGNA}:{t}:{last + 1}"))
        first = value(target[0])
        for s, source in enumerate(columns):
            if s == t or not source:
                continue
            places = where_is[s]
            for card, skip, power in wanted:
                for start in places.get(card, ()):
                    yield _moved(node, info, s, start, t, "end", skip, power)
            if aldred and value(source[-1]) + 1 == first:
                for start in range(len(source)):
                    yield _moved(node, info, s, start, t, "start", node.skip, node.power)


def _moved(node: Node, info: Info, s: int, start: int, t: int, where: str,
           skip: tuple[int, int], power: str) -> tuple[Step, Node, Info]:
    source = node.columns[s]
    segment = source[start:]
    target = node.columns[t]
    columns = _with(node.columns, s, source[:start])
    columns = _with(columns, t, laid(target, segment, where))
    finished_now = finished(columns[t])
    gone: tuple[int, ...] = ()
    if finished_now:
        gone = tuple(c for c in columns[t] if c > 0)
        columns = _with(columns, t, ())
    columns = _drop_extra(columns)
    new = Info(info.finished + finished_now, info.steps + 1, info.discard + gone)
    return ("move", s, start, t), Node(columns, node.hand, node.aside, power, skip,
                                       node.used, node.rows), new


def _retrieve(node: Node, info: Info) -> Iterator[tuple[Step, Node, Info]]:
    if node.power == EDGAR:
        return
    for index, column in enumerate(node.columns):
        for at, card in enumerate(column):
            if card >= 0:
                continue
            wanted = -card
            swapped = _with(node.columns, index, (*column[:at], wanted, *column[at + 1 :]))
            new = Info(info.finished, info.steps + 1, info.discard)
            if wanted in node.hand:
                child = node._replace(columns=swapped, hand=_remove(node.hand, wanted))
                yield ("retrieve", False), child, new
            if wanted in node.aside and at == len(column) - 1:
                child = node._replace(columns=swapped, aside=_remove(node.aside, wanted))
                yield ("retrieve", True), child, new
            return

