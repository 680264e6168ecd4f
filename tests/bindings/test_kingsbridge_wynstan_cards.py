"""The Évêque Wynstan said with the cards he takes away ("je prends l'évêque et j'enlève le
sept de la colonne cinq"): over every column end of one or two cards of dealt positions, the
use is the one of that column; cards that do not end the column said (or no column) are
refused with the reason, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import ENGINE, keys, make_table, position, word

from ludivox.engines.kingsbridge.charactions import UseWynstan
from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.grammars.grammar import Grammar

FORMS = ("j'utilise l'évêque pour retirer {cards}{column}",
         "je prends l'évêque Wynstan et j'enlève {cards}{column}",
         "avec Wynstan je défausse {cards}{column}",
         "j'enlève {cards}{column} avec l'évêque")
COLUMNS = ([[3], [1, 2], [3, 4, 5], [13], [5, 6, 7], [9, 10, 11, 12]],
           [[2, 3, 4], [8], [6, 7, 8, 9], [1, 2, 3], [11, 12], [4, 5]])


def _solo(columns: list[list[int]]) -> Any:
    revealed = ("wynstan", "gytha", "den")
    return position(columns=columns, discard=[],
                    players=[{"hand": [6, 7, 9, 10, 11, 2], "pile": [4, 4, 4, 8, 8, 8]}],
                    options={"characters": True, "mode": "solo"}, revealed=list(revealed),
                    deck=[c for c in CHARACTERS if c not in revealed])


def _said(cards: list[int]) -> str:
    return " et ".join(f"le {word(c)}" for c in cards)


@pytest.mark.parametrize("form", FORMS)
def test_the_cards_said_are_the_ones_he_takes_away(grammar: Grammar, form: str) -> None:
    checked = 0
    for columns in COLUMNS:
        state = _solo(columns)
        for n, column in enumerate(columns, start=1):
            for count in (1, 2):
                if len(column) < count:
                    continue
                cards = column[-count:]
                ends = [c for c in columns if c[-count:] == cards]
                named = "" if len(ends) == 1 else f" de la colonne {word(n)}"
                if "avec l'évêque" in form and not named:
                    named = f" de la colonne {word(n)}"  # his form names it
                text = form.format(cards=_said(cards), column=named)
                table = make_table(grammar, state, names=["Anne"])
                says = table.hear(text)
                expected, _ = ENGINE.apply(state, UseWynstan(n, count))
                assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (text, keys(says))
                checked += 1
    assert checked > 15


def test_cards_that_end_no_column_said_are_refused(grammar: Grammar) -> None:
    state = _solo(COLUMNS[0])
    for text, reason in (
            ("j'utilise l'évêque pour retirer le quatre de la colonne trois",
             "refusal.wynstan_not_at_end"),
            ("j'utilise l'évêque pour retirer le huit", "refusal.wynstan_no_column"),
            ("j'utilise l'évêque pour retirer le dix et le onze de la colonne six",
             "refusal.wynstan_not_at_end")):
        table = make_table(grammar, state, names=["Anne"])
        says = table.hear(text)
        assert table.state == state, text
        assert reason in keys(says), (text, keys(says))
