"""The coach: placements ranked by what they change in the score, pure and deterministic.

For each legal placement of the current player (the mandatory action's next settlement, or
a placing/moving tile once the 3 are placed), the coach scores the board as if the game
ended right after it (the 3 Kingdom Builder cards, castles, the Capitol) and subtracts the
score before: the *marginal effect*, item by item. A location tile taken by the placement
counts :data:`TILE_VALUE` points (a coaching heuristic, not a rule: a tile is worth a
settlement or a move on every later turn).

At most ``budget`` placements are evaluated (a node budget bounding the answer time);
candidates are taken in the engine's order (builds by hex, then tiles). Ties are broken by
the action's text, so the ranking never depends on anything but the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludivox.engines.kingdom_builder import grid, rules
from ludivox.engines.kingdom_builder.actions import Build, KingdomBuilderAction, MoveTile, PlaceTile
from ludivox.engines.kingdom_builder.components import PLACE_TILES
from ludivox.engines.kingdom_builder.grid import NEIGHBOURS, Hex
from ludivox.engines.kingdom_builder.placement import move_options, place_targets
from ludivox.engines.kingdom_builder.scoring import CARD_SCORERS, capitol, castles
from ludivox.engines.kingdom_builder.state import EMPTY, KingdomBuilderState

TILE_VALUE = 2
"""Points the coach credits for taking a location tile (heuristic, provisional)."""

DEFAULT_BUDGET = 400
"""Placements evaluated at most per ranking."""


@dataclass(frozen=True)
class Advice:
    """One placement and its effect: ``gain`` in points, ``parts`` per source (card id,
    ``"castles"``, ``"capitol"``, ``"tile"``) with non-zero change, the tile kind taken."""

    action: KingdomBuilderAction
    gain: int
    parts: tuple[tuple[str, int], ...]
    tile: str | None

    @property
    def hex(self) -> Hex:
        """The hex the settlement ends on."""
        a = self.action
        return a.target if isinstance(a, MoveTile) else a.hex  # type: ignore[union-attr]


def _points(state: KingdomBuilderState, owner: Sequence[int], seat: int) -> dict[str, int]:
    board = state.board
    out = {card: CARD_SCORERS[card](board, owner, seat, state.players).points
           for card in state.cards}
    out["castles"] = castles(board, owner, seat).points
    if board.capitols:
        out["capitol"] = capitol(board, owner, seat).points
    return out


def _tile_taken(state: KingdomBuilderState, owner: Sequence[int], seat: int, cell: int,
                origin: int = EMPTY) -> str | None:
    """The kind of a tile the settlement on ``cell`` would take (one per location)."""
    board = state.board
    for n in NEIGHBOURS[cell]:
        if board.location_of[n] and state.can_take_tile(seat, grid.at(n)):
            near_before = any(owner[x] == seat and x != origin for x in NEIGHBOURS[n])
            if not near_before:
                return board.location_of[n]
    return None


def candidates(state: KingdomBuilderState) -> list[KingdomBuilderAction]:
    """The placements the coach considers now (no end of turn, no Cave move)."""
    if state.over or rules.awaiting_reveal(state):
        return []
    out: list[KingdomBuilderAction] = []
    if rules.mandatory_open(state):
        out += [Build(h) for h in place_targets(state, "build").hexes]
        if state.built:
            return out
    for kind in rules.usable_kinds(state):
        if kind in PLACE_TILES:
            if state.supply[state.current] > 0:
                out += [PlaceTile(kind, h) for h in place_targets(state, kind).hexes]
        else:
            for origin, opts in move_options(state, kind).items():
                out += [MoveTile(kind, origin, h) for h in opts.hexes]
    return out


def evaluate(
    state: KingdomBuilderState, action: KingdomBuilderAction, base: dict[str, int] | None = None
) -> Advice:
    """The marginal effect of one placement for the current player."""
    seat = state.current
    before = base if base is not None else _points(state, state.owner, seat)
    owner = list(state.owner)
    origin = EMPTY
    if isinstance(action, MoveTile):
        origin = grid.index(action.origin)
        owner[origin] = EMPTY
        cell = grid.index(action.target)
    elif isinstance(action, Build | PlaceTile):
        cell = grid.index(action.hex)
    else:
        raise ValueError(f"the coach does not rank {action.text()!r}")
    tile = _tile_taken(state, state.owner, seat, cell, origin)
    owner[cell] = seat
    after = _points(state, owner, seat)
    parts = [(k, after[k] - before[k]) for k in after if after[k] != before[k]]
    if tile is not None:
        parts.append(("tile", TILE_VALUE))
    return Advice(action, sum(p for _, p in parts), tuple(parts), tile)


def rank(state: KingdomBuilderState, budget: int = DEFAULT_BUDGET, limit: int | None = None
         ) -> tuple[Advice, ...]:
    """The current player's placements, best first (at most ``budget`` evaluated)."""
    base = _points(state, state.owner, state.current)
    found = [evaluate(state, a, base) for a in candidates(state)[:max(0, budget)]]
    found.sort(key=lambda a: (-a.gain, a.action.text()))
    return tuple(found if limit is None else found[:limit])


def plan(state: KingdomBuilderState) -> tuple[Advice, ...]:
    """The expert computer player's whole turn from ``state`` (:func:`strategy.plan_turn`),
    step by step, each placement with its effect where it is made (the end of the turn is
    left out), so the coach can advise what the expert plays. Empty when nothing is to be
    placed."""
    from ludivox.engines.kingdom_builder import strategy, transitions

    if state.over or rules.awaiting_reveal(state):
        return ()
    out: list[Advice] = []
    for action in strategy.plan_turn(state).actions:
        if not isinstance(action, Build | PlaceTile | MoveTile):
            break
        out.append(evaluate(state, action))
        state, _ = transitions.perform(state, action)
    return tuple(out)


__all__ = ["DEFAULT_BUDGET", "TILE_VALUE", "Advice", "candidates", "evaluate", "plan", "rank"]
