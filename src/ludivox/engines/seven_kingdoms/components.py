"""The printed components of 7 Kingdoms, as values the engine receives in its configuration.

The engine never reads files: ``ludivox.gamedata.seven_kingdoms`` loads (and checks, with file
positions) the human-editable data file and builds a :class:`Components` value.

Known facts (rulebook and ``shared/data/seven_kingdoms/README.md``): 49 title cards numbered
1..49 in 7 ranks of 7 (Roi 1-7, Évêque 8-14, Général 15-21, Princesse 22-28, Chevalier 29-35,
Marchand 36-42, Paysan 43-49), each blason carries exactly one card of each rank, 7 blason
cards, 8 bonus tokens. Printed facts that are *not* known here (which blason a card carries,
the two places on a Paysan, the exact tokens) come from the data file, where unchecked values
are marked provisional; :attr:`Components.provisional` keeps those marks.

Ids: ranks are ASCII ids (:data:`RANKS`); blasons are ints 1..7 (neutral ids, optional
display names); places under the blason cards are numbered 1..7 from the left; tokens have
short string ids (``"x2"``, ``"+3"``, ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

CARD_COUNT = 49
BLASON_COUNT = 7
PLACES = 7  # the 7 places under the 7 blason cards, numbered 1..7
TOKEN_COUNT = 8

ROI = "roi"
EVEQUE = "eveque"
GENERAL = "general"
PRINCESSE = "princesse"
CHEVALIER = "chevalier"
MARCHAND = "marchand"
PAYSAN = "paysan"
RANKS: tuple[str, ...] = (ROI, EVEQUE, GENERAL, PRINCESSE, CHEVALIER, MARCHAND, PAYSAN)
RANK_SIZE = 7  # cards per rank: Roi 1-7, Évêque 8-14, ...

# Bonus token kinds (rulebook, "Calcul des scores").
DOUBLE = "double"  # x2: doubles the points of the cards carrying its blason
POINTS = "points"  # +1 .. +5
PEASANTS = "peasants"  # +1 per Paysan card validated
BLASONS = "blasons"  # +1 per different blason among the validated cards
TOKEN_KINDS: tuple[str, ...] = (DOUBLE, POINTS, PEASANTS, BLASONS)
TOKEN_ID = re.compile(r"[A-Za-z0-9+_][A-Za-z0-9+_-]*")
MIN_POINTS = 1
MAX_POINTS = 5


def rank_of(number: int) -> str:
    """The rank of title card ``number`` (1..49), from the rulebook's number ranges."""
    if not 1 <= number <= CARD_COUNT:
        raise ValueError(f"no title card {number}: cards are numbered 1..{CARD_COUNT}")
    return RANKS[(number - 1) // RANK_SIZE]


def rank_numbers(rank: str) -> range:
    """The card numbers of ``rank`` (``rank_numbers("eveque") == range(8, 15)``)."""
    i = RANKS.index(rank)
    return range(i * RANK_SIZE + 1, (i + 1) * RANK_SIZE + 1)


@dataclass(frozen=True)
class TitleCard:
    """One title card: its number, the blason it carries, and (Paysan only) its two places."""

    number: int
    blason: int
    places: tuple[int, ...] = ()

    @property
    def rank(self) -> str:
        """The card's rank id (derived from its number)."""
        return rank_of(self.number)


@dataclass(frozen=True)
class Blason:
    """One blason card: a neutral id 1..7 and, if known, its printed name."""

    id: int
    name: str | None = None


@dataclass(frozen=True)
class BonusToken:
    """One bonus token: ``kind`` is one of :data:`TOKEN_KINDS`; ``value`` is for ``points``."""

    id: str
    kind: str
    value: int = 0


@dataclass(frozen=True)
class Components:
    """Everything printed that the rules need.

    ``cards`` are ordered by number (``cards[n - 1].number == n``); ``provisional`` holds the
    keys (``"card:12"``, ``"token:x2"``, ``"blason:3"``) of values not yet checked against a
    real box.
    """

    cards: tuple[TitleCard, ...]
    blasons: tuple[Blason, ...]
    tokens: tuple[BonusToken, ...]
    provisional: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        problems = component_problems(self)
        if problems:
            raise ValueError("inconsistent 7 Kingdoms components: " + "; ".join(problems))

    def card(self, number: int) -> TitleCard:
        """The card numbered ``number``."""
        return self.cards[number - 1]

    def token(self, token_id: str) -> BonusToken:
        """The token with id ``token_id`` (``KeyError`` if there is none)."""
        for token in self.tokens:
            if token.id == token_id:
                return token
        raise KeyError(token_id)

    @property
    def token_ids(self) -> tuple[str, ...]:
        """Every token id, in data order."""
        return tuple(t.id for t in self.tokens)

    @property
    def blason_ids(self) -> tuple[int, ...]:
        """Every blason id, in data order."""
        return tuple(b.id for b in self.blasons)

    def is_provisional(self, key: str) -> bool:
        """True if the value named ``key`` (``"card:12"``, ...) is still provisional."""
        return key in self.provisional


def component_problems(c: Components) -> list[str]:
    """Every inconsistency in ``c`` (empty when the components are usable)."""
    problems: list[str] = []
    ids = [b.id for b in c.blasons]
    if sorted(ids) != list(range(1, BLASON_COUNT + 1)):
        problems.append(f"blason ids must be 1..{BLASON_COUNT} once each, got {ids}")
    numbers = [card.number for card in c.cards]
    if numbers != list(range(1, CARD_COUNT + 1)):
        problems.append(f"cards must be numbered 1..{CARD_COUNT} in order")
        return problems
    seen: dict[tuple[int, str], int] = {}
    for card in c.cards:
        if card.blason not in ids:
            problems.append(f"card {card.number}: unknown blason {card.blason}")
            continue
        key = (card.blason, card.rank)
        if key in seen:
            problems.append(
                f"blason {card.blason} has two {card.rank} cards ({seen[key]} and {card.number})"
            )
        seen[key] = card.number
        problems.extend(place_problems(card))
    for blason in ids:
        for rank in RANKS:
            if (blason, rank) not in seen and 1 <= blason <= BLASON_COUNT:
                problems.append(f"blason {blason} has no {rank} card")
    token_ids = [t.id for t in c.tokens]
    if len(c.tokens) != TOKEN_COUNT:
        problems.append(f"there must be {TOKEN_COUNT} bonus tokens, got {len(c.tokens)}")
    if len(set(token_ids)) != len(token_ids):
        problems.append(f"token ids must be unique, got {token_ids}")
    for token in c.tokens:
        problems.extend(token_problems(token))
    return problems


def place_problems(card: TitleCard) -> list[str]:
    """What is wrong with ``card``'s places (a Paysan needs two distinct places 1..7)."""
    if card.rank != PAYSAN:
        if card.places:
            return [f"card {card.number} is a {card.rank}: only Paysan cards show places"]
        return []
    places = card.places
    if len(places) != 2 or len(set(places)) != 2:
        return [f"Paysan {card.number} needs two different places, got {list(places)}"]
    bad = [p for p in places if not 1 <= p <= PLACES]
    if bad:
        return [f"Paysan {card.number}: places are numbered 1..{PLACES}, got {bad}"]
    return []


def token_problems(token: BonusToken) -> list[str]:
    """What is wrong with one token's kind and value."""
    if not TOKEN_ID.fullmatch(token.id):
        return [f"token id {token.id!r} must be letters, digits, '+', '_' or '-' (not first)"]
    if token.kind not in TOKEN_KINDS:
        return [f"token {token.id}: kind must be one of {', '.join(TOKEN_KINDS)}"]
    if token.kind == POINTS and not MIN_POINTS <= token.value <= MAX_POINTS:
        return [f"token {token.id}: points must be {MIN_POINTS}..{MAX_POINTS}"]
    if token.kind != POINTS and token.value != 0:
        return [f"token {token.id}: only points tokens have a value"]
    return []
