"""7 Kingdoms: a take said as the whole row but some cards (issue 16, batch 16's harmful
« je prends tout sauf le général, et je valide tout », guessed as the general alone).

Over the natural corpus's take positions and every card of their row, through the real
session: « je prends tout sauf le <card>, et je valide tout » takes every other card of the
row (when the rules allow it), never the card excluded; a take the rules refuse changes
nothing."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_said_around import TAKES, _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")


@pytest.mark.parametrize("form", ["je prends tout sauf le {card}, et je valide tout",
                                  "je prends toutes les cartes à part le {card}, tout validé",
                                  "je récupère tout le reste sauf le {card} et je valide tout"])
@pytest.mark.parametrize("at", TAKES)
def test_all_but_a_card_takes_the_rest_of_the_row(at: str, form: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    made = 0
    for card in row:
        rest = tuple(sorted(c for c in row if c != card))
        take = Take(rest, ())
        table = make(state, names)
        table.hear(form.format(card=WORDS.cardinal(card)), seat=ENGINE.awaiting(state).seat)
        if ENGINE.refusal(state, take) is None:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, take)[0]), card
            made += 1
        else:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), card
    if at == "take_king":
        assert made  # the king takes four of the five: every exclusion of one is a take
