"""Event cards (immediate, lasting, covers, projects) and the plague."""

from __future__ import annotations

from wwe_support import (
    EXCHANGE,
    GODWYN,
    LASTING_EXCHANGE,
    MARKET_CLOSED,
    MERTHIN,
    NO_WHEAT,
    PILGRIMS,
    PLAGUE_HOUSES,
    RANDOM_DISCARD,
    WITCHCRAFT,
    WOOL_PRICE,
    do,
    edit,
    engine,
    finish_round,
    plain_decks,
    start,
    stock,
)

from ludivox.engines.world_without_end import Choose, Play
from ludivox.engines.world_without_end.state import Table


def decks_with(period: int, first: list[int]) -> list[list[int]]:
    decks = plain_decks()
    decks[period - 1] = first + decks[period - 1][len(first):]
    return decks


def in_period(period: int):  # type: ignore[no-untyped-def]
    def change(t: Table) -> None:
        t.period = period
        if period >= 3:
            t.places = ["hidden"] * 11
            t.tiles = list(range(1, 12))  # place n: tile n (virtual, known)
    return change


def test_an_exchange_is_offered_to_each_player_from_the_active_one_clockwise() -> None:
    eng = engine(players=3)
    state = start(eng, decks_with(1, [EXCHANGE]))
    asked = []
    for answer in ("yes", "no", "yes"):
        now = eng.awaiting(state)
        assert now.phase == "exchange"
        asked.append(now.seat)
        state = do(eng, state, f"choose {answer}")
    assert asked == [0, 1, 2]
    assert [stock(state, s)["gold"] for s in range(3)] == [5, 2, 5]
    assert [stock(state, s)["wool"] for s in range(3)] == [0, 1, 0]
    assert eng.awaiting(state).phase == "orient"  # the effect comes before the orientation


def test_a_player_without_the_goods_is_asked_but_can_only_say_no() -> None:
    eng = engine(players=2)
    state = start(eng, decks_with(1, [EXCHANGE]), lambda t: t.seats[1].stock.update(wool=0))
    state = do(eng, state, "choose no")
    assert eng.awaiting(state).seat == 1 and set(eng.legal_actions(state)) == {Choose("no")}
    refused = eng.refusal(state, Choose("yes"))
    assert refused is not None and refused.code == "bad_answer"


def test_a_lasting_exchange_is_offered_at_each_players_turn_once_a_round() -> None:
    eng = engine(players=2)
    state = start(eng, decks_with(2, [LASTING_EXCHANGE]), in_period(2))
    state = edit(state, lambda t: [s.stock.update(grain=3) for s in t.seats])
    state = do(eng, state, "orient 0")
    assert eng.awaiting(state).phase == "exchange" and eng.awaiting(state).seat == 0
    state = do(eng, state, "choose yes", "play ble", "discard don")
    assert stock(state, 0)["piety"] == 2 and stock(state, 0)["grain"] == 3  # -1, +1 (ble)
    assert eng.awaiting(state).phase == "exchange" and eng.awaiting(state).seat == 1
    state = do(eng, state, "choose no", "play ble", "discard don")
    assert state.round == 2 and eng.awaiting(state).phase == "orient"
    state = do(eng, state, "orient 0")
    assert eng.awaiting(state).phase == "exchange" and eng.awaiting(state).seat == 1


def test_the_rulebooks_witchcraft_example_six_renounces_six_knowledge() -> None:
    eng = engine(players=2)
    state = start(eng, decks_with(2, [WITCHCRAFT]), in_period(2))
    assert state.lasting == (WITCHCRAFT,)
    while state.period == 2:
        state = finish_round(eng, state)
    assert stock(state, 0)["medicine"] == 6 and stock(state, 1)["medicine"] == 6
    assert state.lasting == ()


def test_at_most_two_lasting_events_the_oldest_replaced_and_three_per_period() -> None:
    eng = engine(players=2)
    state = start(eng, decks_with(1, [5, 6, 7, WOOL_PRICE]))
    for _ in range(2):
        state = finish_round(eng, state)
    assert state.lasting == (6, 7)  # card 5 left slot 1
    state = finish_round(eng, state)
    assert state.lasting == (6, 7)  # a fourth lasting card in a period has no effect
    state = do(eng, state, "orient 0")
    state = edit(state, lambda t: t.seats[1].stock.update(wool=2))
    assert eng.awaiting(state).seat == 1
    after = do(eng, state, "play vente wool=2")
    assert stock(after, 1)["gold"] - stock(state, 1)["gold"] == 4  # the wool still sells at 2


def test_a_lasting_price_applies_to_wool_not_cloth() -> None:
    eng = engine(players=2)
    state = do(eng, start(eng, decks_with(1, [WOOL_PRICE])), "orient 0")
    state = edit(state, lambda t: (t.seats[0].stock.update(wool=2, cloth=1),
                                   t.covers.remove("market:cloth")))
    state = do(eng, state, "play vente wool=2 cloth=1")
    assert stock(state, 0)["gold"] == 2 + 2 * 1 + 4


