"""The planning coach of solo and co-op (issue 14): its plans are legal, the coach's three
answers and the computer players agree, no forbidden move is ever advised, and a seat's plan
never depends on what the other seats hold."""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import replace

import pytest
from full_support import ENGINE, full_position

from ludivox.engines.kingsbridge import KingsbridgeState, coach, lookahead, new_virtual_game
from ludivox.engines.kingsbridge.actions import EndTurn, Exchange, Pass, Place
from ludivox.engines.kingsbridge.advice import KEEP_EMPTY, NEXT_TURN, NO_LOSS, advise
from ludivox.engines.kingsbridge.charactions import Malus, UseWigelm, UseWilwulf
from ludivox.engines.kingsbridge.coach import (
    DEFAULT_BUDGET,
    PLAN,
    PLAN_BUDGET,
    _ranked,
    best_plan,
    can_finish_column,
    options,
    playable_cards,
)
from ludivox.engines.kingsbridge.cover import columns_used, cover_of, fits, settle
from ludivox.engines.kingsbridge.planner import EMPTY_POINTS, losing, unseen
from ludivox.engines.kingsbridge.players import choose_turn, stuck_turn
from ludivox.engines.kingsbridge.state import COLUMNS

FULL = [12, 13]


def positions(mode: str, players: int, seed: int, count: int) -> list[KingsbridgeState]:
    """Turn starts of a seeded game of ``mode`` reached by random legal play (placements
    preferred, so the game moves on)."""
    rng = random.Random(seed)
    state = new_virtual_game(players, seed, mode=mode)
    found: list[KingsbridgeState] = []
    for _ in range(300):
        if state.game_over or len(found) == count:
            break
        if not state.busy and rng.random() < 0.4:
            found.append(state)
        every = list(ENGINE.legal_actions(state))
        places = [a for a in every if isinstance(a, Place)]
        ends = [a for a in every if isinstance(a, EndTurn | Malus)]
        pool = places if places and (rng.random() < 0.7 or not ends) else ends or every
        state, _ = ENGINE.apply(state, rng.choice(pool))
    return found


def rest(columns: list[list[int]], hand: list[int]) -> list[int]:
    """Every event card not on ``columns`` nor in ``hand`` (a solo pile: nothing discarded)."""
    left = [v for v in range(1, 14) for _ in range(8)]
    for card in [*(c for column in columns for c in column), *hand]:
        left.remove(card)
    return left


CASES = [("solo", 1, 1), ("solo", 1, 2), ("coop", 2, 3), ("coop", 3, 4)]


def test_the_cover_counts_the_fewest_columns_and_finished_ones() -> None:
    # 1-2-3 and 4-5 make one column; 1-2 and 2-3 need two; every value covered: one finishes
    assert columns_used(cover_of([(1, 2, 3), (4, 5)])) == 1
    assert columns_used(cover_of([(1, 2), (2, 3)])) == 2
    cover = cover_of([tuple(range(1, 8)), tuple(range(8, 14)), (5, 6)])
    assert settle(cover) == 1 and columns_used(cover) == 1


def test_the_unseen_cards_are_what_the_seat_cannot_see() -> None:
    state = new_virtual_game(3, 5, mode="coop")
    hidden = unseen(state, 0)
    others = [c for p in state.players[1:] for c in (*p.hand, *p.pile)]
    mine = [c for c in state.players[0].pile if c is not None]
    assert hidden == sorted(others + mine)


