""""J'échange toute ma main": every card of the hand, when the hand is known; with real cards
not all told, the player is asked which ones and nothing changes."""

from __future__ import annotations

from table_helpers import ENGINE, keys, make_table, position

from ludivox.grammars.grammar import Grammar

COLUMNS = [[1, 2, 3], [8, 9, 10], [5, 6], [4, 5, 6], [7], [6, 7, 8]]


def test_the_whole_hand_is_exchanged_when_it_is_known(grammar: Grammar) -> None:
    for said in ("j'échange toute ma main", "j'échange toutes mes cartes", "je change tout"):
        state = position(columns=COLUMNS, players=[
            {"hand": [2, 4, 11, 12, 13, 13], "pile": list(range(1, 11))},
            {"hand": [1, 3], "pile": [9]}])
        t = make_table(grammar, state)
        says = t.hear(said, seat=0)
        assert "event.cards_exchanged" in keys(says) or any(
            k.startswith("event.") for k in keys(says)), (said, keys(says))
        assert ENGINE.dumps(t.state) != ENGINE.dumps(state), said
        assert t.session.match.history[-1][1].cards == (2, 4, 11, 12, 13, 13)


def test_with_real_cards_not_all_told_the_player_says_which(grammar: Grammar) -> None:
    state = position(mode="table", columns=COLUMNS, players=[
        {"hand": [2, None, None, None, None, None], "pile": [None] * 10},
        {"hand": [1, 3], "pile": [9] + [None] * 70}])
    t = make_table(grammar, state)
    says = t.hear("j'échange toute ma main", seat=0)
    assert keys(says) == ["ask_exchange_cards"]
    assert ENGINE.dumps(t.state) == ENGINE.dumps(state)
