"""Hand limit, players without cards, phase 3 overflow, and the two endings."""

from __future__ import annotations

from sk_support import ENGINE, code, of_type, resolving, run, state

from ludivox.engines.seven_kingdoms import Take
from ludivox.engines.seven_kingdoms import events as ev

TOKENS = "hidden=rest revealed=x2,+3"


# --- hand limit ---------------------------------------------------------------------------
def test_hand_limit_forces_validation() -> None:
    s = resolving(7, "1,2,3,4,5,6,8", hand="30,31")  # two cards left in hand
    reason = ENGINE.refusal(s, Take((1, 2, 3), (1, 2)))
    assert reason is not None and reason.code == "hand_limit"
    assert reason.args == {"limit": 3, "hand": 2, "keep": 2}
    assert set(reason.suggestions) == {Take((1, 2, 3), (1,)), Take((1, 2, 3), (2,))}
    assert all(len(a.keep) <= 1 for a in ENGINE.legal_actions(s) if isinstance(a, Take))
    after, _ = run(s, ["take 1 2 3 keep 1"])
    assert after.seats[0].hand == (1, 30, 31)
    assert after.seats[0].kingdom == (2, 3)


def test_only_taken_cards_can_be_validated() -> None:
    s = resolving(7, "1,2,3,4,5,6,8", hand="30,31")
    assert code(s, "take 1 keep 30") == "keep_not_taken"
    after, _ = run(s, ["take 1"])
    assert after.seats[0].hand == (30, 31)  # hand cards stay in hand


def test_cards_kept_in_hand_are_public_knowledge() -> None:
    s = resolving(7, "1,2,3,4,5,6,8", hand="30")
    after, _ = run(s, ["take 1 2 keep 1 2"])
    table = ENGINE.view(after, None)
    assert table["seats"][0]["seen"] == [1, 2]
    assert table["seats"][0]["hand_count"] == 3
    assert "hand" not in table  # seat 0's card 30 stays private
    assert ENGINE.view(after, 0)["hand"] == [1, 2, 30]


# --- a player with no card draws two and sits the round out -------------------------------
def test_player_without_cards_draws_two_and_sits_out() -> None:
    s = state(f"first=1 turn=1 row=1,2,3,4,5,6,7 pile=rest {TOKENS} s0=kingdom:8 s1=hand:40")
    pile = s.pile
    after, events = run(s, ["play 40"])
    (out,) = of_type(events, ev.SatOut)
    assert (out.seat, out.count, out.pile_left) == (0, 2, len(pile) - 2)
    (drawn,) = of_type(events, ev.CardsDrawn)
    assert drawn.private_to == 0 and drawn.cards == tuple(sorted(pile[:2]))
    assert after.seats[0].hand == tuple(sorted(pile[:2])) and after.seats[0].sat_out
    assert after.order == (1,)  # seat 0 takes no part in phase 2
    assert ENGINE.view(after, 1)["seats"][0]["hand_count"] == 2
    assert ENGINE.view(after, 1)["seats"][0]["seen"] == []


def test_the_first_player_without_cards_sits_out_at_the_start_of_the_round() -> None:
    # seat 1 took the last card of its hand: after the round it has none and is first next
    s = state(f"row=1,2,3,4,5,6,7 pile=rest {TOKENS} s0=hand:41,42 s1=hand:40")
    after, events = run(s, ["play 41", "play 40", "take 1", "take 2"])
    assert after.first == 1 and after.turn == 0  # seat 1 drew two and sat out
    assert [e.seat for e in of_type(events, ev.SatOut)] == [1]
    assert after.seats[1].hand_size == 2


# --- phase 3: a line longer than 7 --------------------------------------------------------
def test_line_longer_than_seven_sets_the_surplus_aside() -> None:
    # Paysans 49 (places 3, 7), 48 (2, 6), 45 (3, 6): the first two empty places 3 and 6,
    # so 45 finds both its places empty and takes nothing
    s = state(f"row=1,2,3,4,5,6,7 pile=rest {TOKENS} s0=hand:49,8 s1=hand:48,9 s2=hand:45,10")
    after, events = run(s, ["play 49", "play 48", "play 45", "take 3", "take 6"])
    assert [(e.seat, e.cards) for e in of_type(events, ev.CardsTaken)] == [
        (0, (3,)),
        (1, (6,)),
        (2, ()),
    ]
    # line: 49, 48, 45 then the unclaimed 1, 2, 4, 5, 7: eight cards for seven places
    (shifted,) = of_type(events, ev.RowShifted)
    assert shifted.row == (49, 48, 45, 1, 2, 4, 5)
    assert shifted.set_aside == (7,)
    assert after.discard == (7,)
    assert after.row == (49, 48, 45, 1, 2, 4, 5)
    assert not of_type(events, ev.CardRevealed)  # the row is full: nothing drawn
    assert after.total_cards() == 49
