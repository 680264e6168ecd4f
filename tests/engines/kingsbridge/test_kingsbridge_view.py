"""What leaves the engine: the table hears counts, a seat also hears its own hand."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from kingsbridge_support import ENGINE, play, position, table_position

from ludivox.engines.kingsbridge import KingsbridgeState, PlayerState, new_virtual_game


def scramble_hands(state: KingsbridgeState, keep: int | None) -> KingsbridgeState:
    """Every hand but ``keep``'s replaced by other values (same sizes)."""
    players = tuple(
        p if seat == keep else PlayerState((13,) * len(p.hand), p.unknown, (1,) * len(p.pile))
        for seat, p in enumerate(state.players)
    )
    return replace(state, players=players)


def test_table_view_shows_counts_never_hands() -> None:
    state = new_virtual_game(3, 4)
    table = ENGINE.view(state, None)
    json.dumps(table)  # JSON-compatible
    assert "hand" not in table
    assert table["columns"] == [list(c) for c in state.columns]
    assert table["players"][1] == {"seat": 1, "hand_count": 6, "pile_count": 27}
    assert table["turn"] == 0 and table["game_over"] is False and table["winners"] == []
    assert ENGINE.view(scramble_hands(state, None), None) == table


def test_seat_view_adds_only_that_seats_hand() -> None:
    state = new_virtual_game(3, 4)
    for seat in range(3):
        mine = ENGINE.view(state, seat)
        assert mine["hand"] == list(state.players[seat].hand)
        assert mine["hand_unknown"] == 0 and mine["pile_count"] == state.players[seat].pile_size
        assert ENGINE.view(scramble_hands(state, seat), seat) == mine
        assert {k: v for k, v in mine.items()
                if k not in ("seat", "hand", "hand_unknown", "pile_count")} == ENGINE.view(
            state, None
        )


def test_table_mode_view_counts_unknown_cards() -> None:
    state = table_position([[3], [5], [7], [9], [11], [13]], [[4, None, None], [2]],
                           [[None, 8], [None]])
    mine = ENGINE.view(state, 0)
    assert mine["hand"] == [4] and mine["hand_unknown"] == 2
    assert ENGINE.view(state, None)["players"][0]["hand_count"] == 3
    assert ENGINE.view(state, 1)["hand"] == [2] and ENGINE.view(state, 1)["hand_unknown"] == 0


def test_game_over_view_tells_winners_and_cards_left() -> None:
    state, _ = play(position([[3]], [[9], [5, 6]]), "pass", "pass")
    table = ENGINE.view(state, None)
    assert table["game_over"] is True and table["result"] == "blocked"
    assert table["winners"] == [0] and table["cards_left"] == [1, 2]


def test_view_of_a_missing_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 3"):
        ENGINE.view(new_virtual_game(2, 1), 3)
