"""End of a period: projects' progress, contributions, losses, loyalty, sanctions; the end."""

from __future__ import annotations

from collections.abc import Callable

from wwe_support import EDWARD, do, edit, engine, finish_round, start, stock

from ludivox.engines.base import Event
from ludivox.engines.world_without_end import Play, Protect, WweEngine, WweState
from ludivox.engines.world_without_end.events import GameEnded, PeriodEnded
from ludivox.engines.world_without_end.state import Table


def last_round(players: int = 4, period: int = 1,
               change: Callable[[Table], None] | None = None) -> tuple[WweEngine, WweState]:
    """Table mode, the sixth round of ``period``, its event turned, then ``change`` made."""
    eng = engine(players=players, mode="table")
    state = do(eng, start(eng), "event 8")

    def setup(t: Table) -> None:
        t.round = 6
        t.period = period
        t.drawn = [period * 11 - 3]
        if period >= 3:
            t.places = ["healed"] * 11
        for seat in t.seats:
            seat.hand = seat.hand[:2]

    state = do(eng, edit(state, setup), "orient 0")
    return eng, state if change is None else edit(state, change)


def to_tax(eng: WweEngine, state: WweState) -> WweState:
    """Everyone renounces until the tax die is awaited."""
    while eng.awaiting(state).phase != "tax":
        legal = list(eng.legal_actions(state))
        state, _ = eng.apply(state, legal[0])
    return state


def pay_tax(eng: WweEngine, state: WweState, value: int, seat0: str = "none") -> WweState:
    """The tax die shows ``value``; asked about loyalty, seat 0 answers ``seat0``, the
    others pay none."""
    state = do(eng, to_tax(eng, state), f"tax {value}")
    while eng.awaiting(state).phase == "protect":
        answer = seat0 if eng.awaiting(state).seat == 0 else "none"
        state = do(eng, state, f"protect {answer}")
    return state


def give(seat: int, **counts: int) -> Callable[[Table], None]:
    """Set ``seat``'s stock; every other seat can pay a tax of up to 5."""
    def change(t: Table) -> None:
        for other in t.seats:
            other.stock.update(piety=2, grain=2, gold=5)
        t.seats[seat].stock.update(counts)
    return change


def test_contributions_missing_cost_points_and_bring_sanctions() -> None:
    eng, state = last_round(change=give(0, piety=1, grain=0, gold=5, stone=0))
    state = to_tax(eng, state)
    assert eng.awaiting(state).world
    before = state.seats[0].score
    state = do(eng, state, "tax 3")
    assert eng.awaiting(state).phase == "protect" and eng.awaiting(state).seat == 0
    assert list(eng.legal_actions(state)) == [Protect()]  # no loyalty: nothing to pay
    state = do(eng, state, "protect none")
    assert stock(state, 0)["gold"] == 2 and stock(state, 0)["piety"] == 0
    assert state.seats[0].score == before - 3 - 2 * 2  # 1 piety and 2 grain missing
    assert state.seats[0].sanctions == ("penitence", "begging")


def test_tax_not_fully_paid_gives_all_gold_and_the_royal_court() -> None:
    eng, state = last_round(change=give(0, piety=2, grain=2, gold=1, stone=0))
    state = pay_tax(eng, state, 4)
    assert stock(state, 0)["gold"] == 0
    assert state.seats[0].sanctions == ("court",)


def test_the_rulebooks_loyalty_example_two_loyalty_lift_both_sanctions() -> None:
    eng, state = last_round(change=give(0, piety=1, grain=0, gold=5, loyalty=2))
    state = do(eng, to_tax(eng, state), "tax 2")
    assert eng.awaiting(state).phase == "protect" and eng.awaiting(state).seat == 0
    before = state.seats[0].score
    after = do(eng, state, "protect piety grain")
    assert after.seats[0].sanctions == () and stock(after, 0)["loyalty"] == 0
    assert after.seats[0].score == before - 3 - 2 * 2  # the points are lost all the same
    one = do(eng, state, "protect grain")
    assert one.seats[0].sanctions == ("penitence",)
    assert eng.refusal(state, eng.parse_action("protect gold")).code == "not_unpaid"  # type: ignore[union-attr]


def test_unfinished_projects_get_one_material_stone_first() -> None:
    eng, state = last_round(change=lambda t: setattr(t.projects[0], "stone", 1))
    state = to_tax(eng, state)
    assert (state.projects[0].stone, state.projects[0].wood) == (2, 0)
    eng, state = last_round(change=lambda t: setattr(t.projects[0], "stone", 2))
    state = to_tax(eng, state)
    assert (state.projects[0].stone, state.projects[0].wood) == (2, 1)


def test_covers_and_lasting_events_leave_at_the_end_of_the_period() -> None:
    eng, state = last_round(change=lambda t: (t.covers.append("favour:roi"),
                                              t.lasting.extend([5, 6])))
    state = to_tax(eng, state)
    assert state.covers == () and state.lasting == ()


