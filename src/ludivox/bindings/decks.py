"""The decks whose cards can be tagged, card by card, in the order a person tags them.

Each card of a deck is one tag to write: its payload (:mod:`ludivox.nfc.payload`) and, for
cards printed in several copies, which copy it is ("le sept, exemplaire 3 sur 8"). Names are
not here: they are said from the grammar's responses (``tagging.card``), so this module holds
no French.

Sources (``shared/rules``):

* Kingsbridge (``kingsbridge_adapted.md``, "Matériel"): 104 event cards, values 1 to 13 in 8
  copies each, 10 character cards and 6 identical column start cards. The character ids are
  the engine's (``engines/kingsbridge/state.py`` ``CHARACTERS``). The start cards all carry
  ``ludivox:kingsbridge/start/column``: scanned, the game says it is a column start card,
  not a card to play.
* 7 Kingdoms (``seven_kingdoms.md``): the 49 title cards numbered 1 to 49
  (``ludivox:seven-kingdoms/card/<n>``) and the 7 blason cards (``.../blason/<n>``), as the
  7 Kingdoms binding reads them. The bonus tokens are left out: their list is provisional
  (``gamedata/seven_kingdoms.yaml``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.nfc.payload import TagPayload

KINGSBRIDGE = "kingsbridge"
SEVEN_KINGDOMS = "seven-kingdoms"

KINGSBRIDGE_EVENT_VALUES = tuple(range(1, 14))
KINGSBRIDGE_EVENT_COPIES = 8
KINGSBRIDGE_START_COPIES = 6
KINGSBRIDGE_CHARACTERS = CHARACTERS
"""The character ids, in the engine's order."""

SEVEN_KINGDOMS_CARDS = tuple(range(1, 50))
SEVEN_KINGDOMS_BLASONS = tuple(range(1, 8))


@dataclass(frozen=True)
class DeckCard:
    """One physical card to tag: what its tag says, and which copy of that card it is."""

    payload: TagPayload
    copy: int = 1
    copies: int = 1

    @property
    def key(self) -> str:
        """Stable id in a progress file: ``event/7#3`` (``character/aldred`` for one copy)."""
        base = f"{self.payload.kind}/{self.payload.value}"
        return f"{base}#{self.copy}" if self.copies > 1 else base

    @property
    def uri(self) -> str:
        """The payload text written on the tag."""
        return self.payload.uri()


class UnknownDeck(KeyError):
    """No deck of that name (``decks`` lists the known ones)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.decks = tuple(DECK_NAMES)
        super().__init__(f"unknown deck {name!r}; known: {', '.join(DECK_NAMES)}")


class UnknownSelection(ValueError):
    """An ``--only`` word that names no card of the deck."""

    def __init__(self, word: str) -> None:
        self.word = word
        super().__init__(f"no card of this deck matches {word!r}")


@dataclass(frozen=True)
class Deck:
    """The cards of one game's box, in tagging order."""

    name: str
    """Command-line name and progress file name (``kingsbridge``)."""
    game: str
    """The payload's game id."""
    grammar: str
    """The grammar folder whose responses name the cards (``character.<id>``...)."""
    cards: tuple[DeckCard, ...]

    def index(self, key: str) -> int | None:
        """Position of the card with this key, None when it is not in the deck."""
        for i, card in enumerate(self.cards):
            if card.key == key:
                return i
        return None

    def card(self, key: str) -> DeckCard | None:
        """The card with this key, None when it is not in the deck."""
        i = self.index(key)
        return None if i is None else self.cards[i]

    def select(self, words: Iterable[str]) -> tuple[DeckCard, ...]:
        """The cards matching any of ``words``: a value (``7``, ``aldred``), a kind
        (``character``) or a key (``event/7#3``). No words: the whole deck.

        Raises :class:`UnknownSelection` for a word that matches no card.
        """
        chosen: set[str] = set()
        for raw in words:
            word = raw.strip().lower()
            if not word:
                continue
            hits = {
                c.key for c in self.cards
                if word in (c.payload.value.lower(), c.payload.kind, c.key, c.uri)
            }
            if not hits:
                raise UnknownSelection(raw)
            chosen |= hits
        if not chosen:
            return self.cards
        return tuple(c for c in self.cards if c.key in chosen)

    def for_payload(self, payload: TagPayload) -> tuple[DeckCard, ...]:
        """The deck's cards carrying this payload (every copy); ``()`` when none does.

        The shorthand ``kingsbridge:7`` (no kind) names the game's ordinary card. A number
        is read as the games read it (``07`` is ``7``, as are other scripts' digits).
        """
        if payload.game != self.game:
            return ()
        kind = payload.kind or self.cards[0].payload.kind
        return tuple(
            c for c in self.cards
            if c.payload.kind == kind and _same_value(c.payload.value, payload.value)
        )


def _same_value(ours: str, theirs: str) -> bool:
    if ours.isdecimal() and theirs.isdecimal():
        return int(ours) == int(theirs)
    return ours.lower() == theirs.lower()


def _kingsbridge() -> Deck:
    events = tuple(
        DeckCard(TagPayload(KINGSBRIDGE, "event", str(v)), copy, KINGSBRIDGE_EVENT_COPIES)
        for v in KINGSBRIDGE_EVENT_VALUES
        for copy in range(1, KINGSBRIDGE_EVENT_COPIES + 1)
    )
    characters = tuple(
        DeckCard(TagPayload(KINGSBRIDGE, "character", c)) for c in KINGSBRIDGE_CHARACTERS
    )
    starts = tuple(
        DeckCard(TagPayload(KINGSBRIDGE, "start", "column"), copy, KINGSBRIDGE_START_COPIES)
        for copy in range(1, KINGSBRIDGE_START_COPIES + 1)
    )
    return Deck(KINGSBRIDGE, KINGSBRIDGE, "kingsbridge", events + characters + starts)


def _seven_kingdoms() -> Deck:
    cards = tuple(
        DeckCard(TagPayload(SEVEN_KINGDOMS, "card", str(n))) for n in SEVEN_KINGDOMS_CARDS
    )
    blasons = tuple(
        DeckCard(TagPayload(SEVEN_KINGDOMS, "blason", str(n))) for n in SEVEN_KINGDOMS_BLASONS
    )
    return Deck(SEVEN_KINGDOMS, SEVEN_KINGDOMS, "seven_kingdoms", cards + blasons)


_DECKS = {KINGSBRIDGE: _kingsbridge(), SEVEN_KINGDOMS: _seven_kingdoms()}
DECK_NAMES: tuple[str, ...] = tuple(_DECKS)


def get_deck(name: str) -> Deck:
    """The deck called ``name`` (``kingsbridge``, ``seven-kingdoms``; ``_`` for ``-`` is
    accepted). Raises :class:`UnknownDeck`."""
    deck = _DECKS.get(name.strip().lower().replace("_", "-"))
    if deck is None:
        raise UnknownDeck(name)
    return deck


def deck_for_game(game: str) -> Deck | None:
    """The deck whose tags carry this payload game id, None for other games."""
    return next((d for d in _DECKS.values() if d.game == game), None)


__all__ = [
    "DECK_NAMES", "KINGSBRIDGE", "KINGSBRIDGE_CHARACTERS", "SEVEN_KINGDOMS", "Deck", "DeckCard",
    "UnknownDeck", "UnknownSelection", "deck_for_game", "get_deck",
]
