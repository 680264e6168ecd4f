"""Every utterance of the test files gives the intent and slots it should, or nothing."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, LANGS, case_params, cases_for, grammar, understood

from ludivox.grammars.testcases import Case, load_cases

PARAMS = case_params(["common", *GAMES])


def _readable(case: Case | Exception) -> Case:
    if isinstance(case, Exception):
        pytest.fail(f"test file unreadable: {case}")
    return case


@pytest.mark.parametrize(("game", "lang", "case"), PARAMS)
def test_utterance(game: str, lang: str, case: Case) -> None:
    case = _readable(case)
    results = understood(game, case.text, case.intents, lang)
    if case.intent is None:
        assert results == [], f"{case} should not match, got {results[:2]}"
        return
    assert results, f"{case} was not understood"
    best = results[0]
    assert (best.name, dict(best.slots)) == (case.intent, dict(case.slots)), f"{case}: {best}"
    if case.fuzzy:
        assert best.cost > 0, f"{case} is a near miss but matched exactly: {best}"
    else:
        assert best.cost == 0, f"{case} should match exactly: {best}"


@pytest.mark.parametrize(("game", "lang", "case"), PARAMS)
def test_exact_utterance_is_claimed_by_one_intent(game: str, lang: str, case: Case) -> None:
    case = _readable(case)
    if case.intent is None or case.fuzzy:
        return
    results = understood(game, case.text, case.intents, lang)  # read by test_utterance
    exact = {r.name for r in results if r.cost == 0}
    assert exact == {case.intent}, f"{case} is claimed by {sorted(exact)}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["common", *GAMES])
def test_no_sentence_listed_under_two_expectations(game: str, lang: str) -> None:
    g = grammar(game, lang)
    seen: dict[tuple[str, frozenset[str] | None], Case] = {}
    for case in cases_for(game, lang):
        key = (g.normalize(case.text), case.intents)
        other = seen.setdefault(key, case)
        same = (other.intent, dict(other.slots)) == (case.intent, dict(case.slots))
        assert same, f"{case} and {other} expect different results"


def test_kingsbridge_has_at_least_150_utterances() -> None:
    own = [c for c in load_cases("kingsbridge", "fr") if c.intent is not None]
    assert len(own) >= 150


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["common", *GAMES])
def test_every_intent_is_tested(game: str, lang: str) -> None:
    shared = set() if game == "common" else set(grammar("common", lang).intent_names)
    own = set(grammar(game, lang).intent_names) - shared
    tested = {c.intent for c in load_cases(game, lang)}
    assert own - tested == set()
