"""A column named by what it holds: by being empty ("je pose le deux sur la colonne vide":
the grammar says ``column:empty``) or by its first card ("devant le trois", with Aldred)."""

from __future__ import annotations

from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.state import value
from ludivox.table import slots
from ludivox.table.binding import IntentLike, Line, Refusal

EMPTY_COLUMN = "column:empty"
"""The grammar's id for "la colonne vide" (intents.yaml, list ``column_empty``)."""


def empty_named(state: KingsbridgeState, intent: IntentLike, seat: int
                ) -> IntentLike | Refusal:
    """``intent`` with "la colonne vide" (``column:empty``) as the number of the one empty
    column; refused when there is none, or several (then it says which)."""
    named = [slot for slot, value in intent.slots.items() if value == EMPTY_COLUMN]
    if not named:
        return intent
    empty = tuple(i for i, column in enumerate(state.columns, 1) if not column)
    if len(empty) != 1:
        return Refusal((Line("refusal.several_empty_columns", {"columns": empty}, seat)
                        if empty else Line("refusal.no_empty_column", {}, seat),))
    return slots.Said(intent.name, {**intent.slots, **{s: f"column:{empty[0]}" for s in named}},
                      intent.text, intent.cost)


def starting_with(state: KingsbridgeState, named: int | None, first: int,
                  cards: tuple[int, ...], seat: int) -> int | Refusal | None:
    """The column that starts with ``first``, for ``cards`` said to go right before it ("le
    deux devant le trois"; refused when the last of them is not ``first`` - 1): ``named`` when
    it was named too and starts so (refused otherwise), else the one column that does
    (refused when none does; None when several do: asked, as with no column)."""
    if cards and cards[-1] + 1 != first:
        return Refusal((Line("not_right_before", {"card": first, "needed": first - 1}, seat),))
    starts = [i for i, column in enumerate(state.columns, 1)
              if column and value(column[0]) == first]
    if named is not None:
        if named in starts or not 1 <= named <= len(state.columns):
            return named
        column = state.columns[named - 1]
        return Refusal((Line("column_starts_otherwise", {
            "column": named, "card": first, "first": value(column[0]) if column else 0}, seat),))
    if not starts:
        return Refusal((Line("no_column_starts_with", {"card": first}, seat),))
    return starts[0] if len(starts) == 1 else None


__all__ = ["EMPTY_COLUMN", "empty_named", "starting_with"]
