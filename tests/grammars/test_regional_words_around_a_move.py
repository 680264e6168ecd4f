"""A word of a region or of a group said to the table before or after a move carries nothing
the game acts on: Swiss « ça joue » (all right), southern « té », « tsé », « dis », a friend
called « mon frère » (West Africa, the suburbs), « basta », « go ». Before: « ça joue je mets le
neuf sur la six », « mon frère je bâtis en onze dix-neuf », « je mets le neuf sur la six
dis » were not understood, or only guessed and asked. Property over every exact test
sentence with a value in every game (each sentence with two openers and two closers in turn:
every word is checked in every game); « dis » stays a verb after a subject or a pronoun
(« qu'est-ce que tu dis »)."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, understood

OPENERS = ("ça joue", "té", "bon té", "tsé", "dis", "dis voir", "mon frère", "ma sœur",
           "mon gars")
CLOSERS = ("dis", "hein dis", "té", "mon frère", "ma sœur", "basta", "et basta", "go",
           "allez go")


def _top(game: str, text: str, intents: frozenset[str]) -> tuple[str, dict[str, object]] | None:
    found = understood(game, text, intents)
    return (found[0].name, dict(found[0].slots)) if found and found[0].cost == 0 else None


@pytest.mark.parametrize("game", GAMES)
def test_a_regional_word_around_a_move_keeps_it(game: str) -> None:
    openers, closers = Rotation(OPENERS, per_case=2), Rotation(CLOSERS, per_case=2)
    said: set[str] = set()
    checked = 0
    for case in exact_cases(game):
        if not case.slots:
            continue
        text = case.text.rstrip(" ?.")
        meant = _top(game, text, case.intents)
        if meant is None:
            continue
        for opener in openers():
            assert _top(game, f"{opener} {text}", case.intents) == meant, (opener, text)
            said.add(opener)
            checked += 1
        for closer in closers():
            assert _top(game, f"{text} {closer}", case.intents) == meant, (text, closer)
            said.add(closer)
            checked += 1
    assert checked >= 40, checked
    assert not openers.missed(said) and not closers.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_dis_after_a_subject_is_the_verb(game: str) -> None:
    """« qu'est-ce que tu dis ? » asks to hear it again, in every game."""
    assert _top(game, "qu'est-ce que tu dis", frozenset({"repeat"})) == ("repeat", {})