def test_godwyn_covers_every_other_project_until_the_end_of_the_period() -> None:
    eng = engine(players=2)
    state = start(eng, decks_with(3, [GODWYN]), in_period(3))
    state = do(eng, state, "orient 0")
    assert "project:pont" in state.covers and "palais" in [p.id for p in state.projects]
    closed = eng.refusal(state, Play("don", project="pont"))
    assert closed is not None and closed.code == "project_closed"
    assert eng.refusal(state, Play("don", project="palais")) is None
    while state.round != 1 or state.period == 3:
        state = finish_round(eng, state)
    palais = next(p for p in state.projects if p.id == "palais")
    pont = next(p for p in state.projects if p.id == "pont")
    assert palais.stone == 1 and pont.stone == 0  # only the palace progressed
    assert state.covers == ()


def test_merthin_finishes_the_bell_tower_and_the_most_loyal_gets_the_metal() -> None:
    eng = engine(players=3)

    def change(t: Table) -> None:
        in_period(4)(t)
        t.projects.append(type(t.projects[0])("clocher"))
        t.seats[2].stock.update(loyalty=2)
        t.supply["loyalty"] -= 2

    state = start(eng, decks_with(4, [MERTHIN]), change)
    tower = next(p for p in state.projects if p.id == "clocher")
    assert tower.done and (tower.stone, tower.wood, tower.metal) == (6, 2, 1)
    assert state.seats[2].score == 8 + 3 and state.seats[0].score == 8


def test_a_tie_for_loyalty_puts_the_metal_and_gives_one_point_each() -> None:
    eng = engine(players=3)

    def change(t: Table) -> None:
        in_period(4)(t)
        t.projects.append(type(t.projects[0])("clocher"))
        for seat in (0, 2):
            t.seats[seat].stock.update(loyalty=1)
        t.supply["loyalty"] -= 2

    state = start(eng, decks_with(4, [MERTHIN]), change)
    assert [s.score for s in state.seats] == [9, 8, 9]


def test_the_plague_event_each_player_removes_a_house() -> None:
    eng = engine(players=2)

    def change(t: Table) -> None:
        in_period(3)(t)
        t.houses.update({1: 0, 2: 0, 3: 1})

    state = start(eng, decks_with(3, [PLAGUE_HOUSES]), change)
    assert dict(state.houses) == {1: 0, 2: 0}  # seat 1's only house went at once
    assert eng.awaiting(state).phase == "remove_house"
    assert set(eng.legal_actions(state)) == {Choose("site:1"), Choose("site:2")}
    state = do(eng, state, "choose site:2")
    assert dict(state.houses) == {1: 0}


def test_a_place_falls_sick_when_its_card_is_drawn_and_never_twice() -> None:
    eng = engine(players=2, mode="table")
    state = start(eng, None, in_period(3))
    state = edit(state, lambda t: setattr(t, "tiles", [None] * 11))
    state = do(eng, state, "event 23")  # place 2
    assert eng.awaiting(state).phase == "plague_tile" and eng.awaiting(state).world
    refused = eng.refusal(state, eng.parse_action("tile 6"))
    assert refused is not None and refused.code == "no_such_tile"
    state = do(eng, state, "tile 4")
    assert state.places[1] == "sick" and state.tiles[1] == 4
    assert eng.view(state, None)["plague"][1] == {"place": 2, "status": "sick", "tile": 4}
    healed = edit(state, lambda t: (t.places.__setitem__(1, "healed"), setattr(t, "drawn", [])))
    again = edit(healed, lambda t: (setattr(t, "phase", "event"), setattr(t, "period", 4)))
    after = do(eng, again, "event 34")  # period IV card for place 2 as well
    assert after.places[1] == "healed" and eng.awaiting(after).phase == "orient"


def test_the_rulebooks_plague_example_house_nine() -> None:
    eng = engine(players=2)

    def change(t: Table) -> None:
        in_period(3)(t)
        t.places[8] = "sick"
        t.tiles[8] = 3
        t.seats[0].stock.update(medicine=2)
        t.supply["medicine"] -= 2

    state = do(eng, start(eng, plain_decks(), change), "orient 0")
    short = eng.refusal(state, Play("medecine", places=(9,)))
    assert short is not None and short.args == {"need": 3, "have": 2}
    state = edit(state, lambda t: t.seats[0].stock.update(medicine=3))
    before = state.seats[0].score
    state = do(eng, state, "play medecine places=9")
    assert state.seats[0].score == before + 2 and state.places[8] == "healed"
    assert eng.awaiting(state).phase == "free_house"
    state = do(eng, state, "choose site:3")  # a stone site, without paying anything
    assert dict(state.houses) == {3: 0} and stock(state, 0)["gold"] == 2
    assert stock(state, 0)["medicine"] == 3  # knowledge is shown, never paid
    assert eng.awaiting(state).phase == "discard"


