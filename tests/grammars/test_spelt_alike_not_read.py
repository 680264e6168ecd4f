"""A word of the game that carries something is heard as said. Vosk only ever returns words
of the phrase list, so a word of the game heard is one the recogniser chose; read as another
word of the game only when the two sound alike or are spelt nearly alike (an ending:
"laines" / "laine", "peut" / "peux"), never by a looser likeness of spelling. Before: in Un
monde sans fin « je protège la laine » (refused: only the wheat is due) was asked as « je
protège le grain ? » (« laine » / « grain »), « je protège le bois » as « je récolte le
bois ? » (« protège » / « récolte »), and « oui » would make that other move. Property over
every exact test sentence with values of every game: each word naming a value replaced by a
word naming another value, spelt loosely alike (50-74 % by rapidfuzz's ratio) and not
sounding alike, is never read back as the sentence's own meaning by another word, not even
to be asked (the same meaning read with the word as said is right: « construire sur l'eau »
and « sur le château » ask the same rule)."""

from __future__ import annotations

from functools import cache

import pytest
from grammar_helpers import GAMES, exact_cases, grammar
from rapidfuzz import fuzz, process

from ludivox.grammars.language import Language
from ludivox.grammars.matcher import KNOWN_SIMILARITY, WORD_SIMILARITY


@cache
def _loosely_alike(game: str) -> dict[str, list[str]]:
    """Each word naming a value of the game -> the words naming other values that are only
    loosely spelt like it (neither sounding alike nor nearly spelt alike)."""
    g = grammar(game)
    lang = g.language
    named = {w: v for w, v in g.value_words.items() if lang.number_value(w) is None
             and not all(value.startswith("amount:") for value in v)}  # « mon » one: a count
    words = sorted(named)
    out: dict[str, list[str]] = {}
    for word in words:
        found = process.extract(word, words, scorer=fuzz.ratio, score_cutoff=WORD_SIMILARITY,
                                limit=None)
        out[word] = [other for other, score, _ in found if score < KNOWN_SIMILARITY
                     and lang.sounds(other) != lang.sounds(word)
                     and other not in lang.cheap_words and other not in lang.discourse_words
                     and not named[other] & named[word]]
    return out


def _as_said(lang: Language, word: str, text: str) -> bool:
    """Whether ``text`` holds ``word`` as said: itself, a word sounding like it or spelt
    nearly like it (« lieu » read « lieux »)."""
    return any(key == word or lang.sounds(key) == lang.sounds(word)
               or fuzz.ratio(key, word) >= KNOWN_SIMILARITY
               for key in (t.key for t in lang.tokens(text)))


@pytest.mark.parametrize("game", GAMES)
def test_a_value_is_not_read_as_another_loosely_spelt_alike(game: str) -> None:
    g = grammar(game)
    lang = g.language
    alike = _loosely_alike(game)
    tried = 0
    for case in exact_cases(game):
        if not case.slots:
            continue
        tokens = [t.key for t in lang.tokens(case.text)]
        for at, key in enumerate(tokens):
            for other in alike.get(key, ())[:3]:
                said = " ".join([*tokens[:at], other, *tokens[at + 1:]])
                read = g.understand(said, (), case.intents)
                meant = (case.intent, dict(case.slots))
                swapped = [r for r in read if (r.name, dict(r.slots)) == meant
                           and not _as_said(lang, other, r.text)]
                assert not swapped, (said, swapped[:2])  # the same meaning by another word
                tried += 1
    assert tried >= 20
