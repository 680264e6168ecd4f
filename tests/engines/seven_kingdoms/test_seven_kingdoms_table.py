"""Table mode: the world reveals the physical components; secret hands stay unknown."""

from __future__ import annotations

from sk_support import code, engine, of_type, run, state, texts

from ludivox.engines.seven_kingdoms import events as ev

TABLE = engine(players=2, mode="table")
SETUP = [
    *(f"blason {b}" for b in (3, 1, 4, 7, 2, 6, 5)),
    "token x2",
    "token +3",
    "first 1",
    *(f"card {c}" for c in (1, 2, 3, 4, 5, 6, 7)),
]


def test_set_up_is_revealed_in_the_rulebook_order() -> None:
    s = TABLE.new_game()
    now = TABLE.awaiting(s)
    assert now.world and now.phase == "setup" and now.kinds == {"blason"}
    s, events = run(s, SETUP[:7], TABLE)
    assert s.blasons == (3, 1, 4, 7, 2, 6, 5)
    assert TABLE.awaiting(s).kinds == {"token"}
    s, events = run(s, SETUP[7:9], TABLE)
    assert s.tokens_revealed == ("x2", "+3") and s.tokens_face_down == 6
    assert TABLE.awaiting(s).kinds == {"first"}
    s, events = run(s, ["first 1"], TABLE)
    assert [(e.seat, e.dealt) for e in of_type(events, ev.FirstPlayerChosen)] == [(1, 3)]
    assert [seat.unknown for seat in s.seats] == [3, 3] and s.pile_size == 43
    s, events = run(s, SETUP[10:], TABLE)
    assert s.row == (1, 2, 3, 4, 5, 6, 7) and s.pile_size == 36
    assert [e.place for e in of_type(events, ev.CardRevealed)] == [1, 2, 3, 4, 5, 6, 7]
    now = TABLE.awaiting(s)
    assert (now.phase, now.seats, now.world) == ("play", (1,), False)
    assert s.total_cards() == 49


def test_a_table_round_with_a_bishop_and_a_refill() -> None:
    s, _ = run(TABLE.new_game(), SETUP, TABLE)
    # seat 1 plays Paysan 44 (places 2 and 5), seat 0 the Évêque 12: both were hidden
    assert code(s, "play 1") == "card_not_in_hand"  # card 1 lies in the row
    s, events = run(s, ["play 44", "play 12"], TABLE)
    assert [seat.unknown for seat in s.seats] == [2, 2]
    s, events = run(s, ["take 2 keep 2", "bonus x2"], TABLE)
    # the world turns a new token up before the Évêque takes a card
    now = TABLE.awaiting(s)
    assert now.world and now.kinds == {"token"} and now.phase == "collect"
    assert code(s, "token x2") == "token_already_revealed"
    s, events = run(s, ["token +1", "take 3"], TABLE)
    assert s.tokens_revealed == ("+3", "+1")
    # line: 44, then 1, 4, 5, 6, 7: the world turns one card up into place 7
    now = TABLE.awaiting(s)
    assert now.world and now.phase == "refill" and now.kinds == {"card"}
    assert code(s, "card 44") == "card_known"
    s, events = run(s, ["card 20"], TABLE)
    assert s.row == (44, 1, 4, 5, 6, 7, 20)
    assert [e.seat for e in of_type(events, ev.FirstPlayerPassed)] == [0]
    assert TABLE.awaiting(s).seats == (0,)
    # the table saw card 2 go into seat 1's hand; the two others stay unknown
    view = TABLE.view(s, None)
    assert view["seats"][1] == {
        "seat": 1, "hand_count": 3, "seen": [2], "kingdom": [], "played": None,
        "sat_out": False,
    }
    assert TABLE.view(s, 1)["hand"] == [2] and TABLE.view(s, 1)["hand_unknown"] == 2
    assert s.total_cards() == 49


def test_final_validation_asks_for_the_hidden_hand_cards() -> None:
    discard = ",".join(map(str, range(8, 46)))
    s = state(f"mode=table row=1,2,3,4,5,6,7 discard={discard} pile_unknown=2 hidden_unknown=6 "
              "revealed=x2,+3 s0=unknown:2 s1=-")
    s, events = run(s, ["play 46"], TABLE)  # seat 1 draws the last two cards: game over
    assert [e.reason for e in of_type(events, ev.GameEnded)] == ["pile_empty"]
    now = TABLE.awaiting(s)
    assert (now.phase, now.world, now.game_over, now.kinds) == ("final", True, False, {"hand"})
    assert sorted(texts(s, TABLE)) == sorted(
        f"hand {seat} {card}" for seat in (0, 1) for card in (47, 48, 49)
    )
    s, _ = run(s, ["hand 1 48", "hand 0 47"], TABLE)
    assert TABLE.view(s, None)["seats"][1]["seen"] == [48]  # shown to the whole table
    assert code(s, "hand 0 49") == "no_hidden_card"
    s, events = run(s, ["hand 1 49"], TABLE)
    assert TABLE.awaiting(s).game_over
    assert s.seats[0].kingdom == (47,) and s.seats[1].kingdom == (48, 49)
    assert s.seats[0].played == 46  # never resolved: not validated
    assert of_type(events, ev.GameScored)


def test_virtual_games_refuse_world_reveals() -> None:
    s = engine(players=2).new_game()
    assert code(s, "card 1") == "not_table_mode"
