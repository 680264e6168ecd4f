"""Every refusal code of the catalogue can happen, with exactly its catalogued parameters
(the grammars will rely on both), and ``apply`` refuses with the same reason."""

from __future__ import annotations

import pytest
from wwe_support import do, edit, engine, plain_decks, start

from ludivox.engines.base import IllegalAction
from ludivox.engines.contract import check_reason
from ludivox.engines.world_without_end import (
    REASON_CODES,
    Choose,
    Orient,
    Play,
    Printed,
    Protect,
    Reveal,
    Tax,
    Tile,
    WweAction,
    WweEngine,
    WweState,
)
from ludivox.engines.world_without_end.state import Table

VIRTUAL = engine(players=2)
TABLE = engine(players=2, mode="table")


def acting(change: object = None) -> WweState:
    """Virtual, seat 0 about to play an action card in period I."""
    state = do(VIRTUAL, start(VIRTUAL, plain_decks()), "orient 0")
    return edit(state, change) if callable(change) else state


def plague(t: Table) -> None:
    t.period = 3
    t.places = ["hidden"] * 11
    t.places[1] = "sick"
    t.tiles = list(range(1, 12))


def cases() -> dict[str, tuple[WweEngine, WweState, WweAction]]:
    table = start(TABLE)
    turned = do(TABLE, table, "event 3")
    after_tax = do(TABLE, edit(turned, lambda t: (setattr(t, "phase", "tax"))), "tax 2")
    over = edit(acting(), lambda t: setattr(t, "phase", "over"))
    houses = acting(lambda t: (t.houses.update({1: 0, 3: 0, 5: 0, 7: 0}),
                               t.seats[0].stock.update(wood=2)))
    return {
        "game_over": (VIRTUAL, over, Play("ble")),
        "not_table_mode": (VIRTUAL, acting(), Reveal(3)),
        "not_now": (VIRTUAL, acting(), Orient(0)),
        "no_such_event": (TABLE, table, Reveal(60)),
        "wrong_period": (TABLE, table, Reveal(20)),
        "event_already_drawn": (TABLE, do(TABLE, turned, "orient 0", "play ble",
                                          "discard don", "play ble", "discard don"),
                                Reveal(3)),
        "bad_place": (TABLE, table, Printed(((("vp", 1),),) * 4, place=3)),  # type: ignore[arg-type]
        "no_such_tile": (TABLE, do(TABLE, edit(table, lambda t: (
            plague(t), setattr(t, "tiles", [None] * 11))), "event 25"), Tile(9)),
        "no_such_face": (TABLE, edit(turned, lambda t: setattr(t, "phase", "tax")), Tax(6)),
        "no_such_side": (TABLE, turned, Orient(4)),
        "outlaw_unpaid": (TABLE, edit(turned, lambda t: (setattr(t, "favour", 6),
                                                          t.seats[0].stock.update(gold=0))),
                          Orient(1)),
        "card_not_in_hand": (VIRTUAL, acting(lambda t: t.seats[0].hand.remove("ble")),
                             Play("ble")),
        "court_must_renounce": (VIRTUAL, acting(lambda t: t.seats[0].sanctions.append("court")),
                                Play("ble")),
        "card_blocked": (VIRTUAL, acting(lambda t: t.lasting.append(21)), Play("ble")),
        "bad_choice": (VIRTUAL, acting(), Play("ble", site=3)),
        "choice_needed": (VIRTUAL, acting(), Play("materiau")),
        "not_enough": (VIRTUAL, acting(), Play("projet", project="pont", wood=1)),
        "supply_short": (VIRTUAL, acting(lambda t: (t.supply.update(cloth=0),
                                                    t.seats[0].stock.update(wool=1))),
                         Play("tissu", wool=1)),
        "no_such_project": (VIRTUAL, acting(), Play("don", project="font")),
        "project_closed": (VIRTUAL, acting(lambda t: t.covers.append("project:pont")),
                           Play("don", project="pont")),
        "too_many_materials": (VIRTUAL, acting(), Play("projet", project="pont", stone=2,
                                                       wood=1)),
        "no_free_slot": (VIRTUAL, acting(lambda t: setattr(t.projects[0], "wood", 2)),
                         Play("projet", project="pont", wood=1)),
        "already_donor": (VIRTUAL, acting(lambda t: t.projects[0].donors.append(0)),
                          Play("don", project="pont")),
        "no_seal_left": (VIRTUAL, acting(lambda t: (t.projects.append(
            type(t.projects[0])("font", donors=[0])), t.projects.append(
            type(t.projects[0])("foulon", donors=[0])))), Play("don", project="pont")),
        "too_much_cloth": (VIRTUAL, acting(), Play("vente", cloth=2)),
        "cloth_sale_closed": (VIRTUAL, acting(), Play("vente", cloth=1)),
        "wool_sale_closed": (VIRTUAL, acting(lambda t: t.covers.append("market:wool")),
                             Play("vente", wool=1)),
        "too_much_wool": (VIRTUAL, acting(), Play("tissu", wool=3)),
        "no_such_site": (VIRTUAL, acting(), Play("maison", site=15)),
        "site_taken": (VIRTUAL, acting(lambda t: t.houses.update({1: 1})), Play("maison", site=1)),
        "no_house_left": (VIRTUAL, houses, Play("maison", site=9)),
        "same_income": (VIRTUAL, acting(lambda t: t.houses.update({1: 0})),
                        Play("maison", site=8)),
        "cannot_pay_house": (VIRTUAL, acting(), Play("maison", site=1)),
        "too_many_houses": (VIRTUAL, houses, Play("recolte", sites=(1, 3, 5))),
        "not_own_house": (VIRTUAL, acting(), Play("recolte", sites=(2,))),
        "no_plague_yet": (VIRTUAL, acting(), Play("medecine", places=(2,))),
        "not_sick": (VIRTUAL, acting(plague), Play("medecine", places=(3,))),
        "not_enough_knowledge": (VIRTUAL, acting(plague), Play("medecine", places=(2,))),
        "bad_answer": (VIRTUAL, start(VIRTUAL, [[2, 8, 9, 10, 11, 1], *plain_decks()[1:]]),
                       Choose("site:3")),  # card 2: an exchange, yes or no
        "not_unpaid": (TABLE, after_tax, Protect(("gold",))),
    }


CASES = cases()


def test_every_code_of_the_catalogue_has_a_case() -> None:
    assert set(CASES) == set(REASON_CODES)


@pytest.mark.parametrize("code", sorted(REASON_CODES))
def test_the_refusal_is_catalogued_and_apply_agrees(code: str) -> None:
    eng, state, action = CASES[code]
    reason = eng.refusal(state, action)
    assert reason is not None and reason.code == code, reason
    check_reason(reason, REASON_CODES)
    for suggestion in reason.suggestions:
        assert eng.refusal(state, suggestion) is None
    with pytest.raises(IllegalAction) as caught:
        eng.apply(state, action)
    assert caught.value.reason == reason
