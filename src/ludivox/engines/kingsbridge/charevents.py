"""Events of the full game (characters) and of the solo / co-op variants.

Kept apart from :mod:`ludivox.engines.kingsbridge.events` (whose classes the grammar checks
one by one); :data:`CHARACTER_EVENTS` lists them. Columns from 1, seats from 0, characters by
id (``ragna``). Only :class:`MalusCard` is private: every other card named here is on the
table, in the discard or face up (cards set aside with Wilwulf, cards Wigelm gives).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.base import Event


@dataclass(frozen=True)
class CharactersSet(Event):
    """Table set-up: ``seat``'s face-up character pile, top first."""

    seat: int
    characters: tuple[str, ...]


@dataclass(frozen=True)
class CharacterUsed(Event):
    """``seat`` uses ``character``'s power (what it does follows)."""

    seat: int
    character: str


@dataclass(frozen=True)
class CharacterPassed(Event):
    """The used ``character`` goes under the pile of ``to_seat`` (``seat``'s left neighbour)."""

    seat: int
    character: str
    to_seat: int


@dataclass(frozen=True)
class CharacterBoxed(Event):
    """Solo / co-op: the used ``character`` goes back in the box."""

    character: str


@dataclass(frozen=True)
class CharacterRevealed(Event):
    """Solo / co-op: ``character`` is turned face up from the deck."""

    character: str


@dataclass(frozen=True)
class EdgarLaid(Event):
    """``seat`` laid Edgar on ``column``, standing for ``value``."""

    seat: int
    column: int
    value: int


@dataclass(frozen=True)
class EdgarSwapped(Event):
    """``seat`` laid a ``value`` in Edgar's place in ``column`` and took him back."""

    seat: int
    column: int
    value: int


@dataclass(frozen=True)
class EdgarReturned(Event):
    """Edgar goes under ``seat``'s character pile (taken back, a finished column, or, given
    to the left neighbour, a column discarded by Wynstan or Den)."""

    seat: int


@dataclass(frozen=True)
class EdgarUnderDeck(Event):
    """Solo / co-op: Edgar left his column and goes under the character deck."""


@dataclass(frozen=True)
class CardsPlacedAtStart(Event):
    """Aldred: ``seat`` placed ``cards`` at the start of ``column``."""

    seat: int
    cards: tuple[int, ...]
    column: int


@dataclass(frozen=True)
class HoleFilled(Event):
    """``seat`` placed ``card`` into the hole of ``column``."""

    seat: int
    card: int
    column: int


@dataclass(frozen=True)
class HoleLeft(Event):
    """Ragna: ``column`` skipped ``value``; the hole may be filled later."""

    column: int
    value: int


@dataclass(frozen=True)
class ColumnMovedToStart(Event):
    """Aldred: ``cards`` from the end of ``source`` went before the first card of ``target``."""

    seat: int
    source: int
    target: int
    cards: tuple[int, ...]
    whole: bool


@dataclass(frozen=True)
class AsideCardsUsed(Event):
    """Among the cards just placed, ``cards`` came from those ``seat`` had set aside."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class CardsDiscarded(Event):
    """Wynstan or Den: ``cards`` left ``column`` for the discard (Edgar not included)."""

    seat: int
    column: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class CardsFromDiscard(Event):
    """Gytha: ``cards`` taken from the discard and laid on ``column``."""

    seat: int
    column: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class ColumnAdded(Event):
    """Roi Ethelred: a new ``column`` holding ``cards``."""

    seat: int
    column: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class ColumnRemoved(Event):
    """Roi Ethelred's ``column`` holds no card any more: it is gone."""

    column: int


@dataclass(frozen=True)
class CardGiven(Event):
    """Wigelm: the first ``card`` of ``column`` went face down on ``to_seat``'s pile."""

    seat: int
    to_seat: int
    column: int
    card: int


@dataclass(frozen=True)
class CardsSetAside(Event):
    """Wilwulf: ``seat`` set ``cards`` aside, face up (playable from the next turn)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class MalusAdded(Event):
    """Solo / co-op: ``seat`` put ``count`` card(s) on the malus pile (public: the count)."""

    seat: int
    count: int
    malus: int


@dataclass(frozen=True)
class MalusCard(Event):
    """Private to ``seat``: the value of the card they put on the malus pile."""

    seat: int
    card: int


@dataclass(frozen=True)
class AsideToMalus(Event):
    """Solo / co-op end: cards still set aside go on the malus pile."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class GameScored(Event):
    """Solo / co-op end: +1 per character left, +2 per empty column, -5 per malus card; won
    with at least 1 point (12 is good, 22 the maximum)."""

    score: int
    characters: int
    empty_columns: int
    malus: int
    won: bool


CHARACTER_EVENTS: tuple[type[Event], ...] = (
    CharactersSet, CharacterUsed, CharacterPassed, CharacterBoxed, CharacterRevealed,
    EdgarLaid, EdgarSwapped, EdgarReturned, EdgarUnderDeck, CardsPlacedAtStart, HoleFilled,
    HoleLeft, ColumnMovedToStart, AsideCardsUsed, CardsDiscarded, CardsFromDiscard,
    ColumnAdded, ColumnRemoved, CardGiven, CardsSetAside, MalusAdded, MalusCard,
    AsideToMalus, GameScored,
)