def test_sanctions_in_the_next_period_penitence_begging_court() -> None:
    fine = give(0, piety=0, grain=0, gold=0, stone=0)
    eng, state = last_round(change=lambda t: (fine(t), setattr(t, "active", 3)))
    state = pay_tax(eng, state, 2)
    assert state.seats[0].sanctions == ("penitence", "begging", "court")
    # penitence: the world (an opponent, or Ludivox when asked) picks a card at random
    assert eng.awaiting(state).phase == "penitence" and eng.awaiting(state).world
    state = do(eng, state, "penitence ble")
    assert state.seats[0].discards == ("ble",) and len(state.seats[0].hand) == 11
    drawn = do(eng, state, "event 13")
    state = do(eng, drawn, "orient 0")
    assert stock(state, 0) == stock(drawn, 0)  # begging: no income in the first round
    assert state.seats[0].score == drawn.seats[0].score
    assert stock(state, 1) != stock(drawn, 1)  # the others receive theirs
    court = eng.refusal(state, Play("piete"))
    assert court is not None and court.code == "court_must_renounce"
    state = do(eng, state, "play piete renounce")
    # penitence: no face-down discard at the first action
    assert eng.awaiting(state).seat == 1 and eng.awaiting(state).phase == "action"
    assert state.seats[0].sanctions == ()


def test_edward_the_third_first_in_period_two_lifts_the_court() -> None:
    fine = give(0, piety=2, grain=2, gold=0, stone=0)
    eng, state = last_round(change=lambda t: (fine(t), setattr(t, "active", 3)))
    state = pay_tax(eng, state, 2)
    assert state.seats[0].sanctions == ("court",)
    pardoned = do(eng, state, f"event {EDWARD}", "orient 0")
    assert eng.refusal(pardoned, Play("piete")) is None
    judged = do(eng, state, "event 13", "orient 0")
    assert eng.refusal(judged, Play("piete")) is not None


def test_the_rulebooks_end_example_one_grain_two_gold_missing_cost_eight() -> None:
    eng, state = last_round(period=4, change=lambda t: (
        t.seats[0].stock.update(piety=2, grain=1, gold=2, stone=0),
        setattr(t.seats[0], "score", 20)))
    state = pay_tax(eng, state, 4)
    assert state.phase == "over"
    assert state.seats[0].score == 20 - 8
    assert state.seats[0].sanctions == ()  # no sanction after period IV


def test_loyalty_keeps_the_end_loss_single() -> None:
    eng, state = last_round(period=4, change=lambda t: (
        t.seats[0].stock.update(piety=2, grain=1, gold=2, stone=0, loyalty=1),
        setattr(t.seats[0], "score", 20)))
    state = pay_tax(eng, state, 4, "grain")
    assert state.seats[0].score == 20 - 2 - 4


def test_final_score_materials_and_half_the_gold() -> None:
    eng, state = last_round(period=4, change=lambda t: (
        t.seats[0].stock.update(piety=2, grain=2, gold=7, stone=2, wood=1),
        setattr(t.seats[0], "score", 20)))
    state = pay_tax(eng, state, 2)
    assert state.seats[0].score == 20 + 3 + 2 and state.seats[0].half  # 5 gold left: 2.5


def test_ties_are_broken_by_piety_then_loyalty_then_knowledge() -> None:
    def tie(t: Table) -> None:
        for seat in t.seats:
            seat.stock.update(piety=2, grain=2, gold=2, stone=0, wood=0)
            seat.score = 30
        t.seats[1].stock.update(piety=3)
        t.seats[2].stock.update(piety=3, loyalty=1)
    eng, state = last_round(period=4, change=tie)
    state = pay_tax(eng, state, 2)
    assert eng.awaiting(state).winners == (2,)


def test_after_period_two_the_bell_tower_and_the_plague_tiles() -> None:
    eng, state = last_round(period=2)
    state = pay_tax(eng, state, 2)
    while eng.awaiting(state).phase in ("protect", "penitence"):
        state, _ = eng.apply(state, next(iter(eng.legal_actions(state))))
    assert state.period == 3 and "clocher" in [p.id for p in state.projects]
    assert state.places == ("hidden",) * 11
    assert state.tiles == (None,) * 11  # table mode: face down, unknown
    view = eng.view(state, None)
    assert all(p["tile"] is None for p in view["plague"])


def test_the_end_of_a_period_and_of_the_game_are_told() -> None:
    eng, state = last_round(change=give(0, piety=0, grain=2, gold=5, stone=0))
    state = to_tax(eng, state)
    state = do(eng, state, "tax 3")
    events: list[Event] = []
    while eng.awaiting(state).phase == "protect":
        state, new = eng.apply(state, Protect())
        events.extend(new)
    ended = [e for e in events if isinstance(e, PeriodEnded)]
    assert len(ended) == 1 and ended[0].period == 1 and ended[0].tax == 3
    assert ended[0].sanctions[0] == ("penitence",)
    eng, state = last_round(period=4)
    state = to_tax(eng, state)
    state, new = eng.apply(state, eng.parse_action("tax 2"))
    while eng.awaiting(state).phase == "protect":
        state, new = eng.apply(state, Protect())
    assert [e.winners for e in new if isinstance(e, GameEnded)] == [eng.awaiting(state).winners]


def test_the_virtual_deck_ends_the_game_after_four_periods() -> None:
    eng = engine(players=2, seed=3)
    state = start(eng)
    while state.phase != "over":
        state = finish_round(eng, state)
    assert state.period == 4 and eng.awaiting(state).game_over
    assert all(s.score >= 0 for s in state.seats)


def test_the_end_of_period_material_can_finish_a_project_and_pay_its_donors() -> None:
    eng, state = last_round(change=lambda t: (
        setattr(t.projects[0], "stone", 2), setattr(t.projects[0], "wood", 1),
        t.projects[0].donors.append(1)))
    before = state
    state = to_tax(eng, state)
    assert state.projects[0].done and state.projects[0].donors == ()
    assert state.seats[1].score == before.seats[1].score + 1
    assert stock(state, 1)["cloth"] == stock(before, 1)["cloth"] + 1
