"""Which actions the rules allow now, and why not: ``refusal`` and ``legal_actions``.

Turn structure (rulebook, "Déroulement de la partie"): the mandatory action places 3
settlements "successivement, l'une après l'autre, sans interruption"; each tile's special
action may be used "une fois à chacun de leurs tours de jeu" (twice with two identical
tiles), "soit avant soit après leur action obligatoire", and only "à partir du prochain
tour" after taking the tile. So tiles (and Queenie 2's Cave move) are refused while 1 or 2
of the 3 settlements are placed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from ludivox.engines.base import Reason
from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.actions import (
    Build,
    CaveMove,
    EndTurn,
    KingdomBuilderAction,
    MoveTile,
    PlaceTile,
    RevealTerrain,
)
from ludivox.engines.kingdom_builder.components import (
    BUILDABLE,
    LOCATION_KINDS,
    MOVE_TILES,
    PLACE_TILES,
    SETTLEMENTS_PER_TURN,
    TERRAIN_CARDS_PER_KIND,
    TILE_TERRAIN,
)
from ludivox.engines.kingdom_builder.grid import Hex
from ludivox.engines.kingdom_builder.placement import (
    ADJACENT,
    NONE,
    Placements,
    cave_cells,
    move_options,
    place_targets,
)
from ludivox.engines.kingdom_builder.state import (
    EMPTY,
    NEW,
    NO_CARD,
    READY,
    TABLE,
    UNKNOWN,
    USED,
    KingdomBuilderState,
)

MAX_SUGGESTIONS = 3


# ---- phase predicates ---------------------------------------------------------------------


def awaiting_reveal(state: KingdomBuilderState) -> bool:
    """Table mode: the current player's card must be turned up before anything else."""
    return not state.over and state.hands[state.current] == UNKNOWN


def mandatory_open(state: KingdomBuilderState) -> bool:
    """Whether the mandatory action still has settlements to place (fewer than 3 placed,
    some left in the supply, a terrain card in hand)."""
    return (
        not state.over
        and state.built < SETTLEMENTS_PER_TURN
        and state.supply[state.current] > 0
        and state.hands[state.current] != NO_CARD
    )


def mandatory_in_progress(state: KingdomBuilderState) -> bool:
    """1 or 2 of the 3 settlements are placed: only builds until the third."""
    return state.built > 0 and mandatory_open(state)


def ready_tiles(state: KingdomBuilderState, kind: str) -> int:
    """How many of the current player's tiles of ``kind`` can still be used this turn."""
    return sum(1 for t in state.held(state.current, kind) if t.status == READY)


def seen_cards(state: KingdomBuilderState, terrain: str) -> int:
    """Table mode: cards of ``terrain`` known to be out of the deck (discard, set aside)."""
    return state.discard.count(terrain) + state.removed.count(terrain)


def usable_kinds(state: KingdomBuilderState) -> list[str]:
    """Tile kinds the current player could use now (ignoring targets)."""
    if state.over or awaiting_reveal(state) or mandatory_in_progress(state):
        return []
    return [k for k in LOCATION_KINDS if ready_tiles(state, k) > 0]


def cave_available(state: KingdomBuilderState) -> bool:
    """Queenie 2's move is in play and not used this turn (ignoring targets)."""
    return (
        bool(state.board.caves)
        and not state.cave_used
        and not state.over
        and not awaiting_reveal(state)
        and not mandatory_in_progress(state)
    )


# ---- legal actions ------------------------------------------------------------------------


def legal_actions(state: KingdomBuilderState) -> Iterator[KingdomBuilderAction]:
    """Every legal action now, builds first, then tiles, the Cave, ending the turn."""
    if state.over:
        return
    if awaiting_reveal(state):
        for t in BUILDABLE:
            if seen_cards(state, t) < TERRAIN_CARDS_PER_KIND:
                yield RevealTerrain(t)
        return
    if mandatory_open(state):
        for h in place_targets(state, "build").hexes:
            yield Build(h)
        if state.built:
            return
    for kind in usable_kinds(state):
        if kind in PLACE_TILES:
            if state.supply[state.current] > 0:
                for h in place_targets(state, kind).hexes:
                    yield PlaceTile(kind, h)
        else:
            for origin, options in move_options(state, kind).items():
                for h in options.hexes:
                    yield MoveTile(kind, origin, h)
    if cave_available(state):
        for origin, options in move_options(state, "cave").items():
            for h in options.hexes:
                yield CaveMove(origin, h)
    if not mandatory_open(state):
        yield EndTurn()


# ---- refusals -----------------------------------------------------------------------------


