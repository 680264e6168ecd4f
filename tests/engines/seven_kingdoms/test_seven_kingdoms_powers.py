"""Each rank's power, with its edge cases (rulebook, "Pouvoir des cartes").

In the test components Paysan 44 shows places 2 and 5 (see ``sk_support``).
"""

from __future__ import annotations

from itertools import combinations

from sk_support import ENGINE, code, of_type, resolving, run, state, take_sets

from ludivox.engines.seven_kingdoms import Take
from ludivox.engines.seven_kingdoms import events as ev

FULL = "1,2,3,4,5,6,7"  # cards 1..7 under blasons I..VII


def subsets(cards: list[int], low: int, high: int) -> set[tuple[int, ...]]:
    return {c for k in range(low, high + 1) for c in combinations(cards, k)}


# --- Roi: up to 4 cards of one's choice ---------------------------------------------------
def test_king_takes_one_to_four_cards_of_his_choice() -> None:
    s = resolving(7, "1,2,3,4,5,6,8")
    assert take_sets(s) == subsets([1, 2, 3, 4, 5, 6, 8], 1, 4)
    assert code(s, "take 1 3 5 8") is None
    assert code(s, "take 1 2 3 4 5") == "too_many_cards"
    assert code(s, "take nothing") == "must_take"


def test_king_with_fewer_cards_left_than_he_may_take() -> None:
    s = resolving(7, "-,2,-,-,-,6,-")
    assert take_sets(s) == {(2,), (6,), (2, 6)}
    after, _ = run(s, ["take 2 6"])
    assert after.seats[0].kingdom == (2, 6)


# --- Princesse: up to 2 --------------------------------------------------------------------
def test_princess_takes_one_or_two() -> None:
    s = resolving(25, FULL)
    assert take_sets(s) == subsets([1, 2, 3, 4, 5, 6, 7], 1, 2)
    assert code(s, "take 1 2 3") == "too_many_cards"
    assert take_sets(resolving(25, "-,-,-,-,-,-,7")) == {(7,)}


# --- Marchand: exactly 1 ------------------------------------------------------------------
def test_merchant_takes_exactly_one() -> None:
    s = resolving(40, FULL)
    assert take_sets(s) == {(c,) for c in range(1, 8)}
    assert code(s, "take 1 2") == "too_many_cards"
    reason = ENGINE.refusal(s, Take(()))
    assert reason is not None and reason.code == "must_take"
    assert reason.args == {"rank": "marchand", "least": 1, "available": 7}


# --- Général: 3 consecutive places, every card in them ------------------------------------
def test_general_windows_stop_at_the_row_ends() -> None:
    s = resolving(18, FULL)
    assert take_sets(s) == {(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6), (5, 6, 7)}
    assert code(s, "take 5 6 7") is None  # places V-VII: the last window
    assert code(s, "take 7 1") == "not_consecutive"  # windows do not wrap around


def test_general_must_take_the_whole_window() -> None:
    s = resolving(18, FULL)
    reason = ENGINE.refusal(s, Take((6, 7)))
    assert reason is not None and reason.code == "window_not_whole"
    assert reason.args["missing"] == (5,)
    assert Take((5, 6, 7)) in reason.suggestions


def test_a_whole_window_suggested_keeps_no_more_than_the_hand_holds() -> None:
    # found by the shared contract checker: the suggestion kept both cards over a full hand
    s = resolving(18, FULL, hand="30,31")
    reason = ENGINE.refusal(s, Take((6, 7), keep=(6, 7)))
    assert reason is not None and reason.code == "window_not_whole"
    assert reason.suggestions == (Take((5, 6, 7), keep=(6,)),)
    assert all(ENGINE.refusal(s, x) is None for x in reason.suggestions)


def test_general_may_choose_places_already_emptied() -> None:
    s = resolving(18, "-,-,-,4,-,6,7")
    assert take_sets(s) == {(), (4,), (4, 6), (6, 7)}
    assert code(s, "take nothing") is None  # "0, 1, 2 ou 3 cartes selon les emplacements"
    assert code(resolving(18, FULL), "take nothing") == "no_empty_window"


# --- Chevalier: 2 consecutive places ------------------------------------------------------
def test_knight_windows_of_two() -> None:
    s = resolving(30, FULL, hand="31")
    assert take_sets(s) == {(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)}
    assert code(s, "take 1 3") == "not_consecutive"
    assert code(s, "take 7") == "window_not_whole"
    s = resolving(30, "1,-,3,4,5,6,-", hand="31")
    assert take_sets(s) == {(1,), (3,), (3, 4), (4, 5), (5, 6), (6,)}
    assert code(s, "take 6") is None  # window VI-VII holds only 6 now


