"""Every refusal code of the base rules, with its parameters (columns counted from 1)."""

from __future__ import annotations

from typing import Any

import pytest
from kingsbridge_support import ENGINE, check_reason, play, position, refused

from ludivox.engines.base import IllegalAction, InvalidAction
from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import (
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
    Reveal,
    SetColumns,
)
from ludivox.engines.kingsbridge.reasons import REASON_CODES

# column 1: 1-3, column 2: 5-13 (ends with 13), column 3: 8-9, column 4 empty,
# column 5: 6, column 6: 11-12. Seat 0 holds 2 4 5 7 10 10, pile of two; seat 1 holds 3 9.
BASE = position(
    [[1, 2, 3], list(range(5, 14)), [8, 9], [], [6], [11, 12]],
    [[2, 4, 5, 7, 10, 10], [3, 9]],
    [[1, 1], []],
)
TABLE = ENGINE.new_table_game(2)


def test_every_code_of_the_catalogue_is_exercised_here() -> None:
    tested = set()
    for name, func in globals().items():
        if name.startswith("test_") and func.__doc__:
            tested.update(func.__doc__.split())
    assert set(REASON_CODES) <= tested, set(REASON_CODES) - tested


def reason_of(state: KingsbridgeState, action: KingsbridgeAction) -> tuple[str, dict[str, Any]]:
    """The refusal's code and parameters; apply must raise with the same reason."""
    reason = ENGINE.refusal(state, action)
    assert reason is not None
    check_reason(reason)
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(state, action)
    assert info.value.reason == reason
    assert ENGINE.dumps(state) in str(info.value)
    return reason.code, reason.args


def test_game_over() -> None:
    """game_over"""
    state = position([[3]], [[4], [5]])
    state, _ = play(state, "place 4 on 1")
    for text in ("place 5 on 1", "end", "pass", "exchange 5"):
        assert refused(state, text).code == "game_over"


def test_table_setup_codes() -> None:
    """setup_pending setup_done wrong_column_count not_table_mode"""
    assert refused(TABLE, "place 4 on 1").code == "setup_pending"
    assert refused(TABLE, "end").code == "setup_pending"
    assert reason_of(TABLE, SetColumns((1, 2, 3))) == (
        "wrong_column_count", {"expected": 6, "got": 3},
    )
    started, _ = play(TABLE, "columns 5 8 12 1 3 7")
    assert refused(started, "columns 5 8 12 1 3 7").code == "setup_done"
    for text in ("reveal 0 4", "columns 1 2 3 4 5 6", "blocked"):
        assert refused(BASE, text).code == "not_table_mode"


def test_no_such_seat() -> None:
    """no_such_seat"""
    assert reason_of(TABLE, Reveal(2, (4,))) == ("no_such_seat", {"seat": 2, "players": 2})
    assert reason_of(TABLE, Reveal(-1, (4,)))[0] == "no_such_seat"


def test_no_such_column() -> None:
    """no_such_column"""
    assert refused(BASE, "place 4 on 7").args == {"column": 7, "columns": 6}
    assert reason_of(BASE, Place((4,), 0)) == ("no_such_column", {"column": 0, "columns": 6})
    assert refused(BASE, "move 9[0:] to 1").args == {"column": 9, "columns": 6}
    assert refused(BASE, "move 1[0:] to 8").args == {"column": 8, "columns": 6}


def test_no_cards_and_no_such_card() -> None:
    """no_cards no_such_card"""
    assert reason_of(BASE, Place((), 1)) == ("no_cards", {})
    assert reason_of(BASE, Exchange(())) == ("no_cards", {})
    assert reason_of(TABLE, Reveal(0, ())) == ("no_cards", {})
    assert reason_of(BASE, Place((14,), 4)) == ("no_such_card", {"value": 14})
    assert reason_of(BASE, Exchange((0,))) == ("no_such_card", {"value": 0})
    assert reason_of(TABLE, SetColumns((1, 2, 3, 4, 5, 99))) == ("no_such_card", {"value": 99})


def test_card_not_in_hand() -> None:
    """card_not_in_hand"""
    reason = refused(BASE, "place 4 5 6 on 1")
    assert (reason.code, reason.args) == ("card_not_in_hand", {"value": 6, "wanted": 1, "held": 0})
    reason = refused(BASE, "exchange 2 2")
    assert reason.args == {"value": 2, "wanted": 2, "held": 1}
    # in table mode, unknown hand cards can be anything, but not more of them than there are
    table, _ = play(TABLE, "columns 5 8 12 1 3 7", "reveal 0 10")
    assert ENGINE.refusal(table, Place((9,), 2)) is None
    assert ENGINE.refusal(table, Place((6, 7, 8, 9, 10, 11), 1)) is None
    reason = refused(table, "place 6 7 8 9 10 11 12 on 1")
    assert reason.args == {"value": 12, "wanted": 1, "held": 0}


def test_not_consecutive() -> None:
    """not_consecutive"""
    assert refused(BASE, "place 4 5 7 on 1").args == {"first": 5, "second": 7}
    assert refused(BASE, "place 5 4 on 1").args == {"first": 5, "second": 4}
    assert refused(BASE, "place 10 10 on 4").args == {"first": 10, "second": 10}


