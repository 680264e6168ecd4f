"""Computer players: always legal, reproducible from the seed, and the strong one wins."""

from __future__ import annotations

import random

import pytest
from kingdom_support import ENGINE, new_game

from ludivox.engines.kingdom_builder import players, score_sheets
from ludivox.engines.kingdom_builder.actions import EndTurn
from ludivox.engines.kingdom_builder.state import KingdomBuilderState


def play_out(seed: int, strengths: tuple[str, ...]) -> tuple[KingdomBuilderState, list[str]]:
    state = new_game(len(strengths), seed=seed)
    rng = random.Random(seed)
    texts: list[str] = []
    while not state.over:
        turn = players.play_turn(state, strengths[state.current], rng)
        assert turn and isinstance(turn[-1], EndTurn)
        for action in turn:
            assert ENGINE.refusal(state, action) is None, action.text()
            state, _ = ENGINE.apply(state, action)
            texts.append(action.text())
    return state, texts


@pytest.mark.slow
def test_a_whole_game_between_both_strengths_ends_with_only_legal_moves() -> None:
    state, texts = play_out(11, ("expert", "debutant"))
    assert state.over and len(texts) > 20


def test_a_whole_game_of_the_greedy_player_ends_with_only_legal_moves() -> None:
    state, texts = play_out(13, ("moyen", "debutant"))
    assert state.over and len(texts) > 20


def test_the_same_seed_gives_the_same_game() -> None:
    assert play_out(12, ("debutant", "debutant"))[1] == play_out(12, ("debutant", "debutant"))[1]


@pytest.mark.slow
def test_the_strong_player_beats_the_easy_one() -> None:
    wins = 0
    for seed in (21, 22, 23):
        state, _ = play_out(seed, ("debutant", "expert"))
        totals = [s.total for s in score_sheets(state)]
        wins += totals[1] > totals[0]
    assert wins >= 2


def test_bad_strength_or_no_turn_is_an_error() -> None:
    with pytest.raises(ValueError, match="strength"):
        players.choose(new_game(), "genius", random.Random(1))
    with pytest.raises(ValueError, match="revealed"):
        players.choose(new_game(mode="table"), "debutant", random.Random(1))
