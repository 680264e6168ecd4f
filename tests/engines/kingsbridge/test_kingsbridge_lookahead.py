"""Solo: the coach's best ends of turn judged again by the turn after (issue 14). The plan
never depends on the pile's real order, its moves replay through the engine, and the look-ahead
ranks the ends by the mean of what the next turns leave."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from full_support import ENGINE
from test_kingsbridge_planner import positions

from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import EndTurn
from ludivox.engines.kingsbridge.advice import advise
from ludivox.engines.kingsbridge.charactions import Malus
from ludivox.engines.kingsbridge.coach import PLAN, PLAN_BUDGET, _ranked
from ludivox.engines.kingsbridge.lookahead import DRAWS, WIDTH, look_ahead
from ludivox.engines.kingsbridge.players import choose_turn


def _shuffled(state: KingsbridgeState, seed: int) -> KingsbridgeState:
    """``state`` with the seat's pile in another order (what the seat cannot see)."""
    player = state.current
    pile = list(player.pile)
    random.Random(seed).shuffle(pile)
    return state.with_player(state.turn, replace(player, pile=tuple(pile)))


@pytest.mark.parametrize("seed", [1, 2])
def test_the_solo_plan_does_not_depend_on_the_piles_order(seed: int) -> None:
    for state in positions("solo", 1, seed, count=3):
        other = _shuffled(state, seed)
        assert ENGINE.dumps(other) != ENGINE.dumps(state) or len(set(state.current.pile)) < 2
        assert choose_turn(other, 0, "expert", seed) == choose_turn(state, 0, "expert", seed)
        assert advise(other) == advise(state)


@pytest.mark.parametrize("seed", [3, 4])
def test_the_solo_turns_replay_through_the_engine(seed: int) -> None:
    for state in positions("solo", 1, seed, count=3):
        turn = choose_turn(state, 0, "expert", seed)
        after = state
        for action in turn:
            assert ENGINE.refusal(after, action) is None, (action, ENGINE.dumps(after))
            after, _ = ENGINE.apply(after, action)
        assert isinstance(turn[-1], EndTurn | Malus) or after.game_over
        assert after.game_over or (after.turn == 0 and not after.placed)


def _judged(state: KingsbridgeState) -> tuple[object, object]:
    found = _ranked(state, PLAN_BUDGET, False, PLAN)
    assert found.explored is not None
    return found.explored, found.ranked


def test_the_best_ends_are_ranked_by_the_mean_of_the_turn_after() -> None:
    # a stand-in judge of the next turn: the fewer cards in hand, the better. Every one of
    # the best ends is played on DRAWS times; the end placing the most cards comes first
    state = positions("solo", 1, 5, count=1)[0]
    explored, ranked = _judged(state)
    seen: list[KingsbridgeState] = []

    def hand_left(after: KingsbridgeState) -> float:
        seen.append(after)
        return -float(len(after.current.hand) + len(after.current.pile))

    again = look_ahead(state, explored, ranked, hand_left)  # type: ignore[arg-type]
    head = [n for n in ranked.nodes if n in ranked.judgements][:WIDTH]  # type: ignore[attr-defined]
    assert len(seen) == DRAWS * len(head)
    assert set(again.nodes[: len(head)]) == set(head)
    totals = [again.judgements[n].total for n in again.nodes[: len(head)]]
    assert totals == sorted(totals, reverse=True)
    assert all(s.turn == 0 and not s.placed for s in seen)  # each at a turn's start


def test_a_look_ahead_cut_by_its_stop_keeps_the_planners_ranking() -> None:
    state = positions("solo", 1, 5, count=1)[0]
    explored, ranked = _judged(state)
    cut = look_ahead(state, explored, ranked, lambda s: 0.0,  # type: ignore[arg-type]
                     stop=lambda: True)
    assert cut.nodes == ranked.nodes and not cut.exact  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [5, 6])
def test_the_solo_plan_does_not_depend_on_the_face_down_characters_order(seed: int) -> None:
    """The face-down characters' order is no more the seat's to know than the pile's: the plan
    and the advice are the same with that deck shuffled."""
    checked = 0
    for state in positions("solo", 1, seed, count=4):
        deck = list(state.deck)
        random.Random(seed).shuffle(deck)
        if len(set(deck)) < 2 or tuple(deck) == state.deck:
            continue
        other = replace(state, deck=tuple(deck))
        assert choose_turn(other, 0, "expert", seed) == choose_turn(state, 0, "expert", seed)
        assert advise(other) == advise(state)
        checked += 1
    assert checked >= 2, checked
