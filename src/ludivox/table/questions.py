"""The questions the session asks, one small type per kind.

A question waits for the next answer of its ``seat``. What that answer may do depends on the
kind: a yes / no check (quit, a fuzzy command or reading, a move to confirm or offered), a
choice among moves or a request to complete ("sur quelle colonne ?"), or a scan check (the
cards of a move to scan before it is made). ``resume`` is the question that was pending
before this one, asked again once this one is settled. Every kind answers the same four
read-only questions (:attr:`Question.yes_no`, ``candidates``, ``partial``, ``expected``), so
help and "not understood" treat them alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludivox.table.binding import Interpretation, Line


@dataclass(kw_only=True)
class Question:
    """A question to ``seat``; ``scanned``: the request began with a scan (what completes
    it is not checked by scan again)."""

    seat: int
    question: Line
    scanned: bool = False
    resume: Question | None = None

    @property
    def yes_no(self) -> bool:
        """True when the question expects oui / non."""
        return False

    @property
    def candidates(self) -> tuple[Any, ...]:
        """The moves the question offers (a choice, or the one move it is about)."""
        return ()

    @property
    def partial(self) -> Any:
        """The binding's incomplete request that an answer may complete, if any."""
        return None

    @property
    def expected(self) -> tuple[str, ...]:
        """The card payloads still to be scanned (a scan check only)."""
        return ()

    @property
    def guess(self) -> bool:
        """True when the question is Ludivox's guess at what was said ("Tu veux dire … ?"):
        a player who goes on with something else has not taken it."""
        return False


@dataclass(kw_only=True)
class YesNo(Question):
    """A question answered oui / non."""

    @property
    def yes_no(self) -> bool:
        return True


@dataclass(kw_only=True)
class Guess(YesNo):
    """Ludivox's guess at what was said, taken on "oui"."""

    @property
    def guess(self) -> bool:
        return True


@dataclass(kw_only=True)
class QuitCheck(YesNo):
    """"Tu veux vraiment arrêter ?"."""


@dataclass(kw_only=True)
class CommandCheck(Guess):
    """A fuzzy reading of a voice or settings command, done on "oui"."""

    command: str


@dataclass(kw_only=True)
class ReadingCheck(Guess):
    """"Tu veux dire : … ?" about a fuzzy reading of a move or a question, settled on "oui"."""

    then: Interpretation


@dataclass(kw_only=True)
class MoveCheck(YesNo):
    """"<the move>, c'est bien ça ?" (the player's confirmation setting): made on "oui"."""

    action: Any

    @property
    def candidates(self) -> tuple[Any, ...]:
        return (self.action,)


@dataclass(kw_only=True)
class SequenceCheck(YesNo):
    """"<the moves, in order>, c'est bien ça ?" for a compound sentence: all made on "oui"."""

    actions: tuple[Any, ...]


@dataclass(kw_only=True)
class MoveOffer(YesNo):
    """A single legal move the binding offers as a yes / no question ("il ne va que sur la
    colonne trois : je le pose ?"); "oui" sends it through the scan check and is its
    confirmation; answers that complete ``request`` still work."""

    action: Any
    request: Any = None

    @property
    def candidates(self) -> tuple[Any, ...]:
        return (self.action,)

    @property
    def partial(self) -> Any:
        return self.request


@dataclass(kw_only=True)
class Choice(Question):
    """A choice among legal moves ("la première ou la deuxième ?"), or a request to
    complete ("sur quelle colonne ?") with the legal moves known so far."""

    options: tuple[Any, ...] = ()
    request: Any = None

    @property
    def candidates(self) -> tuple[Any, ...]:
        return self.options

    @property
    def partial(self) -> Any:
        return self.request


@dataclass(kw_only=True)
class ScanCheck(Question):
    """The cards of ``action`` to scan before it is made, one by one in any order; ``uids``
    are the chips already scanned for it."""

    action: Any
    waiting: tuple[str, ...]
    uids: set[str] = field(default_factory=set)

    @property
    def candidates(self) -> tuple[Any, ...]:
        return (self.action,)

    @property
    def expected(self) -> tuple[str, ...]:
        return self.waiting


__all__ = [
    "Choice", "CommandCheck", "Guess", "MoveCheck", "MoveOffer", "Question", "QuitCheck",
    "ReadingCheck", "ScanCheck", "SequenceCheck", "YesNo",
]
