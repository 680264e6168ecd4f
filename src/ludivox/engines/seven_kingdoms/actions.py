"""7 Kingdoms actions: small hashable values with a round-trippable text form.

Conventions used across the 7 Kingdoms engine:

* title cards are ints 1..49 (their printed numbers);
* places under the blason cards and blason positions are numbered 1..7 from the left
  (position I = 1);
* blasons are ids 1..7, bonus tokens short string ids (``x2``, ``+3``, ...);
* seats are numbered from 0 in turn order.

Actions never name the acting seat: it is the one :meth:`awaiting` names (or the world).
``Take`` keeps its cards ascending, so equal requests are equal values.

Text forms (``text()`` / :func:`parse_action`)::

    play 44              Play(44)               phase 1: play a card from the hand
    bonus x2             ChooseToken("x2")      Évêque: place this revealed token
    take 9 25 keep 9     Take((9, 25), (9,))    take 9 and 25, 9 into the hand, 25 validated
    take 33              Take((33,))            take 33 and validate it
    take nothing         Take(())               take no card
    blason 3             RevealBlason(3)        world (table): the next blason card, from I
    token +3             RevealToken("+3")      world (table): a token turned face up
    first 2              SetFirst(2)            world (table): seat 2 has the first-player pawn
    card 12              RevealCard(12)         world (table): card turned up into the row
    hand 1 12            RevealHand(1, 12)      world (table, game over): seat 1 shows card 12
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ludivox.engines.base import InvalidAction
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, TOKEN_ID


def _cards_text(cards: tuple[int, ...]) -> str:
    return " ".join(map(str, cards))


@dataclass(frozen=True)
class Play:
    """Phase 1: play ``card`` from the hand, face up."""

    card: int
    kind: ClassVar[str] = "play"

    def text(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class ChooseToken:
    """Évêque: take the revealed bonus token ``token`` and place it on the leftmost blason
    card that has none."""

    token: str
    kind: ClassVar[str] = "bonus"

    def text(self) -> str:
        return f"bonus {self.token}"


@dataclass(frozen=True)
class Take:
    """Take ``cards`` from under the blasons; those in ``keep`` go into the hand, the others
    are validated into the kingdom. Both are kept ascending."""

    cards: tuple[int, ...]
    keep: tuple[int, ...] = ()
    kind: ClassVar[str] = "take"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        object.__setattr__(self, "keep", tuple(sorted(self.keep)))

    @property
    def validated(self) -> tuple[int, ...]:
        """The taken cards that go into the kingdom."""
        return tuple(c for c in self.cards if c not in self.keep)

    def text(self) -> str:
        if not self.cards:
            return "take nothing"
        out = f"take {_cards_text(self.cards)}"
        if self.keep:
            out += f" keep {_cards_text(self.keep)}"
        return out


@dataclass(frozen=True)
class RevealBlason:
    """World (table set-up): the blason card at the next position, from I, is ``blason``."""

    blason: int
    kind: ClassVar[str] = "blason"

    def text(self) -> str:
        return f"blason {self.blason}"


@dataclass(frozen=True)
class RevealToken:
    """World (table): the bonus token turned face up is ``token``."""

    token: str
    kind: ClassVar[str] = "token"

    def text(self) -> str:
        return f"token {self.token}"


@dataclass(frozen=True)
class SetFirst:
    """World (table set-up): ``seat`` was chosen as first player."""

    seat: int
    kind: ClassVar[str] = "first"

    def text(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True)
class RevealCard:
    """World (table): the card turned up from the draw pile into the next empty place."""

    card: int
    kind: ClassVar[str] = "card"

    def text(self) -> str:
        return f"card {self.card}"


@dataclass(frozen=True)
class RevealHand:
    """World (table, game over): ``seat`` shows ``card``, one of their hidden hand cards."""

    seat: int
    card: int
    kind: ClassVar[str] = "hand"

    def text(self) -> str:
        return f"hand {self.seat} {self.card}"


SevenKingdomsAction = (
    Play | ChooseToken | Take | RevealBlason | RevealToken | SetFirst | RevealCard | RevealHand
)
ACTION_KINDS: tuple[str, ...] = (
    "play", "bonus", "take", "blason", "token", "first", "card", "hand",
)
WORLD_KINDS = frozenset({"blason", "token", "first", "card", "hand"})

_INT = r"(\d+)"
_INTS = r"(\d+(?: \d+)*)"
_TOKEN = rf"({TOKEN_ID.pattern})"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"play {_INT}"), "play"),
    (re.compile(rf"bonus {_TOKEN}"), "bonus"),
    (re.compile(r"take nothing"), "take0"),
    (re.compile(rf"take {_INTS}(?: keep {_INTS})?"), "take"),
    (re.compile(rf"blason {_INT}"), "blason"),
    (re.compile(rf"token {_TOKEN}"), "token"),
    (re.compile(rf"first {_INT}"), "first"),
    (re.compile(rf"card {_INT}"), "card"),
    (re.compile(rf"hand {_INT} {_INT}"), "hand"),
)


def _card(text: str, raw: str) -> int:
    value = int(raw)
    if not 1 <= value <= CARD_COUNT:
        raise InvalidAction(text, detail=f"card {value} is not between 1 and {CARD_COUNT}")
    return value


def _cards(text: str, raw: str) -> tuple[int, ...]:
    return tuple(_card(text, x) for x in raw.split())


def parse_action(text: str) -> SevenKingdomsAction:
    """Parse an action's text form (see the module docstring); raises InvalidAction."""
    clean = " ".join(text.strip().split())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(clean)
        if not m:
            continue
        g = m.groups()
        if kind == "play":
            return Play(_card(text, g[0]))
        if kind == "bonus":
            return ChooseToken(g[0])
        if kind == "take0":
            return Take(())
        if kind == "take":
            return Take(_cards(text, g[0]), _cards(text, g[1]) if g[1] else ())
        if kind == "blason":
            return RevealBlason(int(g[0]))
        if kind == "token":
            return RevealToken(g[0])
        if kind == "first":
            return SetFirst(int(g[0]))
        if kind == "card":
            return RevealCard(_card(text, g[0]))
        return RevealHand(int(g[0]), _card(text, g[1]))
    raise InvalidAction(text, detail="not a 7 Kingdoms action")
