"""A value said after a word that leaves it out ("je prends tout *sauf* le général", "je vends
deux laines *sans* le tissu": the language's ``without_words``) is never read, nor guessed,
as a move on that value: over every move test sentence of every game, such a word put before
its first value gives no reading that drops it, and no guess (issue 16, batch 16's harmful
« je prends tout sauf le général, et je valide tout » offered as « je prends le général … »)."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, cases_for, grammar

from ludivox.grammars import frames


@pytest.mark.parametrize("game", GAMES)
def test_a_value_left_out_is_never_read_as_the_move_on_it(game: str) -> None:
    g = grammar(game)
    lang = g.language
    lefts = [" ".join(p) for p in lang.without_words]
    checked = 0
    for case in cases_for(game):
        if isinstance(case, Exception) or case.intent is None \
                or case.intent in frames.questions({case.intent}):
            continue
        tokens = lang.words(case.text)
        first = next((i for i, t in enumerate(tokens) if lang.number_value(t.key) is not None),
                     None)
        if first is None:
            continue
        if first and tokens[first - 1].key in lang.cheap_words:
            first -= 1  # before the value's article: "sauf le général"
        left = lefts[checked % len(lefts)]
        words = [t.text for t in tokens]
        text = " ".join([*words[:first], "tout", left, *words[first:]])
        left_keys = {t.key for t in lang.words(left)} - lang.cheap_words
        for reading in g.understand(text)[:3]:
            heard = {t.key for t in lang.words(reading.text)}
            assert left_keys <= heard, f"{text!r} read as {reading.name} {reading.text!r}"
        assert not g.guess(text, None), f"{text!r} guessed"
        checked += 1
    assert checked > 10, (game, checked)
