"""The questions before a new game, answered the way people answer (real French grammar)."""

from __future__ import annotations

import pytest

from ludivox.grammars.grammar import Grammar
from ludivox.grammars.names import said_name
from ludivox.table.new_game import (
    STOP,
    Again,
    NewGame,
    ask_new_game,
    read_count,
    read_name,
    read_table_mode,
)

YES = (
    "oui",
    "ouais",
    "oui, des vraies cartes",
    "oui de vraies cartes",
    "on a les cartes",
    "avec de vraies cartes",
    "euh oui",
    "oui, on a tout ce qu'il faut",
    "on a la boîte",
    "oui j'ai le jeu",
)
NO = (
    "non",
    "non, c'est toi qui distribues",
    "c'est toi qui distribues",
    "distribue toi-même",
    "pas de vraies cartes",
    "non merci",
    "on n'a pas de cartes",
    "on a pas le jeu",
    "on joue en virtuel",
)
COUNTS = {
    "deux": 2,
    "2": 2,
    "on est deux": 2,
    "nous sommes trois": 3,
    "trois joueurs": 3,
    "on joue à quatre": 4,
    "il y a cinq joueurs": 5,
    "un": 1,
    "on va être trois": 3,
    "on est à trois": 3,
    "à deux": 2,
    "je joue seule": 1,
    "juste moi": 1,
}
NAMES = {
    "Marie": "Marie",
    "marie": "Marie",
    "c'est Paul": "Paul",
    "je m'appelle Léa": "Léa",
    "moi c'est jean-pierre": "Jean-Pierre",
    "euh Anne": "Anne",
    "elle s'appelle Zoé": "Zoé",
    "appelle-moi Hélène s'il te plaît": "Hélène",
    "Anne Marie": "Anne Marie",
    "alors moi je suis Marie": "Marie",
    "moi, je m'appelle Paul": "Paul",
}


@pytest.mark.parametrize("said", YES)
def test_real_cards_said_in_a_sentence(grammar: Grammar, said: str) -> None:
    assert read_table_mode(grammar, said) is True


@pytest.mark.parametrize("said", NO)
def test_dealt_by_the_assistant_said_in_a_sentence(grammar: Grammar, said: str) -> None:
    assert read_table_mode(grammar, said) is False


@pytest.mark.parametrize("said", COUNTS)
def test_a_count_in_words_or_in_a_sentence(grammar: Grammar, said: str) -> None:
    assert read_count(grammar, said) == COUNTS[said]


@pytest.mark.parametrize("said", NAMES)
def test_a_name_in_a_sentence_is_the_name_alone(grammar: Grammar, said: str) -> None:
    assert read_name(grammar, said) == NAMES[said]


def test_answers_that_do_not_answer_say_why(grammar: Grammar) -> None:
    assert read_table_mode(grammar, "peut-être") == Again("setup.mode_expected")
    assert read_count(grammar, "on est sept") == Again("setup.count_range", {"count": 7, "most": 5})
    assert read_count(grammar, "beaucoup") == Again("setup.count_expected", {"most": 5})
    assert read_count(grammar, "zéro") == Again("setup.count_range", {"count": 0, "most": 5})
    for not_a_name in ("oui", "le sept", "je pose le sept sur la trois", "12", "je m'appelle"):
        assert read_name(grammar, not_a_name) == Again("setup.name_expected"), not_a_name
    assert read_name(grammar, "c'est anne", taken=["Anne"]) == Again(
        "setup.name_taken", {"name": "Anne"}
    )
    for key in ("setup.mode_expected", "setup.name_expected"):
        assert grammar.say(key)  # each reason is a French sentence
    assert "sept" in grammar.say("setup.count_range", count=7, most=5)


def test_on_arrete_leaves_and_repete_asks_again(grammar: Grammar) -> None:
    for read in (read_table_mode, read_count, read_name):
        assert read(grammar, "on arrête") is STOP
        assert read(grammar, "répète") == Again()


def _run(grammar: Grammar, answers: list[str | None]) -> tuple[NewGame | None, list[str]]:
    heard: list[str] = []
    feed = iter(answers)

    def ask(question: str) -> str | None:
        heard.append(question)
        return next(feed, None)

    result = ask_new_game(grammar, ask, heard.append, ["Joueur 1", "Joueur 2", "Joueur 3"])
    return result, heard


def test_the_whole_set_up_by_sentences(grammar: Grammar) -> None:
    game, heard = _run(
        grammar,
        [
            "bof",
            "oui, des vraies cartes",
            "on est deux",
            "je m'appelle Marie",
            "Marie",
            "moi c'est Paul",
        ],
    )
    assert game == NewGame(table=True, names=("Marie", "Paul"))
    assert grammar.say("setup.mode_expected") in heard  # why the question came again
    assert grammar.say("setup.name_taken", name="Marie") in heard
    assert heard[-1] == grammar.say("setup.name_noted", name="Paul")


def test_a_name_left_empty_is_the_default_and_leaving_creates_nothing(
    grammar: Grammar,
) -> None:
    game, _ = _run(grammar, ["non", "deux", "", "Léa"])
    assert game == NewGame(table=False, names=("Joueur 1", "Léa"))
    for cut in (["non", "on arrête"], ["oui", "deux", "Anne", "on arrête"], ["oui"]):
        assert _run(grammar, cut)[0] is None, cut


def test_a_name_is_never_read_from_a_sentence_without_an_introduction(
    grammar: Grammar,
) -> None:
    language = grammar.language
    assert said_name(language, "appelle-moi Marie") == "Marie"
    for sentence in ("je pose le sept sur la trois", "c'est Paul", "Marie", "c'est à qui ?"):
        assert said_name(language, sentence) is None, sentence


@pytest.mark.parametrize("ending", ["appelle-moi comme ça", "c'est mon prénom", "voilà",
                                    "c'est comme ça que je m'appelle"])
def test_a_name_confirmed_after_it_is_the_name_alone(grammar: Grammar, ending: str) -> None:
    """ "moi c'est Annabelle, appelle-moi comme ça": the name, for every introduction of the
    language and every way to confirm it after, never the words that confirm it."""
    language = grammar.language
    for phrase in language.naming:
        said = f"{' '.join(phrase)} Annabelle, {ending}"
        assert said_name(language, said) == "Annabelle", said


def test_numbers_after_an_introduction_are_no_name(grammar: Grammar) -> None:
    """ "moi c'est un deux" (batch 18: a hex, « Qui a parlé ? » before): numbers and little
    words after any introduction of the language are never a name; a real name still is."""
    language = grammar.language
    for phrase in (*language.naming, *language.naming_answers):
        intro = " ".join(phrase)
        for said in ("un deux", "en dix-huit onze", "le sept", "la trois", "vingt", "les deux"):
            assert said_name(language, f"{intro} {said}", answering=True) is None, (intro, said)
        assert said_name(language, f"{intro} Annabelle", answering=True) == "Annabelle", intro
