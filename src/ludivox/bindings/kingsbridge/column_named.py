"""A column named by what it holds: by being empty ("je pose le deux sur la colonne vide":
the grammar says ``column:empty``), by its last card ("après le douze") or by its first
("devant le trois", with Aldred)."""

from __future__ import annotations

from typing import Any

from ludivox.bindings.kingsbridge.building import PartialPlace, from_aside
from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import Place
from ludivox.engines.kingsbridge.state import value
from ludivox.table import described, slots
from ludivox.table.binding import IntentLike, Line, Proposal, Refusal
from ludivox.table.judge import Judge

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


def measured_named(judge: Judge[Any, Any], state: KingsbridgeState, intent: IntentLike,
                   seat: int) -> IntentLike | Proposal | Refusal:
    """``intent`` with a column said by how many cards it holds ("la plus courte", "celle
    qui a le plus de cartes": ``column:least_cards``) as its number, among the columns that
    hold cards (an empty one is "la colonne vide"). Several as short: a placement is made
    on the one of them where it is legal, asked among them when several are (refused as on
    the first when none is), anything else refused saying which; none holds cards:
    refused."""
    said = {slot: rank for slot, v in intent.slots.items()
            if isinstance(v, str) and (rank := described.description(v)) in described.MEASURED}
    if not said:
        return intent
    held = [i for i, column in enumerate(state.columns, 1) if column]
    filled: dict[str, str] = {}
    for slot, rank in said.items():
        found = described.extremes(held, lambda i: len(state.columns[i - 1]), rank)
        if not found:
            return Refusal((Line("refusal.no_column_measured", {}, seat),))
        if len(found) > 1 and _placing(intent, slot):
            return placed_among(judge, state, intent, found,
                                Line("several_columns_measured", {}, seat))
        if len(found) > 1:
            return Refusal((Line("several_columns_measured", {"columns": found}, seat),))
        filled[slot] = f"column:{found[0]}"
    return slots.Said(intent.name, {**intent.slots, **filled}, intent.text, intent.cost)


def _placing(intent: IntentLike, slot: str) -> bool:
    """Whether ``intent`` places cards said on the column of ``slot``."""
    return intent.name == "place" and slot == "column" and bool(slots.numbers(intent, "cards"))


def placed_among(judge: Judge[Any, Any], state: KingsbridgeState, intent: IntentLike,
                 columns: tuple[int, ...], question: Line) -> Proposal:
    """The placement of ``intent``'s cards on the columns a description names (several):
    made on the one where it is legal, asked among them when several are (``question``,
    given the columns), refused as on the first when none is. Never one of several
    guessed."""
    cards = slots.numbers(intent, "cards")
    seat = question.seat if question.seat is not None else 0
    places = [Place(cards, c, from_aside(state, seat, cards)) for c in columns]
    legal = tuple(a for a in places if judge.refusal(state, a) is None)
    if len(legal) <= 1:  # the one it can go on, or why it goes on none
        return Proposal(legal or (places[0],))
    asked = Line(question.key, {**question.params, "columns": tuple(a.column for a in legal)},
                 question.seat)
    return Proposal(legal, asked, PartialPlace(cards))


def ending_with(state: KingsbridgeState, card: int) -> tuple[int, ...]:
    """The columns whose last card is ``card``."""
    return tuple(i for i, column in enumerate(state.columns, 1)
                 if column and value(column[-1]) == card)


def column_by_card(state: KingsbridgeState, named: int | None, card: int | None, seat: int,
                   *, first: bool = False) -> int | Refusal | None:
    """The column meant: ``named`` if a column was named (refused when ``card`` is said too
    and the column does not end with it, or with ``first`` start with it: "sur la trois,
    après le huit"), else the one whose last (first) card is ``card`` ("après le douze");
    refused when none is (what was said names no place); None when several are or nothing
    was said (asked, as with no column)."""
    edge = 0 if first else -1
    if named is not None and card is not None and 1 <= named <= len(state.columns):
        column = state.columns[named - 1]
        held = value(column[edge]) if column else 0
        if held != card:
            key, said = (("column_starts_otherwise", "first") if first
                         else ("column_ends_otherwise", "last"))
            return Refusal((Line(key, {"column": named, "card": card, said: held}, seat),))
    if named is not None or card is None:
        return named
    found = [i for i, column in enumerate(state.columns, 1)
             if column and value(column[edge]) == card]
    if not found:
        key = "no_column_starts_with" if first else "no_column_ends_with"
        return Refusal((Line(key, {"card": card}, seat),))
    return found[0] if len(found) == 1 else None


def starting_with(state: KingsbridgeState, named: int | None, first: int,
                  cards: tuple[int, ...], seat: int) -> int | Refusal | None:
    """The column that starts with ``first``, for ``cards`` said to go right before it ("le
    deux devant le trois", with Aldred): refused when the last of them is not ``first`` - 1,
    else :func:`column_by_card` at the columns' start."""
    if cards and cards[-1] + 1 != first:
        return Refusal((Line("not_right_before", {"card": first, "needed": first - 1}, seat),))
    return column_by_card(state, named, first, seat, first=True)


