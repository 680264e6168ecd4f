"""Computer players: legal, deterministic, and the expert beats the beginner."""

from __future__ import annotations

import pytest
from wwe_support import engine, start

from ludivox.engines.world_without_end import WweEngine, WweState
from ludivox.engines.world_without_end.players import STRENGTHS, choose


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
