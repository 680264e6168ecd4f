"""What can happen in a game of Kingdom Builder (the ``Event`` values ``apply`` returns).

Seats are numbered from 0. Hexes are canonical ids ``hex:R-C`` counted from 1 (row first),
as the grammars speak them. Tile and terrain values are the ids of ``components``. An event
with ``private_to=n`` may only be told to seat ``n``; it is always paired with a public one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.base import Event


@dataclass(frozen=True)
class TerrainRevealed(Event):
    """``seat`` turns their terrain card face up: their settlements go on ``terrain``."""

    seat: int
    terrain: str


@dataclass(frozen=True)
class TerrainSetAside(Event):
    """No free hex of ``terrain`` is left: ``seat``'s card is removed from the game and they
    draw another ("La carte Terrain inutilisée est retirée du jeu")."""

    seat: int
    terrain: str


@dataclass(frozen=True)
class TerrainDrawn(Event):
    """``seat`` drew a hidden terrain card (public: only that they drew)."""

    seat: int
    deck_left: int


@dataclass(frozen=True)
class HiddenTerrainDrawn(Event):
    """Private to ``seat``: the terrain card they drew (virtual mode)."""

    seat: int
    terrain: str


@dataclass(frozen=True)
class DeckReshuffled(Event):
    """The terrain deck was empty: the discard (``count`` cards) was shuffled into a new one."""

    count: int


@dataclass(frozen=True)
class SettlementBuilt(Event):
    """``seat`` placed a settlement on ``hex`` (a ``terrain`` hex) with ``via``: ``"build"``
    (the mandatory action, ``placed`` of 3 so far) or a tile id. ``forced_anywhere`` is true
    when no free hex next to their settlements existed (rule 3's exception)."""

    seat: int
    hex: str
    terrain: str
    via: str
    placed: int
    supply_left: int
    forced_anywhere: bool


@dataclass(frozen=True)
class SettlementMoved(Event):
    """``seat`` moved their settlement from ``origin`` to ``target`` with ``via`` (a tile id
    or ``"cave"``)."""

    seat: int
    origin: str
    target: str
    terrain: str
    via: str
    forced_anywhere: bool


@dataclass(frozen=True)
class TileTaken(Event):
    """``seat`` took a ``tile`` from the location on ``location`` (``left`` tiles remain
    there); usable from their next turn."""

    seat: int
    tile: str
    location: str
    left: int


@dataclass(frozen=True)
class TileLost(Event):
    """``seat`` moved their last settlement away from ``location``: its ``tile`` is removed
    from the game."""

    seat: int
    tile: str
    location: str


@dataclass(frozen=True)
class FinalRoundStarted(Event):
    """``seat`` placed their last settlement: the round is finished, then the game ends
    (``last_seat`` plays the last turn)."""

    seat: int
    last_seat: int


@dataclass(frozen=True)
class TurnEnded(Event):
    """``seat``'s turn is over; ``next_seat`` plays."""

    seat: int
    next_seat: int


@dataclass(frozen=True)
class GameEnded(Event):
    """Final scoring: ``totals`` per seat; ``winners`` share the victory if tied;
    ``sheets`` per seat: ``((source, points, basis), ...)`` in scoring order."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    sheets: tuple[tuple[tuple[str, int, int], ...], ...]
