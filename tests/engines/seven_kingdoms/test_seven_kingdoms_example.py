"""The rulebook's example round (cards 44, 38, 28, 18), played through the engine.

The rulebook's diagram is not in the text; the row below is a reconstruction consistent with
every sentence: Paysan 44 points to card 1's place, cards 17, 1 and 33 lie in three
consecutive places (the Général's choice), and 49 then 41 are left in that order.
Seats: A = 0, B = 1, C = 2, D = 3; D has the first-player pawn.
"""

from __future__ import annotations

from sk_support import of_type, run, state, take_sets

from ludivox.engines.seven_kingdoms import events as ev

START = state(
    "first=3 turn=3 row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
    "s0=hand:2,3,44 s1=hand:4,5,38 s2=hand:6,7,18 s3=hand:8,10,28"
)
PLAYED = ["play 28", "play 44", "play 38", "play 18"]


def test_cards_are_played_clockwise_from_the_first_player() -> None:
    after, events = run(START, PLAYED[:3])
    assert [(e.seat, e.card) for e in of_type(events, ev.CardPlayed)] == [
        (3, 28),
        (0, 44),
        (1, 38),
    ]
    assert after.turn == 2  # C plays last


def test_the_example_round() -> None:
    after_play, events = run(START, PLAYED)
    # resolution from the highest card down: A (44), B (38), D (28), C (18)
    assert after_play.order == (0, 1, 3, 2)
    assert [(e.seat, e.card, e.position) for e in of_type(events, ev.CardPlacedAbove)] == [
        (0, 44, 1)
    ]

    final, events = run(
        after_play,
        [
            "take 1",  # A: Paysan 44 (places 2 and 5) takes card 1
            "take 17 keep 17",  # B: Marchand 38, in II, takes 17
            "take 9 25 keep 9",  # D: Princesse 28, in III, takes 9 and 25
            "take 33",  # C: Général 18, in IV: of places 2-4 only 33 is left
        ],
    )
    placed = [(e.seat, e.card, e.position) for e in of_type(events, ev.CardPlacedAbove)]
    assert placed == [(1, 38, 2), (3, 28, 3), (2, 18, 4)]
    taken = [(e.seat, e.cards) for e in of_type(events, ev.CardsTaken)]
    assert taken == [(0, (1,)), (1, (17,)), (3, (9, 25)), (2, (33,))]

    # phase 3: played cards in I-IV, the leftovers 49 and 41 in V and VI, one card in VII
    (shifted,) = of_type(events, ev.RowShifted)
    assert shifted.row == (44, 38, 28, 18, 49, 41, None)
    (revealed,) = of_type(events, ev.CardRevealed)
    assert revealed.place == 7
    assert final.row == (44, 38, 28, 18, 49, 41, revealed.card)
    assert final.pile_size == START.pile_size - 1

    # phase 4: the pawn goes to A, who starts round 2
    assert [e.seat for e in of_type(events, ev.FirstPlayerPassed)] == [0]
    assert (final.first, final.turn, final.round, final.phase) == (0, 0, 2, "play")

    # where the taken cards went
    assert final.seats[0].kingdom == (1,)
    assert final.seats[1].hand == (4, 5, 17) and final.seats[1].seen == (17,)
    assert final.seats[3].hand == (8, 9, 10) and final.seats[3].kingdom == (25,)
    assert final.seats[2].kingdom == (33,)


def test_the_general_could_have_chosen_another_window() -> None:
    after, _ = run(START, [*PLAYED, "take 1", "take 17", "take 9 25"])
    # windows: 1-3 empty, 2-4 and 3-5 {33}, 4-6 {33, 49}, 5-7 {41, 49}
    assert take_sets(after) == {(), (33,), (33, 49), (41, 49)}
