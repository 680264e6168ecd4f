"""Computer players: whole legal turns, deterministic, reading only their own hand."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest
from full_support import ENGINE, full_position
from kingsbridge_support import position

from ludivox.engines.kingsbridge import KingsbridgeState, new_virtual_game
from ludivox.engines.kingsbridge.actions import EndTurn, Exchange, Move, Pass, Place
from ludivox.engines.kingsbridge.charactions import Malus, UseWilwulf
from ludivox.engines.kingsbridge.players import STRENGTHS, choose_turn

ENDINGS = (EndTurn, Exchange, Pass, Malus)


def play_turn(state: KingsbridgeState, strength: str, seed: int) -> KingsbridgeState:
    """Apply a computer turn, checking it is legal and ends the turn (or the game)."""
    seat = state.turn
    actions = choose_turn(state, state.turn, strength, seed)
    for action in actions:
        assert ENGINE.refusal(state, action) is None, (strength, action, ENGINE.dumps(state))
        state, _ = ENGINE.apply(state, action)
    assert state.game_over or isinstance(actions[-1], ENDINGS)
    assert state.game_over or state.turn != seat or len(state.players) == 1 or state.shared
    return state


@pytest.mark.parametrize(("players", "mode", "characters"),
                         [(2, "standard", False), (3, "standard", True), (1, "solo", True),
                          (3, "coop", True)])
def test_every_strength_plays_legal_whole_turns(players: int, mode: str,
                                                characters: bool) -> None:
    for strength in STRENGTHS:
        state = new_virtual_game(players, 17, characters=characters, mode=mode)
        for turn in range(6):
            if state.game_over:
                break
            state = play_turn(state, strength, turn)


def test_a_practice_game_against_computer_players_reaches_its_end() -> None:
    state = new_virtual_game(2, 3)
    strengths = ("debutant", "expert")
    turns = 0
    while not state.game_over:
        state = play_turn(state, strengths[state.turn], turns)
        turns += 1
        assert turns < 300
    assert state.result in ("won", "blocked")


def test_the_same_seed_gives_the_same_turn() -> None:
    state = new_virtual_game(3, 8, characters=True)
    for strength in STRENGTHS:
        assert choose_turn(state, 0, strength, 4) == choose_turn(state, 0, strength, 4)
    assert choose_turn(state, 0, "débutant", 4) == choose_turn(state, 0, "debutant", 4)


def test_the_beginner_places_single_cards_and_moves_only_to_unblock() -> None:
    state = position([[3], [7], [], [13]], [[4, 5, 8, 13, 13]], [[2, 2]])
    actions = choose_turn(state, state.turn, "debutant", 1)
    assert all((isinstance(a, Place) and len(a.cards) == 1) or isinstance(a, Move)
               for a in actions[:-1])
    assert all(isinstance(b, Place) for a, b in pairwise(actions) if isinstance(a, Move))
    assert actions[-1] == EndTurn()
    stuck = position([[13]] * 6, [[4, 5]], [[2, 2]])
    assert choose_turn(stuck, 0, "debutant", 1) == [Exchange((4, 5))]
    # nothing fits, but the column 12-13 goes onto the 11: a column is free for the hand
    unblocked = position([[12, 13], [5, 6, 7, 8, 9, 10, 11], [13], [13], [13], [13]],
                         [[2, 3]], [[4, 4]])
    actions = choose_turn(unblocked, 0, "debutant", 1)
    assert actions[0] == Move(1, 0, 2)
    assert isinstance(actions[1], Place) and actions[1].column == 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_beginners_alone_always_reach_the_end(players: int) -> None:
    # seed 2 with three beginners once went round exchanging forever: only a move unblocked it
    for seed in range(5):
        state = new_virtual_game(players, seed)
        for _ in range(1500):
            if state.game_over:
                break
            state = play_turn(state, "debutant", seed + state.turn)  # a seed per seat
        assert state.game_over, (players, seed)


def test_the_expert_places_at_least_what_the_beginner_does() -> None:
    rng = random.Random(5)
    expert = beginner = 0
    for seed in range(10):
        state = new_virtual_game(2, seed)
        for _ in range(rng.randint(0, 4)):
            state = play_turn(state, "moyen", seed)
        for strength in ("expert", "debutant"):
            after = state
            for action in choose_turn(state, state.turn, strength, seed)[:-1]:
                after, _ = ENGINE.apply(after, action)
            placed = after.placed
            if strength == "expert":
                expert += placed
                greedy = choose_turn(state, state.turn, "debutant", 0)
                assert placed >= sum(len(a.cards) for a in greedy if isinstance(a, Place))
            else:
                beginner += placed
    assert expert > beginner


def test_in_solo_the_computer_puts_a_card_on_the_malus_only_when_stuck() -> None:
    stuck = full_position([[13]] * 6, [[4, 9]], [[2]], mode="solo", revealed=["wilwulf"])
    # the farthest from any end; Wilwulf, who cannot help place a card, is turned over
    # first (the nearest card set aside) so that another character is revealed
    assert choose_turn(stuck, 0, "expert", 0) == [UseWilwulf((4,)), Malus(9)]
    assert choose_turn(stuck, 0, "moyen", 0) == [Malus(9)]
    full = [12, 13]
    free = full_position([[3], full, full, full, full, []], [[4, 9]], [[2]], mode="solo",
                         revealed=["wilwulf"])
    # the expert keeps an empty column in solo; the plain "most cards" goal fills it
    assert choose_turn(free, 0, "expert", 0) == [Place((4,), 1), EndTurn()]
    assert choose_turn(free, 0, "expert", 0, goal="cards") == [
        Place((4,), 1), Place((9,), 6), EndTurn()]


def test_a_computer_player_reads_only_its_own_hand() -> None:
    state = new_virtual_game(3, 12, characters=True)
    swapped = replace(state, players=(state.players[0],
                                      replace(state.players[1], hand=state.players[2].hand),
                                      replace(state.players[2], hand=state.players[1].hand)))
    for strength in STRENGTHS:
        assert choose_turn(swapped, 0, strength, 2) == choose_turn(state, 0, strength, 2)


def test_bad_requests() -> None:
    state = new_virtual_game(2, 1)
    with pytest.raises(ValueError, match="strength"):
        choose_turn(state, 0, "grand maître")
    over = position([[3]], [[4], [5]])
    over, _ = ENGINE.apply(over, Place((4,), 1))
    with pytest.raises(ValueError, match="nobody is to play"):
        choose_turn(over, 0)
    with pytest.raises(ValueError, match="it is seat 0's turn"):
        choose_turn(state, 1)
