"""What happened, as the engine reports it (past tense, see :class:`ludivox.engines.base.Event`)."""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.base import Event


@dataclass(frozen=True)
class EventDrawn(Event):
    """An event card was drawn and put on the Council building."""

    card: int


@dataclass(frozen=True)
class DuesPaid(Event):
    """End of ``period``: the tax die showed ``tax`` and every player paid the contributions
    (two piety, two grain, ``tax`` gold) as far as they could."""

    period: int
    tax: int


@dataclass(frozen=True)
class TileTurned(Event):
    """A plague tile was turned over: a citizen is sick at ``place``."""

    place: int
    value: int


@dataclass(frozen=True)
class Turned(Event):
    """The active player turned the event card (arrow on ``side``)."""

    seat: int
    side: int


@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` played an action card (``action`` in text form)."""

    seat: int | None
    action: str


@dataclass(frozen=True)
class CardDiscarded(Event):
    """``seat`` discarded a card face down (``card`` only in the private event)."""

    seat: int | None
    card: str


@dataclass(frozen=True)
class QuestionAnswered(Event):
    """``seat`` answered the question asked."""

    seat: int | None
    answer: str


@dataclass(frozen=True)
class LoyaltyPaid(Event):
    """``seat`` paid a loyalty token for each contribution in ``kinds``."""

    seat: int | None
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class ScoreChanged(Event):
    """``seat``'s score went from ``before`` to ``after`` (public, like the score track)."""

    seat: int
    before: int
    after: int


@dataclass(frozen=True)
class StockChanged(Event):
    """What entered (positive) or left (negative) ``seat``'s screen: private to that seat."""

    seat: int
    changes: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ProjectFinished(Event):
    """Every slot of ``project`` is filled; its donors had their bonus."""

    project: str


@dataclass(frozen=True)
class FavourMoved(Event):
    """The favour marker reached space ``space`` (``name``)."""

    space: int
    name: str


@dataclass(frozen=True)
class PeriodEnded(Event):
    """A period ended: the tax die showed ``tax``; ``sanctions`` per seat for the next one."""

    period: int
    tax: int
    sanctions: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over; ``winners`` are seats from 0."""

    winners: tuple[int, ...]
