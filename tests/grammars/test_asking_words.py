"""A sentence asks when it says one of the language's asking words *whole* ("quoi",
"qu'est-ce", "dis-moi"), never because it says a piece of one: "c'est parti pour le huit"
has the "est" of "qu'est-ce" and the "moi" of "dis-moi" in "bon, moi, je ...", and asks
nothing; read by its topic it was answered with the score."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars.frames import questions
from ludivox.grammars.topics import asks


@pytest.mark.parametrize("game", GAMES)
def test_each_asking_word_said_whole_asks_and_its_pieces_alone_do_not(game: str) -> None:
    lang = grammar(game).language
    phrases = set(lang.asking)
    for phrase in lang.asking:
        assert asks(lang, ["alors", *phrase, "le", "score"])
        for word in phrase:
            if (word,) not in phrases and len(phrase) > 1:
                assert not asks(lang, ["alors", word, "le", "score"]), (phrase, word)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_said_with_c_est_or_moi_is_never_answered_as_a_question(game: str) -> None:
    g = grammar(game)
    lang = g.language
    asked = questions(g.intent_names)
    for case in exact_cases(game):
        if case.intent is None or case.intent in asked or "?" in case.text:
            continue
        if asks(lang, [t.key for t in lang.tokens(case.text)]):
            continue
        for said in (f"c'est parti, {case.text}", f"bon, moi, {case.text}, c'est fait"):
            assert g.topic(said) == [], (str(case), said)
