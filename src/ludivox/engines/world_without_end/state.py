"""The state of a game of Un monde sans fin: a frozen value, and a mutable working copy.

:class:`WweState` is what the engine hands out (frozen, hashable, comparable). The rules
modules work on a :class:`Table`, a mutable copy made by :func:`thaw` for one ``apply`` and
frozen back by :func:`freeze`: the input state is never touched.

Seats are numbered from 0 clockwise; ``active`` holds the blason. ``pending`` lists the
seats still to act in the current phase (the first acts now). ``queue`` holds questions that
interrupt the phase (an event's choice, a donor's healing, a free house), answered in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ludivox.engines.base import Event
from ludivox.engines.world_without_end.components import (
    RESOURCES,
    Components,
    EventCard,
)

VIRTUAL = "virtual"
TABLE = "table"
MODES = (VIRTUAL, TABLE)
FIRST_GAME = "first"
FULL = "full"
RULES = (FIRST_GAME, FULL)

# phases
DRAW = "event"  # the active player draws the period's event card (world, table mode)
TILE = "plague_tile"  # the plague tile turned over at the event's place (world, table mode)
ORIENT = "orient"  # the active player turns the event card
ACTION = "action"  # each seat plays an action card
DISCARD = "discard"  # full rules: the same seat discards one card face down
RANDOM_DISCARD = "random_discard"  # a lasting event: an opponent picks it at random (world)
TAX = "tax"  # end of period: the tax die (world, table mode)
PROTECT = "protect"  # end of period: loyalty paid against sanctions (or doubled losses)
PENITENCE = "penitence"  # start of period: a random card discarded (world, table mode)
OVER = "over"
PHASES = (DRAW, TILE, ORIENT, ACTION, DISCARD, RANDOM_DISCARD, TAX, PROTECT, PENITENCE, OVER)

SANCTIONS = ("penitence", "begging", "court")
CONTRIBUTIONS = ("piety", "grain", "gold")  # in the order of SANCTIONS

PRINTED_BASE = 100  # cards described at the table are numbered 101, 102, ...

# plague place status
NO_TILE, HIDDEN, SICK, HEALED = "", "hidden", "sick", "healed"


@dataclass(frozen=True)
class Prompt:
    """A question that interrupts the phase: ``kind`` asked of ``seat`` about ``arg``."""

    kind: str  # "exchange", "lose_one", "remove_house", "hospice", "free_house"
    seat: int
    arg: str = ""


@dataclass(frozen=True)
class SeatState:
    """One player: stock behind the screen (in RESOURCES order), score, action cards."""

    stock: tuple[int, ...]
    score: int = 0
    half: bool = False  # half a point (the end's gold)
    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()  # face up this period
    discards: tuple[str, ...] = ()  # face down this period (private)
    last_used: str = ""  # last card whose action was carried out this period (Privilège)
    sanctions: tuple[str, ...] = ()
    skip_discard: bool = False  # penitence: no face-down discard at the first action

    def has(self, resource: str) -> int:
        """How many of ``resource`` the seat holds."""
        return self.stock[RESOURCES.index(resource)]


@dataclass(frozen=True)
class ProjectState:
    """A project on the board: materials placed, donors' seats, finished or not."""

    id: str
    stone: int = 0
    wood: int = 0
    metal: int = 0
    donors: tuple[int, ...] = ()
    done: bool = False


@dataclass(frozen=True)
class WweState:
    """A position of Un monde sans fin (see the module docstring)."""

    players: int
    mode: str
    rules: str
    seed: int
    draws: int
    period: int
    round: int
    phase: str
    active: int
    pending: tuple[int, ...]
    queue: tuple[Prompt, ...]
    supply: tuple[int, ...]
    covers: tuple[str, ...]
    seats: tuple[SeatState, ...]
    decks: tuple[tuple[int, ...], ...]
    drawn: tuple[int, ...]
    orient: int
    lasting: tuple[int, ...]
    lasting_count: int
    favour: int
    projects: tuple[ProjectState, ...]
    houses: tuple[tuple[int, int], ...]  # (site, seat), by site
    tiles: tuple[int | None, ...]  # plague place 1..11 -> tile value (None: not known)
    places: tuple[str, ...]  # plague place 1..11 -> status
    tax: int = 0
    shortfalls: tuple[tuple[int, int, int], ...] = ()
    printed: tuple[EventCard, ...] = ()  # cards the table described (not in the data)

    @property
    def council(self) -> int | None:
        """The event card of this round (on the Council building), if drawn."""
        return self.drawn[-1] if self.drawn and self.phase not in (TAX, PROTECT) else None


