"""The 7 Kingdoms coach and the strong player's search: legal advice, the same as the
computer expert's, and blind to what the asking seat may not know."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from sk_support import COMPONENTS, engine, state

from ludivox.engines.seven_kingdoms import SevenKingdomsState, Take
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.actions import Play
from ludivox.engines.seven_kingdoms.coach import advise
from ludivox.engines.seven_kingdoms.players import EXPERT, MOYEN, choose
from ludivox.engines.seven_kingdoms.strategy import (
    acting_seat,
    determinize,
    knowledge_key,
    unseen_cards,
)

BUDGET = 8  # a small search keeps the tests fast; the property holds for any budget


def positions(players: int, seed: int, every: int = 5) -> Iterator[SevenKingdomsState]:
    """Positions of a seeded greedy-against-beginner game where a seat decides."""
    eng = engine(players, seed=seed)
    current = eng.new_game()
    step = 0
    while not current.game_over:
        seat = eng.awaiting(current).seat
        assert seat is not None
        if step % every == 0:
            yield current
        current, _ = eng.apply(current, choose(eng, current, MOYEN if seat else "debutant", 3))
        step += 1


def reshuffled(start: SevenKingdomsState, seat: int, rng: random.Random) -> SevenKingdomsState:
    """The same position for ``seat``: the other seats' secret hand cards and the pile dealt
    anew from the same cards, the face-down tokens in another order."""
    pool = [c for i, s in enumerate(start.seats) if i != seat for c in s.secret]
    pool += list(start.pile)
    rng.shuffle(pool)
    seats = []
    for i, s in enumerate(start.seats):
        if i == seat:
            seats.append(s)
            continue
        count = len(s.secret)
        dealt, pool = pool[:count], pool[count:]
        seats.append(replace(s, hand=tuple(sorted((*s.seen, *dealt)))))
    tokens = list(start.tokens_hidden)
    rng.shuffle(tokens)
    return replace(start, seats=tuple(seats), pile=tuple(pool), tokens_hidden=tuple(tokens))


SAMPLES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2)]


@pytest.mark.parametrize(("players", "seed"), SAMPLES)
def test_advice_is_legal_and_is_what_the_computer_expert_plays(players: int, seed: int) -> None:
    eng = engine(players, seed=seed)
    for position in list(positions(players, seed, every=9))[:4]:
        seat = acting_seat(position)
        assert seat is not None
        advice = advise(position, COMPONENTS, seat)
        assert advice is not None
        assert eng.refusal(position, advice.action) is None, advice.action
        eng.apply(position, advice.action)  # replayed through the engine
        for other in advice.others:
            assert eng.refusal(position, other) is None
        assert choose(eng, position, EXPERT) == advice.action


@pytest.mark.parametrize(("players", "seed"), SAMPLES)
def test_advice_is_the_same_whatever_the_other_hands_and_the_pile(players: int,
                                                                  seed: int) -> None:
    rng = random.Random(seed)
    changed = 0
    for position in list(positions(players, seed, every=7))[:4]:
        seat = acting_seat(position)
        assert seat is not None
        advice = advise(position, COMPONENTS, seat, budget=BUDGET)
        for _ in range(2):
            other = reshuffled(position, seat, rng)
            changed += other != position
            assert knowledge_key(other, seat) == knowledge_key(position, seat)
            assert advise(other, COMPONENTS, seat, budget=BUDGET) == advice
    assert changed  # the hidden cards really moved


@pytest.mark.parametrize(("players", "seed"), SAMPLES)
def test_a_sampled_world_keeps_everything_the_seat_knows(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for position in positions(players, seed, every=4):
        seat = acting_seat(position)
        assert seat is not None
        world = determinize(position, seat, COMPONENTS, rng)
        assert world.unknown_cards() == 0 and sorted(world.known_cards()) == list(range(1, 50))
        assert knowledge_key(world, seat) == knowledge_key(position, seat)
        assert unseen_cards(world, seat) == unseen_cards(position, seat)
        assert [s.hand_size for s in world.seats] == [s.hand_size for s in position.seats]


def test_no_advice_out_of_turn_or_without_ones_own_hand() -> None:
    start = state("row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
                  "s0=hand:3,44 s1=hand:6,7,8")
    assert advise(start, COMPONENTS, 1) is None
    assert advise(start, COMPONENTS, 0) is not None
    table = engine(2, mode=st.TABLE)
    blind = replace(start, mode=st.TABLE,
                    seats=tuple(replace(s, hand=(), unknown=s.hand_size) for s in start.seats),
                    pile=(), pile_unknown=len(start.pile) + len(start.seats[1].hand))
    assert table.refusal(blind, Play(3)) is None
    assert advise(blind, COMPONENTS, 0) is None


def test_a_take_says_the_majority_it_wins_and_its_token() -> None:
    # seat 0 resolves its Marchand; the 8 (blason 1, where seat 0 and 1 have one card each
    # and the +3 lies) gives it the lead; the 46 (blason 4) would only be a point
    start = state("phase=take order=0 resolving=38 above=38 row=8,46,-,-,-,-,- pile=rest "
                  "hidden=rest revealed=x2,+1 placed=+3,-,-,-,-,-,- "
                  "s0=hand:3,4,5;kingdom:1 s1=hand:6,7;kingdom:15")
    advice = advise(start, COMPONENTS, 0, budget=BUDGET)
    assert advice is not None and advice.action == Take((8,))
    codes = {why.code: dict(why.params) for why in advice.reasons}
    assert codes["majority"] == {"blason": 1, "mine": 2, "others": 1, "token": "+3",
                                 "status": "lead"}
    assert codes["hand_full"] == {"limit": 3}
