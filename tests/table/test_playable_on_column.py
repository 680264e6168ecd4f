""""Qu'est-ce que je peux mettre sur la trois ?", "quelle carte va sur la colonne un ?": the
cards of the hand that go on that column now, exactly those the rules accept there, over
seeded positions and every column; a column that does not exist is refused with the reason."""

from __future__ import annotations

import random

import pytest
from table_helpers import ENGINE, keys, make_table, position, word

from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar

ASKED = ("qu'est-ce que je peux mettre sur la {c} ?", "quelle carte va sur la colonne {c} ?",
         "quelles cartes je peux poser sur la colonne {c} ?")


def _position(seed: int) -> object:
    rng = random.Random(seed)
    tops = rng.sample(range(1, 14), 6)
    hand = sorted(rng.sample(range(1, 14), 5))
    return position(columns=[[t] for t in tops],
                    players=[{"hand": hand, "pile": [13]}, {"hand": [2], "pile": [12]}])


@pytest.mark.parametrize("seed", range(5))
def test_the_cards_that_go_on_each_column_are_said(grammar: Grammar, seed: int) -> None:
    t = make_table(grammar, _position(seed))
    state = t.state
    for column in range(1, 7):
        fit = sorted({c for c in state.players[0].hand
                      if ENGINE.refusal(state, Place((c,), column)) is None})
        said = t.hear(ASKED[column % len(ASKED)].format(c=word(column)), seat=0)
        assert ENGINE.dumps(t.state) == ENGINE.dumps(state)  # a question changes nothing
        if not fit:
            assert keys(said) == ["answer.none_on_column"]
            continue
        assert keys(said) == ["answer.playable_on_column"]
        named = {n for n in range(1, 14) if f" le {word(n)}" in said[0].text.split(",")[1]}
        assert named == set(fit), (said[0].text, fit)


def test_a_column_that_does_not_exist_is_refused(grammar: Grammar) -> None:
    t = make_table(grammar, _position(0))
    said = t.hear("quelle carte va sur la colonne sept ?", seat=0)
    assert keys(said) == ["refusal.no_such_column"]
