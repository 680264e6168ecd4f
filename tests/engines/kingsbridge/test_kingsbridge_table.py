"""Table mode: physical cards the assistant learns about by voice or scan."""

from __future__ import annotations

from kingsbridge_support import ENGINE, kinds, play, refused, table_position

from ludivox.engines.kingsbridge import KingsbridgeState, new_table_game
from ludivox.engines.kingsbridge.actions import DeclareBlocked, Place
from ludivox.engines.kingsbridge.events import CardsDrawn, CardsRevealed, HandCardsDrawn

COLUMNS = [[3], [5], [7], [9], [11], [13]]


def started(players: int = 2) -> KingsbridgeState:
    state, _ = play(new_table_game(players), "columns 3 5 7 9 11 13")
    return state


def test_reveal_from_any_seat_keeps_the_turn() -> None:
    state = started()
    state, events = play(state, "reveal 1 6 6")
    assert state.turn == 0
    assert events == [CardsRevealed(seat=1, cards=(6, 6), private_to=1)]
    assert state.players[1].hand == (6, 6) and state.players[1].unknown == 4
    assert state.total_cards() == 104


def test_reveal_before_the_columns_are_known() -> None:
    state, _ = play(new_table_game(2), "reveal 0 2 4")
    assert state.players[0].hand == (2, 4) and not state.setup_done


def test_placing_uses_known_cards_first_then_unknown_ones() -> None:
    state, _ = play(started(), "reveal 0 4")
    state, _ = play(state, "place 4 on 1")
    assert state.players[0].hand == () and state.players[0].unknown == 6 - 1
    state, events = play(state, "place 5 6 on 1")  # two unknown cards become known
    assert state.columns[0] == (3, 4, 5, 6)
    assert state.players[0].unknown == 3
    assert state.total_cards() == 104
    assert kinds(events) == ["cards_placed"]


def test_drawing_a_known_card_back_from_the_pile() -> None:
    # the 8 was put under the pile earlier (exchange): drawing it gives a known card
    state = table_position(COLUMNS, [[4] + [None] * 5, [None]], [[None, 8], [None]])
    state, events = play(state, "place 4 on 1", "place 6 on 2", "end")
    assert CardsDrawn(seat=0, count=2, pile_left=0) in events
    assert HandCardsDrawn(seat=0, cards=(8,), unknown=1, private_to=0) in events
    assert state.players[0].hand == (8,) and state.players[0].unknown == 5


def test_exchanged_cards_are_known_under_the_pile() -> None:
    state = started()
    pile_size = state.players[0].pile_size
    state, events = play(state, "exchange 9 13")
    player = state.players[0]
    assert player.pile[-2:] == (9, 13) and player.pile_size == pile_size
    assert player.hand == () and player.unknown == 6
    assert HandCardsDrawn(seat=0, cards=(), unknown=2, private_to=0) in events


def test_blocked_is_declared_after_a_quiet_round_only() -> None:
    state = table_position([[13]] * 6, [[2, None], [None]], [[None], []])
    assert "blocked" not in ENGINE.awaiting(state).kinds
    state, _ = play(state, "exchange 2")
    assert not state.game_over  # table mode never proves a block by itself
    assert refused(state, "blocked").args == {"since": 1}
    state, _ = play(state, "pass")
    assert "blocked" in ENGINE.awaiting(state).kinds
    assert DeclareBlocked() in list(ENGINE.legal_actions(state))
    state, events = play(state, "blocked")
    assert events[-1].payload() == {"winners": (1,), "cards_left": (3, 1)}
    assert ENGINE.awaiting(state).game_over


def test_a_move_or_a_placement_restarts_the_quiet_round() -> None:
    state = table_position([[3], [4], [7], [9], [11], [13]], [[None] * 6, [None] * 6],
                           [[None], [None]])
    state, _ = play(state, "exchange 2", "move 2[0:] to 1", "end")
    assert state.quiet == 0
    assert refused(state, "blocked").args == {"since": 0}


def test_legal_placements_with_unknown_cards_respect_eight_copies() -> None:
    # seven 4s are known elsewhere and seat 0 holds one more: no unknown card can be a 4
    state = table_position(
        [[3], [4], [4], [4], [4], [13]], [[4, None, None], [4, 4, None]], [[None] * 30] * 2
    )
    places = list(ENGINE.legal_actions(state))
    assert Place((4,), 1) in places  # the known 4
    assert Place((4, 5), 1) in places  # the known 4 and an unknown card as the 5
    state, _ = play(state, "place 4 on 1")
    assert Place((4,), 1) not in list(ENGINE.legal_actions(state))
    assert all(a.cards[0] != 4 for a in ENGINE.legal_actions(state) if isinstance(a, Place))
    assert refused(state, "place 4 on 6").args == {"value": 4, "known": 8}
