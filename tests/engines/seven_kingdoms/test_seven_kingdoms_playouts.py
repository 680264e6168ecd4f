"""Seeded random playouts of whole games (virtual and table) checking the invariants."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from sk_support import COMPONENTS, engine

from ludivox.engines.contract import GameChecks, random_playout
from ludivox.engines.seven_kingdoms import (
    ChooseToken,
    Play,
    RevealCard,
    SevenKingdomsAction,
    SevenKingdomsEngine,
    SevenKingdomsState,
    Take,
)
from ludivox.engines.seven_kingdoms.reasons import REASON_CODES

MAX_ACTIONS = 3000  # a random game takes about 100 actions


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


def check_state(eng: SevenKingdomsEngine, state: SevenKingdomsState) -> None:
    """The game's own invariants: 49 cards, 8 tokens, JSON, and no hidden card in any view."""
    assert state.total_cards() == 49
    placed = [t for t in state.tokens_placed if t is not None]
    assert len(state.tokens_hidden) + state.tokens_unknown + len(state.tokens_revealed) + len(
        placed
    ) == 8
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
    """A random game checked by the shared contract checker plus this game's invariants."""
    checks: GameChecks[SevenKingdomsState, SevenKingdomsAction] = GameChecks(
        REASON_CODES, candidates=near_misses, check_state=partial(check_state, eng),
    )
    played = random_playout(eng, eng.new_game(), checks, random.Random(seed), MAX_ACTIONS)
    assert eng.awaiting(played.final).winners
    return played.final


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