def refusal(state: KingdomBuilderState, action: KingdomBuilderAction) -> Reason | None:
    """``None`` exactly when ``action`` is legal now; otherwise why not."""
    if isinstance(action, RevealTerrain):
        return _reveal_refusal(state, action)
    if state.over:
        return Reason.of("game_over")
    if awaiting_reveal(state):
        return Reason.of("terrain_not_revealed", seat=state.current)
    if isinstance(action, Build):
        return _build_refusal(state, action)
    if isinstance(action, PlaceTile):
        return _place_tile_refusal(state, action)
    if isinstance(action, MoveTile):
        return _move_tile_refusal(state, action)
    if isinstance(action, CaveMove):
        return _cave_refusal(state, action)
    if isinstance(action, EndTurn):
        if mandatory_open(state):
            return Reason.of("mandatory_not_done", placed=state.built, needed=SETTLEMENTS_PER_TURN)
        return None
    raise TypeError(f"not a Kingdom Builder action: {action!r}")


def _reveal_refusal(state: KingdomBuilderState, action: RevealTerrain) -> Reason | None:
    if state.mode != TABLE:
        return Reason.of("not_table_mode")
    if state.over:
        return Reason.of("game_over")
    if state.hands[state.current] != UNKNOWN:
        return Reason.of("no_reveal_expected", seat=state.current)
    if action.terrain not in BUILDABLE:
        return Reason.of("unknown_terrain", terrain=action.terrain)
    seen = seen_cards(state, action.terrain)
    if seen >= TERRAIN_CARDS_PER_KIND:
        return Reason.of("terrain_all_seen", terrain=action.terrain, seen=seen)
    return None


def _hex_problem(state: KingdomBuilderState, hex_: Hex) -> Reason | None:
    """Off the board or occupied."""
    if not grid.on_board(hex_):
        r, c = grid.spoken(hex_)
        return Reason.of("off_board", row=r, col=c)
    owner = state.owner[grid.index(hex_)]
    if owner != EMPTY:
        return Reason.of("hex_occupied", hex=grid.hex_id(hex_), owner=owner)
    return None


def _terrain_problem(state: KingdomBuilderState, hex_: Hex, needed: str | None) -> Reason | None:
    """Not buildable, or not the ``needed`` terrain (``"water"`` for the Harbor)."""
    terrain = state.board.terrain_at(hex_)
    if needed == "water":
        if terrain != "water":
            return Reason.of(
                "wrong_terrain", hex=grid.hex_id(hex_), terrain=terrain, needed="water"
            )
        return None
    if terrain not in BUILDABLE:
        return Reason.of("not_buildable", hex=grid.hex_id(hex_), terrain=terrain)
    if needed is not None and terrain != needed:
        return Reason.of("wrong_terrain", hex=grid.hex_id(hex_), terrain=terrain, needed=needed)
    return None


def _suggest(options: Sequence[Hex], near: Hex) -> list[Hex]:
    return sorted(options, key=lambda h: (grid.distance(h, near), h))[:MAX_SUGGESTIONS]


def _adjacency_problem(
    targets: Placements, hex_: Hex, needed: str, suggestions: Sequence[object]
) -> Reason | None:
    if hex_ in targets:
        return None
    if targets.rule == ADJACENT:
        return Reason.of(
            "not_adjacent_but_possible",
            suggestions,
            hex=grid.hex_id(hex_),
            needed=needed,
            count=len(targets.hexes),
            hexes=tuple(grid.hex_id(h) for h in targets.hexes),
        )
    raise AssertionError(f"{hex_} refused by rule {targets.rule}")  # pragma: no cover


def _build_refusal(state: KingdomBuilderState, action: Build) -> Reason | None:
    if state.hands[state.current] == NO_CARD:
        return Reason.of("no_terrain_card")
    if not mandatory_open(state):
        if state.supply[state.current] == 0:
            return Reason.of("supply_empty")
        return Reason.of("mandatory_done", placed=state.built)
    needed = state.hands[state.current]
    problem = _hex_problem(state, action.hex) or _terrain_problem(state, action.hex, needed)
    targets = place_targets(state, "build")
    near = (
        [Build(h) for h in _suggest(targets.hexes, action.hex)] if grid.on_board(action.hex) else []
    )
    if problem is not None:
        return Reason(problem.code, problem.params, tuple(near))
    return _adjacency_problem(targets, action.hex, needed, near)


def _tile_state_problem(state: KingdomBuilderState, tile: str) -> Reason | None:
    if mandatory_in_progress(state):
        return Reason.of("mandatory_in_progress", placed=state.built, needed=SETTLEMENTS_PER_TURN)
    held = state.held(state.current, tile)
    if not held:
        return Reason.of("tile_not_held", tile=tile)
    if not any(t.status == READY for t in held):
        if any(t.status == USED for t in held):
            return Reason.of("tile_used", tile=tile, held=len(held))
        if all(t.status == NEW for t in held):
            return Reason.of("tile_new", tile=tile)
    return None


