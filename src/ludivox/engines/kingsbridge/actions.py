"""Kingsbridge actions: small hashable values with a round-trippable text form.

Conventions used across the Kingsbridge engine:

* card values are ints 1..13;
* columns are numbered from 1, as players count them (1..6, 7 with Roi Ethelred);
* seats are numbered from 0 in turn order (seat 0 deals and plays first);
* ``Move.start`` is a 0-based index into the source column, as in a Python slice:
  ``Move(3, 2, 1)`` moves ``column3[2:]`` (its third card and everything after it) onto
  column 1. ``Move(3, 0, 1)`` moves the whole column.

Text forms (``text()`` / :func:`parse_action`)::

    place 4 5 on 3        Place((4, 5), 3)
    move 3[2:] to 1       Move(3, 2, 1)
    exchange 2 9          Exchange((2, 9))
    end                   EndTurn()
    pass                  Pass()
    reveal 1 7 9          Reveal(1, (7, 9))         seat 1 shows/scans a 7 and a 9 in hand
    columns 5 8 12 1 3 7  SetColumns((5, 8, 12, 1, 3, 7))   table set-up: the starting cards
    blocked               DeclareBlocked()

The full game (characters) and the solo / co-op variants add the actions of
:mod:`ludivox.engines.kingsbridge.charactions` and one optional part of ``Place``::

    place 6 7 8 on 1 aside 7   Place((6, 7, 8), 1, aside=(7,))   the 7 is a card set aside
                                                                  with Wilwulf

In the full game a ``Place`` or ``Move`` goes wherever the turn allows: at the end of the
column, at its start (Aldred), or, for a single card, into a hole (Ragna); the rules never
leave a choice between two of these places.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ludivox.engines.base import InvalidAction
from ludivox.engines.kingsbridge.charactions import (
    CharacterAction,
    parse_character_action,
)

MIN_CARD = 1
MAX_CARD = 13


@dataclass(frozen=True)
class Place:
    """Place ``cards`` from the hand, in this order, at the end of ``column``.

    ``aside`` (full game) names the values among ``cards`` that come from the cards set aside
    with Wilwulf rather than from the hand (kept ascending).
    """

    cards: tuple[int, ...]
    column: int
    aside: tuple[int, ...] = ()
    kind: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        if self.aside:
            object.__setattr__(self, "aside", tuple(sorted(self.aside)))

    def text(self) -> str:
        text = f"place {' '.join(map(str, self.cards))} on {self.column}"
        if self.aside:
            text += f" aside {' '.join(map(str, self.aside))}"
        return text


@dataclass(frozen=True)
class Move:
    """Reorganise: move ``column[source][start:]`` onto the end of column ``target``."""

    source: int
    start: int
    target: int
    kind: ClassVar[str] = "move"

    def text(self) -> str:
        return f"move {self.source}[{self.start}:] to {self.target}"


@dataclass(frozen=True)
class Exchange:
    """Put ``cards`` from the hand under one's own pile, draw back to 6; ends the turn."""

    cards: tuple[int, ...]
    kind: ClassVar[str] = "exchange"

    def text(self) -> str:
        return f"exchange {' '.join(map(str, self.cards))}"


@dataclass(frozen=True)
class EndTurn:
    """End the turn: draw back to 6 cards; the next seat plays."""

    kind: ClassVar[str] = "end"

    def text(self) -> str:
        return "end"


@dataclass(frozen=True)
class Pass:
    """Do nothing this turn (only allowed with an empty pile)."""

    kind: ClassVar[str] = "pass"

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Reveal:
    """Table mode: ``seat`` says or scans that these cards are in their hand."""

    seat: int
    cards: tuple[int, ...]
    kind: ClassVar[str] = "reveal"

    def text(self) -> str:
        return f"reveal {self.seat} {' '.join(map(str, self.cards))}"


@dataclass(frozen=True)
class SetColumns:
    """Table mode set-up: the face-up starting card of each column, column 1 first."""

    cards: tuple[int, ...]
    kind: ClassVar[str] = "columns"

    def text(self) -> str:
        return f"columns {' '.join(map(str, self.cards))}"


@dataclass(frozen=True)
class DeclareBlocked:
    """Table mode: the players agree nobody can place any card any more."""

    kind: ClassVar[str] = "blocked"

    def text(self) -> str:
        return "blocked"


KingsbridgeAction = (
    Place | Move | Exchange | EndTurn | Pass | Reveal | SetColumns | DeclareBlocked
    | CharacterAction
)

_INT = r"(\d+)"
_INTS = r"(\d+(?: \d+)*)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"place {_INTS} on {_INT}"), "place"),
    (re.compile(rf"place {_INTS} on {_INT} aside {_INTS}"), "place_aside"),
    (re.compile(rf"move {_INT}\[{_INT}:\] to {_INT}"), "move"),
    (re.compile(rf"exchange {_INTS}"), "exchange"),
    (re.compile(r"end"), "end"),
    (re.compile(r"pass"), "pass"),
    (re.compile(rf"reveal {_INT} {_INTS}"), "reveal"),
    (re.compile(rf"columns {_INTS}"), "columns"),
    (re.compile(r"blocked"), "blocked"),
)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split())


def _check_cards(text: str, cards: tuple[int, ...]) -> tuple[int, ...]:
    for c in cards:
        if not MIN_CARD <= c <= MAX_CARD:
            raise InvalidAction(text, detail=f"card {c} is not between 1 and 13")
    return cards


def parse_action(text: str) -> KingsbridgeAction:
    """Parse an action's text form (see the module docstring); raises InvalidAction."""
    clean = " ".join(text.strip().split())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(clean)
        if not m:
            continue
        g = m.groups()
        if kind == "place":
            return Place(_check_cards(text, _ints(g[0])), int(g[1]))
        if kind == "place_aside":
            return Place(
                _check_cards(text, _ints(g[0])), int(g[1]), _check_cards(text, _ints(g[2]))
            )
        if kind == "move":
            return Move(int(g[0]), int(g[1]), int(g[2]))
        if kind == "exchange":
            return Exchange(_check_cards(text, _ints(g[0])))
        if kind == "end":
            return EndTurn()
        if kind == "pass":
            return Pass()
        if kind == "reveal":
            return Reveal(int(g[0]), _check_cards(text, _ints(g[1])))
        if kind == "columns":
            return SetColumns(_check_cards(text, _ints(g[0])))
        return DeclareBlocked()
    extra = parse_character_action(clean, text)
    if extra is not None:
        return extra
    raise InvalidAction(text, detail="not a Kingsbridge action")
