"""Computer players: legal, deterministic, and the expert beats the beginner."""

from __future__ import annotations

import random

import pytest
from wwe_support import engine, start

from ludivox.engines.world_without_end import WweEngine, WweState
from ludivox.engines.world_without_end.players import STRENGTHS, choose
from ludivox.engines.world_without_end.state import freeze, thaw


def play(eng: WweEngine, strengths: tuple[str, ...], seed: int) -> WweState:
    state = eng.new_game()
    while state.phase != "over":
        seat = eng.awaiting(state).seat
        assert seat is not None
        action = choose(eng, state, strengths[seat], seed)
        assert eng.refusal(state, action) is None
        state, _ = eng.apply(state, action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_players_finish_a_game_with_legal_moves(players: int) -> None:
    eng = engine(players=players, seed=players)
    final = play(eng, tuple(STRENGTHS[i % 2] for i in range(players)), players)
    assert eng.awaiting(final).winners


def test_the_same_seed_gives_the_same_game() -> None:
    eng = engine(players=2, seed=5)
    assert play(eng, ("expert", "debutant"), 1) == play(eng, ("expert", "debutant"), 1)


def test_the_expert_beats_the_beginner() -> None:
    wins = 0
    for seed in range(6):
        eng = engine(players=2, seed=seed)
        strengths = ("expert", "debutant") if seed % 2 else ("debutant", "expert")
        final = play(eng, strengths, seed)
        wins += strengths.index("expert") in eng.awaiting(final).winners
    assert wins >= 5


def test_no_move_when_the_world_must_reveal_or_for_an_unknown_strength() -> None:
    eng = engine(players=2, mode="table")
    with pytest.raises(ValueError, match="no seat acts"):
        choose(eng, start(eng), "expert")
    live = engine(players=2)
    with pytest.raises(ValueError, match="unknown strength"):
        choose(live, live.new_game(), "champion")


def _reshuffled(state: WweState, seat: int, rng: random.Random) -> WweState:
    """``state`` with the other seats' hidden stocks dealt out again at random, each
    resource's total among them kept (what the table sees does not change)."""
    t = thaw(state)
    others = [s for s in range(t.players) if s != seat]
    for resource in t.seats[seat].stock:
        together = sum(t.seats[s].stock[resource] for s in others)
        for s in others:
            t.seats[s].stock[resource] = 0
        for _ in range(together):
            t.seats[rng.choice(others)].stock[resource] += 1
    return freeze(t)


@pytest.mark.parametrize("players", [3, 4])
def test_the_expert_decides_from_what_its_seat_may_know(players: int) -> None:
    """Over every decision of seeded games, the expert's choice stays the same when the other
    players' stocks behind their screens are dealt differently (loyalty included)."""
    eng = engine(players=players, seed=players)
    rng = random.Random(players)
    state = eng.new_game()
    decisions = 0
    while state.phase != "over":
        seat = eng.awaiting(state).seat
        assert seat is not None
        action = choose(eng, state, "expert", 1)
        if state.phase != "protect" and decisions < 150:
            decisions += 1
            for _ in range(2):
                other = _reshuffled(state, seat, rng)
                assert choose(eng, other, "expert", 1) == action, (state.phase, action)
        state, _ = eng.apply(state, action)
    assert decisions == 150
