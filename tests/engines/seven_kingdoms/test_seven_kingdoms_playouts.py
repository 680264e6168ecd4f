"""Seeded random playouts of whole games (virtual and table) checking the invariants."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from sk_support import COMPONENTS, engine

from ludivox.engines.seven_kingdoms import (
    ChooseToken,
    Play,
    RevealCard,
    SevenKingdomsAction,
    SevenKingdomsEngine,
    SevenKingdomsState,
    Take,
)

MAX_ACTIONS = 3000  # a random game takes about 100 actions
CHECK_ALL = 60  # check every legal action's refusal when there are at most this many


def visible_cards(view: dict[str, Any]) -> set[int]:
    """Every card number a view shows (hand counts and the pile size are not cards)."""
    cards = {c for c in view["row"] if c is not None}
    cards |= {*view["above"], *view["discard"], *view.get("hand", [])}
    for seat in view["seats"]:
        cards |= {*seat["seen"], *seat["kingdom"]}
        if seat["played"] is not None:
            cards.add(seat["played"])
    if view["resolving"]:
        cards.add(view["resolving"]["card"])
    return cards


def near_misses(state: SevenKingdomsState, rng: random.Random) -> Iterator[SevenKingdomsAction]:
    """Random actions, mostly illegal, close to what a player could say."""
    row = [c for c in state.row if c is not None]
    for _ in range(4):
        yield Play(rng.randint(1, 49))
        taken = rng.sample(row, rng.randint(0, min(len(row), 4))) if row else []
        keep = rng.sample(taken, rng.randint(0, len(taken)))
        yield Take(tuple(taken), tuple(keep))
        yield ChooseToken(rng.choice(COMPONENTS.token_ids))
        yield RevealCard(rng.randint(1, 49))


def check_state(eng: SevenKingdomsEngine, state: SevenKingdomsState, rng: random.Random) -> None:
    assert state.total_cards() == 49
    placed = [t for t in state.tokens_placed if t is not None]
    assert len(state.tokens_hidden) + state.tokens_unknown + len(state.tokens_revealed) + len(
        placed
    ) == 8
    assert eng.loads(eng.dumps(state)) == state
    assert eng.from_json(json.loads(json.dumps(eng.to_json(state)))) == state
    for seat in [None, *range(state.players)]:
        view = eng.view(state, seat)
        json.dumps(view)
        shown = visible_cards(dict(view))
        assert not shown & set(state.pile)
        for other, s in enumerate(state.seats):
            if other != seat:
                assert not shown & set(s.secret), (seat, other)
        assert ("hand" in view) == (seat is not None)


def playout(eng: SevenKingdomsEngine, seed: int) -> SevenKingdomsState:
    rng = random.Random(seed)
    state = eng.new_game()
    for _ in range(MAX_ACTIONS):
        check_state(eng, state, rng)
        now = eng.awaiting(state)
        legal = list(eng.legal_actions(state))
        if now.game_over:
            assert legal == [] and now.winners
            return state
        assert legal, eng.dumps(state)
        assert {a.kind for a in legal} <= now.kinds
        legal_set = set(legal)
        sample = legal if len(legal) <= CHECK_ALL else rng.sample(legal, CHECK_ALL)
        for action in sample:
            assert eng.refusal(state, action) is None, action
        for action in near_misses(state, rng):
            assert (eng.refusal(state, action) is None) == (action in legal_set), action
        before = eng.dumps(state)
        action = rng.choice(legal)
        assert eng.parse_action(action.text()) == action
        state, _ = eng.apply(state, action)
        assert eng.dumps(eng.loads(before)) == before  # the input state is untouched
    raise AssertionError(f"no end after {MAX_ACTIONS} actions: {eng.dumps(state)}")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_virtual_playouts(players: int, seed: int) -> None:
    final = playout(engine(players=players, seed=seed), seed)
    assert final.end in ("pile_empty", "tokens_placed")
    assert all(s.hand_size == 0 for s in final.seats)  # hands validated


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", range(2))
def test_table_playouts(players: int, seed: int) -> None:
    final = playout(engine(players=players, mode="table"), 100 + seed)
    assert all(s.unknown == 0 for s in final.seats)


def test_both_endings_happen_in_random_games() -> None:
    # the tokens ending needs all 7 Évêques played: rare in random play (3 games in 100)
    endings: set[str] = set()
    for seed in range(40):
        eng = engine(players=3, seed=seed)
        rng = random.Random(seed)
        state = eng.new_game()
        while not eng.awaiting(state).game_over:
            state, _ = eng.apply(state, rng.choice(list(eng.legal_actions(state))))
        endings.add(state.end)
        if len(endings) == 2:
            break
    assert endings == {"pile_empty", "tokens_placed"}
