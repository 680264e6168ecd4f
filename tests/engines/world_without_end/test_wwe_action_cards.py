"""The twelve action cards, the discard, and the first-game rule."""

from __future__ import annotations

from wwe_support import do, edit, engine, plain_decks, start, stock

from ludivox.engines.world_without_end import Play
from ludivox.engines.world_without_end.components import STARRED


def acting(players: int = 4, rules: str = "full", **stocks: int):  # type: ignore[no-untyped-def]
    """An engine and a position where seat 0 is about to play, holding ``stocks``."""
    eng = engine(players=players, rules=rules)
    state = do(eng, start(eng, plain_decks()), "orient 0")
    return eng, edit(state, lambda t: t.seats[0].stock.update(stocks))


def test_wheat_piety_material() -> None:
    eng, state = acting()
    assert stock(do(eng, state, "play ble"), 0)["grain"] == 1
    assert stock(do(eng, state, "play piete"), 0)["piety"] == 1
    assert stock(do(eng, state, "play materiau material=wood"), 0)["wood"] == 1
    reason = eng.refusal(state, Play("materiau"))
    assert reason is not None and reason.code == "choice_needed"


def test_an_impossible_action_does_nothing() -> None:
    eng, state = acting()
    state = edit(state, lambda t: t.supply.update(grain=0))
    after = do(eng, state, "play ble")
    assert stock(after, 0)["grain"] == 0 and after.seats[0].played == ("ble",)


def test_the_rulebooks_project_example_one_wood_one_stone_six_points() -> None:
    eng, state = acting(stone=2, wood=1)
    after = do(eng, state, "play projet project=pont stone=1 wood=1")
    assert after.seats[0].score == state.seats[0].score + 6
    assert (after.projects[0].stone, after.projects[0].wood) == (1, 1)
    assert stock(after, 0)["stone"] == 1 and stock(after, 0)["wood"] == 0
    three = eng.refusal(state, Play("projet", project="pont", stone=2, wood=1))
    assert three is not None and three.code == "too_many_materials"
    none = eng.refusal(state, Play("projet", project="font", stone=1))
    assert none is not None and none.code == "no_such_project"  # not brought in yet


def test_a_project_takes_only_its_free_slots() -> None:
    eng, state = acting(wood=2)
    state = edit(state, lambda t: setattr(t.projects[0], "wood", 1))
    reason = eng.refusal(state, Play("projet", project="pont", wood=2))
    assert reason is not None and reason.args == {"project": "pont", "material": "wood",
                                                  "free": 1}


def test_selling_wool_and_one_cloth() -> None:
    eng, state = acting(wool=3, cloth=2)
    state = edit(state, lambda t: t.covers.remove("market:cloth"))
    after = do(eng, state, "play vente wool=3 cloth=1")
    assert stock(after, 0)["gold"] == 2 + 3 * 2 + 4  # 2 gold per wool, 4 for the cloth
    assert stock(after, 0)["wool"] == 0 and stock(after, 0)["cloth"] == 1
    two = eng.refusal(state, Play("vente", cloth=2))
    assert two is not None and two.code == "too_much_cloth"


def test_the_cloth_sale_is_covered_during_period_one() -> None:
    eng, state = acting(cloth=1)
    reason = eng.refusal(state, Play("vente", cloth=1))
    assert reason is not None and reason.code == "cloth_sale_closed"


def test_privilege_repeats_the_last_card_used_this_period() -> None:
    eng, state = acting()
    state = edit(state, lambda t: setattr(t.seats[0], "last_used", "materiau"))
    after = do(eng, state, "play privilege material=stone")
    assert stock(after, 0)["stone"] == 2  # 1 income + 1 privilege
    fresh = edit(state, lambda t: setattr(t.seats[0], "last_used", ""))
    assert list(eng.legal_actions(fresh)).count(Play("privilege")) == 1  # does nothing


def test_building_a_house_pays_its_material_and_one_gold() -> None:
    eng, state = acting(wood=1)
    after = do(eng, state, "play maison site=1")
    assert dict(after.houses) == {1: 0}
    assert stock(after, 0)["wood"] == 0 and stock(after, 0)["gold"] == 1


def test_no_two_houses_with_the_same_income() -> None:
    eng, state = acting(wood=2, gold=3)
    state = edit(state, lambda t: t.houses.update({1: 0}))
    reason = eng.refusal(state, Play("maison", site=8))  # grain, like site 1
    assert reason is not None and reason.code == "same_income"
    assert reason.args == {"site": 8, "other": 1}
    taken = eng.refusal(state, Play("maison", site=1))
    assert taken is not None and taken.code == "site_taken"


