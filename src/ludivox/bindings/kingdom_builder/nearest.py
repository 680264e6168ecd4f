"""The nearest castles, locations or terrain hexes, measured from the speaker's settlements
or from a hex named ("y a-t-il un château près de huit dix-huit ?")."""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.bindings.kingdom_builder.narration import hex_line
from ludivox.engines.kingdom_builder import explore, grid
from ludivox.engines.kingdom_builder.grid import Hex
from ludivox.engines.kingdom_builder.state import KingdomBuilderState
from ludivox.table.binding import Line

ALL = 10_000  # more than the board has hexes


@dataclass(frozen=True)
class FromHex(explore.Nearby):
    """A hex found near the hex named (not near one of the speaker's settlements)."""


def nearest_from(
    state: KingdomBuilderState, seat: int, kind: str, origin: Hex | None, limit: int
) -> tuple[explore.Nearby, ...]:
    """The ``limit`` hexes of ``kind`` nearest to ``origin`` (the speaker's settlements when
    None), nearest first, ties in row order."""
    if origin is None:
        return explore.nearest(state, seat, kind, limit=limit)
    found = [
        FromHex(n.hex, grid.distance(origin, n.hex), origin)
        for n in explore.nearest(state, seat, kind, limit=ALL)
        if n.hex != origin
    ]
    found.sort(key=lambda n: (n.distance, n.hex))
    return tuple(found[:limit])


def nearest_item(n: explore.Nearby) -> Line:
    """One hex found, with how far it is and from what."""
    if n.from_hex is None:
        return Line("answer.nearest_item_free", {"place": hex_line(n.hex)})
    key = "answer.nearest_item_hex" if isinstance(n, FromHex) else "answer.nearest_item"
    params = {"place": hex_line(n.hex), "distance": n.distance, "origin": hex_line(n.from_hex)}
    return Line(key, params)


__all__ = ["FromHex", "nearest_from", "nearest_item"]
