"""Kingsbridge moves being built from what was said: a placement or a move of a column's end
waiting for its cards, its source or its target, and the checks that turn them into a
proposal, a question or a refusal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import Move, Place
from ludivox.engines.kingsbridge.state import value
from ludivox.table.binding import Interpretation, Line, Proposal, Refusal
from ludivox.table.judge import Judge


@dataclass(frozen=True)
class PartialPlace:
    """A placement waiting for its cards or its column."""

    cards: tuple[int, ...] = ()
    column: int | None = None


@dataclass(frozen=True)
class PartialExchange:
    """An exchange announced without its cards ("j'échange"): which ones?"""


@dataclass(frozen=True)
class PartialMove:
    """A move waiting for its source column (the card is on several) or its target."""

    card: int | None = None
    source: int | None = None
    target: int | None = None
    run: tuple[int, ...] = ()  # the cards said one by one, from ``card`` to the column's end


def from_aside(state: KingsbridgeState, seat: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The named cards that must come from those set aside with Wilwulf (not in the hand)."""
    player = state.players[seat] if 0 <= seat < len(state.players) else None
    if player is None or not player.aside or player.unknown:
        return ()
    hand = list(player.hand)
    aside = list(player.aside)
    out: list[int] = []
    for card in cards:
        if card in hand:
            hand.remove(card)
        elif card in aside:
            aside.remove(card)
            out.append(card)
    return tuple(out)



def on_table_only(state: KingsbridgeState, seat: int, card: int) -> bool:
    """True when ``card`` is on a column and surely not in the hand of ``seat`` (every
    card of that hand known)."""
    player = state.players[seat]
    return (not player.unknown and card not in player.hand
            and any(card in (value(c) for c in column) for column in state.columns))


def place(judge: Judge[Any, Any], state: KingsbridgeState, partial: PartialPlace, seat: int
          ) -> Interpretation:
    """A placement as said: made, asked about (its cards, its column) or refused."""
    cards = partial.cards
    if not cards:
        if partial.column is None:
            return Proposal((), Line("ask_cards", {}, seat), partial)
        return Proposal((), Line("ask_cards_for", {"column": partial.column}, seat), partial)
    aside = from_aside(state, seat, cards)
    if partial.column is not None:
        return Proposal((Place(cards, partial.column, aside),))
    candidates = tuple(Place(cards, c, aside) for c in range(1, len(state.columns) + 1))
    legal = [a for a in candidates if judge.refusal(state, a) is None]
    first = judge.refusal(state, candidates[0])
    column_problem = first is not None and first.code in (
        "needs_card", "column_ends_with_thirteen"
    )
    if not legal and not column_problem:
        return Proposal(candidates, refusal_of=candidates[0])  # not in hand, not in order
    if not legal and len(cards) == 1:
        return Refusal((Line("answer.card_not_playable", {"card": cards[0]}, seat),))
    return Proposal(candidates, Line("ask_column_for", {"cards": cards}, seat), partial)


def move(state: KingsbridgeState, partial: PartialMove, seat: int) -> Interpretation:
    """A move of a column's end as said: made, asked about (source, target) or refused."""
    card, source, target = partial.card, partial.source, partial.target
    columns = state.columns
    if source is None and card is not None:
        holding = tuple(i + 1 for i, col in enumerate(columns)
                        if card in (value(c) for c in col))  # Edgar counts as his card
        if not holding:
            return Refusal((Line("card_not_on_table", {"card": card}, seat),))
        if len(holding) > 1:
            question = Line("card_on_several_columns", {"card": card, "columns": holding}, seat)
            return Proposal((), question, partial)
        source = holding[0]
    if source is None:
        return Proposal((), Line("ask_source_for", {"card": card or 0}, seat), partial)
    start = 0
    if card is not None and 1 <= source <= len(columns):
        column = tuple(value(c) for c in columns[source - 1])
        if card not in column:
            return Refusal((Line("card_not_in_column", {"card": card, "column": source},
                                 seat),))
        start = column.index(card)
        if partial.run and column[start:] != partial.run:  # not the end of the column
            params = {"column": source, "card": card, "cards": column[start:]}
            return Refusal((Line("column_run_differs", params, seat),))
    if target is None:
        question = Line("ask_target_for", {"source": source}, seat)
        return Proposal((), question, PartialMove(card, source, None, partial.run))
    return Proposal((Move(source, start, target),))
