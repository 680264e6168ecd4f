"""Random playouts of whole games (2 to 4 players, virtual and table) checking invariants."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from kingdom_support import ENGINE

from ludivox.engines.base import Event
from ludivox.engines.contract import GameChecks, random_playout
from ludivox.engines.kingdom_builder import (
    REASON_CODES,
    Build,
    CaveMove,
    EndTurn,
    KingdomBuilderAction,
    KingdomBuilderState,
    Layout,
    MoveTile,
    PlaceTile,
    RevealTerrain,
    grid,
)
from ludivox.engines.kingdom_builder.components import (
    BUILDABLE,
    LOCATION_KINDS,
    MOVE_TILES,
    PLACE_TILES,
)
from ludivox.engines.kingdom_builder.events import GameEnded, TileTaken
from ludivox.engines.kingdom_builder.scoring import score_sheets

pytestmark = pytest.mark.slow
MAX_ACTIONS = 1500


def _random_hex(rng: random.Random) -> grid.Hex:
    return (rng.randrange(20), rng.randrange(20))


def _candidates(state: KingdomBuilderState, rng: random.Random) -> list[KingdomBuilderAction]:
    """Arbitrary actions, legal or not, to check that refusal and legality agree."""
    own = state.settlements(state.current) or ((0, 0),)
    out: list[KingdomBuilderAction] = [EndTurn(), RevealTerrain(rng.choice(BUILDABLE))]
    for _ in range(4):
        out.append(Build(_random_hex(rng)))
        out.append(PlaceTile(rng.choice(PLACE_TILES), _random_hex(rng)))
        origin = rng.choice(own)
        near = [grid.step(origin, d) for d in grid.DIRECTIONS]
        target = rng.choice([*near, _random_hex(rng)])
        out.append(MoveTile(rng.choice(MOVE_TILES), origin, target))
        out.append(CaveMove(origin, target))
    return out


def _check_state(state: KingdomBuilderState) -> None:
    board = state.board
    for seat in range(state.players):
        assert state.owner.count(seat) + state.supply[seat] == 40
        kinds = [state.tile_kind(t) for t in state.tiles[seat]]
        assert all(kinds.count(k) <= 2 for k in LOCATION_KINDS)
        for t in state.tiles[seat]:
            around = grid.neighbours(t.location)
            assert any(state.owner_at(n) == seat for n in around), "tile without a neighbour"
    for slot, loc in enumerate(board.locations):
        holders = sum(1 for held in state.tiles for t in held if grid.index(t.location) == loc)
        assert state.tiles_left[slot] + holders <= 2
    assert ENGINE.loads(ENGINE.dumps(state)) == state
    assert ENGINE.from_json(ENGINE.to_json(state)) == state
    for seat in range(state.players):
        if seat != state.current and state.mode == "virtual":
            _check_privacy(state, seat)


def _check_privacy(state: KingdomBuilderState, seat: int) -> None:
    """Changing ``seat``'s hidden card changes only ``seat``'s own view."""
    k = next((i for i, c in enumerate(state.deck) if c != state.hands[seat]), None)
    if k is None or state.hands[seat] not in BUILDABLE:
        return
    deck, hands = list(state.deck), list(state.hands)
    deck[k], hands[seat] = hands[seat], deck[k]
    other = replace(state, deck=tuple(deck), hands=tuple(hands))
    for viewer in (None, *(s for s in range(state.players) if s != seat)):
        assert ENGINE.view(state, viewer) == ENGINE.view(other, viewer)
    assert ENGINE.view(state, seat) != ENGINE.view(other, seat)


def _pick(legal: list[KingdomBuilderAction], rng: random.Random) -> KingdomBuilderAction:
    by_kind: dict[str, list[KingdomBuilderAction]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    kind = rng.choice(sorted(by_kind))
    return rng.choice(by_kind[kind])


class _Game:
    """This game's extras for the shared checker: tiles taken once, the final score."""

    def __init__(self) -> None:
        self.taken: set[tuple[int, str]] = set()  # (seat, location): one tile per location
        self.steps = 0

    def check(self, state: KingdomBuilderState) -> None:
        if self.steps % 7 == 0 or ENGINE.awaiting(state).game_over:
            _check_state(state)
        self.steps += 1

    def after_step(
        self, state: KingdomBuilderState, action: KingdomBuilderAction,
        after: KingdomBuilderState, events: tuple[Event, ...],
    ) -> None:
        for e in events:
            if e.private_to is not None:
                assert e.private_to == state.current
            if isinstance(e, TileTaken):
                assert (e.seat, e.location) not in self.taken, (e, ENGINE.dumps(state))
                self.taken.add((e.seat, e.location))
        if after.over:
            totals = [s.total for s in score_sheets(after)]
            assert isinstance(events[-1], GameEnded) and list(events[-1].totals) == totals


def _awaited_end(state: KingdomBuilderState) -> None:
    aw = ENGINE.awaiting(state)
    assert ("end" in aw.kinds) == (not aw.game_over and ENGINE.refusal(state, EndTurn()) is None)


def playout(state: KingdomBuilderState, seed: int) -> tuple[KingdomBuilderState, int]:
    game = _Game()

    def check(s: KingdomBuilderState) -> None:
        _awaited_end(s)
        game.check(s)

    checks: GameChecks[KingdomBuilderState, KingdomBuilderAction] = GameChecks(
        REASON_CODES, candidates=_candidates, check_state=check, after_step=game.after_step,
        choose=lambda rng, s, legal: _pick(legal, rng), sample=12,
    )
    played = random_playout(ENGINE, state, checks, random.Random(seed), MAX_ACTIONS)
    final = played.final
    totals = [s.total for s in score_sheets(final)]
    best = max(totals)
    assert ENGINE.awaiting(final).winners == tuple(i for i, t in enumerate(totals) if t == best)
    assert 0 in final.supply
    return final, played.steps


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_virtual_playouts(players: int, seed: int) -> None:
    queenies = seed != 2
    state = ENGINE.new_game(players, seed=100 * seed + players, capitols=queenies, caves=queenies)
    final, steps = playout(state, seed=seed * players)
    assert steps > 30 and final.over


def test_table_playout_with_revealed_cards() -> None:
    state = ENGINE.new_game(
        3,
        mode="table",
        layout=Layout.parse("oracle,harbor^,barn,tower^"),
        cards=("lords", "farmers", "merchants"),
    )
    final, _ = playout(state, seed=9)
    assert final.mode == "table" and final.over
