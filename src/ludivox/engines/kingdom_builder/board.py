"""Board sections and the assembled 20 x 20 board (a value given to the engine, never read
from a file here: ``ludivox.gamedata.kingdom_builder`` loads the sections).

Rulebook, "Mise en place" 1: "Prenez 4 sections de plateau de jeu sur les 8 proposées (vous
pouvez les choisir ou les prendre au hasard, selon votre préférence) et assemblez-les de
façon à former un plateau de jeu rectangulaire". Each section is placed in one quadrant
(top-left, top-right, bottom-left, bottom-right), as printed or turned 180 degrees; a turned
section's hex ``(r, c)`` lands on ``(9 - r, 9 - c)`` of its quadrant. Sections are named by
their location kind (``"tavern"``, ``"oracle"``...), since each section has its own.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.components import LOCATION_KINDS, TERRAIN_CODES
from ludivox.engines.kingdom_builder.grid import Hex

SECTION_SIZE = 10
QUADRANTS: tuple[str, ...] = ("top_left", "top_right", "bottom_left", "bottom_right")
_ORIGINS: tuple[Hex, ...] = ((0, 0), (0, 10), (10, 0), (10, 10))

CAPITOL_SECTIONS: tuple[str, ...] = ("harbor", "oracle")
"""Queenie 1: "Si la section de plateau de jeu contenant le lieu Port ou le lieu Oracle est
en jeu, placez une des deux tuiles Capitole sur un des châteaux de la section"."""


class BoardError(ValueError):
    """A section or board description is inconsistent (bad data or a bad set-up choice)."""


