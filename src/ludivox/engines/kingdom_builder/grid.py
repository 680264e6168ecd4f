"""The 20 x 20 hex grid of an assembled Kingdom Builder board: coordinates and directions.

Conventions (the same as ``gamedata/kingdom_builder/sections.json``):

* A hex is ``(row, col)``, both counted **from 0** inside the engine: row 0 is the top row,
  col 0 the left column. Players count from 1 and say the row first ("ligne cinq, colonne
  douze" is ``(4, 11)``); :func:`spoken` and :func:`hex_id` give that 1-based form, and
  ``hex:5-12`` is the canonical id that crosses between grammar and engine.
* "odd-r" offset: odd rows (1, 3, ..., 19) are shifted right by half a hex. So a hex's two
  upper neighbours are ``(r-1, c-1), (r-1, c)`` on an even row and ``(r-1, c), (r-1, c+1)``
  on an odd row (likewise below).
* Six directions: ``e`` (east, same row, col + 1), ``w`` (west), ``ne``, ``nw`` (row - 1),
  ``se``, ``sw`` (row + 1). There is no north or south: rows are the horizontal lines.

Internally the engine also uses a hex *index* ``row * 20 + col``; the tables below are
indexed by it (``-1``: off the board).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

Hex = tuple[int, int]

SIZE = 20
CELLS = SIZE * SIZE

DIRECTIONS: tuple[str, ...] = ("e", "w", "ne", "nw", "se", "sw")
OPPOSITE: dict[str, str] = {"e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}

# (row delta, col delta) for even rows and for odd rows.
_DELTAS_EVEN: dict[str, Hex] = {
    "e": (0, 1),
    "w": (0, -1),
    "ne": (-1, 0),
    "nw": (-1, -1),
    "se": (1, 0),
    "sw": (1, -1),
}
_DELTAS_ODD: dict[str, Hex] = {
    "e": (0, 1),
    "w": (0, -1),
    "ne": (-1, 1),
    "nw": (-1, 0),
    "se": (1, 1),
    "sw": (1, 0),
}


def on_board(hex_: Hex) -> bool:
    """Whether ``hex_`` lies on the 20 x 20 board."""
    r, c = hex_
    return 0 <= r < SIZE and 0 <= c < SIZE


def step(hex_: Hex, direction: str) -> Hex:
    """The hex next to ``hex_`` in ``direction`` (may be off the board: see :func:`on_board`)."""
    r, c = hex_
    dr, dc = (_DELTAS_ODD if r % 2 else _DELTAS_EVEN)[direction]
    return (r + dr, c + dc)


def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    """The hexes next to ``hex_`` on the board, in :data:`DIRECTIONS` order (2 to 6 of them)."""
    return tuple(n for d in DIRECTIONS if on_board(n := step(hex_, d)))


def direction_between(a: Hex, b: Hex) -> str | None:
    """The direction from ``a`` to its neighbour ``b``, or ``None`` if they are not neighbours."""
    for d in DIRECTIONS:
        if step(a, d) == b:
            return d
    return None


def ray(hex_: Hex, direction: str) -> Iterator[Hex]:
    """The hexes met going from ``hex_`` in a straight line (``hex_`` excluded), to the edge."""
    current = step(hex_, direction)
    while on_board(current):
        yield current
        current = step(current, direction)


def _cube(hex_: Hex) -> tuple[int, int, int]:
    r, c = hex_
    x = c - (r - (r & 1)) // 2
    return x, -x - r, r


def distance(a: Hex, b: Hex) -> int:
    """How many steps separate two hexes (0 for the same hex, 1 for neighbours)."""
    ax, ay, az = _cube(a)
    bx, by, bz = _cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def is_edge(hex_: Hex) -> bool:
    """Whether ``hex_`` is on the edge of the board (first or last row or column)."""
    r, c = hex_
    return r in (0, SIZE - 1) or c in (0, SIZE - 1)


def index(hex_: Hex) -> int:
    """The hex's index ``row * 20 + col``."""
    return hex_[0] * SIZE + hex_[1]


def at(i: int) -> Hex:
    """The hex of index ``i``."""
    return divmod(i, SIZE)


# ---- spoken / canonical forms -------------------------------------------------------------

_SPOKEN = re.compile(r"(\d{1,2})-(\d{1,2})")


def spoken(hex_: Hex) -> tuple[int, int]:
    """``(row, col)`` counted from 1, as players say them ("ligne 5, colonne 12")."""
    return hex_[0] + 1, hex_[1] + 1


def from_spoken(row: int, col: int) -> Hex:
    """The hex a player names by its 1-based row and column; ``ValueError`` off the board."""
    hex_ = (row - 1, col - 1)
    if not on_board(hex_):
        raise ValueError(f"no hex at row {row}, column {col} (both go from 1 to {SIZE})")
    return hex_


def label(hex_: Hex) -> str:
    """The 1-based ``R-C`` form used in action texts and notation (``"5-12"``)."""
    r, c = spoken(hex_)
    return f"{r}-{c}"


def parse_label(text: str) -> Hex:
    """Inverse of :func:`label`; ``ValueError`` with a clear message on bad input."""
    m = _SPOKEN.fullmatch(text.strip())
    if not m:
        raise ValueError(f"{text!r} is not a hex written row-column, like 5-12")
    return from_spoken(int(m.group(1)), int(m.group(2)))


def hex_id(hex_: Hex) -> str:
    """The canonical id crossing between grammar and engine: ``hex:5-12`` (1-based)."""
    return f"hex:{label(hex_)}"


def parse_hex_id(text: str) -> Hex:
    """Inverse of :func:`hex_id`; also accepts the bare ``5-12`` form."""
    body = text.strip()
    if body.startswith("hex:"):
        body = body[4:]
    return parse_label(body)


# ---- tables indexed by hex index ----------------------------------------------------------


def _build_steps() -> dict[str, tuple[int, ...]]:
    table: dict[str, tuple[int, ...]] = {}
    for d in DIRECTIONS:
        row: list[int] = []
        for i in range(CELLS):
            n = step(at(i), d)
            row.append(index(n) if on_board(n) else -1)
        table[d] = tuple(row)
    return table


STEPS: dict[str, tuple[int, ...]] = _build_steps()
"""``STEPS[direction][i]``: index of the neighbour of hex ``i`` in that direction, or -1."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(STEPS[d][i] for d in DIRECTIONS if STEPS[d][i] >= 0) for i in range(CELLS)
)
"""``NEIGHBOURS[i]``: indexes of the hexes next to hex ``i``."""

EDGE: frozenset[int] = frozenset(i for i in range(CELLS) if is_edge(at(i)))
"""Indexes of the hexes on the board's edge (the Tower's targets)."""
