"""What players say around the words that matter (batch 22 of the natural corpus): an
exclamation before the sentence (« oh zut », « purée », « bon ben tant pis ») or a word of
certainty after it (« pour sûr », « asteure »), a verb of the game in the future (« je
tisserai », « je bâtirai »: the move said now), a question asked with « peut-on savoir » or
inverted (« dois-je », « y a-t-il »). Properties over every exact test sentence of every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, understood

from ludivox.grammars import frames

EXCLAMATIONS = ("oh zut", "zut", "mince alors", "purée", "ouf", "bon ben tant pis", "la vache",
                "oh punaise")
CLOSINGS = ("pour sûr", "asteure", "quand même")
AFTER_SAVOIR = {"qui", "combien", "quel", "quelle", "quels", "quelles", "où", "comment",
                "pourquoi", "le", "la", "les", "mon", "ma", "mes", "si"}
"""How what one wants to know starts after « savoir » (« peut-on savoir qui mène »)."""
IRREGULAR = {"mets", "met", "fais", "fait", "vais", "suis", "dis", "peux", "veux", "dois", "vois"}
"""Present forms whose future is not their stem and « rai » (« mettrai », « ferai »)."""


def _reading(game: str, text: str, intents: frozenset[str] | None
             ) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in understood(game, text, intents)[:1]]


@pytest.mark.parametrize("game", GAMES)
def test_an_exclamation_before_or_a_closing_after_changes_nothing(game: str) -> None:
    opening, closing = Rotation(EXCLAMATIONS), Rotation(CLOSINGS)
    said: set[str] = set()
    ended: set[str] = set()
    for case in exact_cases(game):
        meant = _reading(game, case.text, case.intents)
        if not meant or meant[0][0] in ("yes", "no"):
            continue
        (first,), (last,) = opening(case.intent), closing(case.intent)
        for text in (f"{first} {case.text}", f"{case.text.rstrip(' ?.!')} {last}"):
            assert _reading(game, text, case.intents) == meant, f"{text!r}"
        said.add(first)
        ended.add(last)
    assert not opening.missed(said) and not closing.missed(ended)


def _future(word: str) -> str | None:
    """The first-person future of a present form: « pose » -> « poserai », « bâtis » ->
    « bâtirai », « vends » -> « vendrai »; None for an irregular verb."""
    if word in IRREGULAR or len(word) < 4:
        return None
    if word.endswith("e"):
        return f"{word}rai"
    if word.endswith("is") or word.endswith("ds"):
        return f"{word[:-1]}rai"
    return None


def test_a_verb_of_the_game_in_the_future_is_the_move_said_now() -> None:
    checked = 0
    verbs: set[str] = set()
    for game in GAMES:
        for case in exact_cases(game):
            words = case.text.split()
            if len(words) < 3 or words[0] != "je":
                continue
            future = _future(words[1])
            meant = _reading(game, case.text, case.intents)
            if future is None or not meant or meant[0][0] in ("yes", "no"):
                continue
            text = " ".join(["je", future, *words[2:]])
            assert _reading(game, text, case.intents) == meant, f"{text!r}"
            verbs.add(words[1])
            checked += 1
    assert checked > 50 and len(verbs) > 10, (checked, verbs)


@pytest.mark.parametrize("frame", ["peut-on savoir", "est-ce qu'on peut savoir",
                                   "je voudrais savoir"])
def test_a_question_asked_with_savoir_is_the_question(frame: str) -> None:
    """Every exact question of every game, with a word more (« au juste ») so that the
    grammar reads it by its words (its topic reading), said after the frame: read as a
    question (never nothing, never a move), the same one as without the frame when that
    reading alone is no question."""
    checked = 0
    for game in GAMES:
        g = grammar(game)
        for case in exact_cases(game):
            if not frames.questions({case.intent}) or case.text.split()[0] not in AFTER_SAVOIR:
                continue
            text = f"{case.text.rstrip(' ?.!')} au juste"
            alone = [i.name for i in g.topic(text, case.intents)[:1]]
            if alone != [case.intent]:
                continue
            said = [i.name for i in g.topic(f"{frame} {text}", case.intents)[:1]]
            assert said and frames.questions(set(said)), f"{frame} {text}"
            checked += 1
    assert checked > 30


@pytest.mark.parametrize(("inverted", "plain"), [("qu'a-t-il", "qu'est-ce qu'il a"),
                                                 ("qu'a-t-elle", "qu'est-ce qu'elle a")])
def test_an_inverted_question_is_the_question_said_plainly(inverted: str, plain: str) -> None:
    checked = 0
    for game in GAMES:
        for case in exact_cases(game):
            if not case.text.startswith(plain + " "):
                continue
            text = inverted + case.text[len(plain):]
            assert _reading(game, text, case.intents) == _reading(
                game, case.text, case.intents), text
            checked += 1
    assert checked > 0
