"""Why a placement or a move (reorganising) is refused, and what would work instead.

One judgement for the base game and the full game: the column rules are
:mod:`ludivox.engines.kingsbridge.columns` (shared with the coach), the turn's powers come
from the character used (none in the base game). The caller has checked the game's phase.

Suggestions, at most three: for a placement, the same run completed with the missing cards
("le 4, le 5 et le 6" when the column ends with a 3), then the same cards (or the first of
them) on another column; for a move, the part of the source that fits the target, then the
same part onto another column.
"""

from __future__ import annotations

from collections import Counter

from ludivox.engines.base import Reason
from ludivox.engines.kingsbridge.actions import Move, Place
from ludivox.engines.kingsbridge.characters import powers
from ludivox.engines.kingsbridge.checks import (
    MAX_SUGGESTIONS,
    aside_problem,
    bad_card,
    column_ok,
    hand_problem,
)
from ludivox.engines.kingsbridge.columns import move_where, place_where, run_fault, skip_for
from ludivox.engines.kingsbridge.state import MAX_CARD, KingsbridgeState, value


def place_refusal(state: KingsbridgeState, action: Place, suggest: bool = False) -> Reason | None:
    """Refusal of a ``Place`` (hand cards, and Wilwulf's cards set aside in ``aside``)."""
    cards = action.cards
    problem = column_ok(state, action.column)
    if problem is None and not cards:
        problem = Reason.of("no_cards")
    problem = problem or bad_card(cards) or (bad_card(action.aside) if action.aside else None)
    if problem is not None:
        return problem
    if action.aside:
        extra = Counter(action.aside) - Counter(cards)
        if extra:
            return Reason.of("aside_not_in_cards", value=min(extra))
    turn = powers(state)
    index = action.column - 1
    if len(cards) > 1:
        bad, _ = run_fault(None, cards, turn.agatha, skip_for(index, turn))
        if bad > 0:
            return Reason.of("not_consecutive", first=cards[bad - 1], second=cards[bad])
    if action.aside:
        from_hand = tuple((Counter(cards) - Counter(action.aside)).elements())
        problem = hand_problem(state, from_hand) or aside_problem(state, action.aside)
    else:
        problem = hand_problem(state, cards)
    if problem is not None:
        return problem
    column = state.columns[index]
    if not column or value(column[-1]) + 1 == cards[0]:
        return None  # the plain rule (the run itself is checked above), whatever the powers
    where, _ = place_where(column, cards, index, turn, end_only=bool(action.aside))
    if where:
        return None
    if action.aside and place_where(column, cards, index, turn, end_only=False)[0]:
        return Reason.of("aside_not_at_end", value=action.aside[0], column=action.column)
    last = value(column[-1])
    hints = _place_suggestions(state, action) if suggest else ()
    if last == MAX_CARD and not turn.agatha:
        return Reason.of("column_ends_with_thirteen", hints, column=action.column)
    return Reason.of(
        "needs_card", hints, value=cards[0], column=action.column, last=last, needed=last + 1
    )


def _place_suggestions(state: KingsbridgeState, action: Place) -> tuple[Place, ...]:
    found: list[Place] = []
    column = state.columns[action.column - 1]
    last = value(column[-1]) if column else MAX_CARD
    if last < action.cards[0] - 1:
        longer = Place(tuple(range(last + 1, action.cards[-1] + 1)), action.column)
        if place_refusal(state, longer) is None:
            found.append(longer)
    for cards in (action.cards, action.cards[:1]):
        aside = tuple((Counter(action.aside) & Counter(cards)).elements())
        for number in range(1, len(state.columns) + 1):
            candidate = Place(cards, number, aside)
            if number != action.column and candidate not in found and (
                place_refusal(state, candidate) is None
            ):
                found.append(candidate)
        if found:
            break
    return tuple(found[:MAX_SUGGESTIONS])


def first_single_place(state: KingsbridgeState) -> Place | None:
    """The legal placement of the smallest known hand card that fits somewhere (first column
    first): a hint names only cards the assistant knows the player holds (table mode:
    unknown cards are not guessed)."""
    for card in sorted(set(state.current.hand)):
        for number in range(1, len(state.columns) + 1):
            candidate = Place((card,), number)
            if place_refusal(state, candidate) is None:
                return candidate
    return None


def move_refusal(state: KingsbridgeState, action: Move, suggest: bool = False) -> Reason | None:
    """Refusal of a ``Move``: the end of a column (from ``start``) onto another column."""
    problem = column_ok(state, action.source) or column_ok(state, action.target)
    if problem is not None:
        return problem
    if action.source == action.target:
        return Reason.of("same_column", column=action.source)
    source = state.columns[action.source - 1]
    if not source:
        return Reason.of("empty_source", column=action.source)
    if not 0 <= action.start < len(source):
        return Reason.of("bad_start", column=action.source, start=action.start, length=len(source))
    target = state.columns[action.target - 1]
    if not target or value(target[-1]) + 1 == value(source[action.start]):
        return None  # the plain rule, whatever the turn's powers
    turn = powers(state)
    where, _ = move_where(source, action.start, target, action.target - 1, turn)
    if where:
        return None
    last = value(target[-1])
    hints = _move_suggestions(state, action) if suggest else ()
    if last == MAX_CARD and not turn.agatha:
        return Reason.of("column_ends_with_thirteen", hints, column=action.target)
    return Reason.of(
        "move_needs", hints, source=action.source, target=action.target,
        first=value(source[action.start]), last=last, needed=last + 1,
    )


def _move_suggestions(state: KingsbridgeState, action: Move) -> tuple[Move, ...]:
    found: list[Move] = []
    source = [value(c) for c in state.columns[action.source - 1]]
    needed = value(state.columns[action.target - 1][-1]) + 1
    if needed in source:
        fitting = Move(action.source, source.index(needed), action.target)
        if move_refusal(state, fitting) is None:
            found.append(fitting)
    for number in range(1, len(state.columns) + 1):
        candidate = Move(action.source, action.start, number)
        if number not in (action.target, action.source) and (
            move_refusal(state, candidate) is None
        ):
            found.append(candidate)
    return tuple(found[:MAX_SUGGESTIONS])
