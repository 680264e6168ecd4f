"""Kingdom Builder actions: small hashable values with a round-trippable text form.

Hexes are stored 0-based ``(row, col)`` (see :mod:`.grid`) and written 1-based, row first,
as players say them: ``5-12`` is "ligne cinq, colonne douze", i.e. ``(4, 11)``. The acting
seat is always the current player, so actions do not name it.

Text forms (``text()`` / :func:`parse_action`)::

    build 5-12                    Build((4, 11))                 mandatory action: 1 of 3
    tile oracle 5-12              PlaceTile("oracle", (4, 11))   also farm, oasis, tower, tavern
    tile barn 5-12 to 6-3         MoveTile("barn", (4, 11), (5, 2))   also harbor, paddock
    cave 5-12 to 6-3              CaveMove((4, 11), (5, 2))      Queenie 2
    end                           EndTurn()                      discard, draw, next player
    terrain grass                 RevealTerrain("grass")         table mode: the card turned up
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ludivox.engines.base import InvalidAction
from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.components import BUILDABLE, MOVE_TILES, PLACE_TILES
from ludivox.engines.kingdom_builder.grid import Hex


@dataclass(frozen=True)
class Build:
    """Place one settlement of the mandatory action on ``hex`` (the drawn terrain)."""

    hex: Hex
    kind: ClassVar[str] = "build"

    def text(self) -> str:
        return f"build {grid.label(self.hex)}"


@dataclass(frozen=True)
class PlaceTile:
    """Use a placing tile (``oracle``, ``farm``, ``oasis``, ``tower``, ``tavern``): one more
    settlement from the supply on ``hex``."""

    tile: str
    hex: Hex
    kind: ClassVar[str] = "tile"

    def text(self) -> str:
        return f"tile {self.tile} {grid.label(self.hex)}"


@dataclass(frozen=True)
class MoveTile:
    """Use a moving tile (``barn``, ``harbor``, ``paddock``): move the settlement on
    ``origin`` to ``target``."""

    tile: str
    origin: Hex
    target: Hex
    kind: ClassVar[str] = "tile"

    def text(self) -> str:
        return f"tile {self.tile} {grid.label(self.origin)} to {grid.label(self.target)}"


@dataclass(frozen=True)
class CaveMove:
    """Queenie 2: move one's settlement next to a Cave to a free hex next to a Cave."""

    origin: Hex
    target: Hex
    kind: ClassVar[str] = "cave"

    def text(self) -> str:
        return f"cave {grid.label(self.origin)} to {grid.label(self.target)}"


@dataclass(frozen=True)
class EndTurn:
    """End the turn: discard the terrain card, draw a new one, the next player plays."""

    kind: ClassVar[str] = "end"

    def text(self) -> str:
        return "end"


@dataclass(frozen=True)
class RevealTerrain:
    """Table mode: the current player's terrain card, turned face up, is ``terrain``."""

    terrain: str
    kind: ClassVar[str] = "terrain"

    def text(self) -> str:
        return f"terrain {self.terrain}"


KingdomBuilderAction = Build | PlaceTile | MoveTile | CaveMove | EndTurn | RevealTerrain

_HEX = r"(\d{1,2}-\d{1,2})"
_WORD = r"([a-z]+)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"build {_HEX}"), "build"),
    (re.compile(rf"tile {_WORD} {_HEX} to {_HEX}"), "move"),
    (re.compile(rf"tile {_WORD} {_HEX}"), "place"),
    (re.compile(rf"cave {_HEX} to {_HEX}"), "cave"),
    (re.compile(r"end"), "end"),
    (re.compile(rf"terrain {_WORD}"), "terrain"),
)


def _hex(text: str, part: str) -> Hex:
    try:
        return grid.parse_label(part)
    except ValueError as exc:
        raise InvalidAction(text, detail=str(exc)) from exc


def parse_action(text: str) -> KingdomBuilderAction:
    """Parse an action's text form (see the module docstring); raises InvalidAction."""
    clean = " ".join(text.strip().lower().split())
    for pattern, form in _PATTERNS:
        m = pattern.fullmatch(clean)
        if not m:
            continue
        g = m.groups()
        if form == "build":
            return Build(_hex(text, g[0]))
        if form == "move":
            if g[0] not in MOVE_TILES:
                detail = (
                    f"the {g[0]} tile places a settlement: write 'tile {g[0]} R-C'"
                    if g[0] in PLACE_TILES
                    else f"no tile named {g[0]!r}"
                )
                raise InvalidAction(text, detail=detail)
            return MoveTile(g[0], _hex(text, g[1]), _hex(text, g[2]))
        if form == "place":
            if g[0] not in PLACE_TILES:
                detail = (
                    f"the {g[0]} tile moves a settlement: write 'tile {g[0]} R-C to R-C'"
                    if g[0] in MOVE_TILES
                    else f"no tile named {g[0]!r}"
                )
                raise InvalidAction(text, detail=detail)
            return PlaceTile(g[0], _hex(text, g[1]))
        if form == "cave":
            return CaveMove(_hex(text, g[0]), _hex(text, g[1]))
        if form == "end":
            return EndTurn()
        if g[0] not in BUILDABLE:
            raise InvalidAction(text, detail=f"terrain cards are {', '.join(BUILDABLE)}")
        return RevealTerrain(g[0])
    raise InvalidAction(text, detail="not a Kingdom Builder action")
