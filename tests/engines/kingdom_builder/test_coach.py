"""The coach ranks placements by what they would change in the score, deterministically."""

from __future__ import annotations

import random

from kingdom_support import ENGINE, h, new_game, position

from ludivox.engines.kingdom_builder import coach, players, score_sheet
from ludivox.engines.kingdom_builder.actions import Build
from ludivox.engines.kingdom_builder.state import KingdomBuilderState


def mid_game(seed: int, turns: int = 8) -> KingdomBuilderState:
    state = new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        for action in players.play_turn(state, "debutant", rng):
            state, _ = ENGINE.apply(state, action)
    return state


def test_the_gain_is_the_real_change_in_score_plus_the_tile() -> None:
    for seed in (1, 2, 3):
        state = mid_game(seed)
        seat = state.current
        before = score_sheet(state, seat).total
        for advice in coach.rank(state)[:6]:
            assert ENGINE.refusal(state, advice.action) is None
            after, _ = ENGINE.apply(state, advice.action)
            tile = coach.TILE_VALUE if advice.tile else 0
            assert score_sheet(after, seat).total - before + tile == advice.gain, advice
            assert sum(p for _, p in advice.parts) == advice.gain


def test_best_first_and_the_same_answer_every_time() -> None:
    state = mid_game(4)
    ranked = coach.rank(state)
    assert ranked == coach.rank(state)
    gains = [a.gain for a in ranked]
    assert gains == sorted(gains, reverse=True)
    assert len(ranked) == len(coach.candidates(state))


def test_the_node_budget_bounds_the_work() -> None:
    state = mid_game(5)
    assert len(coach.candidates(state)) > 5
    assert len(coach.rank(state, budget=5)) == 5


def test_a_castle_neighbour_is_worth_three_points_more() -> None:
    # 4-4 is a castle on the suggested layout; 5-5 touches it (row 5: not shifted)
    state = position(new_game(), hand="grass")
    terrain = state.board.terrain_at(h("5-5"))
    state = position(new_game(), hand=terrain)
    advice = coach.evaluate(state, Build(h("5-5")))
    assert ("castles", 3) in advice.parts


def test_settling_next_to_a_location_takes_a_tile() -> None:
    terrain = new_game().board.terrain_at(h("7-4"))
    state = position(new_game(), hand=terrain)
    advice = coach.evaluate(state, Build(h("7-4")))
    assert advice.tile == "tavern" and ("tile", coach.TILE_VALUE) in advice.parts


def test_nothing_to_rank_once_the_game_is_over_or_before_a_reveal() -> None:
    state = new_game(mode="table")
    assert coach.rank(state) == ()
