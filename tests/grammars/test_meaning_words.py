"""Words that carry meaning are never swapped for a look-alike nor ignored (issue 16's
"never a wrong move"): over every test sentence of every game, a meaning word replaced by a
word of another meaning ("pose" -> "pioche", "début" -> "bout", "pose" -> "ne pose pas")
is either understood with that word in the reading, or not understood at all."""

from __future__ import annotations

import random

import pytest
from grammar_helpers import GAMES, cases_for, grammar


def _meanings(game: str) -> list[frozenset[str]]:
    lang = grammar(game).language
    return [g for g in lang.equivalents if g <= lang.meaning_words] + [
        frozenset({w}) for w in lang.meaning_words
        if not any(w in g for g in lang.equivalents)
    ]


@pytest.mark.parametrize("game", ["common", *GAMES])
def test_a_meaning_word_is_never_read_as_another_or_dropped(game: str) -> None:
    g = grammar(game)
    lang = g.language
    meanings = _meanings(game)
    rng = random.Random(16)
    checked = 0
    for case in cases_for(game):
        if isinstance(case, Exception) or case.intent is None:
            continue
        tokens = lang.words(case.text)
        words = [tok.text for tok in tokens]
        for i, tok in enumerate(tokens):
            if tok.key not in lang.meaning_words:
                continue
            others = [m for m in meanings if tok.key not in m]
            for other in rng.sample(others, min(4, len(others))):
                said = sorted(other)[0]
                text = " ".join([*words[:i], said, *words[i + 1:]])
                for reading in g.understand(text, intents=case.intents)[:3]:
                    heard = {w.key for w in lang.words(reading.text)}
                    assert heard & other, (
                        f"{text!r} read as {reading.name} {reading.text!r}"
                    )
                checked += 1
    assert checked > 0 or game == "common"
