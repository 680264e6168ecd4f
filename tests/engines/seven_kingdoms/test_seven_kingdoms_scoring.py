"""Majorities, scoring with every kind of token, and the tie rules ("Calcul des scores").

Test components: card n carries blason (n - 1) % 7 + 1 (b1: 1, 8, 15, 22, 29, 36, 43; b2: 2,
9, 16, 23, 30, 37, 44; b3: 3, 10, 17, 24, 31, 38, 45; b4: 4, 11, 18, ...; b5: 5, 12, ...).
"""

from __future__ import annotations

from sk_support import ENGINE, of_type, run, state

from ludivox.engines.seven_kingdoms import events as ev


def test_cards_score_one_and_kings_two() -> None:
    s = state("phase=over end=pile_empty pile=rest hidden=rest revealed=x2,+3 "
              "s0=kingdom:1,2,22 s1=kingdom:8,9,10")
    result = ENGINE.result(s)
    assert [line.total for line in result.lines] == [5, 3]
    assert [line.kings for line in result.lines] == [2, 0]
    assert result.winners == (0,)


def test_x2_doubles_the_cards_of_its_blason_king_worth_four() -> None:
    # position I holds blason 3 and the x2 token; seat 0 has the majority of blason 3
    s = state("phase=over end=pile_empty pile=rest blasons=3,1,2,4,5,6,7 "
              "placed=x2,-,-,-,-,-,- revealed=+1,+2 hidden=rest "
              "s0=kingdom:1,3,10,17 s1=kingdom:8,15,24")
    result = ENGINE.result(s)
    line = result.lines[0]
    assert line.cards == 6  # Roi 1 (2) + Roi 3 (2) + 10 + 17
    assert line.doubled == 4  # Roi 3 counts 4, 10 and 17 count 2 each
    assert line.total == 10 and line.tokens == ("x2",)
    assert result.lines[1].total == 3  # seat 1 wins blason 1 but no token lies there
    first = result.awards[0]
    assert (first.position, first.blason, first.token, first.seat, first.counts) == (
        1, 3, "x2", 0, (3, 1)
    )


def test_points_peasant_and_blason_tokens_and_tied_majorities() -> None:
    s = state(
        "phase=over end=pile_empty pile=rest placed=+5,peasant,blason,+3,+2,-,- "
        "revealed=x2,+1 hidden=+4 "
        "s0=kingdom:1,8,44,45,11,12 s1=kingdom:15,43,9,16,3,10,18"
    )
    result = ENGINE.result(s)
    awards = [(a.position, a.token, a.seat, a.counts) for a in result.awards]
    assert awards == [
        (1, "+5", None, (2, 2)),  # tie on blason 1: nobody takes +5
        (2, "peasant", 1, (1, 2)),
        (3, "blason", 1, (1, 2)),
        (4, "+3", None, (1, 1)),  # tie: nobody
        (5, "+2", 0, (1, 0)),
        (6, None, None, (0, 0)),  # nobody has a card of blason 6
        (7, None, None, (0, 0)),
    ]
    s0, s1 = result.lines
    assert (s0.cards, s0.token_points, s0.total) == (7, 2, 9)
    assert (s1.cards, s1.peasant_bonus, s1.blason_bonus, s1.total) == (8, 1, 4, 13)
    assert result.winners == (1,)


def test_nobody_takes_a_token_on_a_blason_nobody_validated() -> None:
    s = state("phase=over end=pile_empty pile=rest placed=+5,-,-,-,-,-,- revealed=x2,+1 "
              "hidden=rest s0=kingdom:2 s1=kingdom:3")
    assert ENGINE.result(s).awards[0].seat is None
    assert [line.total for line in ENGINE.result(s).lines] == [2, 2]


def test_tie_on_points_goes_to_the_most_kings() -> None:
    s = state("phase=over end=pile_empty pile=rest hidden=rest revealed=x2,+3 "
              "s0=kingdom:1,8 s1=kingdom:9,10,11")
    result = ENGINE.result(s)
    assert [line.total for line in result.lines] == [3, 3]
    assert result.winners == (0,)
    assert ENGINE.awaiting(s).winners == (0,)


def test_tie_on_points_and_kings_is_shared() -> None:
    s = state("phase=over end=pile_empty pile=rest hidden=rest revealed=x2,+3 "
              "s0=kingdom:1,8 s1=kingdom:2,9 s2=kingdom:10")
    result = ENGINE.result(s)
    assert result.winners == (0, 1)
    view = ENGINE.view(s, None)
    assert view["result"]["winners"] == [0, 1] and view["result"]["scores"] == [3, 3, 1]


def test_game_end_events_carry_the_awards_and_scores() -> None:
    s = state("row=1,2,3,4,5,6,7 pile=rest placed=x2,+1,+2,+3,+4,+5,- revealed=peasant,blason "
              "s0=hand:14,30 s1=hand:22,31")
    # Évêque 14 (blason 7) places the last token; everyone's hand is validated at the end
    after, events = run(s, ["play 14", "play 22", "take 1 2 keep 1", "bonus peasant", "take 7"])
    assert after.phase == "over"
    assert after.seats[1].kingdom == (1, 2, 31)  # 1 was kept in hand, then validated
    awarded = of_type(events, ev.TokenAwarded)
    assert [a.position for a in awarded] == [1, 2, 3, 4, 5, 6, 7]
    # blason 7: 7 and 14 for seat 0; blason 2: 30 for seat 0 and 2 for seat 1, a tie
    assert awarded[6].seat == 0 and awarded[6].token == "peasant"
    assert awarded[1].seat is None and awarded[1].counts == (1, 1)
    (scored,) = of_type(events, ev.GameScored)
    assert scored.scores == tuple(line.total for line in ENGINE.result(after).lines)
    assert scored.winners == ENGINE.result(after).winners