def test_healing_several_places_needs_the_sum_of_their_tiles() -> None:
    eng = engine(players=2)

    def change(t: Table) -> None:
        in_period(3)(t)
        t.places[0] = t.places[3] = "sick"  # tiles 1 and 4
        t.seats[0].stock.update(medicine=4)

    state = do(eng, start(eng, plain_decks(), change), "orient 0")
    reason = eng.refusal(state, Play("medecine", places=(1, 4)))
    assert reason is not None and reason.args == {"need": 5, "have": 4}
    ok = edit(state, lambda t: t.seats[0].stock.update(medicine=5))
    after = do(eng, ok, "play medecine places=1,4")
    assert after.seats[0].score == ok.seats[0].score + 4 + 2  # 2 each, place 4 gives 2
    assert stock(after, 0)["gold"] == stock(ok, 0)["gold"] + 1  # place 1 gives 1 gold


def test_hospice_donors_heal_one_each_from_the_first_player() -> None:
    eng = engine(players=3)

    def change(t: Table) -> None:
        in_period(3)(t)
        t.places[0] = t.places[1] = "sick"
        t.projects.append(type(t.projects[0])("hospice", 2, 0, 0, [2, 1]))
        for seat in t.seats:
            seat.stock.update(medicine=2, wood=1)

    state = do(eng, start(eng, plain_decks(), change), "orient 0")
    state = do(eng, state, "play projet project=hospice wood=1")
    assert [eng.awaiting(state).seat, eng.awaiting(state).phase] == [1, "hospice"]
    assert Choose("place:2") in list(eng.legal_actions(state))
    state = do(eng, state, "choose place:2", "choose place:1")
    assert state.places[:2] == ("healed", "healed")


def test_with_the_plague_lasting_card_the_discard_is_picked_at_random_by_an_opponent() -> None:
    eng = engine(players=2, mode="table")
    state = start(eng, None, in_period(3))
    state = edit(state, lambda t: setattr(t, "tiles", [None] * 11))
    state = do(eng, state, f"event {RANDOM_DISCARD}", "tile 2", "orient 0", "play ble")
    now = eng.awaiting(state)
    assert now.phase == "random_discard" and now.world and now.kinds == frozenset({"discard"})
    after, events = eng.apply(state, eng.parse_action("discard faveur"))
    assert after.seats[0].discards == ("faveur",)
    assert [e.private_to for e in events if type(e).__name__ == "CardDiscarded"] == [None, 0]
    virtual = engine(players=2)
    state = do(virtual, start(virtual, decks_with(3, [RANDOM_DISCARD]), in_period(3)),
               "orient 0", "play ble")
    assert len(state.seats[0].discards) == 1 and virtual.awaiting(state).seat == 1


def test_lasting_rules_on_actions_a_forbidden_card_and_a_bonus() -> None:
    eng = engine(players=2)
    state = start(eng, decks_with(2, [NO_WHEAT, PILGRIMS]), in_period(2))
    state = do(eng, state, "orient 0")
    blocked = eng.refusal(state, Play("ble"))
    assert blocked is not None and blocked.code == "card_blocked"
    assert blocked.suggestions == (Play("ble", renounce=True),)
    state = do(eng, state, "play ble renounce", "discard don", "play ble renounce",
               "discard don", "orient 0")
    assert state.lasting == (NO_WHEAT, PILGRIMS)
    before = state.seats[1].score
    state = do(eng, state, "play piete")
    assert state.seats[1].score == before + 1 and stock(state, 1)["piety"] >= 1


def test_a_covered_market_and_lost_points_never_below_zero() -> None:
    eng = engine(players=2)
    state = start(eng, decks_with(4, [MARKET_CLOSED]),
                  lambda t: (in_period(4)(t), setattr(t.seats[1], "score", 1)))
    assert "market:wool" in state.covers
    assert [s.score for s in state.seats] == [6, 0]
    state = do(eng, state, "orient 0")
    state = edit(state, lambda t: t.seats[0].stock.update(wool=1))
    closed = eng.refusal(state, Play("vente", wool=1))
    assert closed is not None and closed.code == "wool_sale_closed"


def test_the_score_goes_on_past_sixty() -> None:
    eng = engine(players=2)
    state = start(eng, plain_decks(), lambda t: setattr(t.seats[0], "score", 59))
    state = do(eng, state, "orient 0")
    state = edit(state, lambda t: t.seats[0].stock.update(stone=1, wood=1))
    state = do(eng, state, "play projet project=pont stone=1 wood=1")
    assert state.seats[0].score == 65
