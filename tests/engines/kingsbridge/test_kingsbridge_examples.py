"""Every example of the rulebook (shared/rules/kingsbridge.md), played from literal positions.

The rulebook shows hands and columns in pictures the text does not describe; where a
position had to be reconstructed, the comment says which parts come from the prose and which
were chosen to be consistent with every sentence of the walk-through.
"""

from __future__ import annotations

from kingsbridge_support import ENGINE, kinds, play, position, refused

from ludivox.engines.kingsbridge.actions import Place
from ludivox.engines.kingsbridge.events import (
    CardsDrawn,
    CardsPlaced,
    ColumnCompleted,
    ColumnMoved,
    TurnEnded,
)

ONE_TO_13 = tuple(range(1, 14))


def test_four_and_five_after_a_three_but_not_seven() -> None:
    # "vous pourriez poser un 4 et un 5 à la suite d'un 3, mais ne pourriez pas poser de 7,
    # puisqu'il manquerait un 6." Column 1 ends with 3; the hand holds 4, 5 and 7.
    state = position([[1, 2, 3], [8], [10, 11], [12], [5, 6], [9]], [[2, 4, 5, 7, 9, 11]])

    after, events = play(state, "place 4 5 on 1")
    assert after.columns[0] == (1, 2, 3, 4, 5)
    assert after.current.hand == (2, 7, 9, 11)
    assert events == [CardsPlaced(seat=0, cards=(4, 5), column=1)]

    reason = refused(state, "place 7 on 1")
    assert reason.code == "needs_card"
    assert reason.args == {"value": 7, "column": 1, "last": 3, "needed": 4}
    # what would work: the 7 fits after the 6 of column 5
    assert reason.suggestions == (Place((7,), 5),)

    # after the 4 and the 5, the 7 still misses the 6
    assert refused(after, "place 7 on 1").args["needed"] == 6

    reason = refused(state, "place 4 5 7 on 1")
    assert (reason.code, reason.args) == ("not_consecutive", {"first": 5, "second": 7})


def test_missing_cards_in_hand_are_suggested() -> None:
    # with the 4, 5 and 6 in hand, "7 on the 3" is refused but the whole run is suggested
    state = position([[1, 2, 3], [8], [10, 11], [12], [9], [9]], [[4, 5, 6, 7, 11, 13]])
    reason = refused(state, "place 7 on 1")
    assert reason.suggestions[0] == Place((4, 5, 6, 7), 1)


def test_reorganising_walk_through() -> None:
    # From the prose: hand 4, 6, 11, 12, 1, 8 (the six cards it places, hand empty at the
    # end); column 1 ends with 3; column 4 is a lone 5 (the 6 goes on it, then "les cartes de
    # la 4e colonne" go after the 4 of column 1); column 3 is a single card following the last
    # card of column 2; column 6 is a lone 13 (moving it empties column 6).
    # Reconstructed (pictures): the cards under the 3 of column 1, column 2 (5 to 8, so that
    # column 3 holds a 9), column 5 (a 2), and the player's pile (any 6 or more cards).
    state = position(
        [[1, 2, 3], [5, 6, 7, 8], [9], [5], [2], [13]],
        [[1, 4, 6, 8, 11, 12], [3, 3]],
        [[7, 7, 3, 10, 2, 9, 12], [4]],
    )
    state, events = play(state, "place 4 on 1", "place 6 on 4")
    assert state.columns[0] == (1, 2, 3, 4)
    assert state.columns[3] == (5, 6)

    # "Vous déplacez la carte de la 3e colonne sur celle de la 2e colonne, puis les cartes de
    # la 4e colonne sur la 1re." -> two empty columns
    state, events = play(state, "move 3[0:] to 2", "move 4[0:] to 1")
    assert events == [
        ColumnMoved(seat=0, source=3, target=2, cards=(9,), whole=True),
        ColumnMoved(seat=0, source=4, target=1, cards=(5, 6), whole=True),
    ]
    assert state.columns == ((1, 2, 3, 4, 5, 6), (5, 6, 7, 8, 9), (), (), (2,), (13,))

    # 11 and 12 on an empty column, then the 13 of column 6 onto them
    state, _ = play(state, "place 11 12 on 4", "move 6[0:] to 4")
    assert state.columns[3] == (11, 12, 13)
    assert state.columns[2] == state.columns[5] == ()  # "la 3e et la 6e"

    # the 1 and the 8 on the two empty columns: the hand is empty, the game goes on
    state, _ = play(state, "place 1 on 3", "place 8 on 6")
    assert state.columns == ((1, 2, 3, 4, 5, 6), (5, 6, 7, 8, 9), (1,), (11, 12, 13), (2,), (8,))
    assert state.current.hand_size == 0
    assert not state.game_over

    # "Piochez alors 6 nouvelles cartes"
    state, events = play(state, "end")
    assert state.players[0].hand == (2, 3, 7, 7, 9, 10)
    assert state.players[0].pile == (12,)
    assert CardsDrawn(seat=0, count=6, pile_left=1) in events
    assert events[-1] == TurnEnded(seat=0, next_seat=1)
    assert state.turn == 1


