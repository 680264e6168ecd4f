"""The choice agreed with oneself at the end (« je vais jouer mon évêque oui », « ce sera dix
douze ouais », batch 19): the sentence as without it, over every exact move sentence of every
game; never after a no or a correction (« non oui » is no answer, never a « non »)."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, understood

ENDINGS = (" oui", ", ouais", " ouais", ", oui")


@pytest.mark.parametrize("game", GAMES)
def test_a_move_said_then_agreed_with_is_the_move(game: str) -> None:
    g = grammar(game)
    endings = Rotation(ENDINGS)
    said: set[str] = set()
    checked = 0
    for case in exact_cases(game):
        words = g.language.tokens(case.text)
        meant = understood(game, case.text, case.intents)[:1]
        if len(words) < 4 or not meant or meant[0].name in ("yes", "no") or any(
                t.key in g.language.negation_words or t.key in g.language.correcting_words
                for t in words):
            continue
        for ending in endings(case.intent):
            got = g.understand(case.text + ending, intents=case.intents)[:1]
            assert [(i.name, dict(i.slots)) for i in got] == [
                (i.name, dict(i.slots)) for i in meant], case.text + ending
            said.add(ending)
            checked += 1
    assert checked > 20 and not endings.missed(said)


@pytest.mark.parametrize("said", ["non oui", "non, ouais", "pardon oui", "non non oui",
                                  "je ne joue pas oui"])
def test_a_yes_after_a_no_is_never_read_as_the_no(said: str) -> None:
    for game in GAMES:
        got = grammar(game).understand(said)[:1]
        assert not got or got[0].name != "no" or got[0].cost > 0, (game, said, got)


@pytest.mark.parametrize("subject", ["je", "tu"])
def test_a_closing_word_after_a_subject_is_its_verb(subject: str) -> None:
    """« dis-moi les trois cartes que je tiens »: a closing filler that is also a verb
    (« tiens ») said right after a subject is the sentence's verb, kept (batch 19: it was
    dropped, and the row was read out instead of the hand)."""
    lang = grammar("kingsbridge").language
    for verb in ("tiens",):
        tokens = lang.tokens(f"dis-moi les cartes que {subject} {verb}")
        assert tokens[-1].key == verb, verb


def test_a_closing_word_after_an_inverted_subject_is_dropped() -> None:
    """« que me conseilles-tu, merci ludivox » (batch 20): every closing filler that is no
    verb, said after a question whose subject follows its verb, is dropped as anywhere."""
    lang = grammar("kingsbridge").language
    plain = [t.key for t in lang.tokens("que me conseilles-tu")]
    for phrase in lang.trailing_fillers:
        said = " ".join(phrase)
        if said in lang.closing_verbs:  # « tiens », « dis » after a subject: the verb
            continue
        assert [t.key for t in lang.tokens(f"que me conseilles-tu {said}")] == plain, said
