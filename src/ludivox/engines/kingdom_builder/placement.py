"""Where a settlement may go: pure queries shared by the rules, the coach and the players.

Rulebook, "Règles de placement des cités" (they apply to the mandatory action and to every
tile): 1. one settlement per hex; 2. only on Prairie, Canyon, Désert, Fleurs, Forêt (the
Harbor is "la seule manière de placer une cité sur une case Eau"); 3. "Dans la mesure du
possible, un joueur doit toujours placer ses cités adjacentes à au moins une de ses cités
déjà en jeu. Si ce n'est pas possible, le joueur doit (...) ou peut (...) choisir une case
inoccupée" of the terrain the action requires.

Every query returns a :class:`Placements`: the allowed hexes and *why* they are the ones
allowed (``rule``):

* ``"adjacent"`` — rule 3 restricts the choice to hexes next to one's own settlements;
* ``"anywhere"`` — rule 3 applies but no such hex exists, so any free hex of the kind;
* ``"unrestricted"`` — rule 3 does not apply: the Paddock ("La règle de placement numéro 3
  n'est pas appliquée pour cette action spéciale") and the Tavern (its target always touches
  the line of settlements it extends);
* ``"none"`` — no hex at all (the tile's action is lost, or the mandatory action cannot go on).

For a move (Barn, Harbor, Paddock, Cave) the moved settlement does not count as a neighbour
of its own destination, and it cannot stay where it is.

Queenie 2's Cave move ("déplacer une de vos cités adjacente à une tuile Cave vers n'importe
quelle case inoccupée avec un terrain constructible adjacente à une tuile Cave") follows rule
3 too: the placement rules "s'appliquent à toutes les cités qu'elles soient placées lors
d'une action obligatoire ou d'une action spéciale", and only the Paddock is exempted in so
many words ("La règle de placement numéro 3 n'est pas appliquée pour cette action
spéciale"). Its fallback set is every free buildable hex next to any Cave.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.board import Board
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.grid import NEIGHBOURS, STEPS, Hex
from ludivox.engines.kingdom_builder.state import EMPTY, KingdomBuilderState

ADJACENT = "adjacent"
ANYWHERE = "anywhere"
UNRESTRICTED = "unrestricted"
NONE = "none"

_OPPOSITE_STEPS = {d: STEPS[grid.OPPOSITE[d]] for d in grid.DIRECTIONS}


@dataclass(frozen=True)
class Placements:
    """The hexes a settlement may go to, and the rule that makes them the allowed ones."""

    hexes: tuple[Hex, ...]
    rule: str

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self.hexes

    def __len__(self) -> int:
        return len(self.hexes)

    @staticmethod
    def of(indexes: Iterable[int], rule: str) -> Placements:
        """From hex indexes (sorted into row-by-row order)."""
        hexes = tuple(grid.at(i) for i in sorted(indexes))
        return Placements(hexes, rule if hexes else NONE)


# ---- index-level building blocks ---------------------------------------------------------


def free_cells(board: Board, owner: Sequence[int], terrains: Iterable[str]) -> list[int]:
    """Free hexes (indexes) of the given terrains."""
    return [i for t in terrains for i in board.cells_of.get(t, ()) if owner[i] == EMPTY]


def own_neighbour_counts(owner: Sequence[int], seat: int, cells: Iterable[int]) -> dict[int, int]:
    """For each cell, how many of ``seat``'s settlements stand next to it."""
    return {i: sum(1 for n in NEIGHBOURS[i] if owner[n] == seat) for i in cells}


def restrict(
    owner: Sequence[int], seat: int, candidates: Sequence[int], moving: int = EMPTY
) -> tuple[list[int], str]:
    """Rule 3 on a candidate list: the ones next to ``seat``'s settlements (``moving``, the
    settlement being moved, not counted) if any, otherwise all of them."""
    counts = own_neighbour_counts(owner, seat, candidates)
    return _restrict_counts(candidates, counts, moving)


def _restrict_counts(
    candidates: Sequence[int], counts: dict[int, int], moving: int
) -> tuple[list[int], str]:
    if moving == EMPTY:
        near = [i for i in candidates if counts[i] > 0]
    else:
        around = NEIGHBOURS[moving]
        near = [i for i in candidates if i != moving and counts[i] - (i in around) > 0]
    if near:
        return near, ADJACENT
    rest = [i for i in candidates if i != moving]
    return rest, (ANYWHERE if rest else NONE)