def _tile_problem(state: KingdomBuilderState, tile: str, forms: Collection[str]) -> Reason | None:
    """What every tile is refused for: unknown, used in another form than ``forms`` (placing
    or moving tiles), or not usable now."""
    if tile not in LOCATION_KINDS:
        return Reason.of("unknown_tile", tile=tile)
    if tile not in forms:
        return Reason.of("wrong_tile_form", tile=tile)
    return _tile_state_problem(state, tile)


def _tile_terrain(state: KingdomBuilderState, tile: str) -> str | Reason | None:
    """The terrain the tile's settlement must stand on (None: any the tile allows): the
    terrain card in hand for the Oracle and the Barn, a refusal when there is none."""
    if tile not in ("oracle", "barn"):
        return TILE_TERRAIN[tile]
    if state.hands[state.current] == NO_CARD:
        return Reason.of("no_terrain_card")
    return state.hands[state.current]


def _place_tile_refusal(state: KingdomBuilderState, action: PlaceTile) -> Reason | None:
    tile = action.tile
    problem = _tile_problem(state, tile, PLACE_TILES)
    if problem is not None:
        return problem
    if state.supply[state.current] == 0:
        return Reason.of("supply_empty")
    needed = _tile_terrain(state, tile)
    if isinstance(needed, Reason):
        return needed
    targets = place_targets(state, tile)
    if targets.rule == NONE:
        return Reason.of("no_target", tile=tile, needed=needed or "")
    hex_ = action.hex
    near = (
        [PlaceTile(tile, h) for h in _suggest(targets.hexes, hex_)] if grid.on_board(hex_) else []
    )
    problem = _hex_problem(state, hex_) or _terrain_problem(state, hex_, needed)
    if problem is None and tile == "tower" and grid.index(hex_) not in grid.EDGE:
        problem = Reason.of("not_edge", hex=grid.hex_id(hex_))
    if problem is None and tile == "tavern" and hex_ not in targets:
        problem = Reason.of("not_line_end", hex=grid.hex_id(hex_))
    if problem is not None:
        return Reason(problem.code, problem.params, tuple(near))
    return _adjacency_problem(targets, hex_, needed or "", near)


def _origin_problem(state: KingdomBuilderState, origin: Hex) -> Reason | None:
    if not grid.on_board(origin):
        r, c = grid.spoken(origin)
        return Reason.of("off_board", row=r, col=c)
    if state.owner[grid.index(origin)] != state.current:
        return Reason.of("not_own_settlement", hex=grid.hex_id(origin))
    return None


def _move_tile_refusal(state: KingdomBuilderState, action: MoveTile) -> Reason | None:
    tile = action.tile
    problem = _tile_problem(state, tile, MOVE_TILES)
    if problem is not None:
        return problem
    needed = _tile_terrain(state, tile)
    if isinstance(needed, Reason):
        return needed
    options = move_options(state, tile)
    if all(p.rule == NONE for p in options.values()):
        return Reason.of("no_target", tile=tile, needed=needed or "")
    return _move_problem(state, tile, action.origin, action.target, needed, options)


def _move_problem(
    state: KingdomBuilderState,
    via: str,
    origin: Hex,
    target: Hex,
    needed: str | None,
    options: dict[Hex, Placements],
) -> Reason | None:
    problem = _origin_problem(state, origin)
    if problem is not None:
        return problem
    if via == "cave" and origin not in options:
        return Reason.of("origin_not_by_cave", hex=grid.hex_id(origin))
    if target == origin:
        return Reason.of("same_hex", hex=grid.hex_id(origin))
    targets = options[origin]

    def make(h: Hex) -> object:
        return CaveMove(origin, h) if via == "cave" else MoveTile(via, origin, h)

    near = [make(h) for h in _suggest(targets.hexes, target)] if grid.on_board(target) else []
    problem = _hex_problem(state, target) or _terrain_problem(state, target, needed)
    if problem is None and via == "paddock" and target not in targets:
        problem = Reason.of(
            "not_two_in_line", origin=grid.hex_id(origin), target=grid.hex_id(target)
        )
    if problem is None and via == "cave" and grid.index(target) not in cave_cells(state.board):
        problem = Reason.of("target_not_by_cave", hex=grid.hex_id(target))
    if problem is not None:
        return Reason(problem.code, problem.params, tuple(near))
    return _adjacency_problem(targets, target, needed or "", near)


def _cave_refusal(state: KingdomBuilderState, action: CaveMove) -> Reason | None:
    if not state.board.caves:
        return Reason.of("caves_not_in_play")
    if mandatory_in_progress(state):
        return Reason.of("mandatory_in_progress", placed=state.built, needed=SETTLEMENTS_PER_TURN)
    if state.cave_used:
        return Reason.of("cave_used")
    options = move_options(state, "cave")
    return _move_problem(state, "cave", action.origin, action.target, None, options)