# --- Paysan: one of the two places printed on it ------------------------------------------
def test_peasant_takes_one_of_its_two_places() -> None:
    s = resolving(44, FULL)  # places 2 and 5
    assert take_sets(s) == {(2,), (5,)}
    reason = ENGINE.refusal(s, Take((3,)))
    assert reason is not None and reason.code == "not_paysan_place"
    assert reason.args == {"card": 3, "place": 3, "places": (2, 5)}
    assert set(reason.suggestions) == {Take((2,)), Take((5,))}
    assert code(s, "take 2 5") == "too_many_cards"


def test_peasant_with_one_place_emptied() -> None:
    assert take_sets(resolving(44, "1,-,3,4,5,6,7")) == {(5,)}


def test_peasant_whose_two_places_are_empty_takes_nothing_by_itself() -> None:
    # 2 players: seat 0 plays Paysan 44, seat 1 a Marchand 40 that resolves after it
    s = state("row=1,-,3,4,-,6,7 pile=rest hidden=rest revealed=x2,+3 s0=hand:44,30 s1=hand:40")
    after, events = run(s, ["play 44", "play 40"])
    taken = of_type(events, ev.CardsTaken)
    assert [(e.seat, e.cards) for e in taken] == [(0, ())]
    assert after.phase == "take" and after.order == (1,)


# --- Évêque: validated, token, new token, one card ----------------------------------------
BISHOP = state(
    "row=1,2,3,4,5,6,7 pile=rest revealed=x2,+3 hidden=+1,+2,+4,+5,peasant,blason "
    "blasons=3,1,4,7,2,6,5 s0=hand:12,30 s1=hand:20 s2=hand:40"
)


def test_bishop_goes_to_the_kingdom_and_places_a_token() -> None:
    after, events = run(BISHOP, ["play 12", "play 20", "play 40"])
    # 40 resolves first (highest), then 20, then the Évêque 12
    after, events = run(after, ["take 1", "take 2 3 4"])
    assert after.phase == "bonus" and after.order == (0,)
    assert [e.card for e in of_type(events, ev.BishopValidated)] == [12]
    assert 12 in after.seats[0].kingdom and 12 not in after.above
    assert sorted(a.text() for a in ENGINE.legal_actions(after)) == ["bonus +3", "bonus x2"]
    assert code(after, "bonus +1") == "token_not_revealed"

    after, events = run(after, ["bonus +3"])
    (placed,) = of_type(events, ev.TokenPlaced)
    assert (placed.token, placed.position, placed.blason) == ("+3", 1, 3)
    assert [e.token for e in of_type(events, ev.TokenRevealed)] == ["+1"]
    assert after.tokens_revealed == ("x2", "+1")
    assert after.phase == "take"
    assert take_sets(after) == {(5,), (6,), (7,)}  # exactly one card


def test_bishop_takes_no_position_above_the_blasons() -> None:
    # resolution order 44, 12, 5: the Évêque resolves between a Paysan and a Roi
    s = state("row=1,2,3,4,6,7,9 pile=rest hidden=rest revealed=x2,+3 "
              "s0=hand:44 s1=hand:12 s2=hand:5")
    after, events = run(s, ["play 44", "play 12", "play 5", "take 2", "bonus x2", "take 1",
                            "take 3 4 keep 3"])
    # 44 above I; the Roi goes above II, not III
    assert [(e.card, e.position) for e in of_type(events, ev.CardPlacedAbove)] == [
        (44, 1),
        (5, 2),
    ]
    assert 12 in after.seats[1].kingdom
    # the next row: the two cards placed above I and II, then the unclaimed 6, 7, 9
    assert after.row[:5] == (44, 5, 6, 7, 9)


def test_next_bishop_places_its_token_on_the_next_free_blason() -> None:
    s = state("phase=bonus order=0 resolving=13 row=1,2,3,4,5,6,7 pile=rest "
              "placed=x2,-,-,-,-,-,- revealed=+1,+2 hidden=rest s0=hand:30;kingdom:13 s1=-")
    after, events = run(s, ["bonus +2"])
    (placed,) = of_type(events, ev.TokenPlaced)
    assert placed.position == 2
    assert after.tokens_placed[:3] == ("x2", "+2", None)