def to_start(state: KingsbridgeState, column: int, seat: int) -> Refusal | None:
    """``column`` said as one to be started ("je commence la trois avec le deux"): refused
    when it holds cards (they would go after its last one)."""
    if 1 <= column <= len(state.columns) and state.columns[column - 1]:
        last = value(state.columns[column - 1][-1])
        return Refusal((Line("column_not_empty", {"column": column, "last": last}, seat),))
    return None


def source_checked(state: KingsbridgeState, source: int | None, holds: int | None,
                   ends: int | None, seat: int) -> Refusal | None:
    """A column said with what it holds ("la colonne six, celle avec le douze") or ends
    with ("celle qui finit par le douze"): refused when it does not."""
    if source is None or not 1 <= source <= len(state.columns):
        return None
    column = tuple(value(c) for c in state.columns[source - 1])
    if holds is not None and holds not in column:
        return Refusal((Line("card_not_in_column", {"card": holds, "column": source}, seat),))
    if ends is not None and (column[-1] if column else 0) != ends:
        return Refusal((Line("source_ends_otherwise", {"column": source, "card": ends,
                                                       "last": column[-1] if column else 0},
                             seat),))
    return None


def only_named(state: KingsbridgeState, intent: IntentLike, seat: int
               ) -> IntentLike | Refusal:
    """``intent`` with the column that holds the ``only`` card alone ("la colonne du sept
    tout seul") as its ``source``; refused when none does; left unsaid when several do
    (then asked, as with no column)."""
    card = slots.number(intent, "only")
    if card is None:
        return intent
    found = [i for i, column in enumerate(state.columns, 1)
             if tuple(value(c) for c in column) == (card,)]
    if not found:
        return Refusal((Line("no_column_only", {"card": card}, seat),))
    if len(found) > 1:
        return intent
    return slots.Said(intent.name, {**intent.slots, "source": f"column:{found[0]}"},
                      intent.text, intent.cost)


CONTENT_ROLES = ("column", "source", "target")
"""The slots a column named by its cards fills: ``<role>_only`` (all it holds, "la colonne
avec juste le cinq et le six", "le neuf tout seul") or ``<role>_with`` (some of it, "la
colonne avec le cinq et le six")."""


def content_named(state: KingsbridgeState, intent: IntentLike, seat: int,
                  judge: Judge[Any, Any] | None = None) -> IntentLike | Proposal | Refusal:
    """``intent`` with every column named by the cards it holds (:data:`CONTENT_ROLES`) as
    its number: the one column that holds exactly them (``_only``) or all of them in a row
    (``_with``); refused when none or several do (then it says which). The column of
    one card alone ("la colonne du sept tout seul") too (:func:`only_named`). A column said
    by its number as well is refused unless it holds them (a place said two ways)."""
    alone = only_named(state, intent, seat)
    if isinstance(alone, Refusal):
        return alone
    intent, filled = alone, {}
    for role in CONTENT_ROLES:
        for kind in ("only", "with"):
            said = slots.numbers(intent, f"{role}_{kind}")
            if not said:
                continue
            named = slots.number(intent, role)  # "la cinq, celle avec juste le sept"
            if named is not None:  # (a column that does not exist is refused later)
                column = (tuple(value(c) for c in state.columns[named - 1])
                          if 1 <= named <= len(state.columns) else said)
                if not _holds(column, said, kind == "only"):
                    return Refusal((Line("column_holds_otherwise",
                                         {"column": named, "cards": said, "held": column},
                                         seat),))
                continue
            found = [i for i, column in enumerate(state.columns, 1)
                     if _holds(tuple(value(c) for c in column), said, kind == "only")]
            if len(found) > 1 and judge is not None and _placing(intent, role):
                return placed_among(judge, state, intent, tuple(found), Line(
                    "several_columns_holding" + ("_only" if kind == "only" else ""),
                    {"cards": said}, seat))
            if len(found) != 1:
                key = (("several_columns_holding" if found else "no_column_holding")
                       + ("_only" if kind == "only" else ""))
                return Refusal((Line(key, {"cards": said, "columns": tuple(found)}, seat),))
            filled[role] = f"column:{found[0]}"
    if not filled:
        return intent
    kept = {k: v for k, v in intent.slots.items() if not k.endswith(("_only", "_with"))}
    return slots.Said(intent.name, {**kept, **filled}, intent.text, intent.cost)


def _holds(column: tuple[int, ...], cards: tuple[int, ...], exactly: bool) -> bool:
    """Whether ``column`` is ``cards`` (``exactly``) or holds them one after the other."""
    if exactly:
        return column == cards
    return any(column[i:i + len(cards)] == cards for i in range(len(column)))


__all__ = ["CONTENT_ROLES", "EMPTY_COLUMN", "column_by_card", "content_named", "empty_named",
           "ending_with", "measured_named", "only_named", "placed_among", "source_checked",
           "starting_with", "to_start"]
