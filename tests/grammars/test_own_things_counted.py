"""A question about one's own things with their count said (batch 31: « rappelle-moi mes six
cartes » was the column six): the count names no value, the question is the one without it.
Over every exact test sentence of every game asking a question with no value that names
one's own things (« mes cartes », « mes ressources »), each count from two to nine."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars.frames import questions
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")


@pytest.mark.parametrize("game", GAMES)
def test_a_count_of_ones_own_things_leaves_the_question_as_it_was(game: str) -> None:
    g = grammar(game)
    lang = g.language
    checked = 0
    for case in exact_cases(game):
        if case.intent not in questions({case.intent}):
            continue
        meant = g.understand(case.text)[:1]
        if not meant or meant[0].slots or meant[0].cost:
            continue
        words = case.text.split()
        for at in range(len(words) - 1):
            if lang.words(words[at])[-1].key not in lang.count_possessives:
                continue
            count = WORDS.cardinal(2 + checked % 8)
            text = " ".join([*words[:at + 1], count, *words[at + 1:]])
            got = g.understand(text)[:1]
            assert [(i.name, dict(i.slots)) for i in got] == [
                (meant[0].name, {})], (text, case.text)
            checked += 1
    assert checked > 0, game
