"""The state of a game of Kingdom Builder (a frozen value) and its small accessors.

Seats are numbered from 0 in turn order; seat 0 is the first player ("Le joueur le plus âgé
prend le marqueur premier joueur"), so the last seat is the one "situé à droite du premier
joueur" who plays the game's last turn.

Terrain cards are ids from ``BUILDABLE``; in *table* mode a card the assistant has not seen
is ``"?"`` (``UNKNOWN``), and ``""`` (``NO_CARD``) means a player holds none (every card left
was set aside by the no-space exception: only possible in freak games).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.board import Board
from ludivox.engines.kingdom_builder.grid import Hex

UNKNOWN = "?"
NO_CARD = ""
EMPTY = -1

VIRTUAL = "virtual"
TABLE = "table"

READY = "ready"
NEW = "new"
USED = "used"


@dataclass(frozen=True)
class HeldTile:
    """A location tile in front of a player: the location hex it came from and its side.

    ``status``: ``"ready"`` (pictogram side up: usable now), ``"new"`` (taken this turn:
    "uniquement à partir du prochain tour") or ``"used"`` (used this turn). Both of the latter
    lie image side up; at the end of the turn every tile is ready again.
    """

    location: Hex
    status: str = NEW


@dataclass(frozen=True)
class KingdomBuilderState:
    """Everything about one game of Kingdom Builder.

    ``owner`` holds, for each hex index (``grid.index``), the seat whose settlement stands
    there or -1. ``tiles_left`` follows ``board.locations``. ``deck[0]`` is the top of the
    terrain-card pile; ``hands[seat]`` is each player's one terrain card (the current seat's
    is face up, the others hidden). ``built`` counts the mandatory action's settlements this
    turn (0..3); ``cave_used`` is Queenie 2's once-per-turn move. ``final_round`` is set when a
    player has placed their last settlement; ``over`` once that round is finished.
    """

    board: Board
    cards: tuple[str, ...]
    players: int
    mode: str
    seed: int | None
    shuffles: int
    owner: tuple[int, ...]
    supply: tuple[int, ...]
    tiles: tuple[tuple[HeldTile, ...], ...]
    tiles_left: tuple[int, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    removed: tuple[str, ...]
    hands: tuple[str, ...]
    current: int = 0
    built: int = 0
    cave_used: bool = False
    final_round: bool = False
    over: bool = False
    spent: tuple[tuple[Hex, ...], ...] = ()
    """Per seat, the location hexes whose tile that player lost: « Un joueur ne peut
    récupérer qu'une seule plaquette de lieu d'un même lieu », and the lost one « est ensuite
    retirée du jeu ». ``()``: nobody lost one (old saves)."""

    def seat_after(self, seat: int) -> int | None:
        """The seat that plays after ``seat`` (clockwise); None when ``seat``'s turn ends the
        game (the last seat of the final round)."""
        if self.final_round and seat == self.players - 1:
            return None
        return (seat + 1) % self.players

    def settlements(self, seat: int) -> tuple[Hex, ...]:
        """The hexes of ``seat``'s settlements, in index order."""
        return tuple(grid.at(i) for i, o in enumerate(self.owner) if o == seat)

    def owner_at(self, hex_: Hex) -> int | None:
        """The seat whose settlement stands on ``hex_``, or ``None``."""
        o = self.owner[grid.index(hex_)]
        return None if o == EMPTY else o

    @property
    def terrain(self) -> str | None:
        """The current player's face-up terrain card, or ``None`` while it is unknown
        (table mode, not revealed yet) or when they hold none."""
        card = self.hands[self.current]
        return None if card in (UNKNOWN, NO_CARD) else card

    def spent_by(self, seat: int) -> tuple[Hex, ...]:
        """The location hexes ``seat`` already had a tile from and lost it."""
        return self.spent[seat] if self.spent else ()

    def can_take_tile(self, seat: int, location: Hex) -> bool:
        """Whether ``seat`` would take a tile of ``location`` by settling next to it: one
        is left, and the player neither holds nor ever lost one from that location."""
        return (self.tiles_left_at(location) > 0
                and all(t.location != location for t in self.tiles[seat])
                and location not in self.spent_by(seat))

    def tiles_left_at(self, location: Hex) -> int:
        """How many tiles still lie on a location hex."""
        return self.tiles_left[self.board.locations.index(grid.index(location))]

    def held(self, seat: int, kind: str | None = None) -> tuple[HeldTile, ...]:
        """``seat``'s tiles (of one ``kind`` if given)."""
        loc = self.board.location_of
        return tuple(
            t for t in self.tiles[seat] if kind is None or loc[grid.index(t.location)] == kind
        )

    def tile_kind(self, tile: HeldTile) -> str:
        """The kind of a held tile (the location it came from)."""
        return self.board.location_of[grid.index(tile.location)]
