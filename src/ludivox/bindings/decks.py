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
* Un monde sans fin (``un_monde_sans_fin.md``, "Matériel"): the 44 event cards, each tag
  carrying the facts printed on the card (``ludivox:monde-sans-fin/printed/12;p=2;c=...``,
  :mod:`ludivox.gamedata.world_without_end_tags`) so that a tagged deck needs no data table.
  The facts are written from the data file: check a card against your box (and correct the
  file, whose header says how) before tagging it; a card still marked provisional there
  carries provisional facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache

from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.nfc.payload import TagPayload

KINGSBRIDGE = "kingsbridge"
SEVEN_KINGDOMS = "seven-kingdoms"
WORLD_WITHOUT_END = "monde-sans-fin"

KINGSBRIDGE_EVENT_VALUES = tuple(range(1, 14))
KINGSBRIDGE_EVENT_COPIES = 8
KINGSBRIDGE_START_COPIES = 6
KINGSBRIDGE_CHARACTERS = CHARACTERS
"""The character ids, in the engine's order."""

FACTS_SEPARATOR = ";"
SEVEN_KINGDOMS_CARDS = tuple(range(1, 50))
SEVEN_KINGDOMS_BLASONS = tuple(range(1, 8))


@dataclass(frozen=True)
class DeckCard:
    """One physical card to tag: what its tag says, and which copy of that card it is."""

    payload: TagPayload
    copy: int = 1
    copies: int = 1
    facts: str = ""
    """Printed facts written after the value (``12;p=2;c=...``): the tag carries the card."""

    @property
    def key(self) -> str:
        """Stable id in a progress file: ``event/7#3`` (``character/aldred`` for one copy)."""
        base = f"{self.payload.kind}/{self.payload.value}"
        return f"{base}#{self.copy}" if self.copies > 1 else base

    @property
    def uri(self) -> str:
        """The payload text written on the tag (with the card's facts when it has any)."""
        if self.facts:
            return replace(self.payload, value=self.facts).uri()
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
        value = payload.value.partition(FACTS_SEPARATOR)[0]  # a tag's facts follow its value
        return tuple(
            c for c in self.cards
            if c.payload.kind == kind and _same_value(c.payload.value, value)
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


def _world_without_end() -> Deck:
    from ludivox.gamedata.world_without_end import load_components
    from ludivox.gamedata.world_without_end_tags import KIND, tag_facts

    cards = tuple(
        DeckCard(TagPayload(WORLD_WITHOUT_END, KIND, str(card.number)), facts=tag_facts(card))
        for card in sorted(load_components().events, key=lambda c: c.number)
    )
    return Deck(WORLD_WITHOUT_END, WORLD_WITHOUT_END, "world_without_end", cards)


_BUILDERS: dict[str, Callable[[], Deck]] = {
    KINGSBRIDGE: _kingsbridge, SEVEN_KINGDOMS: _seven_kingdoms,
    WORLD_WITHOUT_END: _world_without_end,
}
DECK_NAMES: tuple[str, ...] = tuple(_BUILDERS)


@cache
def _deck(name: str) -> Deck:
    """Built when first asked (Un monde sans fin's reads its data file)."""
    return _BUILDERS[name]()


def get_deck(name: str) -> Deck:
    """The deck called ``name`` (``kingsbridge``, ``seven-kingdoms``; ``_`` for ``-`` is
    accepted). Raises :class:`UnknownDeck`."""
    key = name.strip().lower().replace("_", "-")
    if key not in _BUILDERS:
        raise UnknownDeck(name)
    return _deck(key)


def deck_for_game(game: str) -> Deck | None:
    """The deck whose tags carry this payload game id, None for other games."""
    return _deck(game) if game in _BUILDERS else None  # every deck's name is its game id


__all__ = [
    "DECK_NAMES",
    "KINGSBRIDGE",
    "KINGSBRIDGE_CHARACTERS",
    "SEVEN_KINGDOMS",
    "WORLD_WITHOUT_END",
    "Deck",
    "DeckCard",
    "UnknownDeck",
    "UnknownSelection",
    "deck_for_game",
    "get_deck",
]
