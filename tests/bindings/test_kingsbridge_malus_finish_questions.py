"""Questions reworded (batch 17): the malus asked as penalty points (« je suis à combien de
points de pénalité ? » is the malus pile, not the score), a column to finish with the
thirteen (« il y a une colonne que je peux terminer avec le treize ? » is the coach's answer
about finishing, not one column's content), all the columns in order (« tu peux me relire
toutes les colonnes, de la première à la dernière ? »): answered as their plain forms are,
over positions, and nothing changes."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import make_table, playout, position

from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.grammars.grammar import Grammar
from ludivox.grammars.numbers import NumberWords
from ludivox.table.io import Say

WORDS = NumberWords("fr")
MALUS = ("je suis à combien de points de pénalité ?", "j'ai combien de malus pour l'instant ?",
         "combien de malus j'ai ?", "il y a combien de cartes de malus ?",
         "est-ce que j'ai des malus ?", "combien de malus ?")
FINISH = ("il y a une colonne que je peux terminer avec le treize ?",
          "y a-t-il une colonne que je peux compléter ?",
          "est-ce qu'il y a une colonne que je peux finir avec un treize ce tour-ci ?")
COLUMNS = ("tu peux me relire toutes les colonnes, de la première à la dernière ?",
           "lis-moi les colonnes une par une", "relis toutes les colonnes dans l'ordre",
           "fais-moi le tour de la table, les colonnes une par une")


def _asked(grammar: Grammar, state: Any, text: str,
           names: tuple[str, ...] = ("Anne", "Paul")) -> list[Say]:
    """What ``text`` gets (the coach thinks without a clock: the same answer under load)."""
    table = make_table(grammar, state, names)
    said = table.hear(text, seat=state.turn)
    assert table.state == state, text
    return said


def _solo(malus: list[int]) -> Any:
    revealed = ("agatha", "den", "ethelred")
    return position(columns=[[1, 2], [4, 5, 6, 7], [9, 10, 11], [12], [2, 3, 4, 5], [7, 8]],
                    discard=[], malus=malus,
                    players=[{"hand": [3, 3, 6, 8, 10, 13], "pile": [1, 9, 11, 5, 2, 12]}],
                    options={"characters": True, "mode": "solo"}, revealed=list(revealed),
                    deck=[c for c in CHARACTERS if c not in revealed])


def test_the_penalty_points_are_the_malus_pile(grammar: Grammar) -> None:
    for count, question in itertools.product(range(4), MALUS):
        said = _asked(grammar, _solo([13, 12, 11][:count]), question, ("Anne",))
        assert [s.key for s in said] == ["answer.malus"], (question, said)
        assert (WORDS.cardinal(count) in said[0].text if count
                else "vide" in said[0].text), (question, said[0].text)


def test_a_column_to_finish_is_asked_of_the_coach(grammar: Grammar) -> None:
    for state in itertools.islice(playout("kingsbridge", "finish-questions"), 0, 300, 60):
        plain = [s.key for s in _asked(grammar, state, "puis-je finir une colonne ?")]
        for question in FINISH:
            assert [s.key for s in _asked(grammar, state, question)] == plain, question


def test_every_column_in_order_is_the_columns(grammar: Grammar) -> None:
    for state in itertools.islice(playout("kingsbridge", "finish-questions"), 0, 300, 75):
        plain = [(s.key, s.text) for s in _asked(grammar, state, "lis les colonnes")]
        assert [k for k, _ in plain] == ["answer.columns"]
        for question in COLUMNS:
            assert [(s.key, s.text) for s in _asked(grammar, state, question)] == plain, question
