"""Seeded random games (2-4 players, virtual and table, both rule sets) checked by the shared
contract checker and this game's invariants: resources conserved, scores never negative,
private information never in another's view; and a table game mirrored on a hidden deal."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import partial

import pytest
from wwe_support import COMPONENTS, engine

from ludivox.engines.base import Event
from ludivox.engines.contract import GameChecks, random_playout
from ludivox.engines.world_without_end import (
    REASON_CODES,
    Choose,
    Discard,
    Orient,
    Penitence,
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
from ludivox.engines.world_without_end.components import ACTION_CARDS, RESOURCES
from ludivox.engines.world_without_end.events import (
    CardDiscarded,
    DuesPaid,
    EventDrawn,
    StockChanged,
)

MAX_ACTIONS = 2000  # a game takes 110 to 280 actions


def near_misses(state: WweState, rng: random.Random) -> Iterator[WweAction]:
    """Actions close to what players say, mostly illegal."""
    projects = [p.id for p in state.projects] + ["font"]
    for _ in range(3):
        card = rng.choice(ACTION_CARDS)
        yield Play(card)
        yield Play(card, renounce=True)
        yield Play("projet", project=rng.choice(projects), stone=rng.randint(0, 2),
                   wood=rng.randint(0, 2))
        yield Play("vente", wool=rng.randint(0, 3), cloth=rng.randint(0, 1))
        yield Play("maison", site=rng.randint(1, 15))
        yield Play("medecine", places=(rng.randint(1, 11),))
        yield Play("recolte", sites=tuple(sorted(rng.sample(range(1, 15), 2))))
        yield Play("don", project=rng.choice(projects))
        yield Play("tissu", wool=rng.randint(1, 3))
        yield Discard(card)
        yield Orient(rng.randint(0, 4))
        yield Choose(rng.choice(["yes", "no", "none", "site:3", "place:2"]))
        yield Protect(tuple(rng.sample(["piety", "grain", "gold"], rng.randint(0, 2))))
        yield Reveal(rng.randint(1, 45))
        yield Tile(rng.randint(0, 6))
        yield Tax(rng.randint(1, 6))
        yield Penitence(card)
        corner = ((rng.choice(["stone", "vp", "gold"]), rng.randint(1, 2)),)
        yield Printed((corner, corner, corner, corner), rng.random() < 0.3, rng.randint(0, 12))


def check_state(eng: WweEngine, state: WweState) -> None:
    """Conservation, scores, JSON round trip and private information."""
    for i, resource in enumerate(RESOURCES):
        board = sum(getattr(p, resource, 0) for p in state.projects) if resource in (
            "stone", "wood", "metal") else 0
        held = sum(s.stock[i] for s in state.seats)
        assert state.supply[i] + held + board == COMPONENTS.total(resource), resource
        assert state.supply[i] >= 0 and all(s.stock[i] >= 0 for s in state.seats)
    assert all(s.score >= 0 for s in state.seats)
    assert eng.from_json(json.loads(json.dumps(eng.to_json(state)))) == state
    table = eng.view(state, None)
    assert not {"stock", "hand", "discards"} & set(table)
    assert "decks" not in json.dumps(table)
    for place in table["plague"]:
        assert place["tile"] is None or place["status"] == "sick"
    for seat in range(state.players):
        own = eng.view(state, seat)
        assert own["hand"] == list(state.seats[seat].hand)
        assert {k: v for k, v in own.items() if k not in ("seat", "stock", "hand",
                                                           "discards")} == table


def private_events_stay_private(before: WweState, action: WweAction, after: WweState,
                                events: tuple[Event, ...]) -> None:
    """A stock change or a face-down card is only ever told to its owner."""
    for event in events:
        if isinstance(event, StockChanged) or (isinstance(event, CardDiscarded) and event.card):
            assert event.private_to == event.seat, event


def events_say_what_changed(before: WweState, action: WweAction, after: WweState,
                            events: tuple[Event, ...]) -> None:
    """Private events stay private; every card drawn is an ``EventDrawn`` (revealed by the
    table or drawn from the pile) and every payment of the dues a ``DuesPaid`` with the tax
    die's value, so that the narration reads events, not differences between positions."""
    private_events_stay_private(before, action, after, events)
    same_period = after.period == before.period
    new_cards = after.drawn[len(before.drawn):] if same_period else after.drawn
    assert [e.card for e in events if isinstance(e, EventDrawn)] == list(new_cards), action
    ended = not same_period or after.phase == "over" != before.phase
    paid = before.phase != "protect" and (after.phase == "protect" or ended)
    dues = [(e.period, e.tax) for e in events if isinstance(e, DuesPaid)]
    assert dues == ([(before.period, after.tax)] if paid else []), action


