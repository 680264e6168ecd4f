"""The printed components of Un monde sans fin as values (built by ``ludivox.gamedata``).

Resources are ids (``stone``, ``wood``, ``grain``, ``wool``, ``cloth``, ``gold``, ``piety``,
``medicine`` for medical knowledge, ``loyalty``, ``metal``); victory points are ``vp``. A
*gain* is a tuple of ``(resource, amount)`` pairs. Action cards are ids (:data:`ACTION_CARDS`),
the six starred ones first. The favour track's spaces are ids (:data:`FAVOURS`).

An event card's income corners are listed clockwise, starting with the corner that goes to
the side the red arrow points at: with the arrow on side ``a``, the player sitting at side
``s`` receives ``corners[(s - a) % 4]`` and the favour marker moves ``council[a]`` spaces.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RESOURCES: tuple[str, ...] = (
    "stone", "wood", "grain", "wool", "cloth", "gold", "piety", "medicine", "loyalty", "metal",
)
VP = "vp"
GAINS: tuple[str, ...] = (*RESOURCES, VP)
MATERIALS: tuple[str, ...] = ("stone", "wood")
# The box's counts (shared/data/world_without_end/README.md: known, not provisional); the
# data file carries them too, so a different edition can be entered.
SUPPLY: dict[str, int] = {
    "stone": 25, "wood": 15, "metal": 1, "grain": 10, "wool": 15, "cloth": 12, "gold": 28,
    "piety": 12, "medicine": 20, "loyalty": 14,
}
COVERS = 5
HOUSES_PER_PLAYER = 4
SEALS_PER_PLAYER = 2
START_SCORE = 8
START_STOCK: dict[str, int] = {"wool": 1, "gold": 2}
PERIODS = 4
ROUNDS = 6
CARDS_PER_PERIOD = 11

STARRED: tuple[str, ...] = ("ble", "piete", "materiau", "projet", "vente", "privilege")
OTHERS: tuple[str, ...] = ("maison", "recolte", "don", "tissu", "medecine", "faveur")
ACTION_CARDS: tuple[str, ...] = (*STARRED, *OTHERS)

FAVOURS: tuple[str, ...] = (
    "reine", "prieur", "guilde", "prieure", "marchand", "roi", "comte", "hors_la_loi", "eveque",
)
PLAGUE_PLACES = 11
OUTLAW_PLACE = 11  # the outlaws' hiding place in the wood: 2 points, no reward
FREE_HOUSE = "free_house"  # a plague reward: build one of one's houses for nothing

# effect operations (the vocabulary of event cards; see ludivox.gamedata.world_without_end)
WHO = ("active", "each", "others")
IMMEDIATE_OPS = (
    "gain", "lose", "exchange", "lose_one", "cover", "uncover", "project", "cover_others",
    "complete", "remove_house", "pardon", "said",
)
LASTING_OPS = (
    "renounce_gain", "card_bonus", "card_blocked", "wool_price", "exchange", "random_discard",
    "said",
)
COVER_TARGETS = ("favour", "market", "project")


Gain = tuple[tuple[str, int], ...]


def gain_of(pairs: dict[str, int]) -> Gain:
    """A gain in the canonical order of :data:`GAINS`, without zero amounts."""
    return tuple((r, pairs[r]) for r in GAINS if pairs.get(r))


@dataclass(frozen=True)
class Op:
    """One operation of an event card's effect.

    ``kind`` is one of :data:`IMMEDIATE_OPS` or :data:`LASTING_OPS`; ``who`` one of
    :data:`WHO`; ``give``/``get`` are gains; ``target`` names a space (``favour:roi``,
    ``market:wool``, ``market:cloth``, ``project:font``) or a project id; ``card`` an action
    card; ``amount`` a number (the wool price); ``options`` the resources of a ``lose_one``.
    """

    kind: str
    who: str = "each"
    give: Gain = ()
    get: Gain = ()
    target: str = ""
    card: str = ""
    amount: int = 0
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class EventCard:
    """An event card: number, period, name, lasting or not, corners, plague place, effect."""

    number: int
    period: int
    name: str
    lasting: bool
    corners: tuple[Gain, Gain, Gain, Gain]
    place: int = 0  # plague place 1..11 (periods III and IV)
    ops: tuple[Op, ...] = ()

    @property
    def said(self) -> bool:
        """The vocabulary cannot express this card: the players apply what it says."""
        return any(op.kind == "said" for op in self.ops)


@dataclass(frozen=True)
class HouseSite:
    """One of the 14 house sites: the material it needs and the income it produces."""

    number: int
    material: str
    income: Gain


@dataclass(frozen=True)
class Project:
    """A building project: its stone and wood slots, the donors' bonus, how it comes in."""

    id: str
    stone: int
    wood: int
    bonus: Gain
    metal: int = 0  # the bell tower's spire
    start: str = "event"  # "board" (in play from the start), "period3", "event"
    heal: bool = False  # the hospice: each donor may heal one sick citizen
    name: str = ""


@dataclass(frozen=True)
class Components:
    """Every printed fact the engine needs; ``provisional`` names the unchecked items."""

    events: tuple[EventCard, ...]
    sites: tuple[HouseSite, ...]
    projects: tuple[Project, ...]
    rewards: tuple[Gain | str, ...]  # plague place 1..11 -> reward (or FREE_HOUSE)
    tiles: tuple[int, ...]  # the 11 plague tiles' values
    tax_faces: tuple[int, ...]
    favours: tuple[str, ...] = FAVOURS
    favour_start: int = 0
    council: tuple[int, int, int, int] = (0, 1, 2, 3)
    market_cloth_covered: bool = True
    provisional: frozenset[str] = field(default=frozenset())
    supply: tuple[tuple[str, int], ...] = tuple(SUPPLY.items())
    covers: int = COVERS
    houses: int = HOUSES_PER_PLAYER
    seals: int = SEALS_PER_PLAYER
    start_score: int = START_SCORE
    start_stock: Gain = tuple(START_STOCK.items())

    def total(self, resource: str) -> int:
        """How many of ``resource`` the box holds."""
        return dict(self.supply).get(resource, 0)

    def event(self, number: int) -> EventCard:
        """The event card with this number (KeyError if none)."""
        for card in self.events:
            if card.number == number:
                return card
        raise KeyError(number)

    def project(self, ident: str) -> Project:
        """The project with this id (KeyError if none)."""
        for p in self.projects:
            if p.id == ident:
                return p
        raise KeyError(ident)

    def site(self, number: int) -> HouseSite:
        """House site 1..14."""
        return self.sites[number - 1]

    def period_cards(self, period: int) -> tuple[int, ...]:
        """The numbers of the event cards of ``period``."""
        return tuple(c.number for c in self.events if c.period == period)

    def is_provisional(self, key: str) -> bool:
        """Whether the item ``key`` (``event:12``, ``site:3``...) is not checked on a box."""
        return key in self.provisional
