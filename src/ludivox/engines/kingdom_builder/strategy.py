"""The strong Kingdom Builder player: it plans its whole turn, pure and deterministic.

The greedy player (``moyen``) takes the coach's best placement one settlement at a time.
This planner looks at the turn as a whole (the three settlements of the mandatory action and
the location tiles, in any order the rules allow) with a beam search:

* a node is the position after some of this turn's placements, worth the sum of the coach's
  marginal gains along the way (:func:`coach.evaluate`: the score as if the game ended, and
  :data:`coach.TILE_VALUE` for a tile taken);
* each level expands the :data:`WIDTH` best nodes by every placement the coach considers,
  keeps the best children (ties by the actions' text), and stops when nothing is left;
* every node whose mandatory action is done may end the turn; it is judged by its gain plus
  what the position promises (:func:`outlook`): free hexes next to the player's settlements
  for each terrain (next turn's card is one of them), and tiles still usable.

Everything it reads is public (the board, the tiles, the player's own card): the terrain
deck and the other players' cards never enter. ``budget`` bounds the placements evaluated.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.kingdom_builder import coach, rules, transitions
from ludivox.engines.kingdom_builder.actions import EndTurn, KingdomBuilderAction
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.grid import NEIGHBOURS
from ludivox.engines.kingdom_builder.state import EMPTY, READY, KingdomBuilderState

WIDTH = 4  # nodes kept per level
DEFAULT_BUDGET = 1500  # placements evaluated per plan at most
FRONTIER_VALUE = 0.15  # per free hex of a terrain next to one's settlements (capped)
FRONTIER_CAP = 4  # hexes of one terrain that still matter
BLOCKED_COST = 0.6  # a terrain with no free hex next to one's settlements
TILE_BONUS = 0.0  # taking a location tile, on top of the coach's TILE_VALUE


@dataclass(frozen=True)
class Plan:
    """A turn: the actions (ending with ``EndTurn``), the points they bring now (``gain``)
    and the plan's whole value (``value``: gain and outlook)."""

    actions: tuple[KingdomBuilderAction, ...]
    gain: float
    value: float


@dataclass(frozen=True)
class _Node:
    state: KingdomBuilderState
    actions: tuple[KingdomBuilderAction, ...]
    gain: float

    @property
    def key(self) -> tuple[float, str]:
        return (-self.gain, " ".join(a.text() for a in self.actions))


def outlook(state: KingdomBuilderState, seat: int) -> float:
    """What ``seat``'s position promises for the turns after: free buildable hexes next to
    its settlements, per terrain (capped), a cost per terrain with none."""
    board = state.board
    owner = state.owner
    near: dict[str, set[int]] = {t: set() for t in BUILDABLE}
    for cell, o in enumerate(owner):
        if o != seat:
            continue
        for n in NEIGHBOURS[cell]:
            if owner[n] == EMPTY:
                terrain = board.terrain[n]
                if terrain in near:
                    near[terrain].add(n)
    value = 0.0
    for cells in near.values():
        if cells:
            value += FRONTIER_VALUE * min(len(cells), FRONTIER_CAP)
        else:
            value -= BLOCKED_COST
    return value


def _children(node: _Node, budget: list[int]) -> list[_Node]:
    state = node.state
    out: list[_Node] = []
    base = None
    for action in coach.candidates(state):
        if budget[0] <= 0:
            break
        budget[0] -= 1
        if base is None:
            base = coach._points(state, state.owner, state.current)
        advice = coach.evaluate(state, action, base)
        bonus = TILE_BONUS if advice.tile is not None else 0.0
        out.append(_Node(state, (*node.actions, action), node.gain + advice.gain + bonus))
    return out


def plan_turn(state: KingdomBuilderState, budget: int = DEFAULT_BUDGET) -> Plan:
    """The current player's best turn from ``state`` (see the module docstring).

    Raises ``ValueError`` when no seat acts (the game is over or a card must be revealed)."""
    if state.over or rules.awaiting_reveal(state):
        raise ValueError("no computer move: the game is over or a card must be revealed")
    seat = state.current
    left = [max(1, budget)]
    beam = [_Node(state, (), 0.0)]
    finished: list[Plan] = []
    while beam:
        children: list[_Node] = []
        for node in beam:
            if not rules.mandatory_open(node.state):
                value = node.gain + outlook(node.state, seat)
                finished.append(Plan((*node.actions, EndTurn()), node.gain, value))
            children.extend(_children(node, left))
        children.sort(key=lambda n: n.key)
        beam = []
        for child in children[:WIDTH]:
            after, _ = transitions.perform(child.state, child.actions[-1])
            beam.append(_Node(after, child.actions, child.gain))
        if left[0] <= 0 and not finished:
            left[0] = WIDTH * 200  # never stop before the mandatory action is done
    if not finished:  # no placement at all (an empty supply): end the turn
        return Plan((EndTurn(),), 0.0, outlook(state, seat))
    finished.sort(key=lambda p: (-p.value, " ".join(a.text() for a in p.actions)))
    return finished[0]


def ready_count(state: KingdomBuilderState, seat: int) -> int:
    """How many of ``seat``'s tiles are usable now."""
    return sum(1 for t in state.tiles[seat] if t.status == READY)


__all__ = ["DEFAULT_BUDGET", "Plan", "outlook", "plan_turn"]
