"""Pure board queries for players who explore by ear (no language: ids and numbers only).

* :func:`describe` — one hex: terrain, what stands there, its six neighbours in the fixed
  order :data:`CLOCKWISE` (north-east, east, south-east, south-west, west, north-west).
* :func:`surroundings` — the free hexes around a player's settlements, counted by terrain,
  and the castles and locations they touch.
* :func:`nearest` — the castles, locations or hexes of a terrain nearest to a player's
  settlements (by hex distance), nearest first.
* :func:`free_near` — free hexes of a terrain next to a player's settlements.
* :func:`next_to` — every hex touching a castle, a location, a terrain or one's settlements.
* :func:`where_to_build` — the hexes allowed now for the mandatory action (or a tile),
  grouped by board section, with the rule that decides (``placement.ADJACENT``...).

Sections are the four quadrants (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right);
each is also known by its location kind (``board.layout.sections[q]``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.grid import Hex
from ludivox.engines.kingdom_builder.placement import Placements, place_targets
from ludivox.engines.kingdom_builder.state import KingdomBuilderState

CLOCKWISE: tuple[str, ...] = ("ne", "e", "se", "sw", "w", "nw")
"""The fixed order in which a hex's neighbours are described (clockwise from north-east)."""

KINDS = ("castle", "location", "water", "mountain", *BUILDABLE)
"""What :func:`nearest` can look for."""


@dataclass(frozen=True)
class HexFacts:
    """What is on one hex: terrain id, location kind (or ``None``), owner seat (or ``None``),
    tiles left on a location, Capitol / Cave tiles, section (quadrant)."""

    hex: Hex
    terrain: str
    location: str | None
    owner: int | None
    tiles_left: int
    capitol: bool
    cave: bool
    section: int


@dataclass(frozen=True)
class Neighbour:
    """A neighbour in one direction (``facts`` ``None``: off the board)."""

    direction: str
    facts: HexFacts | None


@dataclass(frozen=True)
class Description:
    """A hex and its six neighbours in :data:`CLOCKWISE` order."""

    facts: HexFacts
    neighbours: tuple[Neighbour, ...]


def facts(state: KingdomBuilderState, hex_: Hex) -> HexFacts:
    """What stands on ``hex_`` (which must be on the board)."""
    board = state.board
    location = board.location_at(hex_)
    return HexFacts(
        hex=hex_,
        terrain=board.terrain_at(hex_),
        location=location,
        owner=state.owner_at(hex_),
        tiles_left=state.tiles_left_at(hex_) if location else 0,
        capitol=hex_ in board.capitols,
        cave=hex_ in board.caves,
        section=board.section_at(hex_),
    )


def describe(state: KingdomBuilderState, hex_: Hex) -> Description:
    """``hex_`` and its neighbours; ``ValueError`` when it is off the board."""
    if not grid.on_board(hex_):
        r, c = grid.spoken(hex_)
        raise ValueError(f"no hex at row {r}, column {c}")
    around = []
    for d in CLOCKWISE:
        n = grid.step(hex_, d)
        around.append(Neighbour(d, facts(state, n) if grid.on_board(n) else None))
    return Description(facts(state, hex_), tuple(around))


@dataclass(frozen=True)
class Surroundings:
    """Around a player's settlements: free hexes by terrain (most first, then by terrain
    order), and the castle and location hexes next to them."""

    settlements: int
    free: tuple[tuple[str, int], ...]
    castles: tuple[Hex, ...]
    locations: tuple[Hex, ...]


def _ring(state: KingdomBuilderState, seat: int) -> list[int]:
    """Indexes of the hexes next to ``seat``'s settlements (not theirs), row by row."""
    own = {i for i, o in enumerate(state.owner) if o == seat}
    return sorted({n for i in own for n in grid.NEIGHBOURS[i]} - own)


def surroundings(state: KingdomBuilderState, seat: int) -> Surroundings:
    """What lies around ``seat``'s settlements."""
    board = state.board
    ring = _ring(state, seat)
    counts: dict[str, int] = {}
    for i in ring:
        if state.owner[i] == -1 and board.terrain[i] not in ("castle", "location"):
            counts[board.terrain[i]] = counts.get(board.terrain[i], 0) + 1
    order = list(KINDS)
    free = tuple(sorted(counts.items(), key=lambda kv: (-kv[1], order.index(kv[0]))))
    return Surroundings(
        settlements=len(state.settlements(seat)),
        free=free,
        castles=tuple(grid.at(i) for i in ring if board.terrain[i] == "castle"),
        locations=tuple(grid.at(i) for i in ring if board.terrain[i] == "location"),
    )


