"""The Kingdom Builder turn planner (the ``expert``): whole legal turns, never worse now than
the greedy turn, and blind to the deck and the other players' cards."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from kingdom_support import ENGINE, new_game

from ludivox.engines.kingdom_builder import coach, players, score_sheet, strategy
from ludivox.engines.kingdom_builder.actions import Build, EndTurn
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.state import KingdomBuilderState


def turn_starts(seed: int, turns: int, every: int = 3) -> Iterator[KingdomBuilderState]:
    """Positions at the start of a turn in a seeded greedy-against-beginner game."""
    state = new_game(seed=seed)
    rng = random.Random(seed)
    for turn in range(turns):
        if state.over:
            return
        if turn % every == 0:
            yield state
        strength = "moyen" if state.current else "debutant"
        for action in players.play_turn(state, strength, rng):
            state, _ = ENGINE.apply(state, action)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_plan_is_a_whole_legal_turn_replayed_through_the_engine(seed: int) -> None:
    for start in turn_starts(seed, 12):
        plan = strategy.plan_turn(start)
        state = start
        for action in plan.actions:
            assert ENGINE.refusal(state, action) is None, action.text()
            state, _ = ENGINE.apply(state, action)
        assert isinstance(plan.actions[-1], EndTurn)
        assert sum(isinstance(a, Build) for a in plan.actions) == 3
        assert state.current != start.current or state.over


@pytest.mark.parametrize("seed", [4, 5])
def test_a_plan_scores_now_at_least_what_the_greedy_turn_would_less_its_tiles(seed: int) -> None:
    for start in turn_starts(seed, 12):
        seat = start.current
        plan = strategy.plan_turn(start)
        planned = start
        for action in plan.actions[:-1]:
            planned, _ = ENGINE.apply(planned, action)
        greedy = start
        for action in players.play_turn(start, "moyen", random.Random(seed))[:-1]:
            greedy, _ = ENGINE.apply(greedy, action)
        # the planner may trade points now for the next turn, but never a whole castle
        assert score_sheet(planned, seat).total >= score_sheet(greedy, seat).total - 3


@pytest.mark.parametrize("seed", [6, 7])
def test_the_plan_is_the_same_whatever_the_deck_and_the_other_hands(seed: int) -> None:
    rng = random.Random(seed)
    for start in turn_starts(seed, 6):
        plan = strategy.plan_turn(start)
        for _ in range(2):
            deck = list(start.deck)
            rng.shuffle(deck)
            hands = tuple(card if seat == start.current else rng.choice(BUILDABLE)
                          for seat, card in enumerate(start.hands))
            other = replace(start, deck=tuple(deck), hands=hands)
            assert strategy.plan_turn(other) == plan


def test_the_odds_of_the_next_card_come_from_the_discard_only() -> None:
    start = new_game(seed=8)
    odds = strategy.terrain_odds(start)
    assert set(odds) == set(BUILDABLE) and abs(sum(odds.values()) - 1) < 1e-9
    gone = replace(start, discard=("grass",) * 5)
    assert strategy.terrain_odds(gone)["grass"] == 0.0
    assert strategy.terrain_odds(replace(start, deck=start.deck[::-1])) == odds


def test_the_expert_follows_its_plan_and_the_coach_ranks_its_first_step() -> None:
    start = next(turn_starts(9, 4, every=4))
    plan = strategy.plan_turn(start)
    state = start
    for action in plan.actions:
        assert players.choose(state, "expert", random.Random(0)) == action
        state, _ = ENGINE.apply(state, action)
    ranked = [a.action for a in coach.rank(start)]
    assert plan.actions[0] in ranked


def test_the_coach_tells_the_experts_turn_step_by_step_with_each_gain() -> None:
    start = next(turn_starts(10, 4, every=4))
    steps = coach.plan(start)
    actions = strategy.plan_turn(start).actions
    assert tuple(a.action for a in steps) == actions[:-1]
    state = start
    for advice in steps:
        seat = state.current
        before = score_sheet(state, seat).total
        state, _ = ENGINE.apply(state, advice.action)
        tile = coach.TILE_VALUE if advice.tile else 0
        assert score_sheet(state, seat).total - before + tile == advice.gain


@pytest.mark.parametrize(
    "budget", [pytest.param(strategy.DEFAULT_BUDGET, marks=pytest.mark.slow), 400, 40]
)
def test_the_whole_decision_is_bounded_by_its_work_budget(
    budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    evaluated = [0]
    real = coach.evaluate

    def counted(*args: object, **kwargs: object) -> coach.Advice:
        evaluated[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(coach, "evaluate", counted)
    for start in turn_starts(11, 15, every=3):
        evaluated[0] = 0
        plan = strategy.plan_turn(start, budget)
        assert plan.work == evaluated[0]
        # the beam and the look-ahead together; past the budget only to finish the
        # mandatory action (three settlements), by the best node alone
        assert evaluated[0] <= budget + 3 * strategy.RESCUE
        if budget == strategy.DEFAULT_BUDGET:
            assert evaluated[0] <= budget
        state = start
        for action in plan.actions:
            assert ENGINE.refusal(state, action) is None, action.text()
            state, _ = ENGINE.apply(state, action)
        assert sum(isinstance(a, Build) for a in plan.actions) == 3
        assert strategy.plan_turn(start, budget) == plan  # the same work, the same plan
