"""Set-up: the seeded virtual deal and the unknown physical table."""

from __future__ import annotations

from collections import Counter

import pytest
from kingsbridge_support import ENGINE, play

from ludivox.engines.kingsbridge import new_table_game, new_virtual_game
from ludivox.engines.kingsbridge.setup import dealt_sizes


def all_cards(state: object) -> Counter[int]:
    cards: Counter[int] = Counter()
    for column in state.columns:  # type: ignore[attr-defined]
        cards.update(column)
    cards.update(state.discard)  # type: ignore[attr-defined]
    for p in state.players:  # type: ignore[attr-defined]
        cards.update(p.hand)
        cards.update(c for c in p.pile if c is not None)
    return cards


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_virtual_deal_follows_the_rulebook(players: int) -> None:
    state = new_virtual_game(players, seed=11)
    assert all_cards(state) == Counter({v: 8 for v in range(1, 14)})
    assert all(len(column) == 1 for column in state.columns) and len(state.columns) == 6
    dealt = [p.cards_left for p in state.players]
    # dealt one by one from seat 0: the first seats may have one card more
    assert sum(dealt) == 98 and max(dealt) - min(dealt) <= 1
    assert dealt == sorted(dealt, reverse=True)
    assert all(p.hand_size == 6 and p.unknown == 0 for p in state.players)
    assert state.turn == 0 and state.mode == "virtual" and not state.game_over
    assert ENGINE.awaiting(state).seats == (0,)


def test_dealt_sizes() -> None:
    assert dealt_sizes(1) == (98,)
    assert dealt_sizes(4) == (25, 25, 24, 24)
    assert dealt_sizes(5) == (20, 20, 20, 19, 19)


def test_the_seed_decides_the_deal() -> None:
    assert new_virtual_game(3, 5) == new_virtual_game(3, 5)
    assert new_virtual_game(3, 5) != new_virtual_game(3, 6)


@pytest.mark.parametrize("players", [0, 6, -1, True, "2", 2.0])
def test_player_count_is_checked(players: object) -> None:
    with pytest.raises(ValueError, match="players"):
        new_virtual_game(players, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players"):
        new_table_game(players)  # type: ignore[arg-type]


def test_table_game_starts_unknown_and_waits_for_the_columns() -> None:
    state = new_table_game(3)
    assert [(p.unknown, len(p.pile)) for p in state.players] == [(6, 27), (6, 27), (6, 26)]
    assert all(c is None for p in state.players for c in p.pile)
    assert state.total_cards() == 104
    awaiting = ENGINE.awaiting(state)
    assert awaiting.world and awaiting.seats == () and awaiting.phase == "setup"
    assert awaiting.kinds == {"columns", "reveal"}
    assert list(ENGINE.legal_actions(state)) == []

    state, events = play(state, "columns 5 8 12 1 3 7")
    assert state.columns == ((5,), (8,), (12,), (1,), (3,), (7,))
    assert [e.kind for e in events] == ["columns_set"]
    assert state.total_cards() == 104
    awaiting = ENGINE.awaiting(state)
    assert awaiting.seats == (0,) and not awaiting.world
    assert {"place", "move", "exchange", "reveal"} <= awaiting.kinds
