"""A column named with its last card to make sure ("je pose le sept derrière le six de la
colonne trois", "… après le six de la colonne trois"): when both agree, the move is the
column's; when they do not, nothing is done and Ludivox says how the column really ends.
Every column, every card said. (The column said first, then its card, is no template: a
placement that could go on after its column would never end early.)"""

from __future__ import annotations

import pytest
from table_helpers import ENGINE, keys, make_table, position, word

from ludivox.grammars.grammar import Grammar

FORMS = ("je pose le sept après le {v} de la colonne {c}",
         "je pose le sept derrière le {v} de la colonne {c}")
COLUMNS = [[3], [6], [9], [10], [12], [13]]


@pytest.mark.parametrize("form", FORMS)
def test_the_column_and_its_last_card_must_agree(grammar: Grammar, form: str) -> None:
    for column, cards in enumerate(COLUMNS, start=1):
        for said_last in (3, 6, 9):
            state = position(columns=COLUMNS, players=[{"hand": [7, 8, 11], "pile": [5]},
                                                       {"hand": [2, 4], "pile": [9]}])
            plain, checked = make_table(grammar, state), make_table(grammar, state)
            expected = plain.hear(f"je pose le sept sur la colonne {word(column)}")
            said = checked.hear(form.format(c=word(column), v=word(said_last)))
            if cards[-1] == said_last:
                assert [s.text for s in said] == [s.text for s in expected]
                assert ENGINE.dumps(checked.state) == ENGINE.dumps(plain.state)
            else:
                assert keys(said) == ["column_ends_otherwise"]
                assert f"finit par le {word(cards[-1])}" in said[0].text
                assert ENGINE.dumps(checked.state) == ENGINE.dumps(state)
