"""Final scoring: the 10 Kingdom Builder cards, castles and Queenie 1's Capitol.

Each card is scored as the rulebook's page 5 says (quotes by the functions). Points the
rulebook settles that one public implementation had to guess (data README):

* Lords: "En cas d'égalité pour la première ou la seconde place, tous les joueurs à égalité
  marquent la totalité des points de victoire", and the card's example (8, 8, 6 and 2
  settlements score 12, 12, 6 and 0) shows that the second place then goes to the next
  count. A player with no settlement in a section has not "placé le plus de cités" there and
  scores nothing for it.
* Fishermen: "Les cités placées directement sur une case Eau (grâce à l'action spéciale
  Port) ne sont pas prises en compte."
* Merchants and Workers: castles count, like locations ("château, lieu ou case Nomades";
  the base game has no Nomad hex).
* Farmers: "S'il y a une section (ou plus) dans laquelle vous n'avez placé aucune cité, vous
  ne gagnez aucun point de victoire."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.board import Board
from ludivox.engines.kingdom_builder.components import CASTLE_POINTS
from ludivox.engines.kingdom_builder.grid import NEIGHBOURS
from ludivox.engines.kingdom_builder.state import KingdomBuilderState

LORDS_FIRST = 12
LORDS_SECOND = 6
CAPITOL_RANGE = 2


@dataclass(frozen=True)
class ScoreItem:
    """Points from one source (a card id, ``"castles"`` or ``"capitol"``) and the quantity
    they were counted from (settlements, lines, areas, castles... see each card)."""

    source: str
    points: int
    basis: int


@dataclass(frozen=True)
class ScoreSheet:
    """One player's final score, item by item (cards in the game's order, then castles)."""

    seat: int
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        """The sum of the items."""
        return sum(item.points for item in self.items)

    def points(self, source: str) -> int:
        """Points from one source (0 if absent)."""
        return sum(item.points for item in self.items if item.source == source)


def own_cells(owner: Sequence[int], seat: int) -> list[int]:
    """Indexes of ``seat``'s settlements."""
    return [i for i, o in enumerate(owner) if o == seat]


def areas(owner: Sequence[int], seat: int) -> list[list[int]]:
    """``seat``'s settlement areas ("zones de colonisation": a settlement alone or a group of
    settlements all linked to each other), largest first."""
    seen: set[int] = set()
    out: list[list[int]] = []
    for start in own_cells(owner, seat):
        if start in seen:
            continue
        seen.add(start)
        group, stack = [], [start]
        while stack:
            i = stack.pop()
            group.append(i)
            for n in NEIGHBOURS[i]:
                if owner[n] == seat and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(sorted(group))
    out.sort(key=lambda g: (-len(g), g[0]))
    return out


def _next_to(board: Board, cell: int, terrain: str) -> bool:
    return any(board.terrain[n] == terrain for n in NEIGHBOURS[cell])