def test_finishing_a_column_by_reorganising() -> None:
    # From the prose: hand 2, 7, 10; columns 1 | 3-6 | 8-9 | 11-13 (the 7 goes on the 6, the
    # 2 on the 1, the 10 on the 9, then 3-7, 8-10 and 11-13 are moved after 1-2).
    # Reconstructed: the two other columns (a 4 and a 12) and a pile for the player (with an
    # empty pile, placing the third card would win the game before any move).
    state = position(
        [[1], [3, 4, 5, 6], [8, 9], [11, 12, 13], [4], [12]],
        [[2, 7, 10], [5]],
        [[6, 6], []],
    )
    state, _ = play(state, "place 7 on 2", "place 2 on 1", "place 10 on 3")
    assert state.columns[:4] == ((1, 2), (3, 4, 5, 6, 7), (8, 9, 10), (11, 12, 13))
    discard_before = state.discard

    state, events = play(state, "move 2[0:] to 1", "move 3[0:] to 1", "move 4[0:] to 1")
    assert kinds(events) == ["column_moved"] * 3 + ["column_completed"]
    assert events[-1] == ColumnCompleted(column=1)
    assert state.columns == ((), (), (), (), (4,), (12,))
    assert state.discard == discard_before + ONE_TO_13


def test_finishing_a_column_without_playing_a_card() -> None:
    # "déplacez les cartes 9-13 de la colonne de droite à la suite du 8 de la colonne de
    # gauche". Reconstructed: the left column starts with 1 (it is then finished), the other
    # columns and the hand are arbitrary.
    state = position(
        [list(range(1, 9)), [4], [7], [2, 3], [10], list(range(9, 14))],
        [[1, 1, 6, 6, 12, 13]],
        [[5, 5]],
    )
    state, events = play(state, "move 6[0:] to 1")
    assert events[-1] == ColumnCompleted(column=1)
    assert state.columns[0] == state.columns[5] == ()
    assert state.placed == 0 and state.moves == 1
    # exchanging is instead of playing: too late now, but the turn may end normally
    assert refused(state, "exchange 12").code == "exchange_after_play"
    state, events = play(state, "end")
    assert state.turn == 0 and state.current.hand_size == 6  # one player: draws 0 (has 6)


def test_exchange_puts_cards_under_the_pile_and_ends_the_turn() -> None:
    state = position([[3], [5], [7], [9], [11], [13]], [[1, 1, 2, 6, 13, 13], [4]],
                     [[5, 6, 7, 8], []])
    after, events = play(state, "exchange 13 13")
    assert after.players[0].hand == (1, 1, 2, 5, 6, 6)
    assert after.players[0].pile == (7, 8, 13, 13)
    assert kinds(events) == ["cards_exchanged", "cards_drawn", "hand_cards_drawn", "turn_ended"]
    assert events[2].private_to == 0 and events[1].private_to is None
    assert after.turn == 1
    assert after.columns == state.columns


