"""Notation, action texts, views and the flow's refusals."""

from __future__ import annotations

import json

import pytest
from wwe_support import do, engine, plain_decks, start, stock

from ludivox.engines.base import InvalidAction
from ludivox.engines.world_without_end import (
    Discard,
    Play,
    Printed,
    Protect,
    Reveal,
    parse_action,
)
from ludivox.engines.world_without_end.events import CardDiscarded


def test_the_notation_round_trips_and_bad_text_is_refused_clearly() -> None:
    eng = engine(players=3)
    state = do(eng, start(eng, plain_decks()), "orient 1", "play ble", "discard don")
    text = eng.dumps(state)
    assert "\n" not in text and eng.loads(text) == state
    with pytest.raises(ValueError, match="commence par"):
        eng.loads("kingsbridge:{}")
    with pytest.raises(ValueError, match="illisible"):
        eng.loads("wwe:{'players': 3")
    with pytest.raises(ValueError, match="illisible"):
        eng.from_json({"players": 2})
    assert eng.from_json(json.loads(json.dumps(eng.to_json(state)))) == state


@pytest.mark.parametrize("text", [
    "event 12", "tile 3", "orient 2", "play ble", "play ble renounce",
    "play materiau material=wood", "play projet project=pont stone=1 wood=1",
    "play vente wool=2 cloth=1", "play recolte sites=2,7", "play medecine service",
    "play medecine places=3,9", "discard don", "choose site:3", "tax 4",
    "protect piety grain", "protect none", "penitence ble",
    "printed corners=stone:1/grain:1/gold:2/wool:1+vp:1 lasting place=9",
])
def test_action_texts_read_back(text: str) -> None:
    assert parse_action(text).text() == text


@pytest.mark.parametrize("text", [
    "", "play", "play cheval", "play ble colour=red", "play projet stone=x",
    "play materiau material=gold", "protect wool", "orient", "discard cheval", "dance 3",
    "printed corners=stone:1/grain:1/gold:2", "printed corners=ruby:1/a:1/b:1/c:1",
])
def test_malformed_actions_are_invalid(text: str) -> None:
    with pytest.raises(InvalidAction):
        parse_action(text)


def test_the_flow_refuses_out_of_phase_and_world_actions() -> None:
    eng = engine(players=2)
    state = start(eng, plain_decks())
    early = eng.refusal(state, Play("ble"))
    assert early is not None and early.args == {"kind": "play", "phase": "orient"}
    world = eng.refusal(state, Reveal(3))
    assert world is not None and world.code == "not_table_mode"
    assert eng.refusal(state, Protect()) is not None


def test_table_mode_waits_for_the_card_drawn_and_checks_it() -> None:
    eng = engine(players=2, mode="table")
    state = start(eng)
    now = eng.awaiting(state)
    assert now.world and now.kinds == frozenset({"event", "printed"}) and not now.seats
    assert eng.refusal(state, Reveal(15)).code == "wrong_period"  # type: ignore[union-attr]
    assert eng.refusal(state, Reveal(99)).code == "no_such_event"  # type: ignore[union-attr]
    state = do(eng, state, "event 3", "orient 0", "play ble", "discard don", "play ble",
               "discard don", "event 1")
    assert eng.refusal(state, Reveal(3)) is not None  # already drawn this period
    assert state.drawn == (3, 1) and state.round == 2


def test_hands_stocks_and_hidden_discards_stay_private() -> None:
    eng = engine(players=2)
    state = do(eng, start(eng, plain_decks()), "orient 0", "play ble")
    after, events = eng.apply(state, Discard("don"))
    public = [e for e in events if isinstance(e, CardDiscarded) and e.private_to is None]
    private = [e for e in events if isinstance(e, CardDiscarded) and e.private_to == 0]
    assert public[0].card == "" and private[0].card == "don"
    table = eng.view(after, None)
    assert "don" not in json.dumps(table["seats"]) and table["seats"][0]["discard_count"] == 1
    assert eng.view(after, 0)["discards"] == ["don"]
    assert "discards" not in eng.view(after, 1) or eng.view(after, 1)["discards"] == []
    assert eng.view(after, 0)["stock"]["grain"] == 1 and "stock" not in table


def test_a_card_missing_from_the_data_is_described_by_the_players() -> None:
    eng = engine(players=4, mode="table")
    state = start(eng)
    card = parse_action("printed corners=wool:1/vp:1/gold:2/piety:1 lasting")
    assert isinstance(card, Printed) and card.text() == (
        "printed corners=wool:1/vp:1/gold:2/piety:1 lasting")
    state = do(eng, state, card.text(), "orient 1")
    assert state.drawn == (101,) and state.lasting == (101,)
    assert stock(state, 1)["wool"] == 2 and stock(state, 3)["gold"] == 4  # corners from side 1
    assert eng.view(state, None)["printed"][0]["corners"][2] == {"gold": 2}
    assert eng.loads(eng.dumps(state)) == state
    early = eng.refusal(start(eng), Printed(card.corners, place=4))
    assert early is not None and early.args == {"place": 4, "period": 1}
    assert engine(players=2).refusal(start(engine(players=2)), card) is not None  # virtual
