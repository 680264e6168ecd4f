"""The two endings and the final validation (rulebook, "Fin de la partie")."""

from __future__ import annotations

from sk_support import ENGINE, code, of_type, run, state, with_pile

from ludivox.engines.seven_kingdoms import events as ev

TOKENS = "hidden=rest revealed=x2,+3"


# --- ending 1: the draw pile runs out -----------------------------------------------------
def test_drawing_the_last_cards_ends_the_game_at_once() -> None:
    # seat 1 has no card and draws the pile's last two: the round stops there
    s = with_pile(
        state(f"row=1,2,3,4,5,6,7 pile=rest {TOKENS} s0=hand:40,41;kingdom:30 s1=kingdom:31"), 2
    )
    last_two = s.pile
    after, events = run(s, ["play 40"])
    assert [e.count for e in of_type(events, ev.SatOut)] == [2]
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.reason == "pile_empty"
    assert after.phase == "over" and ENGINE.awaiting(after).game_over
    assert not of_type(events, ev.CardsTaken)  # no new phase 2
    # final validation: hands go into the kingdoms; the unresolved 40 stays played
    assert after.seats[1].kingdom == tuple(sorted((31, *last_two)))
    assert after.seats[0].kingdom == (30, 41)
    assert after.seats[0].played == 40
    assert [(e.seat, e.cards) for e in of_type(events, ev.HandValidated)] == [
        (0, (41,)),
        (1, tuple(sorted(last_two))),
    ]
    assert code(after, "play 41") == "game_over"


def test_a_player_draws_the_single_last_card() -> None:
    s = with_pile(state(f"row=1,2,3,4,5,6,7 pile=rest {TOKENS} s0=hand:40 s1=-"), 1)
    after, events = run(s, ["play 40"])
    assert [e.count for e in of_type(events, ev.SatOut)] == [1]
    assert after.end == "pile_empty"


def test_the_row_refill_that_empties_the_pile_ends_the_game_immediately() -> None:
    # Marchand 40 takes 1, Général 20 takes places 2-4: the line is 40, 20, 5, 6, 7
    s = state(f"row=1,2,3,4,5,6,7 pile=rest {TOKENS} s0=hand:40,42 s1=hand:20,21")
    s = with_pile(s, 2)
    after, events = run(s, ["play 40", "play 20", "take 1", "take 2 3 4"])
    # two cards drawn, the pile is empty: game over even though the row is full
    assert [e.place for e in of_type(events, ev.CardRevealed)] == [6, 7]
    assert after.end == "pile_empty" and after.phase == "over"
    assert None not in after.row
    assert not of_type(events, ev.FirstPlayerPassed)
    assert not of_type(events, ev.RoundStarted)


def test_the_pile_too_short_to_refill_the_row() -> None:
    s = with_pile(state(f"row=1,2,3,4,5,6,7 pile=rest {TOKENS} s0=hand:40,42 s1=hand:20,21"), 1)
    after, events = run(s, ["play 40", "play 20", "take 1", "take 2 3 4"])
    assert [e.place for e in of_type(events, ev.CardRevealed)] == [6]
    assert after.row[6] is None and after.end == "pile_empty"


# --- ending 2: every blason card carries a token ------------------------------------------
LAST_BISHOP = state(
    "row=1,2,3,4,5,6,7 pile=rest placed=x2,+1,+2,+3,+4,+5,- revealed=peasant,blason "
    "s0=hand:14,30 s1=hand:22,31"
)


def test_placing_the_last_token_ends_the_game_at_the_end_of_the_round() -> None:
    after, events = run(LAST_BISHOP, ["play 14", "play 22", "take 1 2"])
    assert after.phase == "bonus"
    after, events = run(after, ["bonus blason"])
    assert after.tokens_placed[6] == "blason" and after.tokens_revealed == ("peasant",)
    assert not of_type(events, ev.TokenRevealed)  # no face-down token left
    assert not of_type(events, ev.GameEnded)  # the round goes on
    assert after.phase == "take"
    after, events = run(after, ["take 3"])
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.reason == "tokens_placed"
    assert not of_type(events, ev.RowShifted)  # phases 3 and 4 are skipped
    assert after.phase == "over"
    assert after.seats[0].kingdom == (3, 14, 30) and after.seats[1].kingdom == (1, 2, 31)


def test_tokens_ending_waits_for_lower_cards_of_the_round() -> None:
    # the Évêque 14 places the 7th token, then the Roi 5 still resolves
    s = state("row=1,2,3,4,6,7,8 pile=rest placed=x2,+1,+2,+3,+4,+5,- revealed=peasant,blason "
              "s0=hand:14,30 s1=hand:5,31")
    after, events = run(s, ["play 14", "play 5", "bonus peasant", "take 1"])
    assert after.phase == "take" and after.order == (1,)
    after, events = run(after, ["take 2 3 4 6"])
    assert [e.reason for e in of_type(events, ev.GameEnded)] == ["tokens_placed"]
    assert 5 in after.above  # the Roi had been placed above blason I