def test_needs_card() -> None:
    """needs_card"""
    reason = refused(BASE, "place 5 on 1")
    assert reason.args == {"value": 5, "column": 1, "last": 3, "needed": 4}
    assert Place((4, 5), 1) in reason.suggestions
    reason = refused(BASE, "place 2 on 3")
    assert reason.args == {"value": 2, "column": 3, "last": 9, "needed": 10}
    assert reason.suggestions == (Place((2,), 4),)  # the empty column takes anything


def test_column_ends_with_thirteen() -> None:
    """column_ends_with_thirteen"""
    reason = refused(BASE, "place 4 on 2")
    assert reason.args == {"column": 2}
    assert Place((4,), 1) in reason.suggestions
    assert refused(BASE, "move 5[0:] to 2").args == {"column": 2}


def test_move_codes() -> None:
    """same_column empty_source bad_start move_needs"""
    assert refused(BASE, "move 1[0:] to 1").args == {"column": 1}
    assert refused(BASE, "move 1[0:] to 1").code == "same_column"
    assert refused(BASE, "move 4[0:] to 1").code == "empty_source"
    assert refused(BASE, "move 4[0:] to 1").args == {"column": 4}
    reason = refused(BASE, "move 1[3:] to 4")
    assert (reason.code, reason.args) == ("bad_start", {"column": 1, "start": 3, "length": 3})
    reason = refused(BASE, "move 6[0:] to 3")
    assert reason.code == "move_needs"
    assert reason.args == {"source": 6, "target": 3, "first": 11, "last": 9, "needed": 10}
    # the part of column 2 that starts with a 10 would fit
    reason = refused(BASE, "move 2[0:] to 3")
    assert reason.suggestions[0] == Move(2, 5, 3)


def test_exchange_pass_and_end_codes() -> None:
    """exchange_after_play exchange_pile_empty pass_pile_not_empty pass_after_play nothing_played"""
    played, _ = play(BASE, "place 4 on 1")
    reason = refused(played, "exchange 10")
    assert (reason.code, reason.suggestions) == ("exchange_after_play", (EndTurn(),))
    moved, _ = play(BASE, "move 5[0:] to 4")
    assert refused(moved, "exchange 10").code == "exchange_after_play"
    assert refused(moved, "pass").code == "pass_after_play"
    assert refused(played, "pass").suggestions == (EndTurn(),)

    reason = refused(BASE, "pass")
    assert (reason.code, reason.args) == ("pass_pile_not_empty", {"pile": 2})
    assert reason.suggestions == (Exchange((2, 4, 5, 7, 10, 10)),)

    reason = refused(BASE, "end")
    assert (reason.code, reason.args) == ("nothing_played", {"pile": 2})
    assert reason.suggestions[0].kind == "place"
    assert ENGINE.refusal(BASE, reason.suggestions[0]) is None

    seat1, _ = play(BASE, "place 4 on 1", "end")
    assert seat1.turn == 1
    reason = refused(seat1, "exchange 3")
    assert (reason.code, reason.suggestions) == ("exchange_pile_empty", (Pass(),))
    reason = refused(seat1, "end")
    assert reason.args == {"pile": 0}
    assert Pass() in reason.suggestions


def test_reveal_codes() -> None:
    """no_unknown_card too_many_copies"""
    table, _ = play(TABLE, "columns 5 8 12 1 3 7", "reveal 1 4 4 4 4 4")
    reason = refused(table, "reveal 1 4 6 6")
    assert (reason.code, reason.args) == ("no_unknown_card", {"seat": 1, "value": 6})
    # revealing a card already known in that hand is a no-op for that copy
    same, events = play(table, "reveal 1 4 4 9")
    assert same.players[1].hand == (4, 4, 4, 4, 4, 9) and same.players[1].unknown == 0
    assert [e.payload() for e in events] == [{"seat": 1, "cards": (9,)}]

    # seven 4s known (a column and seat 1's hand), seat 0 reveals the eighth and places it
    eight, _ = play(
        TABLE, "columns 4 8 12 3 3 7", "reveal 1 4 4 4 4 4 4", "reveal 0 4", "place 4 on 4"
    )
    reason = refused(eight, "place 4 on 5")  # a 9th four, from an unknown card
    assert (reason.code, reason.args) == ("too_many_copies", {"value": 4, "known": 8})
    reason = refused(eight, "reveal 0 4")
    assert (reason.code, reason.args) == ("too_many_copies", {"value": 4, "known": 8})
    setup = ENGINE.new_table_game(2)
    setup, _ = play(setup, "reveal 0 4 4 4 4 4 4", "reveal 1 4 4")
    assert refused(setup, "columns 4 1 2 3 5 6").args == {"value": 4, "known": 8}


def test_not_blocked_yet() -> None:
    """not_blocked_yet"""
    table, _ = play(TABLE, "columns 5 8 12 1 3 7")
    assert refused(table, "blocked").args == {"since": 0}
    table, _ = play(table, "exchange 2")
    assert refused(table, "blocked").args == {"since": 1}
    table, events = play(table, "exchange 13", "blocked")
    assert events[-1].kind == "game_blocked"
    assert table.winners == (0, 1)


def test_malformed_actions_are_invalid_not_illegal() -> None:
    with pytest.raises(InvalidAction):
        ENGINE.parse_action("place 4 on")
    with pytest.raises(InvalidAction):
        ENGINE.refusal(BASE, "place 4 on 1")  # type: ignore[arg-type]
