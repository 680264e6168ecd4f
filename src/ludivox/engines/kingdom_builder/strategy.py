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
deck and the other players' cards never enter.

``budget`` bounds the whole decision by work, not by time, so a plan never depends on the
machine's load: it counts the placements evaluated (:func:`coach.evaluate`), the beam's and
the look-ahead's together. The beam may spend :data:`BEAM_SHARE` of it; the look-ahead gets
what is left, split evenly between the plans it judges and, within a plan, between the
terrains the next card may be. Should the beam run out before the mandatory action is done,
it carries on with its best node only, by at most :data:`RESCUE` more placements per level.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ludivox.engines.kingdom_builder import coach, rules, transitions
from ludivox.engines.kingdom_builder.actions import EndTurn, KingdomBuilderAction
from ludivox.engines.kingdom_builder.components import BUILDABLE, TERRAIN_CARDS_PER_KIND
from ludivox.engines.kingdom_builder.grid import NEIGHBOURS
from ludivox.engines.kingdom_builder.state import EMPTY, READY, KingdomBuilderState

WIDTH = 4  # nodes kept per level
DEFAULT_BUDGET = 2000  # placements evaluated per decision (beam and look-ahead)
BEAM_SHARE = 0.5  # of the budget, the beam's at most
RESCUE = 200  # placements per level when the beam ran out before the mandatory action
FRONTIER_VALUE = 0.15  # per free hex of a terrain next to one's settlements (capped)
FRONTIER_CAP = 4  # hexes of one terrain that still matter
BLOCKED_COST = 0.6  # a terrain with no free hex next to one's settlements
TILE_BONUS = 0.0  # taking a location tile, on top of the coach's TILE_VALUE
LOOKAHEAD = 3  # best plans judged by the next turn they leave
NEXT_WEIGHT = 0.8  # a point expected next turn against a point now


@dataclass(frozen=True)
class Plan:
    """A turn: the actions (ending with ``EndTurn``), the points they bring now (``gain``)
    and the plan's whole value (``value``: gain and outlook, or the next turn expected),
    ``work`` the placements evaluated to find it."""

    actions: tuple[KingdomBuilderAction, ...]
    gain: float
    value: float
    work: int = 0


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


def next_turn(state: KingdomBuilderState, seat: int, budget: int = DEFAULT_BUDGET
              ) -> tuple[float, int]:
    """The points ``seat`` may expect from its next turn if the board stayed as it is: for
    each terrain it may draw, the greedy turn's gain, weighted by the terrain's odds; and the
    placements evaluated (at most ``budget``, shared evenly between the terrains)."""
    tiles = list(state.tiles)
    tiles[seat] = tuple(replace(t, status=READY) for t in state.tiles[seat])
    odds = {t: p for t, p in terrain_odds(state).items() if p > 0}
    share = max(0, budget) // max(1, len(odds))
    expected = 0.0
    work = 0
    for terrain, chance in odds.items():
        hands = list(state.hands)
        hands[seat] = terrain
        here = replace(state, hands=tuple(hands), current=seat, built=0, cave_used=False,
                       tiles=tuple(tiles))
        gain, spent = _greedy_turn(here, share)
        expected += chance * gain
        work += spent
    return expected, work


def _greedy_turn(state: KingdomBuilderState, budget: int) -> tuple[float, int]:
    """The gain of the greedy turn from ``state`` within ``budget`` placements evaluated
    (candidates in the engine's order), and the placements evaluated."""
    gain = 0.0
    left = budget
    for _ in range(8):
        options = coach.candidates(state)[:left]
        if not options:
            break
        left -= len(options)
        base = coach._points(state, state.owner, state.current)
        best = min((coach.evaluate(state, a, base) for a in options),
                   key=lambda a: (-a.gain, a.action.text()))
        if not rules.mandatory_open(state) and best.gain <= 0:
            break
        gain += best.gain
        state, _ = transitions.perform(state, best.action)
    return gain, budget - left


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
    budget = max(1, budget)
    allowed = max(1, int(budget * BEAM_SHARE))
    left = [allowed]
    beam = [_Node(state, (), 0.0)]
    finished: list[Plan] = []
    while beam:
        if left[0] <= 0 and not finished:  # never stop before the mandatory action is done
            beam = beam[:1]
            allowed += RESCUE
            left[0] = RESCUE
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
    work = allowed - left[0]
    if not finished:  # no placement at all (an empty supply): end the turn
        return Plan((EndTurn(),), 0.0, outlook(state, seat), work)
    finished.sort(key=_order)
    ahead = finished[:LOOKAHEAD]
    share = (budget - work) // len(ahead)
    if LOOKAHEAD <= 1 or len(finished) == 1 or share <= 0:
        return replace(finished[0], work=work)
    judged = []
    for plan in ahead:
        after = state
        for action in plan.actions[:-1]:
            after, _ = transitions.perform(after, action)
        expected, spent = next_turn(after, seat, share)
        work += spent
        judged.append(Plan(plan.actions, plan.gain, plan.gain + NEXT_WEIGHT * expected))
    judged.sort(key=_order)
    return replace(judged[0], work=work)


def _order(plan: Plan) -> tuple[float, str]:
    return (-plan.value, " ".join(a.text() for a in plan.actions))


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