def choose(rng: random.Random, state: WweState, legal: list[WweAction]) -> WweAction:
    """Prefer doing something over renouncing, so that every rule comes up."""
    doing = [a for a in legal if not (isinstance(a, Play) and a.renounce)]
    return rng.choice(doing or legal)


def playout(eng: WweEngine, seed: int) -> WweState:
    checks: GameChecks[WweState, WweAction] = GameChecks(
        REASON_CODES, candidates=near_misses, check_state=partial(check_state, eng),
        listed=lambda action: action.kind != "printed",  # described cards are not listed
        choose=choose, sample=25, after_step=events_say_what_changed,
    )
    played = random_playout(eng, eng.new_game(), checks, random.Random(seed), MAX_ACTIONS)
    assert eng.awaiting(played.final).winners
    return played.final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_virtual_game_full_rules(players: int) -> None:
    final = playout(engine(players=players, seed=players), players)
    assert final.period == 4 and final.phase == "over"


def test_a_table_game_first_game_rules() -> None:
    final = playout(engine(players=3, mode="table", rules="first"), 7)
    assert final.phase == "over"


def described(rng: random.Random, state: WweState, legal: list[WweAction]) -> WweAction:
    """A table whose cards are not in the data: the players describe every card drawn."""
    if legal and isinstance(legal[0], Reveal):
        corners = tuple(((rng.choice(["stone", "wool", "vp", "piety"]), 1),) for _ in range(4))
        place = rng.randint(1, 11) if state.period >= 3 else 0
        return Printed(corners, rng.random() < 0.25, place)  # type: ignore[arg-type]
    return choose(rng, state, legal)


def test_a_table_game_whose_cards_the_players_describe() -> None:
    eng = engine(players=3, mode="table")
    checks: GameChecks[WweState, WweAction] = GameChecks(
        REASON_CODES, candidates=near_misses, check_state=partial(check_state, eng),
        listed=lambda action: action.kind != "printed", choose=described, sample=15,
        after_step=events_say_what_changed,
    )
    played = random_playout(eng, eng.new_game(), checks, random.Random(5), MAX_ACTIONS)
    assert played.actions["printed"] == 24 and not played.actions["event"]
    assert len(played.final.printed) == 24


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", ["virtual", "table"])
@pytest.mark.parametrize("rules", ["first", "full"])
@pytest.mark.parametrize("seed", range(3))
def test_many_games(players: int, mode: str, rules: str, seed: int) -> None:
    playout(engine(players=players, mode=mode, rules=rules, seed=seed), 100 + seed)


def world_answer(virtual: WweState, table: WweState, eng: WweEngine) -> WweAction:
    """What the table's world says, read from the virtual game's hidden deal."""
    phase = eng.awaiting(table).phase
    if phase == "event":
        return Reveal(virtual.decks[table.period - 1][table.round - 1])
    if phase == "plague_tile":
        place = COMPONENTS.event(table.drawn[-1]).place
        value = virtual.tiles[place - 1]
        assert value is not None
        return Tile(value)
    if phase == "tax":
        return Tax(virtual.tax)
    seat = table.pending[0]
    gone = [c for c in virtual.seats[seat].discards if c not in table.seats[seat].discards]
    return Discard(gone[0]) if phase == "random_discard" else Penitence(gone[0])


@pytest.mark.parametrize("players", [2, 4])
def test_a_table_game_mirrors_a_virtual_one_on_the_same_hidden_deal(players: int) -> None:
    virtual_eng = engine(players=players, seed=11)
    table_eng = engine(players=players, mode="table")
    rng = random.Random(players)
    virtual, table = virtual_eng.new_game(), table_eng.new_game()
    while True:
        while table_eng.awaiting(table).world:
            table, _ = table_eng.apply(table, world_answer(virtual, table, table_eng))
        public_v = dict(virtual_eng.view(virtual, None))
        public_t = dict(table_eng.view(table, None))
        assert {**public_v, "mode": ""} == {**public_t, "mode": ""}
        if virtual.phase == "over":
            break
        action = choose(rng, virtual, list(virtual_eng.legal_actions(virtual)))
        virtual, told = virtual_eng.apply(virtual, action)
        table, _ = table_eng.apply(table, action)
        world = [e for e in told if isinstance(e, EventDrawn | DuesPaid)]
        while table_eng.awaiting(table).world:  # the table tells what the pile and die did
            table, said = table_eng.apply(table, world_answer(virtual, table, table_eng))
            world = [e for e in world if e not in said]
        assert world == []
    assert table_eng.awaiting(table).winners == virtual_eng.awaiting(virtual).winners
