"""Notation, JSON and action text forms of the full game: additive to the base game's."""

from __future__ import annotations

from typing import Any

import pytest
from full_support import ENGINE, full_position, play

from ludivox.engines.base import InvalidAction
from ludivox.engines.kingsbridge import dumps, from_json, loads, new_virtual_game, to_json
from ludivox.engines.kingsbridge.actions import Place, parse_action
from ludivox.engines.kingsbridge.charactions import (
    Malus,
    RetrieveEdgar,
    RevealCharacter,
    SetCharacters,
    UseAgatha,
    UseAldred,
    UseDen,
    UseEdgar,
    UseEthelred,
    UseGytha,
    UseRagna,
    UseWigelm,
    UseWilwulf,
    UseWynstan,
)

TEXT_FORMS = [
    ("use aldred", UseAldred()),
    ("use agatha", UseAgatha()),
    ("use edgar 10 on 3", UseEdgar(3, 10)),
    ("use wynstan 2 from 3", UseWynstan(3, 2)),
    ("use gytha 5 6 on 3", UseGytha(3, (5, 6))),
    ("use ragna skip 4 on 3", UseRagna(3, 4)),
    ("use ethelred 10 11", UseEthelred((10, 11))),
    ("use den 3", UseDen(3)),
    ("use wigelm from 4 2 2", UseWigelm((4, 2, 2))),
    ("use wilwulf 7 9", UseWilwulf((9, 7))),
    ("retrieve edgar", RetrieveEdgar()),
    ("retrieve edgar aside", RetrieveEdgar(True)),
    ("malus 7", Malus(7)),
    ("characters 1 ragna edgar", SetCharacters(1, ("ragna", "edgar"))),
    ("reveal character ragna", RevealCharacter("ragna")),
    ("place 6 7 8 on 1 aside 7", Place((6, 7, 8), 1, (7,))),
]


@pytest.mark.parametrize(("text", "action"), TEXT_FORMS)
def test_action_text_forms_round_trip(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert action.text() == text  # type: ignore[attr-defined]
    assert parse_action("  " + text.replace(" ", "  ") + " ") == action


@pytest.mark.parametrize(
    "text",
    ["use merlin", "use edgar 14 on 1", "characters 0 ragna merlin", "reveal character bob",
     "use ragna 4 on 3", "malus 0", "place 4 on 1 aside", "use gytha on 3"],
)
def test_bad_action_texts_are_invalid(text: str) -> None:
    with pytest.raises(InvalidAction):
        parse_action(text)


def test_base_games_keep_their_notation_and_json() -> None:
    state = new_virtual_game(2, 8)
    assert len(dumps(state).split()) == 8
    assert set(to_json(state)) == {"mode", "columns", "discard", "players", "turn", "placed",
                                   "moves", "quiet", "passes", "setup_done", "result",
                                   "winners"}
    assert set(to_json(state)["players"][0]) == {"hand", "pile"}
    assert state.options.characters is False and state.box == ()


def test_full_game_notation_round_trips_with_edgar_and_a_seventh_column() -> None:
    state = full_position([[8, 9, -10], [1], [2], [3], [4], [5], [11, 12]], [[1, 4], [7]],
                          [[6], [2]], characters=[["den", "gytha"], ["ragna"]],
                          aside=[[13], []])
    text = dumps(state)
    fields = text.split()
    assert fields[2] == "8,9,E10/1/2/3/4/5/11,12"
    assert fields[8].startswith("+m=standard;c=den.gytha|ragna;w=13|-;")
    assert loads(text) == state
    data = to_json(state)
    assert data["columns"][0] == [8, 9, 10] and data["edgar"] == {"column": 1, "index": 2}
    assert data["players"][0]["characters"] == ["den", "gytha"]
    assert data["players"][0]["aside"] == [13]
    assert from_json(data) == state


def test_turn_flags_and_scored_games_round_trip() -> None:
    state = full_position([[3, 4]], [[6, 12]], [[1]], mode="solo",
                          revealed=["ragna", "wilwulf", "den"], deck=["gytha"])
    state, _ = play(state, "use ragna skip 5 on 1")
    assert dumps(state).endswith("u=ragna;s=1.5;n=0;f=-;a=0")
    assert loads(dumps(state)) == state and from_json(to_json(state)) == state
    state = full_position([list(range(1, 13))], [[13]], [[]], mode="solo",
                          revealed=["ragna"], malus=[2])
    over, _ = play(state, "place 13 on 1")
    assert " scored +m=solo" in dumps(over)
    assert loads(dumps(over)) == over and from_json(to_json(over)) == over


GOOD = dumps(full_position([[3]], [[4], [5]], [[6], [6]], characters=[["den"], ["ragna"]]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.replace("+m=", "m="), "not a Kingsbridge position"),
        (GOOD.replace("+m=standard", "+m=versus"), "game mode"),
        (GOOD.replace(";c=den|ragna", ";c=den"), "one entry per seat"),
        (GOOD.replace(";c=den|ragna", ";c=den|den"), "two places"),
        (GOOD.replace(";c=den|ragna", ";c=den|merlin"), "not a character"),
        (GOOD.replace(";u=-", ""), "extras must give"),
        (GOOD.replace(" 3/", " E3,E4/", 1), "Edgar lies in one column at most"),
        (GOOD.replace(" 3/", " 4,3/", 1).replace(" 4:6|", " -:6|"), "ascending"),
        (GOOD.replace(";s=-", ";s=1.4"), "Ragna's skip"),
        (GOOD.replace(";k=-", ";k=4"), "malus pile exists only"),
        (GOOD.split(" +")[0].replace(" 3/", " E3/", 1), "not a number"),
    ],
)
def test_bad_full_notation_is_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        loads(text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"options": {"characters": True, "mode": "versus"}}, "game mode"),
        ({"options": "solo"}, "'options' must be an object"),
        ({"edgar": {"column": 9, "index": 0}}, "'edgar' does not point"),
        ({"skip": [1]}, "'skip' must be"),
        ({"revealed": ["ragna"]}, "revealed characters and a character deck"),
        ({"malus": ["x"]}, "'malus' must be a list of card values"),
    ],
)
def test_bad_full_json_is_refused_clearly(change: dict[str, Any], message: str) -> None:
    data = to_json(full_position([[3]], [[4], [5]], [[6], [6]], characters=[["den"], []]))
    data.update(change)
    data["box"] = [n for n in data["box"] if n not in data["revealed"]]
    with pytest.raises(ValueError, match=message):
        from_json(data)


def test_a_virtual_json_position_may_leave_characters_out() -> None:
    data: dict[str, Any] = {
        "options": {"characters": True, "mode": "standard"},
        "columns": [[3], [], [], [], [], []],
        "players": [{"hand": [4], "pile": [], "characters": ["ragna"]}],
    }
    state = from_json(data)
    assert state.players[0].characters == ("ragna",) and len(state.box) == 9
    assert ENGINE.view(state, 0)["players"][0]["characters"] == ["ragna"]
