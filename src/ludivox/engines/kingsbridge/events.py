"""What can happen in a game of Kingsbridge (the ``Event`` values ``apply`` returns).

Columns are numbered from 1, seats from 0. An event with ``private_to=n`` may only be told
to seat ``n``; the engine always pairs it with a public event carrying what the table may
know (for example :class:`CardsDrawn` with a count, and :class:`HandCardsDrawn` with the
values for the drawing player only).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.base import Event


@dataclass(frozen=True)
class ColumnsSet(Event):
    """Table set-up: the starting card of each column is now known."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class CardsPlaced(Event):
    """``seat`` placed ``cards`` (in this order) at the end of ``column``."""

    seat: int
    cards: tuple[int, ...]
    column: int


@dataclass(frozen=True)
class ColumnMoved(Event):
    """``cards`` moved from the end of ``source`` onto ``target`` (reorganising)."""

    seat: int
    source: int
    target: int
    cards: tuple[int, ...]
    whole: bool


@dataclass(frozen=True)
class ColumnCompleted(Event):
    """``column`` held 1..13: its cards went to the discard and it is empty again."""

    column: int


@dataclass(frozen=True)
class CardsExchanged(Event):
    """``seat`` put ``count`` cards under their pile (public: only the count)."""

    seat: int
    count: int


@dataclass(frozen=True)
class CardsDrawn(Event):
    """``seat`` drew ``count`` cards from their pile (public: only the count)."""

    seat: int
    count: int
    pile_left: int


@dataclass(frozen=True)
class HandCardsDrawn(Event):
    """Private to the drawing seat: the values drawn; ``unknown`` counts cards not yet known
    to the assistant (table mode)."""

    seat: int
    cards: tuple[int, ...]
    unknown: int


@dataclass(frozen=True)
class TurnEnded(Event):
    """``seat``'s turn is over; ``next_seat`` plays."""

    seat: int
    next_seat: int


@dataclass(frozen=True)
class Passed(Event):
    """``seat`` passed (their pile is empty)."""

    seat: int
    next_seat: int


@dataclass(frozen=True)
class CardsRevealed(Event):
    """Private to ``seat``: these hand cards are now known to the assistant (table mode)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class GameWon(Event):
    """``seat`` has no card left in hand or pile: they win and the game is over."""

    seat: int


@dataclass(frozen=True)
class GameBlocked(Event):
    """Nobody can place any card: fewest cards wins (``winners`` share a tie)."""

    winners: tuple[int, ...]
    cards_left: tuple[int, ...]
