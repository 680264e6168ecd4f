"""Computer players: always legal, deterministic from a seed, and the expert plays better."""

from __future__ import annotations

import pytest
from sk_support import ENGINE, engine, state

from ludivox.engines.seven_kingdoms import SevenKingdomsEngine, SevenKingdomsState, Take
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Play
from ludivox.engines.seven_kingdoms.players import DEBUTANT, EXPERT, MOYEN, STRENGTHS, choose


def play_out(eng: SevenKingdomsEngine, start: SevenKingdomsState,
             strengths: dict[int, str], seed: int) -> SevenKingdomsState:
    current = start
    for _ in range(500):
        if current.game_over:
            return current
        seat = eng.awaiting(current).seat
        assert seat is not None
        action = choose(eng, current, strengths[seat], seed)
        assert eng.refusal(current, action) is None, action
        current, _ = eng.apply(current, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "strength",
    [pytest.param(s, marks=pytest.mark.slow) if s == EXPERT else s for s in STRENGTHS],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_players_finish_a_game_with_legal_moves(strength: str, players: int) -> None:
    eng = engine(players)
    end = play_out(eng, eng.new_game(), dict.fromkeys(range(players), strength), 7)
    assert eng.awaiting(end).game_over and eng.result(end).winners


def test_the_same_seed_gives_the_same_moves_and_another_seed_may_not() -> None:
    eng = engine(3)
    start = eng.new_game()
    for strength in STRENGTHS:
        assert choose(eng, start, strength, 1) == choose(eng, start, strength, 1)
    beginner = {choose(eng, start, DEBUTANT, s) for s in range(20)}
    assert len(beginner) > 1  # the beginner does not always play the same card


@pytest.mark.slow
def test_the_expert_beats_the_beginner_most_of_the_time() -> None:
    wins = 0
    for seed in range(8):
        eng = engine(2, seed=seed)
        expert = seed % 2
        strengths = {expert: EXPERT, 1 - expert: DEBUTANT}
        end = play_out(eng, eng.new_game(), strengths, seed)
        totals = [line.total for line in eng.result(end).lines]
        wins += totals[expert] > totals[1 - expert]
    assert wins >= 6


def test_the_greedy_player_validates_a_roi_rather_than_a_paysan() -> None:
    # seat 0 resolves its Marchand 38: one card, the Roi 2 or the Paysan 46 (hand full)
    start = state("phase=take order=0 resolving=38 above=38 row=2,46,-,-,-,-,- pile=rest "
                  "hidden=rest revealed=x2,+3 s0=hand:3,4,5 s1=hand:6,7,8")
    assert choose(ENGINE, start, MOYEN) == Take((2,))


def test_the_greedy_player_plays_the_card_whose_power_takes_most() -> None:
    # a Roi takes up to four cards of the line; a Paysan only one
    start = state("row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
                  "s0=hand:3,44 s1=hand:6,7,8")
    assert choose(ENGINE, start, MOYEN) == Play(3)


def test_the_greedy_player_gives_a_blason_it_leads_the_best_token() -> None:
    # blason 1 (position I, the first without a token): seat 0 leads it 3 cards to 1
    lead = state("phase=bonus order=0 resolving=8 row=9,2,17,33,25,49,41 pile=rest "
                 "hidden=rest revealed=+1,+5 s0=hand:3;kingdom:1,8,15 s1=hand:6,7;kingdom:22")
    assert choose(ENGINE, lead, MOYEN) == ChooseToken("+5")
    # the other way round, it leaves the smaller token on a blason it would lose
    behind = state("phase=bonus order=0 resolving=8 row=9,2,17,33,25,49,41 pile=rest "
                   "hidden=rest revealed=+1,+5 s0=hand:3;kingdom:8 s1=hand:6,7;kingdom:1,15,22")
    assert choose(ENGINE, behind, MOYEN) == ChooseToken("+1")


def test_unknown_strength_and_world_turns_are_refused() -> None:
    eng = engine(2)
    with pytest.raises(ValueError, match="unknown strength"):
        choose(eng, eng.new_game(), "champion")
    table = engine(2, mode="table")
    with pytest.raises(ValueError, match="no seat acts"):
        choose(table, table.new_game(), EXPERT)
