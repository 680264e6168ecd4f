"""A round's phases: the event drawn, the orientation, the incomes, the favour track."""

from __future__ import annotations

from wwe_support import do, edit, engine, plain_decks, start, stock

from ludivox.engines.world_without_end import Orient, Play
from ludivox.engines.world_without_end.events import ScoreChanged, StockChanged


def test_setup_gives_each_player_one_wool_two_gold_and_eight_points() -> None:
    eng = engine(players=3)
    state = start(eng, plain_decks())
    for seat in range(3):
        assert stock(state, seat)["wool"] == 1 and stock(state, seat)["gold"] == 2
        assert state.seats[seat].score == 8
        assert len(state.seats[seat].hand) == 12
    assert [p.id for p in state.projects] == ["pont"]
    assert eng.awaiting(state).phase == "orient" and eng.awaiting(state).seat == 0


def test_the_rulebooks_income_example() -> None:
    # red (seat 0) gets 1 stone, green 1 grain, yellow 1 gold and blue 1 point
    eng = engine(players=4)
    state = do(eng, start(eng, plain_decks()), "orient 0")
    assert stock(state, 0)["stone"] == 1
    assert stock(state, 1)["grain"] == 1
    assert stock(state, 2)["gold"] == 3
    assert state.seats[3].score == 9
    assert eng.awaiting(state).phase == "action" and eng.awaiting(state).seat == 0


def test_turning_the_card_changes_who_gets_which_corner() -> None:
    eng = engine(players=4)
    state = do(eng, start(eng, plain_decks()), "orient 1")
    assert stock(state, 1)["stone"] == 1 and stock(state, 0)["stone"] == 0
    assert state.seats[0].score == 9  # the point's corner now faces the active player


def test_two_players_face_each_other() -> None:
    eng = engine(players=2)
    state = do(eng, start(eng, plain_decks()), "orient 0")
    assert stock(state, 0)["stone"] == 1
    assert stock(state, 1)["gold"] == 3  # the opposite corner


def test_an_income_no_longer_in_the_supply_gives_one_point_instead() -> None:
    eng = engine(players=4)
    state = start(eng, plain_decks(), lambda t: t.supply.update(stone=0))
    state = do(eng, state, "orient 0")
    assert stock(state, 0)["stone"] == 0 and state.seats[0].score == 9


def test_the_rulebooks_favour_example_the_arrow_shows_two() -> None:
    eng = engine(players=4)
    state = start(eng, plain_decks(), lambda t: t.houses.update({1: 0, 3: 0}))
    state = do(eng, state, "orient 2")
    assert state.favour == 2  # Reine -> Prieur -> Guilde
    assert state.seats[0].score == 8 + 2  # Guilde: 1 point per house


def test_no_favour_when_the_arrow_shows_zero() -> None:
    eng = engine(players=4)
    before = start(eng, plain_decks(), lambda t: t.seats[0].stock.update(loyalty=1))
    state = do(eng, before, "orient 0")
    assert state.favour == before.favour
    assert state.seats[0].score == 8  # the point's corner went to seat 3


def test_a_covered_space_is_skipped() -> None:
    eng = engine(players=4)
    state = start(eng, plain_decks(), lambda t: t.covers.append("favour:prieur"))
    state = edit(state, lambda t: t.seats[0].stock.update(medicine=1))
    state = do(eng, state, "orient 1")
    assert state.favour == 2  # Prieur is covered: the marker lands on Guilde
    state = do(eng, start(eng, plain_decks(), lambda t: t.covers.append("favour:guilde")),
               "orient 2")
    assert state.favour == 3


def test_after_the_bishop_the_marker_goes_on_at_the_queen() -> None:
    eng = engine(players=4)
    state = start(eng, plain_decks(), lambda t: (setattr(t, "favour", 8),
                                                 t.seats[0].stock.update(loyalty=2)))
    state = do(eng, state, "orient 1")
    assert state.favour == 0 and state.seats[0].score == 8 + 2 + 1  # Reine, and the point


def test_each_favour_gives_what_the_rulebook_says() -> None:
    eng = engine(players=4)
    expected = {  # space index -> (stock change or points) with 2 loyalty, 3 piety, 1 medicine
        0: ("vp", 2), 1: ("piety", 1), 3: ("vp", 2), 4: ("wool", 1), 5: ("vp", 2),
        6: ("grain", 1), 8: ("vp", 3),
    }
    for space, (what, n) in expected.items():
        state = start(eng, plain_decks(), lambda t, s=space: (
            setattr(t, "favour", s - 1 if s else 8),
            t.seats[0].stock.update(loyalty=2, piety=3, medicine=1),
            t.supply.update(loyalty=12, piety=9, medicine=19)))
        after = do(eng, state, "orient 1")
        assert after.favour == space
        if what == "vp":
            assert after.seats[0].score - state.seats[0].score == n + 1, space  # +1: corner
        else:
            assert stock(after, 0)[what] - stock(state, 0)[what] == n, space


