"""Cards that start an empty column (batch 17: « dans la colonne vide je commence avec le
deux et le trois »): for every empty column and every card (or pair) of the hand, said by
« la colonne vide » or by its number, the placement is made at once; « je commence la
colonne N » for a column that holds cards is refused with what it ends with, nothing
changes (the cards would go at its end, not start it)."""

from __future__ import annotations

from typing import Any

from table_helpers import ENGINE, keys, make_table, position, word

from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar

COLUMNS = [[1, 2], [8, 9, 10], [5, 6], [4, 5, 6], [11], [6, 7, 8]]
HAND = [2, 3, 7, 9, 12, 13]
FORMS = ("dans la colonne vide je commence avec {cards}",
         "dans la colonne {column}, je démarre avec {cards}",
         "je commence la colonne {column} avec {cards}",
         "sur la colonne vide, je commence par {cards}")


def _state(empty: int) -> Any:
    columns = [list(c) for c in COLUMNS]
    columns[empty - 1] = []
    return position(columns=columns, players=[{"hand": HAND, "pile": [1, 4, 10]},
                                              {"hand": [1, 4, 5, 8, 10, 11], "pile": [2]}])


def _said(cards: tuple[int, ...]) -> str:
    return " et ".join(f"le {word(c)}" for c in cards)


def test_an_empty_column_is_started_with_the_cards_said(grammar: Grammar) -> None:
    checked = 0
    for empty in range(1, 7):
        state = _state(empty)
        runs = [(c,) for c in HAND] + [(2, 3), (12, 13)]
        for n, cards in enumerate(runs):
            text = FORMS[(n + empty) % len(FORMS)].format(cards=_said(cards),
                                                         column=word(empty))
            table = make_table(grammar, state)
            says = table.hear(text)
            expected, _ = ENGINE.apply(state, Place(cards, empty))
            assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (text, keys(says))
            checked += 1
    assert checked == 48


def test_a_column_with_cards_is_not_started(grammar: Grammar) -> None:
    state = _state(3)
    for column in (1, 2, 4, 5, 6):
        for card in HAND:
            for form in FORMS[1:3]:
                text = form.format(cards=_said((card,)), column=word(column))
                table = make_table(grammar, state)
                says = table.hear(text)
                assert table.state == state, text
                assert keys(says) == ["column_not_empty"], (text, keys(says))
