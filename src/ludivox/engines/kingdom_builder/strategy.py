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

from dataclasses import dataclass, replace

from ludivox.engines.kingdom_builder import coach, rules, transitions
from ludivox.engines.kingdom_builder.actions import EndTurn, KingdomBuilderAction
from ludivox.engines.kingdom_builder.components import BUILDABLE, TERRAIN_CARDS_PER_KIND
from ludivox.engines.kingdom_builder.grid import NEIGHBOURS
from ludivox.engines.kingdom_builder.state import EMPTY, READY, KingdomBuilderState

WIDTH = 4  # nodes kept per level
DEFAULT_BUDGET = 1500  # placements evaluated per plan at most
FRONTIER_VALUE = 0.15  # per free hex of a terrain next to one's settlements (capped)
FRONTIER_CAP = 4  # hexes of one terrain that still matter
BLOCKED_COST = 0.6  # a terrain with no free hex next to one's settlements
TILE_BONUS = 0.0  # taking a location tile, on top of the coach's TILE_VALUE
LOOKAHEAD = 3  # best plans judged by the next turn they leave
NEXT_WEIGHT = 0.8  # a point expected next turn against a point now
NEXT_BUDGET = 400  # placements evaluated per step of an imagined next turn


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


def terrain_odds(state: KingdomBuilderState) -> dict[str, float]:
    """The chance of each terrain for a card not yet seen: the cards not in the discard or
    set aside (the deck and the hidden hands are one unknown multiset)."""
    left = {t: TERRAIN_CARDS_PER_KIND - state.discard.count(t) - state.removed.count(t)
            for t in BUILDABLE}
    total = sum(max(0, n) for n in left.values())
    if total <= 0:
        return {t: 1.0 / len(BUILDABLE) for t in BUILDABLE}
    return {t: max(0, n) / total for t, n in left.items()}


def next_turn(state: KingdomBuilderState, seat: int) -> float:
    """The points ``seat`` may expect from its next turn if the board stayed as it is: for
    each terrain it may draw, the greedy turn's gain, weighted by the terrain's odds."""
    tiles = list(state.tiles)
    tiles[seat] = tuple(replace(t, status=READY) for t in state.tiles[seat])
    expected = 0.0
    for terrain, odds in terrain_odds(state).items():
        if odds <= 0:
            continue
        hands = list(state.hands)
        hands[seat] = terrain
        here = replace(state, hands=tuple(hands), current=seat, built=0, cave_used=False,
                       tiles=tuple(tiles))
        expected += odds * _greedy_turn(here)
    return expected


def _greedy_turn(state: KingdomBuilderState) -> float:
    gain = 0.0
    for _ in range(8):
        ranked = coach.rank(state, NEXT_BUDGET, limit=1)
        if not ranked or (not rules.mandatory_open(state) and ranked[0].gain <= 0):
            return gain
        gain += ranked[0].gain
        state, _ = transitions.perform(state, ranked[0].action)
    return gain


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
    if LOOKAHEAD <= 1 or len(finished) == 1:
        return finished[0]
    judged = []
    for plan in finished[:LOOKAHEAD]:
        after = state
        for action in plan.actions[:-1]:
            after, _ = transitions.perform(after, action)
        value = plan.gain + NEXT_WEIGHT * next_turn(after, seat)
        judged.append(Plan(plan.actions, plan.gain, value))
    judged.sort(key=lambda p: (-p.value, " ".join(a.text() for a in p.actions)))
    return judged[0]


_FOLLOWING: list[tuple[KingdomBuilderState, tuple[KingdomBuilderAction, ...]]] = []


def next_action(state: KingdomBuilderState, budget: int = DEFAULT_BUDGET
                ) -> KingdomBuilderAction:
    """The planner's action now: the next step of the plan made at the start of this turn
    when ``state`` is the position that plan led to (remembered for the last plan only, to
    spare planning again), else the first step of a new plan from ``state``."""
    for expected, rest in _FOLLOWING:
        if expected == state and rest:
            action = rest[0]
            _remember(state, action, rest[1:])
            return action
    plan = plan_turn(state, budget).actions
    _remember(state, plan[0], plan[1:])
    return plan[0]


def _remember(state: KingdomBuilderState, action: KingdomBuilderAction,
              rest: tuple[KingdomBuilderAction, ...]) -> None:
    _FOLLOWING.clear()
    if rest and rules.refusal(state, action) is None:
        _FOLLOWING.append((transitions.perform(state, action)[0], rest))


__all__ = ["DEFAULT_BUDGET", "Plan", "next_action", "next_turn", "outlook", "plan_turn",
           "terrain_odds"]
