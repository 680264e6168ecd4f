"""Discourse openers ("moi", "ensuite", "et maintenant", "du coup") and possessives before a
card ("mon sept" for "le sept") keep the reading of the sentence, over every test sentence of
every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, infinitives, understood

OPENERS = (
    "moi",
    "ensuite",
    "et puis",
    "et maintenant",
    "du coup",
    "en fait",
    "euh alors",
    "bon euh moi",
    # openers of issue 16's third batch: the class, over every test sentence
    "ouais alors",
    "tiens",
    "eh bien",
    "allez",
    "bon allez",
    "d'abord",
    "je pense que",
    "écoute",
    # batch 20: a lost thread, a greeting, a doubt said before the move
    "attends où est-ce que j'en étais",
    "oui bonjour",
    "je sais plus trop",
    "je sais pas trop",
)
# batch 20: the outcome left to the game, said after the move
CLOSERS = ("et on verra", "on verra bien", "voilà voilà", "merci ludivox")
POSSESSIVE = {"le": "mon", "la": "ma"}  # "les deux" is "both", not "mes deux"


def _reading(game: str, text: str, intents: frozenset[str] | None
             ) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in understood(game, text, intents)[:1]]


@pytest.mark.parametrize("game", GAMES)
def test_an_opening_discourse_word_changes_nothing(game: str) -> None:
    """Every exact test sentence, each with three of the openers in turn (:class:`Rotation`,
    by intent): every opener is checked, on every intent with six sentences or more."""
    openers = Rotation(OPENERS, per_case=3)
    checked = 0
    said: set[str] = set()
    for case in exact_cases(game):
        meant = _reading(game, case.text, case.intents)
        for opener in openers(case.intent):
            text = f"{opener} {case.text}"
            best = understood(game, text, case.intents)[:1]
            if best and best[0].text.startswith(opener):
                continue  # a template's own words: « ensuite c'est à qui » asks who is next
            assert _reading(game, text, case.intents) == meant, f"{text!r}"
            checked += 1
            said.add(opener)
    assert checked > 100
    assert not openers.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_a_closing_word_said_for_nothing_changes_nothing(game: str) -> None:
    """Every exact test sentence that is no yes / no, with one of :data:`CLOSERS` after it in
    turn (:class:`Rotation`, by intent): every closer is checked."""
    closers = Rotation(CLOSERS)
    said: set[str] = set()
    for case in exact_cases(game):
        meant = _reading(game, case.text, case.intents)
        if not meant or meant[0][0] in ("yes", "no"):
            continue
        for closer in closers(case.intent):
            text = f"{case.text.rstrip(' ?.')} {closer}"
            assert _reading(game, text, case.intents) == meant, f"{text!r}"
            said.add(closer)
    assert not closers.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_a_possessive_before_a_value_reads_as_the_article(game: str) -> None:
    lang = grammar(game).language
    checked = 0
    for case in exact_cases(game):
        words = [t.text for t in lang.tokens(case.text)]
        spots = [
            i
            for i in range(len(words) - 1)
            if words[i] in POSSESSIVE and lang.number_value(words[i + 1]) is not None
        ]
        if not spots:
            continue
        changed = [POSSESSIVE[w] if i in spots else w for i, w in enumerate(words)]
        text = " ".join(changed)
        assert _reading(game, text, case.intents) == _reading(game, case.text, case.intents), text
        checked += 1
    assert checked >= 2


MODALS = ("je vais", "je voudrais", "j'aimerais", "il faut que je", "est-ce que tu pourrais",
          "vous pouvez", "je voulais")


@pytest.mark.parametrize("game", GAMES)
def test_an_intention_before_the_verb_keeps_the_move(game: str) -> None:
    """ "je pose le sept ..." said "je vais poser le sept ...": the same move, over every test
    sentence that starts with "je" and a verb of the game (its infinitive taken from the same
    meaning group of the language data)."""
    infinitive = infinitives(grammar(game).language)
    checked = 0
    for case in exact_cases(game):
        words = case.text.split()
        if len(words) < 3 or words[0] != "je" or words[1] not in infinitive:
            continue
        meant = _reading(game, case.text, case.intents)
        if not meant or meant[0][0] != case.intent:
            continue
        rest = " ".join(words[2:])
        for modal in MODALS:
            text = f"{modal} {infinitive[words[1]]} {rest}"
            assert _reading(game, text, case.intents) == meant, text
            checked += 1
    assert checked >= 4 * 5, checked


@pytest.mark.parametrize("game", GAMES)
def test_an_answer_word_then_a_closing_filler_reads_as_the_answer(game: str) -> None:
    """"Ouais merci", "ok merci hein": an opening word that is an answer said alone ("ouais",
    "ok", "d'accord") keeps its meaning before closing fillers only, for every such word and
    every closing filler of the language."""
    g = grammar(game)
    lang = g.language
    answers = {" ".join(p): g.understand(" ".join(p))[:1] for p in lang.leading_fillers}
    answers = {said: got for said, got in answers.items() if got and got[0].cost == 0}
    assert {"ouais", "ok"} <= set(answers)
    for said, alone in answers.items():
        for closer in lang.trailing_fillers:
            text = f"{said} {' '.join(closer)}"
            got = g.understand(text)[:1]
            assert [(i.name, i.slots) for i in got] == [(i.name, i.slots) for i in alone], text