# --- the mutable working copy ---------------------------------------------------------------
@dataclass
class Seat:
    """A seat being changed by a rule."""

    stock: dict[str, int]
    score: int = 0
    half: bool = False
    hand: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    last_used: str = ""
    sanctions: list[str] = field(default_factory=list)
    skip_discard: bool = False


@dataclass
class Proj:
    """A project being changed by a rule."""

    id: str
    stone: int = 0
    wood: int = 0
    metal: int = 0
    donors: list[int] = field(default_factory=list)
    done: bool = False


@dataclass
class Table:
    """The mutable working copy of a :class:`WweState` (same fields)."""

    players: int
    mode: str
    rules: str
    seed: int
    draws: int
    period: int
    round: int
    phase: str
    active: int
    pending: list[int]
    queue: list[Prompt]
    supply: dict[str, int]
    covers: list[str]
    seats: list[Seat]
    decks: list[tuple[int, ...]]
    drawn: list[int]
    orient: int
    lasting: list[int]
    lasting_count: int
    favour: int
    projects: list[Proj]
    houses: dict[int, int]
    tiles: list[int | None]
    places: list[str]
    tax: int = 0
    shortfalls: list[tuple[int, int, int]] = field(default_factory=list)
    printed: list[EventCard] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    """What happened while :func:`.transitions.perform` worked on this copy, in order
    (added where it happens: a card drawn, the tax die's dues); never frozen."""

    def clockwise(self, start: int) -> list[int]:
        """Every seat from ``start`` clockwise."""
        return [(start + i) % self.players for i in range(self.players)]

    def card(self, components: Components, number: int) -> EventCard:
        """An event card: from the data, or one the table described (numbers from 101)."""
        if number > PRINTED_BASE:
            return self.printed[number - PRINTED_BASE - 1]
        return components.event(number)

    def project(self, ident: str) -> Proj | None:
        """The project with this id if it is on the board."""
        return next((p for p in self.projects if p.id == ident), None)


def _stock(values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(RESOURCES, values, strict=True))


def _counts(stock: dict[str, int]) -> tuple[int, ...]:
    return tuple(stock[r] for r in RESOURCES)


def thaw(s: WweState) -> Table:
    """A mutable copy of ``s``."""
    return Table(
        s.players, s.mode, s.rules, s.seed, s.draws, s.period, s.round, s.phase, s.active,
        list(s.pending), list(s.queue), _stock(s.supply), list(s.covers),
        [
            Seat(_stock(x.stock), x.score, x.half, list(x.hand), list(x.played),
                 list(x.discards), x.last_used, list(x.sanctions), x.skip_discard)
            for x in s.seats
        ],
        list(s.decks), list(s.drawn), s.orient, list(s.lasting), s.lasting_count, s.favour,
        [Proj(p.id, p.stone, p.wood, p.metal, list(p.donors), p.done) for p in s.projects],
        dict(s.houses), list(s.tiles), list(s.places), s.tax, list(s.shortfalls), list(s.printed),
    )


def freeze(t: Table) -> WweState:
    """The frozen value of ``t``."""
    return WweState(
        t.players, t.mode, t.rules, t.seed, t.draws, t.period, t.round, t.phase, t.active,
        tuple(t.pending), tuple(t.queue), _counts(t.supply), tuple(t.covers),
        tuple(
            SeatState(_counts(x.stock), x.score, x.half, tuple(x.hand), tuple(x.played),
                      tuple(x.discards), x.last_used, tuple(x.sanctions), x.skip_discard)
            for x in t.seats
        ),
        tuple(t.decks), tuple(t.drawn), t.orient, tuple(t.lasting), t.lasting_count, t.favour,
        tuple(ProjectState(p.id, p.stone, p.wood, p.metal, tuple(p.donors), p.done)
              for p in t.projects),
        tuple(sorted(t.houses.items())), tuple(t.tiles), tuple(t.places), t.tax,
        tuple(t.shortfalls), tuple(t.printed),
    )


def fresh_supply(components: Components) -> dict[str, int]:
    """The full supply, before set-up."""
    return {r: components.total(r) for r in RESOURCES}
