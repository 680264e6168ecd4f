"""A place said empty by a relative clause is the empty place (batch 33: « sur la colonne où y
a plus rien je pose mon onze » was not understood; « sur la colonne vide » was). Property
over every exact test sentence of every game naming a place « vide » after its noun: said
with each relative clause instead, it reads the same."""

from __future__ import annotations

import itertools

import pytest
from grammar_helpers import GAMES, exact_cases, exact_meaning

RELATIVES = ("où il n'y a plus rien", "où y a plus rien", "où il y a rien", "où il n'y a rien")
NOUNS = ("colonne", "place", "côté", "case")


@pytest.mark.parametrize("game", GAMES)
def test_an_empty_place_said_by_a_relative_clause_reads_the_same(game: str) -> None:
    relatives = itertools.cycle(RELATIVES)
    checked = 0
    for case in exact_cases(game):
        words = case.text.rstrip(" ?.").split()
        at = next((i for i in range(1, len(words))
                   if words[i] == "vide" and words[i - 1] in NOUNS), None)
        if at is None:
            continue
        meant = exact_meaning(game, case.text, case.intents)
        if meant is None:
            continue
        for relative in (next(relatives), next(relatives)):
            said = " ".join([*words[:at], relative, *words[at + 1:]])
            assert exact_meaning(game, said, case.intents) == meant, said
            checked += 1
    if game == "kingsbridge":
        assert checked >= 4, checked
