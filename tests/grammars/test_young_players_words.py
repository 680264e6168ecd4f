"""Words young players say for nothing (« genre », « en mode », « du coup », « trop bien »,
« carrément ») anywhere in a sentence, « nan » for « non », and number words a speech model
writes as another word that sounds the same (« le cette » for « le sept », « en vin » for
« en vingt », « trente saint » for « trente-cinq »): the reading stays the one of the sentence
as meant, over every test sentence of every game (batch 21 of the natural corpus)."""

from __future__ import annotations

import re

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, understood

TICS = ("genre", "du coup", "trop bien", "trop nul", "tsé", "ludi vox")
"""Said anywhere and meaning nothing: free wherever they are."""
ADVERBS = ("carrément", "direct", "grave", "en mode")
"""« right away », « totally », « like »: said before or after the sentence, for nothing."""

HOMOPHONES = (
    (re.compile(r"\b(le|la|en) sept\b"), r"\1 cette"),
    (re.compile(r"\ben vingt\b"), "en vin"),
    (re.compile(r"\bvingt (?=(un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)\b)"), "vin "),
    (re.compile(r"\b(trente|quarante|cinquante)[- ]cinq\b"), r"\1 saint"),
    (re.compile(r"\bje (la|le|les) mets\b"), r"je \1 mais"),
)
"""A number word (or « mets ») and the word a speech model writes for the same sound."""


def _reading(game: str, text: str, intents: frozenset[str] | None
             ) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in understood(game, text, intents)[:1]]


def _before_place(words: list[str]) -> list[int]:
    """Where a word may be slipped in mid-sentence: before the first preposition that opens
    a place ("je pose le sept | sur la trois"), after a word that is no article."""
    bound = {"le", "la", "les", "l'", "de", "du", "d'", "des", "un", "une", "au", "et"}
    places = {"sur", "en", "dans", "au", "à", "derrière", "après", "pour", "avec"}
    return [i for i in range(2, len(words))
            if words[i] in places and words[i - 1] not in bound][:1]


@pytest.mark.parametrize("game", GAMES)
def test_a_tic_said_anywhere_changes_nothing(game: str) -> None:
    """Every exact test sentence with one of :data:`TICS` at its start, before its place and
    at its end (in turn, :class:`Rotation`): the same reading, at no cost."""
    tics = Rotation(TICS)
    said: set[str] = set()
    checked = 0
    for case in exact_cases(game):
        meant = _reading(game, case.text, case.intents)
        if not meant or meant[0][0] in ("yes", "no"):
            continue
        words = case.text.rstrip(" ?.!").split()
        (tic,) = tics(case.intent)
        places = [0, len(words), *_before_place(words)]
        for at in places:
            text = " ".join([*words[:at], tic, *words[at:]])
            found = understood(game, text, case.intents)
            assert _reading(game, text, case.intents) == meant, f"{text!r}"
            assert found[0].cost == 0, f"{text!r}"
            checked += 1
        said.add(tic)
    assert checked > 100
    assert not tics.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_an_adverb_of_young_players_before_or_after_keeps_the_reading(game: str) -> None:
    """Every exact test sentence that is no yes / no, with one of :data:`ADVERBS` before it
    and after it (« en mode » only before: "passe en mode mains libres" is a command)."""
    adverbs = Rotation(ADVERBS)
    said: set[str] = set()
    for case in exact_cases(game):
        meant = _reading(game, case.text, case.intents)
        if not meant or meant[0][0] in ("yes", "no"):
            continue
        (adverb,) = adverbs(case.intent)
        for text in (f"{case.text.rstrip(' ?.!')} {adverb}", f"{adverb} {case.text}"):
            assert _reading(game, text, case.intents) == meant, f"{text!r}"
        said.add(adverb)
    assert not adverbs.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_nan_is_non(game: str) -> None:
    """Every exact test sentence that starts with « non » reads the same with « nan »."""
    checked = 0
    for case in exact_cases(game):
        if not case.text.startswith("non"):
            continue
        text = "nan" + case.text[3:]
        assert _reading(game, text, case.intents) == _reading(game, case.text, case.intents), \
            f"{text!r}"
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", GAMES)
def test_a_number_written_as_a_word_of_the_same_sound_is_the_number(game: str) -> None:
    """Every exact test sentence with « le sept », « en vingt », « vingt deux », « trente-cinq »
    or « je le mets », said as a speech model may write it (:data:`HOMOPHONES`): the same
    reading, at no cost (the sound is the same; only the spelling differs)."""
    checked = 0
    for case in exact_cases(game):
        meant = _reading(game, case.text, case.intents)
        for pattern, written in HOMOPHONES:
            text = pattern.sub(written, case.text)
            if text == case.text:
                continue
            found = understood(game, text, case.intents)
            assert _reading(game, text, case.intents) == meant, f"{text!r}"
            assert found[0].cost == 0, f"{text!r}"
            checked += 1
    assert checked >= 1 or game == "world_without_end"


def test_the_words_themselves_keep_their_meaning() -> None:
    """« cette colonne », « le vin », « mais » opening a sentence are not numbers nor verbs:
    only where the sound can only be the number is it read so."""
    said = "non mais cette colonne elle est vide ou pas"
    for game in GAMES:
        for found in understood(game, said)[:1]:
            assert "7" not in str(dict(found.slots).values()), (game, found)