@pytest.mark.parametrize(("mode", "players", "seed"), CASES)
def test_advice_is_legal_and_never_a_forbidden_move(mode: str, players: int, seed: int
                                                   ) -> None:
    for state in positions(mode, players, seed, count=3):
        for advice in advise(state):
            plan = advice.plan
            assert plan.from_hand >= 1  # the variants: at least one hand card each turn
            after = state
            for action in plan.actions:
                assert not isinstance(action, Exchange | Pass | Malus), action
                assert ENGINE.refusal(after, action) is None, (action, ENGINE.dumps(after))
                after, _ = ENGINE.apply(after, action)
            assert after.placed - state.placed == plan.from_hand
            if plan.character:  # a character (a point each) only when no card goes without
                assert not any(o.places for o in playable_cards(state) if not o.aside)


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "players", "seed"), CASES)
def test_the_three_questions_and_the_computer_agree(mode: str, players: int, seed: int
                                                    ) -> None:
    for state in positions(mode, players, seed, count=3):
        found = advise(state, count=1)
        best = best_plan(state, goal=PLAN)
        if found:
            assert found[0].plan == best
        direct = any(o.places for o in playable_cards(state))
        assert not direct or found, "a card fits, yet no advice"
        finish = can_finish_column(state)
        assert not best.columns_finished or finish is not None
        turn = choose_turn(state, state.turn, "expert", seed)
        if found:
            assert tuple(turn[: len(best.actions)]) == best.actions
        else:  # the malus only when nothing fits, even with the revealed characters
            assert isinstance(turn[-1], Malus) and len(turn) <= 2


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 8)])
def test_the_plan_does_not_depend_on_the_other_hands(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for state in positions("coop", players, seed, count=3):
        me = state.turn
        others = [s for s in range(players) if s != me]
        hidden = [c for s in others for c in (*state.players[s].hand, *state.players[s].pile)]
        hidden += list(state.players[me].pile)
        rng.shuffle(hidden)
        dealt = list(state.players)
        pile = len(state.players[me].pile)
        dealt[me] = replace(dealt[me], pile=tuple(hidden[:pile]))
        at = pile
        for s in others:
            hand, size = len(dealt[s].hand), len(dealt[s].pile)
            dealt[s] = replace(dealt[s], hand=tuple(sorted(hidden[at : at + hand])),
                               pile=tuple(hidden[at + hand : at + hand + size]))
            at += hand + size
        other = replace(state, players=tuple(dealt))
        assert ENGINE.dumps(other) != ENGINE.dumps(state) or not hidden
        assert advise(other) == advise(state)
        assert choose_turn(other, me, "expert", seed) == choose_turn(state, me, "expert", seed)


def test_the_coach_keeps_a_card_that_fits_for_the_next_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # no column is empty: placing both the 4 and the 9 would leave a hand where nothing may
    # fit next turn; keeping the 9 (it goes on the 8) guarantees a card to place. The
    # planner's own judgement: the solo look-ahead (3 pile orders) places both here
    monkeypatch.setattr(lookahead, "WIDTH", 0)
    monkeypatch.setattr(coach, "_CACHE", OrderedDict())
    columns = [[3], [8], FULL, FULL, FULL, FULL]
    state = full_position(columns, [[4, 9]], [rest(columns, [4, 9])], mode="solo",
                          revealed=["wilwulf"])
    best = advise(state)[0]
    assert best.plan.from_hand == 1 and any(w.code == NEXT_TURN for w in best.why)


def test_the_coach_keeps_an_empty_column_and_says_so() -> None:
    columns = [[3], FULL, FULL, FULL, FULL, []]
    state = full_position(columns, [[4, 9]], [rest(columns, [4, 9])], mode="solo",
                          revealed=["wilwulf"])
    best = advise(state)[0]
    assert best.plan.actions == (Place((4,), 1),)
    assert any(w.code == KEEP_EMPTY and w.column == 6 and w.cards == (9,) for w in best.why)


def test_the_coach_prefers_a_character_that_loses_no_card() -> None:
    # nothing fits: the Sheriff would discard a whole column (cards that can never come back
    # to finish the last columns); Ragna lets the 7 follow the 5 and loses nothing
    columns = [[3, 4, 5], [8, 9, 10, 11, 12], FULL, FULL, FULL, FULL]
    state = full_position(columns, [[7]], [rest(columns, [7])], mode="solo",
                          revealed=["den", "ragna", "wilwulf"])
    best = advise(state)[0]
    assert best.plan.character == "ragna"
    assert any(w.code == NO_LOSS for w in best.why)


def test_one_column_only() -> None:
    columns = [[3], [8], [], FULL, FULL, FULL]
    state = full_position(columns, [[4, 5, 9]], [rest(columns, [4, 5, 9])], mode="solo",
                          revealed=["wilwulf"])
    for advice in advise(state, column=2):
        assert all(isinstance(a, Place) and a.column == 2 for a in advice.plan.actions)
    assert advise(state, column=2)[0].plan.actions == (Place((9,), 2),)
    assert advise(state, column=4) == ()


@pytest.mark.parametrize(("mode", "players", "seed"), CASES)
def test_a_kept_card_that_fits_means_never_stuck_next_turn(mode: str, players: int, seed: int
                                                           ) -> None:
    # a card kept in hand that goes on a column's end (or a column left free) is a sure move
    # next turn, whatever is drawn: the judged share of stuck next draws says so
    for state in positions(mode, players, seed, count=3):
        found = options(ENGINE.dumps(state), DEFAULT_BUDGET, None, PLAN)
        for node, judged in found.ranked.judgements.items():
            cover = cover_of(node.columns)
            sure = any(fits(cover, card) for card in (*node.hand, *node.aside))
            if sure or columns_used(cover) < COLUMNS:
                assert judged.stuck == 0, (node, judged)
            assert 0 <= judged.stuck <= 1


def test_a_plan_losing_cards_is_weighed_against_the_characters() -> None:
    # the 13 fits only by finishing the first column, whose second 3 (Mère Agatha's) then
    # goes to the discard for good: a column can never be emptied at the end. Aldred would
    # let the 5 go before the 6 instead. The search with characters is run too, and the
    # better judged of the two is advised, by the computer player as by the coach
    stacked = [1, 2, 3, 3, *range(4, 13)]
    columns = [stacked, list(range(6, 14)), FULL, FULL, FULL, FULL]
    state = full_position(columns, [[5, 13]], [rest(columns, [5, 13])], mode="solo",
                          revealed=["aldred", "wilwulf"])
    text = ENGINE.dumps(state)
    alone = _ranked(state, PLAN_BUDGET, False, PLAN, ahead=True)  # as the coach: solo
    assert losing(state, alone.ranked)  # look-ahead included
    both = _ranked(state, PLAN_BUDGET, True, PLAN, ahead=True)
    found = options(text, DEFAULT_BUDGET, None, PLAN)
    tops = [f.ranked.judgements[f.ranked.nodes[0]].total for f in (alone, both)]
    assert found.ranked.judgements[found.ranked.nodes[0]].total == max(tops)
    best = advise(state)[0]
    assert best_plan(state, goal=PLAN).actions == best.plan.actions
    assert choose_turn(state, 0)[:-1] == list(best.plan.actions)


def test_a_stuck_expert_turns_a_useless_character_over_before_its_malus() -> None:
    # nothing fits, even with Wilwulf or Aldred: rather than face the next turns with the
    # same three characters (a malus card each, 5 points), the expert uses Wilwulf (1 point):
    # the two cards nearest a column's end wait face up, a new character is revealed, and
    # the farthest card still goes on the malus pile ("même après avoir utilisé une carte
    # Personnage, vous devez placer 1 carte de votre main sur une pile de malus")
    columns = [[3, 4, 5], [8, 9, 10, 11, 12], FULL, FULL, FULL, FULL]
    hand = [1, 9, 10]
    state = full_position(columns, [hand], [rest(columns, hand)], mode="solo",
                          revealed=["wilwulf", "aldred"], deck=[])
    turn = choose_turn(state, 0)
    assert turn == [UseWilwulf((9, 10)), Malus(1)]
    for action in turn:
        state, _ = ENGINE.apply(state, action)
    assert state.malus == (1,) and state.players[0].aside == (9, 10)
    assert state.revealed == ("aldred",)


def test_a_stuck_solo_expert_uses_the_character_revealed_in_the_same_turn() -> None:
    # solo: "Utilisez 1 carte Personnage à la fois, puis remettez-la dans la boîte et
    # révélez-en une nouvelle": Shérif Den, revealed once Wilwulf is boxed, empties a column
    # for the 1 in the same turn (2 characters, 2 points, instead of a malus card, 5)
    columns = [[3, 4, 5], [8, 9, 10, 11, 12], FULL, FULL, FULL, FULL]
    hand = [1, 9, 10]
    state = full_position(columns, [hand], [rest(columns, hand)], mode="solo",
                          revealed=["wilwulf", "aldred"], deck=["den"])
    turn = choose_turn(state, 0)
    assert turn[0] == UseWilwulf((9, 10)) and not any(isinstance(a, Malus) for a in turn)
    assert turn == [turn[0], *stuck_turn(state)[1:]]  # the coach's advice says the same
    for action in turn:
        state, _ = ENGINE.apply(state, action)
    assert state.malus == () and state.players[0].aside == (9, 10)
    assert state.characters_left() == 1 and state.revealed == ("aldred",)


@pytest.mark.parametrize(("mode", "players", "seed"), CASES)
def test_a_turned_over_character_is_only_used_when_nothing_fits(mode: str, players: int,
                                                               seed: int) -> None:
    # the expert's turns over seeded positions are legal, and a character used in a turn
    # ending with a malus card is never one that would have let a hand card be placed
    for state in positions(mode, players, seed, count=4):
        turn = choose_turn(state, state.turn)
        for action in turn:
            if isinstance(action, Malus):
                assert ENGINE.refusal(state, action) is None
                assert best_plan(state, goal=PLAN).from_hand == 0
            state, _ = ENGINE.apply(state, action)


def _final_score(state: KingsbridgeState, actions: list[object]) -> int:
    for action in actions:
        state, _ = ENGINE.apply(state, action)  # type: ignore[arg-type]
    assert state.game_over
    return state.score()


def test_the_last_turn_spends_a_character_that_finishes_a_column() -> None:
    # The last card of the game, a 13, ends [3..12]; the 2 alone stays. A 1 from the discard
    # (Gytha) joins them into a finished column: two columns emptied for one character
    # (+4 - 1), where keeping it is worth +1.
    state = full_position([[2], list(range(3, 13))], [[13]], mode="solo",
                          revealed=["gytha", "den", "wigelm"], deck=["edgar"])
    kept = 4 + EMPTY_POINTS * 4
    plan = choose_turn(state, 0)
    assert _final_score(state, plan) == 3 + EMPTY_POINTS * 6 > kept


def test_the_last_turn_keeps_the_characters_when_its_cards_finish_everything() -> None:
    state = full_position([list(range(1, 13))], [[13]], mode="solo",
                          revealed=["wynstan", "den", "gytha"], deck=["edgar"])
    plan = choose_turn(state, 0)
    assert _final_score(state, plan) == 4 + EMPTY_POINTS * 6
    assert not any(type(a).__name__.startswith("Use") for a in plan)


def test_the_last_turn_finds_the_long_plan_that_ends_the_game_with_every_column_empty(
) -> None:
    # seed 5's last turn (a 7th column, Roi Ethelred's): the 5, 6, 10 and both 12s,
    # Shérif Den and Edgar as a 13 leave the six columns empty, the game over. That plan is
    # 8 actions deep; a search of 600 positions stopped at one keeping a 12 (game not over)
    columns = [[1, 2, 3, 4], [], [], [], list(range(2, 10)), [11], list(range(7, 12))]
    state = full_position(columns, [[5, 6, 10, 12, 12]], [[]], mode="solo",
                          revealed=["wilwulf", "edgar", "den"], deck=[])
    plan = choose_turn(state, 0)
    for action in plan:
        state, _ = ENGINE.apply(state, action)
    assert state.game_over and not any(state.columns[:COLUMNS])
    assert state.score() == state.characters_left() + EMPTY_POINTS * COLUMNS


def test_a_card_given_back_by_wigelm_is_not_counted_lost() -> None:
    # seed 106, turn 4: nothing fits. Shérif Den would discard 11-12-13 for good; Wigelm
    # gives the lone 1 back to the pile, still in play (the planner counted it lost, so the
    # two looked alike and the Sheriff came first)
    columns = [[7, 8, 9], [1, 2], [4, 5], [4, 5], [11, 12, 13], [1]]
    hand = [1, 1, 5, 7, 9, 11]
    state = full_position(columns, [hand], [rest(columns, hand)], mode="solo",
                          revealed=["den", "aldred", "wigelm"])
    turn = choose_turn(state, 0)
    assert any(isinstance(a, UseWigelm) for a in turn)
    for action in turn:
        state, _ = ENGINE.apply(state, action)
    assert not state.discard and not state.malus and (11, 12, 13) in state.columns


def test_a_card_given_back_by_wigelm_is_the_next_one_drawn() -> None:
    # seed 2, turn 36: the game's last card, a 2 for Edgar's 1. Laid at once, it ends the
    # game at 12. Wigelm gives the 3 of 3-12 back to the pile first: it is the next card
    # drawn, so the game goes on, 3-13 joins Edgar's 1-2 and finishes, and the 3 left goes
    # on Roi Ethelred's column: 15. The planner drew its next cards at random from the cards
    # unseen (none left), judged the game over and the character lost
    columns = [[-1], [], [], list(range(3, 13)), [], list(range(3, 14))]
    state = full_position(columns, [[2]], [[]], mode="solo",
                          revealed=["ethelred", "wigelm", "wilwulf"],
                          deck=["gytha", "den", "aldred"])
    assert state.score() == 12
    turn = choose_turn(state, 0)
    assert isinstance(turn[0], UseWigelm)
    seed = 0
    while not state.game_over:
        for action in turn:
            assert ENGINE.refusal(state, action) is None, action
            state, _ = ENGINE.apply(state, action)
        seed += 1
        turn = [] if state.game_over else choose_turn(state, 0, seed=seed)
    assert state.score() == 15


def test_a_search_cut_by_its_stop_says_so_and_one_that_never_fires_changes_nothing() -> None:
    # "recherche limitée": the plan is not exact, yet places a hand card; a stop that never
    # fires gives the plan found without one (budgets differ by one only to miss the cache)
    state = new_virtual_game(1, 3, mode="solo")
    whole = best_plan(state, goal=PLAN, budget=PLAN_BUDGET)
    cut = best_plan(state, goal=PLAN, budget=PLAN_BUDGET + 1, stop=lambda: True)
    never = best_plan(state, goal=PLAN, budget=PLAN_BUDGET + 2, stop=lambda: False)
    assert not cut.exact and cut.from_hand >= 1
    assert never == whole