def test_an_exhausted_favour_gives_nothing_not_even_a_point() -> None:
    eng = engine(players=4)
    state = start(eng, plain_decks(), lambda t: t.supply.update(piety=0))
    after = do(eng, state, "orient 1")
    assert after.favour == 1 and stock(after, 0)["piety"] == 0
    assert after.seats[0].score == state.seats[0].score + 1  # only the corner's point


def test_the_outlaw_must_be_payable_or_that_orientation_is_refused() -> None:
    eng = engine(players=4)
    broke = start(eng, plain_decks(), lambda t: (setattr(t, "favour", 6),
                                                 t.seats[0].stock.update(gold=0)))
    reason = eng.refusal(broke, Orient(1))
    assert reason is not None and reason.code == "outlaw_unpaid"
    assert all(eng.refusal(broke, s) is None for s in reason.suggestions)
    assert Orient(1) not in list(eng.legal_actions(broke))
    rich = edit(broke, lambda t: t.seats[0].stock.update(gold=1))
    t_supply = rich.supply
    after = do(eng, rich, "orient 1")
    assert after.favour == 7 and stock(after, 0)["gold"] == 0
    assert after.supply != t_supply


def test_the_outlaw_can_be_paid_with_the_gold_of_this_orientation() -> None:
    eng = engine(players=4)
    broke = start(eng, plain_decks(), lambda t: (setattr(t, "favour", 5),
                                                 t.seats[0].stock.update(gold=0)))
    # arrow on side 2: seat 0 gets the 1 gold corner, then pays it to the outlaw
    assert eng.refusal(broke, Orient(2)) is None
    after = do(eng, broke, "orient 2")
    assert after.favour == 7 and stock(after, 0)["gold"] == 0


def test_every_player_plays_from_the_active_player_clockwise_then_the_blason_passes() -> None:
    eng = engine(players=3)
    state = do(eng, start(eng, plain_decks()), "orient 0")
    order = []
    while state.round == 1:
        now = eng.awaiting(state)
        if now.phase == "action":
            order.append(now.seat)
            state = do(eng, state, "play ble")
        else:
            state = do(eng, state, "discard piete")
    assert order == [0, 1, 2]
    assert state.active == 1 and state.round == 2
    assert eng.awaiting(state).phase == "orient" and eng.awaiting(state).seat == 1
    assert Play("ble") not in list(eng.legal_actions(state))


def test_the_view_tells_what_each_orientation_gives_for_a_blind_active_player() -> None:
    eng = engine(players=4)
    state = start(eng, plain_decks(), lambda t: (setattr(t, "favour", 6),
                                                 t.seats[0].stock.update(gold=0)))
    options = eng.view(state, None)["orientations"]
    assert [o["steps"] for o in options] == [0, 1, 2, 3]
    assert options[1] == {"side": 1, "steps": 1, "favour": "hors_la_loi", "allowed": False,
                          "incomes": [{"vp": 1}, {"stone": 1}, {"grain": 1}, {"gold": 1}]}
    assert options[0]["favour"] is None and options[0]["allowed"]
    for option in options:  # what the view promises is what turning the card gives
        if option["allowed"]:
            after = do(eng, state, f"orient {option['side']}")
            for seat, income in enumerate(option["incomes"]):
                if "vp" not in income:
                    for resource, n in income.items():
                        assert stock(after, seat)[resource] - stock(state, seat)[resource] >= n
    assert do(eng, state, "orient 0").phase == "action"
    assert eng.view(do(eng, state, "orient 0"), None)["orientations"] == []


def test_events_tell_the_table_the_scores_and_each_player_privately_their_stock() -> None:
    eng = engine(players=4)
    _, events = eng.apply(start(eng, plain_decks()), Orient(0))
    stocks = {e.seat: (e.changes, e.private_to) for e in events if isinstance(e, StockChanged)}
    assert stocks == {0: ((("stone", 1),), 0), 1: ((("grain", 1),), 1), 2: ((("gold", 1),), 2)}
    scores = [e for e in events if isinstance(e, ScoreChanged)]
    assert [(e.seat, e.before, e.after, e.private_to) for e in scores] == [(3, 8, 9, None)]


def test_a_begging_active_player_cannot_count_on_the_corners_gold_for_the_outlaw() -> None:
    eng = engine(players=4)
    state = start(eng, plain_decks(), lambda t: (setattr(t, "favour", 5),
                                                 t.seats[0].stock.update(gold=0),
                                                 t.seats[0].sanctions.append("begging")))
    refused = eng.refusal(state, Orient(2))
    assert refused is not None and refused.code == "outlaw_unpaid"