def fishermen(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """1 point per settlement next to water ("Les cités placées directement sur une case Eau
    ... ne sont pas prises en compte")."""
    n = sum(
        1
        for i in own_cells(owner, seat)
        if board.terrain[i] != "water" and _next_to(board, i, "water")
    )
    return ScoreItem("fishermen", n, n)


def merchants(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """4 points per castle or location linked to another castle or location by one of the
    player's settlement areas (each counted once)."""
    linked: set[int] = set()
    for group in areas(owner, seat):
        touched = {n for i in group for n in NEIGHBOURS[i] if n in board.specials}
        if len(touched) >= 2:
            linked |= touched
    return ScoreItem("merchants", 4 * len(linked), len(linked))


def discoverers(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """1 point per horizontal line (row) holding at least one of the player's settlements."""
    rows = {i // grid.SIZE for i in own_cells(owner, seat)}
    return ScoreItem("discoverers", len(rows), len(rows))


def hermits(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """1 point per settlement area."""
    n = len(areas(owner, seat))
    return ScoreItem("hermits", n, n)


def citizens(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """1 point per pair of settlements in the largest area (basis: that area's size)."""
    groups = areas(owner, seat)
    size = len(groups[0]) if groups else 0
    return ScoreItem("citizens", size // 2, size)


def miners(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """1 point per settlement next to a mountain (a Cave tile is a mountain hex)."""
    n = sum(1 for i in own_cells(owner, seat) if _next_to(board, i, "mountain"))
    return ScoreItem("miners", n, n)


def workers(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """1 point per settlement next to a castle or a location."""
    n = sum(1 for i in own_cells(owner, seat) if any(x in board.specials for x in NEIGHBOURS[i]))
    return ScoreItem("workers", n, n)


def knights(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """2 points per settlement on the row where the player has the most."""
    per_row = [0] * grid.SIZE
    for i in own_cells(owner, seat):
        per_row[i // grid.SIZE] += 1
    best = max(per_row)
    return ScoreItem("knights", 2 * best, best)


def section_counts(board: Board, owner: Sequence[int], seat: int) -> list[int]:
    """How many of ``seat``'s settlements stand in each quadrant (0 top-left .. 3)."""
    counts = [0, 0, 0, 0]
    for i in own_cells(owner, seat):
        counts[board.quadrant[i]] += 1
    return counts


def lords(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """Per section: 12 points for the most settlements, 6 for the second most; every tied
    player scores in full; 0 settlements never scores (basis: sections where first)."""
    counts = [section_counts(board, owner, s) for s in range(players)]
    points = firsts = 0
    for q in range(4):
        values = sorted({c[q] for c in counts if c[q] > 0}, reverse=True)
        mine = counts[seat][q]
        if mine == 0:
            continue
        if mine == values[0]:
            points += LORDS_FIRST
            firsts += 1
        elif len(values) > 1 and mine == values[1]:
            points += LORDS_SECOND
    return ScoreItem("lords", points, firsts)


def farmers(board: Board, owner: Sequence[int], seat: int, players: int) -> ScoreItem:
    """3 points per settlement in the section where the player has the fewest; nothing if
    any section holds none of theirs."""
    fewest = min(section_counts(board, owner, seat))
    return ScoreItem("farmers", 3 * fewest, fewest)


CARD_SCORERS: dict[str, Callable[[Board, Sequence[int], int, int], ScoreItem]] = {
    "fishermen": fishermen,
    "merchants": merchants,
    "discoverers": discoverers,
    "hermits": hermits,
    "citizens": citizens,
    "miners": miners,
    "workers": workers,
    "knights": knights,
    "lords": lords,
    "farmers": farmers,
}


def castles(board: Board, owner: Sequence[int], seat: int) -> ScoreItem:
    """3 points per castle with at least one of the player's settlements next to it."""
    n = sum(1 for c in board.castles if any(owner[x] == seat for x in NEIGHBOURS[c]))
    return ScoreItem("castles", CASTLE_POINTS * n, n)


def capitol(board: Board, owner: Sequence[int], seat: int) -> ScoreItem:
    """Queenie 1: 1 point per settlement "adjacente ou jusqu'à deux cases de distance d'une
    tuile Capitole" (a settlement near both Capitols counts once)."""
    n = sum(
        1
        for i in own_cells(owner, seat)
        if any(grid.distance(grid.at(i), c) <= CAPITOL_RANGE for c in board.capitols)
    )
    return ScoreItem("capitol", n, n)


def score_sheet(state: KingdomBuilderState, seat: int) -> ScoreSheet:
    """``seat``'s score as it would be if the game ended now, item by item."""
    board, owner = state.board, state.owner
    items = [CARD_SCORERS[card](board, owner, seat, state.players) for card in state.cards]
    items.append(castles(board, owner, seat))
    if board.capitols:
        items.append(capitol(board, owner, seat))
    return ScoreSheet(seat, tuple(items))


def score_sheets(state: KingdomBuilderState) -> tuple[ScoreSheet, ...]:
    """Every player's :class:`ScoreSheet`, seat 0 first."""
    return tuple(score_sheet(state, s) for s in range(state.players))


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total ("En cas d'égalité, les joueurs se partagent la
    victoire")."""
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)