@dataclass(frozen=True)
class Nearby:
    """A hex found by :func:`nearest`, its distance to the closest of the player's
    settlements (0 when the player has none) and that settlement (``None`` then)."""

    hex: Hex
    distance: int
    from_hex: Hex | None


def _targets(state: KingdomBuilderState, kind: str) -> list[int]:
    board = state.board
    if kind == "castle":
        return list(board.castles)
    if kind == "location":
        return list(board.locations)
    if kind not in KINDS:
        raise ValueError(f"cannot look for {kind!r} (one of {', '.join(KINDS)})")
    cells = board.cells_of.get(kind, ())
    if kind in BUILDABLE or kind == "water":
        return [i for i in cells if state.owner[i] == -1]
    return list(cells)


def nearest(state: KingdomBuilderState, seat: int, kind: str, limit: int = 3) -> tuple[Nearby, ...]:
    """The ``limit`` hexes of ``kind`` (``KINDS``; free ones for terrains) nearest to
    ``seat``'s settlements, nearest first, ties in row order."""
    own = state.settlements(seat)
    found: list[Nearby] = []
    for i in _targets(state, kind):
        h = grid.at(i)
        if not own:
            found.append(Nearby(h, 0, None))
            continue
        best = min(own, key=lambda s: (grid.distance(s, h), s))
        found.append(Nearby(h, grid.distance(best, h), best))
    found.sort(key=lambda n: (n.distance, n.hex))
    return tuple(found[:limit])


def free_near(state: KingdomBuilderState, seat: int, terrain: str) -> tuple[Hex, ...]:
    """The free hexes of ``terrain`` next to ``seat``'s settlements, row by row."""
    board = state.board
    return tuple(
        grid.at(i)
        for i in _ring(state, seat)
        if board.terrain[i] == terrain and state.owner[i] == -1
    )


def next_to(state: KingdomBuilderState, seat: int, kind: str) -> tuple[Hex, ...]:
    """The hexes touching a hex of ``kind`` (:data:`KINDS`, every cell of a terrain, free or
    not; ``"own"``: ``seat``'s settlements), row by row."""
    board = state.board
    if kind == "own":
        around = [grid.index(h) for h in state.settlements(seat)]
    elif kind == "castle":
        around = list(board.castles)
    elif kind == "location":
        around = list(board.locations)
    elif kind in KINDS:
        around = list(board.cells_of.get(kind, ()))
    else:
        raise ValueError(f"cannot look next to {kind!r} (own, or one of {', '.join(KINDS)})")
    return tuple(sorted({n for i in around for n in grid.neighbours(grid.at(i))}))


@dataclass(frozen=True)
class Grouped:
    """Allowed hexes grouped by section (quadrant, hexes), largest group first, and the
    rule that decides them (``adjacent``, ``anywhere``, ``unrestricted``, ``none``)."""

    rule: str
    total: int
    groups: tuple[tuple[int, tuple[Hex, ...]], ...]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every allowed hex, group by group."""
        return tuple(h for _, hexes in self.groups for h in hexes)


def group(state: KingdomBuilderState, placements: Placements) -> Grouped:
    """Group allowed hexes by section, largest first (ties: quadrant order)."""
    by: dict[int, list[Hex]] = {}
    for h in placements.hexes:
        by.setdefault(state.board.section_at(h), []).append(h)
    groups = tuple(
        (q, tuple(hexes)) for q, hexes in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    )
    return Grouped(placements.rule, len(placements.hexes), groups)


def where_to_build(
    state: KingdomBuilderState, kind: str = "build", seat: int | None = None
) -> Grouped:
    """Where ``seat`` (default: the current player) may place a settlement now with
    ``kind`` (the mandatory action, or a placing tile), grouped by section."""
    return group(state, place_targets(state, kind, seat))


__all__ = [
    "CLOCKWISE",
    "KINDS",
    "Description",
    "Grouped",
    "HexFacts",
    "Nearby",
    "Neighbour",
    "Surroundings",
    "describe",
    "facts",
    "free_near",
    "group",
    "nearest",
    "surroundings",
    "where_to_build",
]