def tavern_cells(owner: Sequence[int], board: Board, seat: int) -> list[int]:
    """Free buildable hexes directly at the end of a straight line of 3+ of ``seat``'s
    settlements ("il ne peut pas y avoir de case libre entre votre ligne de 3 cités et la
    nouvelle cité placée")."""
    out: set[int] = set()
    for s, o in enumerate(owner):
        if o != seat:
            continue
        for d in grid.DIRECTIONS:
            back = _OPPOSITE_STEPS[d]
            b1 = back[s]
            if b1 < 0 or owner[b1] != seat:
                continue
            b2 = back[b1]
            if b2 < 0 or owner[b2] != seat:
                continue
            t = STEPS[d][s]
            if t >= 0 and owner[t] == EMPTY and board.terrain[t] in BUILDABLE:
                out.add(t)
    return sorted(out)


def paddock_cells(owner: Sequence[int], board: Board, origin: int) -> list[int]:
    """Free buildable hexes exactly two steps from ``origin`` in a straight line (whatever is
    jumped over)."""
    out = []
    for d in grid.DIRECTIONS:
        mid = STEPS[d][origin]
        if mid < 0:
            continue
        t = STEPS[d][mid]
        if t >= 0 and owner[t] == EMPTY and board.terrain[t] in BUILDABLE:
            out.append(t)
    return sorted(out)


def cave_cells(board: Board) -> frozenset[int]:
    """Queenie 2: hexes next to a Cave tile."""
    return frozenset(n for c in board.caves for n in NEIGHBOURS[grid.index(c)])


# ---- state-level queries ------------------------------------------------------------------


def place_targets(state: KingdomBuilderState, kind: str, seat: int | None = None) -> Placements:
    """Where ``seat`` (default: the current player) could put a new settlement with the
    mandatory action (``kind="build"``) or a placing tile (``oracle``, ``farm``, ``oasis``,
    ``tower``, ``tavern``), ignoring whose turn it is and the tile's availability."""
    who = state.current if seat is None else seat
    board, owner = state.board, state.owner
    if kind == "tavern":
        return Placements.of(tavern_cells(owner, board, who), UNRESTRICTED)
    if kind in ("build", "oracle"):
        terrain = state.hands[who]
        if terrain not in BUILDABLE:
            return Placements((), NONE)
        candidates = free_cells(board, owner, (terrain,))
    elif kind == "farm":
        candidates = free_cells(board, owner, ("grass",))
    elif kind == "oasis":
        candidates = free_cells(board, owner, ("desert",))
    elif kind == "tower":
        candidates = [i for i in free_cells(board, owner, BUILDABLE) if i in grid.EDGE]
    else:
        raise ValueError(f"{kind!r} does not place a settlement")
    cells, rule = restrict(owner, who, candidates)
    return Placements.of(cells, rule)


def move_targets(
    state: KingdomBuilderState, kind: str, origin: Hex, seat: int | None = None
) -> Placements:
    """Where the settlement on ``origin`` could move with a moving tile (``barn``,
    ``harbor``, ``paddock``) or the Cave (``cave``). Empty when ``origin`` is not one of
    ``seat``'s settlements (or, for the Cave, not next to a Cave)."""
    return move_options(state, kind, seat).get(origin, Placements((), NONE))


def move_options(
    state: KingdomBuilderState, kind: str, seat: int | None = None
) -> dict[Hex, Placements]:
    """For each of ``seat``'s settlements that could move with ``kind``, where it could go."""
    who = state.current if seat is None else seat
    board, owner = state.board, state.owner
    origins = [i for i, o in enumerate(owner) if o == who]
    out: dict[Hex, Placements] = {}
    if kind == "paddock":
        for o in origins:
            out[grid.at(o)] = Placements.of(paddock_cells(owner, board, o), UNRESTRICTED)
        return out
    if kind == "barn":
        terrain = state.hands[who]
        if terrain not in BUILDABLE:
            return {grid.at(o): Placements((), NONE) for o in origins}
        candidates = free_cells(board, owner, (terrain,))
    elif kind == "harbor":
        candidates = free_cells(board, owner, ("water",))
    elif kind == "cave":
        near_cave = cave_cells(board)
        origins = [o for o in origins if o in near_cave]
        candidates = sorted(
            i for i in near_cave if owner[i] == EMPTY and board.terrain[i] in BUILDABLE
        )
    else:
        raise ValueError(f"{kind!r} does not move a settlement")
    counts = own_neighbour_counts(owner, who, candidates)
    for o in origins:
        cells, rule = _restrict_counts(candidates, counts, o)
        out[grid.at(o)] = Placements.of(cells, rule)
    return out
