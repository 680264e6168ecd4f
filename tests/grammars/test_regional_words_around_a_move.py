"""A word of a region or of a group said to the table before or after a move carries nothing
the game acts on: Swiss « ça joue » (all right), southern « té », « tsé », « dis », a friend
called « mon frère » (West Africa, the suburbs), « go ». Before: « ça joue je mets le
neuf sur la six », « mon frère je bâtis en onze dix-neuf », « je mets le neuf sur la six
dis » were not understood, or only guessed and asked. Property over every exact test
sentence with a value in every game (each sentence with two openers and two closers in turn:
every word is checked in every game); « dis » stays a verb after a subject or a pronoun
(« qu'est-ce que tu dis »)."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, exact_meaning

OPENERS = ("ça joue", "té", "bon té", "tsé", "mon frère", "ma sœur", "mon gars")
CLOSERS = ("dis", "hein dis", "té", "mon frère", "ma sœur", "go", "allez go")
# « basta » said last ends the turn (tests/table/test_said_otherwise.py): not a word for nothing


@pytest.mark.parametrize("game", GAMES)
def test_a_regional_word_around_a_move_keeps_it(game: str) -> None:
    openers, closers = Rotation(OPENERS, per_case=2), Rotation(CLOSERS, per_case=2)
    said: set[str] = set()
    checked = 0
    for case in exact_cases(game):
        if not case.slots:
            continue
        text = case.text.rstrip(" ?.")
        meant = exact_meaning(game, text, case.intents)
        if meant is None:
            continue
        for opener in openers():
            assert exact_meaning(game, f"{opener} {text}", case.intents) == meant, (opener, text)
            said.add(opener)
            checked += 1
        for closer in closers():
            assert exact_meaning(game, f"{text} {closer}", case.intents) == meant, (text, closer)
            said.add(closer)
            checked += 1
    assert checked >= 40, checked
    assert not openers.missed(said) and not closers.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_dis_after_a_subject_is_the_verb(game: str) -> None:
    """« qu'est-ce que tu dis ? » asks to hear it again, in every game."""
    assert exact_meaning(game, "qu'est-ce que tu dis", frozenset({"repeat"})) == ("repeat", {})


@pytest.mark.parametrize("game", GAMES)
def test_a_question_asked_with_dis_moi_is_still_read(game: str) -> None:
    """Every exact test sentence asking something (no value) said after « dis-moi » reads
    as before: « dis » first is the verb, never a word for nothing."""
    checked = 0
    for case in exact_cases(game):
        text = case.text.rstrip(" ?.")
        if case.slots or not text.startswith("dis-moi "):
            continue
        assert exact_meaning(game, text, case.intents) == (case.intent, {}), text
        checked += 1
    assert checked >= 1, checked
