"""Notation and JSON round trips, bad input refused clearly, action texts."""

from __future__ import annotations

import json

import pytest
from kingdom_support import ENGINE, h, new_game, play, position

from ludivox.engines.base import InvalidAction
from ludivox.engines.kingdom_builder import (
    Build,
    CaveMove,
    EndTurn,
    Layout,
    MoveTile,
    PlaceTile,
    RevealTerrain,
)
from ludivox.engines.kingdom_builder.notation import NotationError


def _states() -> list[object]:
    s = position(new_game(3), {0: "9-8"}, hand="grass", tiles={0: [("7-8", "ready")]})
    mid = play(s, "build 9-9")
    queenies = ENGINE.new_game(
        4, seed=9, layout=Layout.parse("oracle^,harbor,barn,tower^"), capitols=True, caves=True
    )
    table = ENGINE.new_game(
        2,
        mode="table",
        layout=Layout.parse("tavern,paddock,oasis,farm"),
        cards=("lords", "farmers", "hermits"),
    )
    return [new_game(), s, mid, queenies, table]


def test_dumps_loads_round_trip() -> None:
    for state in _states():
        text = ENGINE.dumps(state)  # type: ignore[arg-type]
        assert "\n" not in text
        assert ENGINE.loads(text) == state
        assert ENGINE.dumps(ENGINE.loads(text)) == text


def test_saves_written_with_the_old_tag_still_load() -> None:
    # the tag was "kb1" (ambiguous with Kingsbridge's "kb"); saves made then must resume
    for state in _states():
        text = ENGINE.dumps(state)  # type: ignore[arg-type]
        assert text.startswith("kdb1 ")
        assert ENGINE.loads("kb1 " + text.removeprefix("kdb1 ")) == state
        data = dict(ENGINE.to_json(state))  # type: ignore[arg-type]
        assert ENGINE.from_json({**data, "format": "kb1"}) == state


def test_json_round_trip() -> None:
    for state in _states():
        data = ENGINE.to_json(state)  # type: ignore[arg-type]
        again = json.loads(json.dumps(data))
        assert ENGINE.from_json(again) == state


def test_notation_shows_settlements_row_by_row() -> None:
    s = position(new_game(), {0: "1-1 1-20", 1: "2-3"})
    settlements = ENGINE.dumps(s).split("settlements=")[1].split()[0]
    assert settlements.split("/")[:3] == ["a18a", "2b17", "20"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("kdb1", "kb9"), "not a Kingdom Builder state"),
        (lambda t: t.replace(" flags=-", ""), "missing fields: flags"),
        (lambda t: t.replace("supply=39,40", "supply=40,40"), "must make 40"),
        (lambda t: t.replace("settlements=20/", "settlements=19/"), "row 1 has 19 hexes"),
        (lambda t: t.replace("players=2", "players=7"), "2 to 4"),
        (lambda t: t.replace("layout=tavern", "layout=moon"), "no section named"),
        (lambda t: t.replace("cards=fishermen", "cards=fishermen,lords"), "3 different"),
        (lambda t: t.replace("turn=0:0", "turn=0:4"), "0 to 3"),
        (lambda t: t + " colour=red", "unknown field"),
        (lambda t: t.replace("hands=", "hands=G"), "one letter per seat"),
        (lambda t: t.replace("deck=", "deck=G"), "not 25"),
    ],
)
def test_bad_notation_is_refused_with_the_field(edit: object, message: str) -> None:
    s = position(new_game(), {0: "9-8"})
    text = edit(ENGINE.dumps(s))  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        ENGINE.loads(text)


def test_bad_json_is_refused() -> None:
    data = ENGINE.to_json(new_game())
    del data["supply"]
    with pytest.raises(ValueError, match="malformed Kingdom Builder JSON"):
        ENGINE.from_json(data)


def test_action_texts_round_trip() -> None:
    actions = [
        Build((4, 11)),
        PlaceTile("tavern", (4, 11)),
        PlaceTile("oracle", (0, 0)),
        MoveTile("paddock", (4, 11), (4, 13)),
        MoveTile("harbor", (19, 19), (0, 0)),
        CaveMove((1, 7), (16, 14)),
        EndTurn(),
        RevealTerrain("grass"),
    ]
    assert [a.text() for a in actions[:4]] == [
        "build 5-12",
        "tile tavern 5-12",
        "tile oracle 1-1",
        "tile paddock 5-12 to 5-14",
    ]
    for a in actions:
        assert ENGINE.parse_action(a.text()) == a
    assert ENGINE.parse_action("  Build   5-12 ") == Build(h("5-12"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("build 21-1", "both go from 1 to 20"),
        ("build 0-4", "both go from 1 to 20"),
        ("tile barn 5-12", "moves a settlement"),
        ("tile tavern 5-12 to 5-14", "places a settlement"),
        ("tile dragon 5-12", "no tile named 'dragon'"),
        ("terrain water", "terrain cards are"),
        ("fly 5-12", "not a Kingdom Builder action"),
        ("", "not a Kingdom Builder action"),
    ],
)
def test_bad_action_texts(text: str, message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        ENGINE.parse_action(text)
