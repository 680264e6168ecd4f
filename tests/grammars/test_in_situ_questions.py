"""A question word said in place, as people ask at a table ("il me reste combien de cartes",
"j'ai combien de cartes en main"), reads as the same question with it first, in every game
(``grammars/in_situ.py``); a move said before it with « et » is made, then the question
answered (``table/session_pairs.py``)."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, grammar, understood

from ludivox.grammars.testcases import load_cases

SUBJECTS = {"il", "j'", "je", "tu", "on", "elle", "y", "nous", "ils", "elles"}
PARTITIVES = {"de", "d'"}


def said_in_place(words: list[str]) -> str | None:
    """The in-place form of a question said with « combien » first, or None when the words
    after it are no short clause ("combien de cartes il me reste" -> "il me reste combien de
    cartes"; "combien j'ai de cartes en main" -> "j'ai combien de cartes en main")."""
    if len(words) < 3 or words[0] != "combien":
        return None
    if words[1] in PARTITIVES and len(words) >= 4 and words[3] in SUBJECTS:
        clause = words[3:]
        if len(clause) <= 4 and not PARTITIVES & set(clause):
            return " ".join([*clause, *words[:3]])
        return None
    if words[1] in SUBJECTS:
        at = next((i for i, w in enumerate(words) if w in PARTITIVES), None)
        if at is not None and 2 < at <= 5:
            return " ".join([*words[1:at], "combien", *words[at:]])
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_question_with_combien_said_in_place_is_the_same_question(game: str) -> None:
    g = grammar(game, "fr")
    tried, wrong = [], []
    for case in load_cases(game, "fr"):
        if case.intent is None or case.fuzzy or case.intents is not None:
            continue
        words = [t.text for t in g.language.words(case.text)]
        text = said_in_place(words)
        alone = understood(game, case.text)
        if text is None or not alone or alone[0].cost > 0:
            continue
        tried.append(text)
        got = g.understand(text)
        if not got or got[0].cost > 0 or (got[0].name, got[0].slots) != (alone[0].name,
                                                                            alone[0].slots):
            wrong.append((case.text, text, got[0].name if got else None))
    assert tried, f"{game}: no question with « combien » first in its cases"
    assert not wrong, wrong[:10]
