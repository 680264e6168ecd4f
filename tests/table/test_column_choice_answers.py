"""Issue 16: a column named in any of the ways players name it answers "sur quelle colonne ?"
("colonne quatre", "la quatrième", "la colonne trois", "sur la trois"), over every card of the
hand that fits two columns."""

from __future__ import annotations

import pytest
from table_helpers import game_session, word

from ludivox.engines.kingsbridge import from_json
from ludivox.engines.kingsbridge.actions import Place
from ludivox.table.io import Heard

OPENING = {
    "mode": "virtual",
    "columns": [[1, 2, 3], [8, 9, 10], [5, 6], [4, 5, 6], [7], [6, 7, 8]],
    "players": [{"hand": [2, 4, 5, 6, 7, 9], "pile": [1, 3, 5, 7, 9, 11, 13]},
                {"hand": [1, 3, 10, 11, 13, 13], "pile": [2, 4, 6, 8, 10, 12]}],
    "turn": 0,
}
ORDINALS = {3: "la troisième", 4: "la quatrième"}


@pytest.mark.parametrize("form", ["colonne {n}", "la colonne {n}", "sur la {n}", "{ordinal}"])
@pytest.mark.parametrize("column", [3, 4])
def test_a_column_named_answers_which_column(form: str, column: int) -> None:
    state = from_json(OPENING)
    session = game_session("kingsbridge", state)
    session.handle(Heard("je pose le sept", seat=0))  # fits the columns three and four
    assert session.pending is not None and session.state == state
    said = form.format(n=word(column), ordinal=ORDINALS[column])
    session.handle(Heard(said, seat=0))
    expected, _ = session.match.engine.apply(state, Place((7,), column))
    assert session.state == expected, said