def test_exchange_with_a_short_pile_draws_back_exchanged_cards() -> None:
    state = position([[3], [5], [7], [9], [11], [13]], [[1, 1, 2, 6, 13, 13], [4]],
                     [[5], []])
    after, _ = play(state, "exchange 13 13")
    assert after.players[0].hand == (1, 1, 2, 5, 6, 13)
    assert after.players[0].pile == (13,)


def test_pass_only_with_an_empty_pile() -> None:
    with_pile = position([[3], [5], [7], [9], [11], [13]], [[1, 2], [4]], [[8], []])
    reason = refused(with_pile, "pass")
    assert reason.code == "pass_pile_not_empty" and reason.args == {"pile": 1}
    assert [a.text() for a in reason.suggestions] == ["exchange 1 2"]

    empty = position([[3], [5], [7], [9], [11], [13]], [[1, 2], [4]], [[], []])
    after, events = play(empty, "pass")
    assert kinds(events) == ["passed"]
    assert after.turn == 1 and after.players == empty.players
    # exchanging needs something to draw back
    assert refused(empty, "exchange 1").code == "exchange_pile_empty"


def test_the_first_player_to_place_every_card_wins_at_once() -> None:
    state = position([[3], [5], [7], [9], [11], [6]], [[4, 7], [1, 2, 3]])
    state, events = play(state, "place 4 on 1")
    assert not state.game_over
    state, events = play(state, "place 7 on 6")
    assert kinds(events) == ["cards_placed", "game_won"]
    assert state.game_over and state.winners == (0,)
    assert ENGINE.awaiting(state).game_over
    assert refused(state, "end").code == "game_over"


def test_an_empty_hand_with_cards_in_the_pile_keeps_playing() -> None:
    state = position([[3], [5], [7], [9], [11], [13]], [[4], [1]], [[8, 9], []])
    state, events = play(state, "place 4 on 1")
    assert kinds(events) == ["cards_placed"]
    state, events = play(state, "end")
    assert state.players[0].hand == (8, 9) and state.players[0].pile == ()
    assert not state.game_over


def test_blocked_game_fewest_cards_wins() -> None:
    # Six lone 13s: nothing can ever follow. Seat 0 exchanges (it cannot place); at the end
    # of the turn the engine proves the game blocked. Seat 1 holds 1 card, seat 0 holds 3.
    state = position([[13]] * 6, [[1, 5], [2]], [[6], []])
    state, events = play(state, "exchange 5")
    assert events[-1].kind == "game_blocked"
    assert events[-1].payload() == {"winners": (1,), "cards_left": (3, 1)}
    assert state.game_over and state.winners == (1,)
    assert ENGINE.awaiting(state).winners == (1,)


def test_blocked_game_tie_is_shared() -> None:
    # Five columns 5..13 and a 7. Seat 0 places its 8; now only a 9 could be placed and nobody
    # has one. A move exists (9..13 onto the 8), but it only swaps column ends for ever: the
    # game is provably blocked. Both players hold 2 cards: they share the win.
    full = list(range(5, 14))
    state = position([full] * 5 + [[7]], [[3, 3, 8], [2, 4]])
    assert any(a.kind == "move" for a in ENGINE.legal_actions(state))
    state, events = play(state, "place 8 on 6", "end")
    assert events[-1].payload() == {"winners": (0, 1), "cards_left": (2, 2)}
    assert state.winners == (0, 1)


def test_a_full_round_of_passes_blocks_the_game() -> None:
    state = position([[3], [5], [7], [9], [11], [13]], [[4], [9, 10]])
    state, events = play(state, "pass")
    assert not state.game_over
    state, events = play(state, "pass")
    assert kinds(events) == ["passed", "game_blocked"]
    assert state.winners == (0,)


def test_a_turn_in_between_resets_the_round_of_passes() -> None:
    state = position([[3], [5], [7], [9], [11], [13]], [[4, 6], [2, 10]])
    state, _ = play(state, "pass", "place 10 on 4", "end", "pass")
    assert not state.game_over
    assert state.passes == 1
