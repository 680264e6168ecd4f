"""The coach: what can I place, what is the best play, can I finish a column."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from full_support import ENGINE, full_position
from kingsbridge_support import position

from ludivox.engines.kingsbridge import KingsbridgeState, new_virtual_game
from ludivox.engines.kingsbridge.actions import KingsbridgeAction, Move, Place
from ludivox.engines.kingsbridge.charactions import RetrieveEdgar, UseGytha, UseRagna
from ludivox.engines.kingsbridge.charsearch import from_state, root_node
from ludivox.engines.kingsbridge.coach import (
    CardOptions,
    Plan,
    best_plan,
    can_finish_column,
    playable_cards,
)
from ludivox.engines.kingsbridge.events import ColumnCompleted
from ludivox.engines.kingsbridge.search import Info, Node, canonical, steps
from ludivox.engines.kingsbridge.state import COLUMNS

# The rulebook's reorganising walk-through (see test_kingsbridge_examples).
WALK_THROUGH = position(
    [[1, 2, 3], [5, 6, 7, 8], [9], [5], [2], [13]],
    [[1, 4, 6, 8, 11, 12], [3, 3]],
    [[7, 7, 3, 10, 2, 9, 12], [4]],
)
# "Vous avez 3 cartes en main : un 2, un 7 et un 10 ... cela vous permet de finir la colonne"
TWO_SEVEN_TEN = position(
    [[1], [3, 4, 5, 6], [8, 9], [11, 12, 13], [4], [12]], [[2, 7, 10], [5]], [[6, 6], []]
)


def replay(state: KingsbridgeState, plan: Plan) -> tuple[KingsbridgeState, int]:
    """Apply the plan with the engine: (state after, columns finished)."""
    finished = 0
    for action in plan.actions:
        assert ENGINE.refusal(state, action) is None, (action, ENGINE.dumps(state))
        state, events = ENGINE.apply(state, action)
        finished += sum(1 for e in events if isinstance(e, ColumnCompleted))
    return state, finished


def test_the_walk_through_places_all_six_cards() -> None:
    # "Vous avez posé toutes les cartes de votre main pendant ce tour !"
    plan = best_plan(WALK_THROUGH)
    assert plan.cards_placed == 6 and plan.exact and plan.character == ""
    after, _ = replay(WALK_THROUGH, plan)
    assert after.current.hand_size == 0
    assert plan.empty_columns == after.empty_columns()


def test_two_seven_ten_places_all_three_and_finishes_the_column() -> None:
    plan = best_plan(TWO_SEVEN_TEN)
    assert (plan.cards_placed, plan.columns_finished, plan.exact) == (3, 1, True)
    after, finished = replay(TWO_SEVEN_TEN, plan)
    assert finished == 1 and after.current.hand_size == 0
    assert plan.empty_columns == 4  # four columns left empty, as in the rulebook
    finish = can_finish_column(TWO_SEVEN_TEN)
    assert finish is not None and replay(TWO_SEVEN_TEN, finish)[1] == 1


def test_finishing_a_column_without_playing_a_card() -> None:
    # "vous pouvez immédiatement finir une colonne sans jouer de cartes : ... déplacez les
    # cartes 9-13 de la colonne de droite à la suite du 8 de la colonne de gauche"
    state = position([list(range(1, 9)), [4], [7], [2, 3], [10], list(range(9, 14))],
                     [[1, 1, 6, 6, 12, 13]], [[5, 5]])
    finish = can_finish_column(state)
    assert finish is not None and finish.actions == (Move(6, 0, 1),)
    assert finish.cards_placed == 0 and finish.columns_finished == 1
    assert can_finish_column(position([[3], [7]], [[9]], [[1]])) is None


def test_what_can_i_place() -> None:
    state = position([[3, 4], [9], [], [12, 13]], [[5, 5, 10, 13]], [[1]])
    options = {o.value: [p.column for p in o.places] for o in playable_cards(state)}
    # the first empty column stands for all empty ones in a plan, not here: all are named
    assert options == {5: [1, 3, 5, 6], 10: [2, 3, 5, 6], 13: [3, 5, 6]}
    aside = full_position([[3, 4], [9]], [[5], [1]], [[1], [1]], aside=[[10], []])
    assert CardOptions(10, True, (Place((10,), 2, (10,)), *(Place((10,), n, (10,))
                                                             for n in (3, 4, 5, 6)))
                       ) in playable_cards(aside)


def test_a_non_acting_seat_hears_only_about_its_own_hand() -> None:
    state = new_virtual_game(3, 5, mode="coop")
    mine = playable_cards(state, 2)
    assert {o.value for o in mine} == set(state.players[2].hand)
    first, second, third = state.players
    others = replace(state, players=(replace(first, hand=second.hand),
                                     replace(second, hand=first.hand), third))
    assert playable_cards(others, 2) == mine
    assert best_plan(others, 2) == best_plan(state, 2)


def test_solo_the_coach_uses_ragna_for_the_seven() -> None:
    # the solo example: 3-4-5 and only a 7
    state = full_position([[3, 4, 5], [13], [13], [13], [13], [12, 13]], [[7]], [[1, 13]],
                          mode="solo", revealed=["wilwulf", "ragna", "aldred"])
    plan = best_plan(state)
    assert plan.actions == (UseRagna(1, 6), Place((7,), 1)) and plan.character == "ragna"
    assert plan.from_hand == 1


def test_solo_the_coach_keeps_characters_when_a_card_fits() -> None:
    # each character left is worth a point: none is used while a hand card can be placed
    state = full_position([[3, 4, 5], [13], [13], [13], [13], [12, 13]], [[6, 9]], [[1]],
                          mode="solo", revealed=["gytha", "ragna", "den"])
    plan = best_plan(state)
    assert plan.character == "" and plan.actions == (Place((6,), 1),)
    assert best_plan(state, characters=True).cards_placed >= 2


def test_standard_the_coach_uses_gytha_to_place_seven_eight_nine() -> None:
    state = full_position([[3, 4], [13], [13], [13], [13], [13]], [[7, 8, 9], [1]],
                          [[2], [2]], characters=[["gytha"], []])
    plan = best_plan(state)
    assert plan.actions[0] == UseGytha(1, (5, 6)) and plan.cards_placed == 3
    assert replay(state, plan)[0].columns[0] == tuple(range(3, 10))
    assert best_plan(state, characters=False).cards_placed == 0


def test_the_coach_takes_edgar_back() -> None:
    state = full_position([[8, -9, 10], [13]], [[9], [1]], [[2], [2]])
    plan = best_plan(state)
    assert plan.actions == (RetrieveEdgar(),) and plan.cards_placed == 1


def test_coop_keeps_an_empty_column_for_the_next_player() -> None:
    # "il est recommandé de laisser au moins 1 colonne vide pour la personne suivante"
    state = full_position([[6], [], [13], [13], [13], [13]], [[7, 8], [1]], [[2], [2]],
                          mode="coop", revealed=["gytha", "ragna", "den"])
    plan = best_plan(state)
    assert plan.cards_placed == 2 and plan.empty_columns == 1
    assert plan.actions == (Place((7, 8), 1),)


def test_bounded_search_says_it_is_not_exact() -> None:
    plan = best_plan(WALK_THROUGH, budget=5)
    assert not plan.exact and plan.cards_placed <= 6
    replay(WALK_THROUGH, plan)


def sampled_states(count: int) -> list[KingsbridgeState]:
    """Positions met in seeded random games with characters (standard and solo)."""
    out: list[KingsbridgeState] = []
    rng = random.Random(11)
    for players, mode in ((3, "standard"), (1, "solo"), (2, "coop")):
        state = new_virtual_game(players, 21, characters=True, mode=mode)
        for step in range(400):
            if state.game_over:
                break
            legal = list(ENGINE.legal_actions(state))
            places = [a for a in legal if isinstance(a, Place)]
            pick = rng.choice(places) if places and rng.random() < 0.8 else rng.choice(legal)
            if step % 13 == 0:
                out.append(state)
            state, _ = ENGINE.apply(state, pick)
    return out[:count]


def _engine_action(step: tuple[object, ...]) -> KingsbridgeAction | None:
    if step[0] == "place":
        _, card, index, aside = step
        assert isinstance(card, int) and isinstance(index, int)
        return Place((card,), index + 1, (card,) if aside else ())
    if step[0] == "move":
        _, s, start, t = step
        assert isinstance(s, int) and isinstance(start, int) and isinstance(t, int)
        return Move(s + 1, start, t + 1)
    if step[0] == "retrieve":
        return RetrieveEdgar(bool(step[1]))
    return None


def test_every_search_step_is_legal_and_lands_where_the_engine_does() -> None:
    for state in sampled_states(24):
        if ENGINE.awaiting(state).seat is None:
            continue
        root = root_node(state)
        found = set()
        for step, child, _ in steps(root, Info(0, 0, state.discard)):
            action = _engine_action(step)
            assert action is not None and ENGINE.refusal(state, action) is None, (step, state)
            after, _ = ENGINE.apply(state, action)
            if not after.game_over:
                assert canonical(from_state(after, state.fresh)) == canonical(child)
            found.add(canonical(child))
        # every legal single-card placement and every move onto a non-empty column is seen
        for action in ENGINE.legal_actions(state):
            single = isinstance(action, Place) and len(action.cards) == 1
            onto = isinstance(action, Move) and state.columns[action.target - 1]
            if single or onto or isinstance(action, RetrieveEdgar):
                after, _ = ENGINE.apply(state, action)
                if not after.game_over:
                    assert canonical(from_state(after, state.fresh)) in found, action


def test_plans_replay_with_the_engine_and_their_counts_are_true() -> None:
    for state in sampled_states(12):
        if ENGINE.awaiting(state).seat is None:
            continue
        plan = best_plan(state, budget=400)
        after, finished = replay(state, plan)
        placed = after.placed - state.placed + after.placed_aside - state.placed_aside
        assert (plan.cards_placed, plan.columns_finished) == (placed, finished)
        assert plan.empty_columns == sum(1 for c in after.columns[:COLUMNS] if not c)
        assert sum(a.kind == "character" for a in plan.actions) <= 1
        assert best_plan(state, budget=400) == plan  # deterministic


def test_the_search_node_is_the_turn_seen_from_the_acting_seat() -> None:
    state = full_position([[3, 4]], [[5, 6], [1]], [[2], [2]], aside=[[9], []])
    assert root_node(state) == Node(state.columns, (5, 6), (9,), "", (-1, 0))


def test_the_keep_empty_goal_places_one_card_and_keeps_a_column_free() -> None:
    # "il est recommandé de laisser au moins 1 colonne vide ... Toutefois, si vous n'avez pas
    # le choix, il est préférable de poser des cartes sur une colonne vide"
    full = [12, 13]
    state = full_position([[6], [], full, full, full, full], [[7, 12], [1]], [[2], [2]],
                          mode="coop", revealed=["wilwulf"])
    assert best_plan(state).actions == (Place((7,), 1), Place((12,), 2))
    assert best_plan(state, goal="keep_empty").actions == (Place((7,), 1),)
    stuck = full_position([full, [], full, full, full, full], [[7], [1]], [[2], [2]],
                          mode="coop", revealed=["wilwulf"])
    assert best_plan(stuck, goal="keep_empty").actions == (Place((7,), 2),)
    with pytest.raises(ValueError, match="goal"):
        best_plan(state, goal="win")
