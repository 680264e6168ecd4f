"""The last resort (``grammars/guess.py``) over every game's own test sentences: said with
their verb replaced by one nobody wrote ("je bidouille le sept sur la colonne trois"), a
sentence is either guessed as what it said (the same intent, the same values), or not
guessed at all; never as another value or a value it did not say. Negated, asked or
corrected, it is never guessed."""

from __future__ import annotations

from functools import cache

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars.testcases import Case

UNKNOWN = "bidouille"


@cache
def _with_unknown_verb(game: str) -> list[tuple[Case, str]]:
    """Each exact case with values and exactly one verb of the game, that verb replaced, as
    long as the usual readings no longer understand it (else the guess is never reached)."""
    g = grammar(game)
    lang = g.language
    out = []
    for case in exact_cases(game):
        if not case.slots:
            continue
        tokens = lang.tokens(case.text)
        verbs = [i for i, t in enumerate(tokens) if t.key in lang.first_forms]
        if len(verbs) != 1:
            continue
        words = [t.text for t in tokens]
        words[verbs[0]] = UNKNOWN
        text = " ".join(words)
        if not g.understand(text, (), case.intents):
            out.append((case, text))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_guess_is_what_was_said_or_nothing(game: str) -> None:
    g = grammar(game)
    said = _with_unknown_verb(game)
    found = 0
    for case, text in said:
        guessed = g.guess(text, case.intents)  # guessed once, for both checks
        guesses = [(i.name, dict(i.slots)) for i in guessed]
        assert all(i.cost >= 0.5 for i in guessed)  # always asked
        if guesses:
            assert (case.intent, dict(case.slots)) in guesses, (str(case), text, guesses[:3])
            found += 1
    # most of them are guessed (the rest asked nothing: a question word, a word the guess
    # must keep that no template of the intent has)
    assert said and found >= 0.6 * len(said), (game, found, len(said))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("change", [
    lambda t: f"je ne {t} pas",  # says no
    lambda t: f"{t} jamais",
    lambda t: f"est-ce que {t}",  # asks
    lambda t: f"si {t}",
    lambda t: f"{t}, non, pardon",  # corrects itself
])
def test_a_sentence_that_says_no_asks_or_corrects_is_never_guessed(game: str, change: object
                                                                   ) -> None:
    g = grammar(game)
    assert callable(change)
    for case, text in _with_unknown_verb(game):
        changed = change(text)
        assert g.guess(changed, case.intents) == [], (str(case), changed)
