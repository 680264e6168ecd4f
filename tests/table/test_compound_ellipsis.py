"""A part of a compound sentence said without its verb takes the words of the part before it:
"je pose le sept sur la trois puis le huit", "… et le huit aussi", "… ensuite le huit
dessus" place both cards as the two full sentences would, over every column and sequence
word; when the second move cannot be played, nothing is done and the reason is said."""

from __future__ import annotations

import itertools

import pytest
from table_helpers import ENGINE, keys, make_table, position, word

from ludivox.grammars.grammar import Grammar

SEQUENCES = ("et", "puis", "ensuite", "et après", "et puis")
ENDINGS = ("", " aussi", " dessus", " à la suite", " juste derrière")
FIRST = ("je pose le {a} sur la {c}", "le {a} sur la colonne {c}", "je mets le {a} sur la {c}")


def _position(column: int) -> object:
    """Column ``column`` ends with a four; Anne holds a five and a six (and a twelve)."""
    columns = [[1], [2], [3], [7], [9], [11]]
    columns[column - 1] = [4]
    return position(columns=columns,
                    players=[{"hand": [5, 6, 12], "pile": [13]}, {"hand": [2], "pile": [10]}])


SAID = list(itertools.product(FIRST, SEQUENCES, ENDINGS))
COLUMNS = range(1, 7)


@pytest.mark.parametrize("column", COLUMNS)
def test_the_second_card_goes_where_the_first_went(grammar: Grammar, column: int) -> None:
    """Every way of saying it (first part, sequence word, ending) once, on one of the columns
    in turn: each column takes every sixth of them, which holds every first part, sequence
    word and ending."""
    full = make_table(grammar, _position(column))
    full.hear(f"je pose le cinq sur la colonne {word(column)}")
    full.hear(f"je pose le six sur la colonne {word(column)}")
    mine = SAID[column - 1::len(COLUMNS)]
    assert [len({said[i] for said in mine}) for i in range(3)] == [
        len(FIRST), len(SEQUENCES), len(ENDINGS)]
    for first, sequence, ending in mine:
        said = first.format(a="cinq", c=word(column)) + f" {sequence} le six{ending}"
        t = make_table(grammar, _position(column))
        t.hear(said)
        assert ENGINE.dumps(t.state) == ENGINE.dumps(full.state), said


def test_a_second_card_that_cannot_follow_plays_nothing_and_says_why(grammar: Grammar) -> None:
    t = make_table(grammar, _position(3))
    before = ENGINE.dumps(t.state)
    said = t.hear("je pose le cinq sur la trois puis le douze")
    assert keys(said)[0] == "compound.nothing_done"
    assert "douze" in " ".join(s.text for s in said)
    assert ENGINE.dumps(t.state) == before