def test_harvest_up_to_two_houses() -> None:
    eng, state = acting()
    state = edit(state, lambda t: t.houses.update({1: 0, 2: 0, 5: 0}))
    after = do(eng, state, "play recolte sites=1,5")
    assert stock(after, 0)["grain"] == 1 and stock(after, 0)["piety"] == 1
    three = eng.refusal(state, Play("recolte", sites=(1, 2, 5)))
    assert three is not None and three.code == "too_many_houses"
    other = edit(state, lambda t: t.houses.update({3: 1}))
    assert eng.refusal(other, Play("recolte", sites=(3,))).code == "not_own_house"  # type: ignore[union-attr]


def test_donation_completion_gives_the_bonus_and_the_seal_back() -> None:
    eng, state = acting(stone=2, wood=1)
    state = edit(state, lambda t: (t.projects[0].donors.extend([0, 2]),
                                   setattr(t.projects[0], "wood", 2)))
    twice = eng.refusal(state, Play("don", project="pont"))
    assert twice is not None and twice.code == "already_donor"
    after = do(eng, state, "play projet project=pont stone=2")
    assert after.projects[0].done and after.projects[0].donors == ()
    # donors: 1 point and 1 cloth each (the rulebook's red and green example)
    assert stock(after, 2)["cloth"] == 1 and after.seats[2].score == state.seats[2].score + 1
    assert after.seats[0].score == state.seats[0].score + 6 + 1
    closed = eng.refusal(after, Play("don", project="pont"))
    assert closed is None or closed.code in ("project_closed", "not_now")


def test_a_donation_costs_one_gold_and_a_seal() -> None:
    eng, state = acting()
    after = do(eng, state, "play don project=pont")
    assert after.projects[0].donors == (0,) and stock(after, 0)["gold"] == 1


def test_cloth_manufacture_turns_one_or_two_wool() -> None:
    eng, state = acting(wool=3)
    after = do(eng, state, "play tissu wool=2")
    assert stock(after, 0)["cloth"] == 2 and stock(after, 0)["wool"] == 1
    assert eng.refusal(state, Play("tissu", wool=3)).code == "too_much_wool"  # type: ignore[union-attr]


def test_medicine_small_service_and_no_healing_before_period_three() -> None:
    eng, state = acting()
    after = do(eng, state, "play medecine service")
    assert stock(after, 0)["gold"] == 3 and after.seats[0].score == state.seats[0].score + 1
    reason = eng.refusal(state, Play("medecine", places=(9,)))
    assert reason is not None and reason.code == "no_plague_yet"


def test_the_favour_card_moves_exactly_one_space() -> None:
    eng, state = acting()
    after = do(eng, state, "play faveur")
    assert after.favour == 1 and stock(after, 0)["piety"] == 1  # Prieur


def test_renouncing_is_always_possible_and_does_nothing() -> None:
    eng, state = acting()
    after = do(eng, state, "play projet renounce")
    assert after.seats[0].played == ("projet",) and stock(after, 0) == stock(state, 0)


def test_full_rules_one_face_up_one_face_down_each_round() -> None:
    eng, state = acting()
    state = do(eng, state, "play ble")
    assert eng.awaiting(state).phase == "discard" and eng.awaiting(state).seat == 0
    missing = eng.refusal(state, Play("piete"))
    assert missing is not None and missing.code == "not_now"
    state = do(eng, state, "discard don")
    assert state.seats[0].discards == ("don",) and len(state.seats[0].hand) == 10
    assert eng.awaiting(state).seat == 1


def test_first_game_period_one_the_six_starred_cards_and_no_discard() -> None:
    eng, state = acting(rules="first")
    assert set(state.seats[0].hand) == set(STARRED)
    assert eng.refusal(state, Play("maison", site=1)).code == "card_not_in_hand"  # type: ignore[union-attr]
    state = do(eng, state, "play ble")
    assert eng.awaiting(state).phase == "action" and eng.awaiting(state).seat == 1


def test_a_refused_choice_says_what_would_work() -> None:
    eng, state = acting(stone=1)
    for play in (Play("projet", project="font", stone=1), Play("projet", project="pont", wood=1),
                 Play("maison", site=1), Play("vente", wool=5)):
        reason = eng.refusal(state, play)
        assert reason is not None and reason.suggestions, play
        assert all(eng.refusal(state, s) is None for s in reason.suggestions)
        assert all(s.card == play.card for s in reason.suggestions)


def test_privilege_follows_the_last_card_played_not_a_renounced_one() -> None:
    eng, state = acting(wool=0)
    state = do(eng, state, "play tissu", "discard don")  # nothing to weave: played, no effect
    assert state.seats[0].last_used == "tissu"
    state = edit(state, lambda t: setattr(t, "pending", [0]))
    state = edit(state, lambda t: setattr(t, "phase", "action"))
    state = do(eng, state, "play ble renounce")
    assert state.seats[0].last_used == "tissu"
