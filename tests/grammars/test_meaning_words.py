"""Words that carry meaning are never swapped for a look-alike nor ignored (issue 16's
"never a wrong move"): over every test sentence of every game, a meaning word replaced by a
word of another meaning ("pose" -> "pioche", "début" -> "bout", "pose" -> "ne pose pas")
is either understood with that word in the reading, or not understood at all.

Each meaning word of each sentence is replaced by two other meanings, in turn for that word
(a round robin per word over the other meanings, each word starting where the replacements so
far got to): a word said in many sentences meets every other meaning, and every meaning
replaces some word (one that no word met in turn replaces the first word it can)."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, cases_for, grammar

from ludivox.grammars.testcases import Case

PER_WORD = 2  # meanings tried in place of each meaning word of a sentence


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
    turns: dict[str, Rotation[frozenset[str]]] = {}  # per word: the other meanings in turn
    spots: list[tuple[Case, list[str], int, str]] = []  # (case, words, index, meaning word)
    used: set[frozenset[str]] = set()

    def check(case: Case, words: list[str], i: int, other: frozenset[str]) -> None:
        said = sorted(other)[0]
        text = " ".join([*words[:i], said, *words[i + 1:]])
        for reading in g.understand(text, intents=case.intents)[:3]:
            heard = {w.key for w in lang.words(reading.text)}
            assert heard & other, f"{text!r} read as {reading.name} {reading.text!r}"
        used.add(other)

    for case in cases_for(game):
        if isinstance(case, Exception) or case.intent is None:
            continue
        tokens = lang.words(case.text)
        words = [tok.text for tok in tokens]
        for i, tok in enumerate(tokens):
            if tok.key not in lang.meaning_words:
                continue
            if tok.key not in turns:
                others = [m for m in meanings if tok.key not in m]
                start = len(spots) * PER_WORD % len(others)  # where the others so far got to
                turns[tok.key] = Rotation(others[start:] + others[:start], PER_WORD)
            spots.append((case, words, i, tok.key))
            for other in turns[tok.key]():
                check(case, words, i, other)
    # a meaning no word met in turn (a game with few sentences): in place of the first word
    # of another meaning
    for other in [m for m in meanings if m not in used]:
        case, words, i, _ = next(spot for spot in spots if spot[3] not in other)
        check(case, words, i, other)
    assert spots or game == "common"
    assert used == set(meanings) or not spots
