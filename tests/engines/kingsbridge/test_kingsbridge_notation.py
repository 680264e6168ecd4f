"""The one-line notation and the JSON form: exact round trips and clear errors."""

from __future__ import annotations

from typing import Any

import pytest
from kingsbridge_support import ENGINE, play, position, table_position

from ludivox.engines.kingsbridge import dumps, from_json, loads, new_table_game, to_json


def test_table_start_notation() -> None:
    state = new_table_game(3)
    text = dumps(state)
    assert text == "kb t -/-/-/-/-/- - ?6:?27|?6:?27|?6:?26 @0 p0m0q0x0 setup"
    assert loads(text) == state


def test_virtual_notation_lists_every_card() -> None:
    state = position([[3, 4], [], [13]], [[1, 5, 5], [2]], [[9, 7], []])
    state, _ = play(state, "place 5 on 1")
    text = dumps(state)
    fields = text.split()
    assert fields[:3] == ["kb", "v", "3,4,5/-/13/-/-/-"]
    assert fields[4] == "1,5:9,7|2:-"  # hands ascending, piles top first
    assert fields[5:] == ["@0", "p1m0q0x0", "play"]
    assert loads(text) == state


def test_unknown_cards_and_known_pile_bottom() -> None:
    state = table_position([[3], [5], [7], [9], [11], [13]], [[4, None, None]], [[None] * 5 + [8]])
    text = dumps(state)
    assert " 4,?2:?5,8 " in text
    assert loads(text) == state
    assert loads(text.replace("?2:?5", "?,?:?,?,?2,?")) == state  # "?" and "?N" mix


def test_game_over_status_round_trips() -> None:
    won, _ = play(position([[3]], [[4], [5, 6]]), "place 4 on 1")
    assert dumps(won).endswith(" won=0")
    assert loads(dumps(won)) == won
    blocked, _ = play(position([[3]], [[9], [5, 6]]), "pass", "pass")
    assert dumps(blocked).endswith(" blocked=0")
    assert loads(dumps(blocked)) == blocked


GOOD = dumps(position([[3]], [[4], [5, 6]]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a Kingsbridge position"),
        (GOOD.replace("kb ", "kx "), "not a Kingsbridge position"),
        (GOOD + " extra", "not a Kingsbridge position"),
        (GOOD.replace("kb v", "kb q"), "mode"),
        (GOOD.replace("@0", "0"), "turn"),
        (GOOD.replace("@0", "@7"), "turn"),
        (GOOD.replace("p0m0q0x0", "p0m0"), "counters"),
        (GOOD.replace(" play", " done"), "status"),
        (GOOD.replace("3/", "3,5/", 1), "ascending"),
        (GOOD.replace("3/", "x/", 1), "not a number"),
        (GOOD.replace("3/", "14/", 1), "between 1 and 13"),
        (GOOD.replace("3/", "3,3/", 1), "ascending"),
        (GOOD.replace("4:", "4,4:"), "9 cards of value 4"),
        (GOOD.replace("4:", "4,?:"), "virtual"),
        (GOOD.replace("4:-", "4"), "hand:pile"),
        (GOOD.replace("3/", "", 1), "columns"),
        (GOOD.replace(" play", " won=1"), "won"),
    ],
)
def test_bad_notation_is_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        loads(text)
    assert repr(text) in str(info.value) or not text


def test_card_count_must_be_104() -> None:
    short = GOOD.replace(",13,13,13", "", 1)
    with pytest.raises(ValueError, match="101 cards"):
        loads(short)


def test_json_round_trip_and_shape() -> None:
    state = table_position([[3], [5], [7], [9], [11], [13]], [[4, None], [2]], [[None, 8], []])
    data = to_json(state)
    assert data["players"][0] == {"hand": [4, None], "pile": [None, 8]}
    assert data["columns"][0] == [3] and data["mode"] == "table" and data["turn"] == 0
    assert from_json(data) == state
    assert ENGINE.from_json(ENGINE.to_json(state)) == state


def test_json_input_ignores_extra_keys_and_defaults_optional_ones() -> None:
    data: dict[str, Any] = {
        "mode": "virtual",
        "columns": [[3], [], [], [], [], []],
        "discard": [],
        "players": [{"name": "Alice", "hand": [4, 1], "pile": [2]}, {"hand": [5], "pile": []}],
        "turn": 1,
        "comment": "anything",
    }
    state = from_json(data)
    assert state.players[0].hand == (1, 4) and state.turn == 1 and state.placed == 0
    # the 99 cards the position does not mention are out of play, in the discard
    assert len(state.discard) == 99 and state.total_cards() == 104
    assert state.discard.count(4) == 7 and state.discard.count(3) == 7


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"mode": "online"}, "mode"),
        ({"columns": [[3]] * 5}, "expected 6 columns"),
        ({"columns": [[3, 5], [], [], [], [], []]}, "ascending"),
        ({"columns": [[0], [], [], [], [], []]}, "between 1 and 13"),
        ({"columns": [["3"], [], [], [], [], []]}, "not an integer|not a card value"),
        (
            {"columns": [[4]] * 6, "players": [{"hand": [4, 4, 4], "pile": []}]},
            "9 cards of value 4",
        ),
        ({"players": []}, "1 to 5 players"),
        ({"players": [{"hand": [1], "pile": []}] * 6}, "1 to 5 players"),
        ({"players": [{"hand": [None], "pile": []}]}, "virtual"),
        ({"players": ["x"]}, "players\\[0\\]"),
        ({"players": [{"hand": 3, "pile": []}]}, "'hand' must be a list"),
        ({"turn": 3}, "turn"),
        ({"turn": "0"}, "turn"),
        ({"placed": -1}, "placed"),
        ({"result": "won", "winners": [0]}, "won game"),
        ({"winners": [0]}, "not over"),
    ],
)
def test_bad_json_is_refused_clearly(change: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {
        "mode": "virtual",
        "columns": [[3], [], [], [], [], []],
        "discard": [],
        "players": [{"hand": [4], "pile": []}],
        "turn": 0,
    }
    data.update(change)
    with pytest.raises(ValueError, match=message):
        from_json(data)


def test_table_json_must_account_for_every_card() -> None:
    data = to_json(new_table_game(2))
    data["players"][0]["pile"].pop()
    with pytest.raises(ValueError, match="103 cards"):
        from_json(data)
    with pytest.raises(ValueError, match="JSON object"):
        from_json([])  # type: ignore[arg-type]
