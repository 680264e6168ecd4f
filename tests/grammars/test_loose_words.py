"""Words said for nothing around a sentence ("c'est bon, ...", "... moi", "... ce tour-ci"),
a whole complement said again after a correction, and a question verb that tells no topic:
properties over every exact test sentence of every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, understood

from ludivox.grammars.intents import Intent

ENDINGS = ("moi", "ce tour-ci", "pour l'instant", "quoi")
OPENINGS = ("c'est bon", "ok c'est bon", "pour ce tour", "cette fois")


def _reading(found: list[Intent]) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in found[:1]]


@pytest.mark.parametrize("game", GAMES)
def test_a_loose_word_around_a_sentence_changes_nothing(game: str) -> None:
    """Every exact test sentence, said with a closing "moi" / "ce tour-ci" or an opening
    "c'est bon", means what it meant alone (a sentence that already fits with the extra
    words as said, a template having them, is left out). Each sentence with every ending and
    two openings in turn (:class:`Rotation`, by intent): every opening is checked, on every
    intent with two sentences or more."""
    g = grammar(game)
    openings = Rotation(OPENINGS, per_case=2)
    checked = 0
    loose: set[str] = set()
    for case in exact_cases(game):
        meant = _reading(understood(game, case.text, case.intents))
        if not meant or meant[0][0] in ("yes", "no"):
            continue
        said_words = g.language.words(case.text)
        heard = g.language.tokens(case.text)
        if not heard or said_words[-1].key != heard[-1].key:
            continue  # ends with a word said for nothing ("merci"): not a sentence's end
        said = [(f"{case.text} {e}", e) for e in ENDINGS]
        said += [(f"{o}, {case.text}", o) for o in openings(case.intent)]
        for text, word in said:
            keys = [t.key for t in g.language.tokens(text)]
            if keys[len(keys) - len(heard):] != [t.key for t in heard]:
                continue  # a filler of the sentence dropped once not alone ("..., hein ?")
            found = g.understand(text, intents=case.intents)  # read once, for every check
            exact = [i for i in found if i.cost == 0]
            if exact and not g.language.loosened(g.language.tokens(text)):
                continue
            got = _reading(found)
            if got and got[0][0] != meant[0][0] and exact and exact[0].text != case.text:
                continue  # fits as said, as another intent: the template wins
            assert got == meant, f"{text!r}: {got} (alone: {meant})"
            checked += 1
            loose.add(word)
    assert checked > 50
    assert not openings.missed(loose), loose


@pytest.mark.parametrize("game", GAMES)
def test_a_complement_said_again_whole_after_a_correction_is_the_one_meant(game: str) -> None:
    """"le sept sur la trois, non pardon, le neuf sur la six": for every exact test sentence
    ending on a value with two values or more in its last words, those words said again with
    every value changed replace them (never a mix of both)."""
    g = grammar(game)
    lang = g.language
    checked = 0
    for case in exact_cases(game):
        tokens = [t.text for t in lang.tokens(case.text)]
        if not tokens or lang.number_value(tokens[-1]) is None:
            continue
        size = min(5, len(tokens) - 1)
        tail = tokens[-size:]
        values = [i for i, w in enumerate(tail)
                  if lang.number_value(w) is not None and w not in lang.cheap_words]
        if len(values) < 2 or values[0] == 0:
            continue
        other = [str((lang.number_value(w) or 0) + 1) if i in values else w
                 for i, w in enumerate(tail)]
        fixed = " ".join([*tokens[:-size], *other])
        for marker in ("non pardon", "non"):
            text = f"{' '.join(tokens)}, {marker}, {' '.join(other)}"
            assert [t.key for t in lang.tokens(text)] == [t.key for t in lang.tokens(fixed)], (
                text, fixed)
            checked += 1
    assert checked, "no test sentence ends with two values"


@pytest.mark.parametrize("game", GAMES)
def test_a_question_verb_no_intent_knows_does_not_hide_the_topic(game: str) -> None:
    """A question read by its words reads the same with a verb that only asks
    ("contient", "renferme") when no intent of the game uses that verb."""
    g = grammar(game)
    g.topic("quoi ?")  # builds the reader
    reader = g._topics
    assert reader is not None
    lang = g.language
    verbs = [v for v in lang.topic_verbs if lang.sounds(v) not in reader._weight]
    assert verbs
    checked = 0
    for case in exact_cases(game):
        if not case.intent.startswith("ask_"):
            continue
        keys = [t.key for t in lang.tokens(case.text)]
        alone = reader.scores([*keys, "quoi"], [case.intent])
        for verb in verbs[:3]:
            got = reader.scores([*keys, verb, "quoi"], [case.intent])
            assert [share for share, _ in got] == pytest.approx(
                [share for share, _ in alone]), (case.text, verb)
            checked += 1
    assert checked
