"""What happened, as the engine reports it (past tense, see :class:`ludivox.engines.base.Event`)."""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.base import Event


@dataclass(frozen=True)
class EventDrawn(Event):
    """An event card was drawn and put on the Council building."""

    card: int


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
class TaxRolled(Event):
    """The tax die showed ``value``."""

    value: int


@dataclass(frozen=True)
class LoyaltyPaid(Event):
    """``seat`` paid a loyalty token for each contribution in ``kinds``."""

    seat: int | None
    kinds: tuple[str, ...]
