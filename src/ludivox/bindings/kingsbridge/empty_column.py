"""A column named by being empty ("je pose le deux sur la colonne vide"): the grammar says
``column:empty``; the binding puts the number of the one empty column in its place."""

from __future__ import annotations

from ludivox.engines.kingsbridge import KingsbridgeState
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


__all__ = ["EMPTY_COLUMN", "empty_named"]
