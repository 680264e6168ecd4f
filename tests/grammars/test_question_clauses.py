"""A question said with a time clause around it, for nothing ("avant que je valide, qui est
devant aux points ?", "il me reste quoi en main, en attendant que Paul joue ?"): properties
over every exact test sentence that asks, of every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, understood

from ludivox.grammars import frames

OPENINGS = ("avant que je joue,", "avant de valider,", "en attendant que Paul joue,")
ENDINGS = ("avant que je joue", "en attendant que Paul se décide", "maintenant que j'y pense")
CONFIRM_COST = 0.35  # the session acts at once only under this cost (table.session_core)


@pytest.mark.parametrize("game", GAMES)
def test_a_question_with_a_time_clause_is_the_question(game: str) -> None:
    """Every exact test sentence that asks a question with a question word ("combien…",
    "qu'est-ce que…"), said after or before a time clause, is that question with the same
    values, at once. Each question with two openings and two endings in turn
    (:class:`Rotation`, by intent): every one is checked, on every intent with two such
    questions or more."""
    g = grammar(game)
    lang = g.language
    openings, endings = Rotation(OPENINGS, per_case=2), Rotation(ENDINGS, per_case=2)
    clauses: set[str] = set()
    checked = 0
    for case in exact_cases(game):
        found = understood(game, case.text, case.intents)
        if not found or found[0].name not in frames.questions([found[0].name]):
            continue
        if not any(w.key in lang.topic_questions for w in lang.words(case.text)):
            continue
        meant = (found[0].name, dict(found[0].slots))
        plain = case.text.rstrip(" ?")
        said = [(f"{o} {plain} ?", o) for o in openings(case.intent)]
        said += [(f"{plain}, {e} ?", e) for e in endings(case.intent)]
        for text, clause in said:
            got = g.understand(text, intents=case.intents)
            assert got and (got[0].name, dict(got[0].slots)) == meant, (text, got[:1], meant)
            assert got[0].cost < CONFIRM_COST, (text, got[0].cost)
            checked += 1
            clauses.add(clause)
    assert checked > 20
    assert not openings.missed(clauses) and not endings.missed(clauses), clauses


@pytest.mark.parametrize("clause", ["si je pose le sept,", "pendant que j'étais sortie,"])
def test_no_clause_that_changes_the_question_is_dropped(clause: str) -> None:
    """« si … » asks about what would be, « pendant que … » about a time: never dropped."""
    lang = grammar("kingsbridge").language
    assert frames.unclaused(lang, lang.tokens(f"{clause} il me reste quoi en main ?")) == []
    assert frames.unclaused(lang, lang.tokens(f"il me reste quoi en main, {clause}")) == []
