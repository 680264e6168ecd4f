"""A question joined to the talk before it ("et c'est à qui ?", "mais il me reste combien de
cartes ?") reads as the question alone, in every game, for every question the grammar's own
test sentences ask."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar, understood

from ludivox.grammars.testcases import load_cases

GAMES = ["kingsbridge", "seven_kingdoms", "kingdom_builder", "world_without_end"]
JOINS = ["et", "mais", "et alors", "et donc"]


@pytest.mark.parametrize("game", GAMES)
def test_a_question_joined_by_et_or_mais_reads_the_same(game: str) -> None:
    g = grammar(game, "fr")
    asked = [c for c in load_cases(game, "fr")
             if c.intent is not None and c.intent.startswith("ask") and not c.fuzzy
             and c.intents is None]
    assert len(asked) >= 20
    wrong = []
    for case in asked:
        alone = understood(game, case.text)
        if not alone or alone[0].cost > 0:
            continue
        for join in JOINS:
            if case.text.lower().startswith(join.split()[0] + " "):
                continue
            joined = g.understand(f"{join} {case.text}")
            if not joined or (joined[0].name, joined[0].slots) != (alone[0].name,
                                                                   alone[0].slots):
                wrong.append((f"{join} {case.text}", joined[0].name if joined else None))
    assert not wrong, wrong[:10]