@dataclass(frozen=True)
class Section:
    """One printed 10 x 10 board section: terrain rows (letters of ``TERRAIN_CODES``) and the
    kind of its location hexes (``L`` cells)."""

    name: str
    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.name not in LOCATION_KINDS:
            raise BoardError(f"section {self.name!r}: unknown location kind")
        if len(self.rows) != SECTION_SIZE or any(len(r) != SECTION_SIZE for r in self.rows):
            raise BoardError(f"section {self.name!r}: needs 10 rows of 10 hexes")
        bad = {ch for row in self.rows for ch in row} - set(TERRAIN_CODES)
        if bad:
            raise BoardError(f"section {self.name!r}: unknown terrain letters {sorted(bad)}")

    @property
    def location(self) -> str:
        """The kind of this section's location hexes (its tiles)."""
        return self.name

    def cells(self, letter: str) -> tuple[Hex, ...]:
        """The section's hexes (local, 0-based) showing terrain ``letter``."""
        return tuple(
            (r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == letter
        )


@dataclass(frozen=True)
class Layout:
    """Which section lies in each quadrant (top-left, top-right, bottom-left, bottom-right)
    and whether it is turned 180 degrees. Text form: ``tavern,paddock,oasis^,farm``."""

    sections: tuple[str, str, str, str]
    rotated: tuple[bool, bool, bool, bool] = (False, False, False, False)

    def text(self) -> str:
        """``name`` per quadrant, ``^`` after a turned section, comma-separated."""
        return ",".join(
            s + ("^" if t else "") for s, t in zip(self.sections, self.rotated, strict=True)
        )

    @staticmethod
    def parse(text: str) -> Layout:
        """Inverse of :meth:`text`; ``BoardError`` on bad input."""
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != 4 or not all(parts):
            raise BoardError(f"layout {text!r}: needs 4 comma-separated section names")
        names = tuple(p.rstrip("^") for p in parts)
        turned = tuple(p.endswith("^") for p in parts)
        return Layout(
            (names[0], names[1], names[2], names[3]), (turned[0], turned[1], turned[2], turned[3])
        )


SUGGESTED_FIRST_LAYOUT = Layout(("tavern", "paddock", "oasis", "farm"))
"""Page 7: "Choisissez les quatre sections de plateau qui comportent les lieux Taverne,
Enclos, Oasis et Ferme". Provisional: the rulebook shows their arrangement only in a picture
we do not have, so the quadrants follow the order of that sentence, none turned."""


@dataclass(frozen=True)
class Board:
    """An assembled board: the layout plus the Queenies' set-up choices (Capitol tiles on
    castles, Cave tiles on mountains). Equality and hashing use those choices only; the
    tables (indexed by hex index, see :mod:`grid`) are derived from the sections."""

    layout: Layout
    capitols: tuple[Hex, ...] = ()
    caves: tuple[Hex, ...] = ()
    terrain: tuple[str, ...] = field(default=(), compare=False, repr=False)
    quadrant: tuple[int, ...] = field(default=(), compare=False, repr=False)
    location_of: tuple[str, ...] = field(default=(), compare=False, repr=False)
    locations: tuple[int, ...] = field(default=(), compare=False, repr=False)
    castles: tuple[int, ...] = field(default=(), compare=False, repr=False)
    specials: frozenset[int] = field(default=frozenset(), compare=False, repr=False)
    cells_of: Mapping[str, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)

    def terrain_at(self, hex_: Hex) -> str:
        """The terrain id of ``hex_`` (``"grass"``..., ``"castle"``, ``"location"``)."""
        return self.terrain[grid.index(hex_)]

    def section_at(self, hex_: Hex) -> int:
        """The quadrant index (0 top-left .. 3 bottom-right) of ``hex_``."""
        return self.quadrant[grid.index(hex_)]

    def location_at(self, hex_: Hex) -> str | None:
        """The location kind on ``hex_``, or ``None`` if it is not a location hex."""
        return self.location_of[grid.index(hex_)] or None

    def location_hexes(self) -> tuple[Hex, ...]:
        """Every location hex, in index order (row by row)."""
        return tuple(grid.at(i) for i in self.locations)

    def castle_hexes(self) -> tuple[Hex, ...]:
        """Every castle hex, in index order."""
        return tuple(grid.at(i) for i in self.castles)

    def hexes_of(self, terrain: str) -> tuple[Hex, ...]:
        """Every hex of ``terrain``, in index order."""
        return tuple(grid.at(i) for i in self.cells_of.get(terrain, ()))


def _local_to_global(quadrant: int, rotated: bool, hex_: Hex) -> Hex:
    r, c = hex_
    if rotated:
        r, c = SECTION_SIZE - 1 - r, SECTION_SIZE - 1 - c
    orow, ocol = _ORIGINS[quadrant]
    return orow + r, ocol + c


def assemble(
    catalogue: Mapping[str, Section],
    layout: Layout,
    capitols: Sequence[Hex] = (),
    caves: Sequence[Hex] = (),
) -> Board:
    """Build the board from 4 distinct sections of ``catalogue``; checks the Queenie tiles'
    positions (``BoardError`` with the reason when a choice is not allowed)."""
    if len(set(layout.sections)) != 4:
        raise BoardError(f"layout {layout.text()}: the 4 sections must be different")
    terrain = [""] * grid.CELLS
    quadrant = [0] * grid.CELLS
    location_of = [""] * grid.CELLS
    for q, (name, turned) in enumerate(zip(layout.sections, layout.rotated, strict=True)):
        section = catalogue.get(name)
        if section is None:
            raise BoardError(f"layout {layout.text()}: no section named {name!r}")
        for r, row in enumerate(section.rows):
            for c, letter in enumerate(row):
                i = grid.index(_local_to_global(q, turned, (r, c)))
                terrain[i] = TERRAIN_CODES[letter]
                quadrant[i] = q
                if letter == "L":
                    location_of[i] = section.location
    locations = tuple(i for i in range(grid.CELLS) if location_of[i])
    castles = tuple(i for i in range(grid.CELLS) if terrain[i] == "castle")
    board = Board(
        layout=layout,
        capitols=tuple(sorted(capitols)),
        caves=tuple(sorted(caves)),
        terrain=tuple(terrain),
        quadrant=tuple(quadrant),
        location_of=tuple(location_of),
        locations=locations,
        castles=castles,
        specials=frozenset(locations + castles),
        cells_of={
            t: tuple(i for i in range(grid.CELLS) if terrain[i] == t)
            for t in TERRAIN_CODES.values()
        },
    )
    _check_capitols(board)
    _check_caves(board)
    return board


def capitol_castles(board: Board) -> dict[int, tuple[Hex, ...]]:
    """Queenie 1: the castles that may take a Capitol tile, by quadrant (only the Harbor
    and Oracle sections)."""
    out: dict[int, tuple[Hex, ...]] = {}
    for q, name in enumerate(board.layout.sections):
        if name in CAPITOL_SECTIONS:
            out[q] = tuple(grid.at(i) for i in board.castles if board.quadrant[i] == q)
    return out


def _check_capitols(board: Board) -> None:
    allowed = capitol_castles(board)
    used: set[int] = set()
    for hex_ in board.capitols:
        if not grid.on_board(hex_):
            raise BoardError(f"Capitol at {grid.label(hex_)}: off the board")
        q = board.section_at(hex_)
        if hex_ not in allowed.get(q, ()):
            raise BoardError(
                f"Capitol at {grid.label(hex_)}: only on a castle of the Harbor or Oracle section"
            )
        if q in used:
            raise BoardError(f"Capitol at {grid.label(hex_)}: one Capitol per section")
        used.add(q)


def cave_candidates(board: Board, quadrant: int) -> tuple[Hex, ...]:
    """Queenie 2: the mountain hexes of a quadrant that may take a Cave tile ("sur n'importe
    quelle case Montagne qui se trouve à au moins deux cases de distance d'un lieu, d'un
    château"): distance 2 or more from every location and castle hex of the board."""
    specials = [grid.at(i) for i in sorted(board.specials)]
    return tuple(
        grid.at(i)
        for i in range(grid.CELLS)
        if board.quadrant[i] == quadrant
        and board.terrain[i] == "mountain"
        and all(grid.distance(grid.at(i), s) >= 2 for s in specials)
    )


def _check_caves(board: Board) -> None:
    """One Cave per section that has an allowed mountain. The Oasis section has no mountain
    at all: the rule ("placez une tuile Cave sur chacune des sections ... sur n'importe
    quelle case Montagne") cannot apply there, so that section gets none."""
    if not board.caves:
        return
    seen: set[int] = set()
    for hex_ in board.caves:
        if not grid.on_board(hex_):
            raise BoardError(f"Cave at {grid.label(hex_)}: off the board")
        q = board.section_at(hex_)
        if q in seen:
            raise BoardError(f"Cave at {grid.label(hex_)}: one Cave per section")
        seen.add(q)
        if hex_ not in cave_candidates(board, q):
            raise BoardError(
                f"Cave at {grid.label(hex_)}: needs a mountain 2 or more hexes away from "
                "every location and castle"
            )
    missing = [QUADRANTS[q] for q in range(4) if q not in seen and cave_candidates(board, q)]
    if missing:
        raise BoardError(f"Caves: one Cave tile on each section; none on {', '.join(missing)}")


def draw_layout(rng: random.Random, names: Iterable[str]) -> Layout:
    """Draw 4 of the sections at random, each in a random quadrant and orientation."""
    chosen = rng.sample(sorted(names), 4)
    turned = [rng.random() < 0.5 for _ in range(4)]
    return Layout(
        (chosen[0], chosen[1], chosen[2], chosen[3]), (turned[0], turned[1], turned[2], turned[3])
    )


def draw_capitols(rng: random.Random, board: Board) -> tuple[Hex, ...]:
    """One Capitol tile on a random castle of each Harbor/Oracle section in play."""
    return tuple(rng.choice(castles) for _, castles in sorted(capitol_castles(board).items()))


def draw_caves(rng: random.Random, board: Board) -> tuple[Hex, ...]:
    """One Cave tile on a random allowed mountain of each section that has one."""
    return tuple(rng.choice(opts) for q in range(4) if (opts := cave_candidates(board, q)))
