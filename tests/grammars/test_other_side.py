"""A yes / no question said with its other side ("la défausse, elle est vide ou pas ?"): read
by its words as the question alone; the « pas » of « ou pas » is no negation. Properties over
every exact question test sentence of every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars import frames

SIDES = ("ou pas", "ou non", "oui ou non", "ou pas encore", "ou toujours pas")


@pytest.mark.parametrize("game", GAMES)
def test_a_question_read_by_its_words_keeps_its_reading_with_its_other_side(game: str) -> None:
    g = grammar(game)
    checked = 0
    for case in exact_cases(game):
        alone = g.topic(f"{case.text.rstrip(' ?')} ?")
        if not alone or alone[0].name not in frames.questions([alone[0].name]):
            continue
        meant = (alone[0].name, dict(alone[0].slots))
        for side in SIDES:
            said = f"{case.text.rstrip(' ?')}, {side} ?"
            got = g.topic(said)
            assert got and (got[0].name, dict(got[0].slots)) == meant, (said, got[:1], meant)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("said", ["je n'ai pas de sept ?", "il ne reste pas de cartes ?"])
def test_a_negation_inside_the_question_still_stops_the_topic_reader(said: str) -> None:
    assert grammar("kingsbridge").topic(said) == []
