"""Batch 24's Kingsbridge questions and character verb, read by the grammar over every
frame: the end of the game (« ça finit quand cette partie ? », « quand est-ce que la partie
se termine ? ») and its goal with or without its complement and « déjà » (« c'est quoi le but
déjà ? ») are the rule of winning; who has the fewest or the most cards (« qui a le moins
de cartes ? ») is the players' counts; a character brought out (« je sors Aldred », « on
sort Ragna ») is the character used, never another."""

from __future__ import annotations

import itertools

from grammar_helpers import grammar

from ludivox.engines.kingsbridge.state import CHARACTERS

SUBJECTS = ("ça", "la partie", "cette partie", "le jeu")
ENDS = ("finit", "se termine", "s'arrête")
END_FRAMES = ("{subject} {verb} quand", "{subject} {verb} quand déjà",
              "quand est-ce que {subject} {verb}", "à quel moment {subject} {verb}")
GAME_FIRST = ("quand {verb} la partie", "comment {verb} le jeu",
              "c'est quand la fin de la partie", "c'est quand la fin du jeu",
              "la partie elle {verb} quand", "ça {verb} quand cette partie")
GOALS = ("c'est quoi le but", "c'est quoi le but déjà", "quel est le but déjà",
         "c'est quoi déjà le but du jeu", "le but c'est quoi déjà",
         "le but de la partie c'est quoi")
WHO = ("qui", "c'est qui qui", "qui est-ce qui", "entre nous trois qui",
       "entre nous deux, c'est qui qui")
HAS = ("a le {most} de cartes", "en a le {most}", "a le {most} de cartes en main")
NAMES = {"aldred": "Aldred", "edgar": "Edgar", "wynstan": "Wynstan", "gytha": "Gytha",
         "agatha": "Mère Agatha", "ragna": "Ragna", "ethelred": "le roi Ethelred",
         "den": "le shérif", "wigelm": "Wigelm", "wilwulf": "Wilwulf"}


def _read(text: str) -> tuple[str, dict[str, object]]:
    found = grammar("kingsbridge", "fr").understand(text)
    assert found and found[0].cost == 0, (text, found[:1])  # as said, not a near reading
    return found[0].name, dict(found[0].slots)


def test_the_end_of_the_game_is_the_rule_of_winning() -> None:
    texts = [f.format(subject=s, verb=v)
             for f, s, v in itertools.product(END_FRAMES, SUBJECTS, ENDS)]
    texts += [f.format(verb=v) for f, v in itertools.product(GAME_FIRST, ENDS)]
    for text in texts:
        assert _read(text) == ("ask_rule", {"rule": "rule:win"}), text


def test_the_goal_asked_bare_or_again_is_the_rule_of_winning() -> None:
    for text in GOALS:
        assert _read(text) == ("ask_rule", {"rule": "rule:win"}), text


def test_who_has_the_fewest_or_most_cards_is_the_counts() -> None:
    for who, has, most in itertools.product(WHO, HAS, ("moins", "plus")):
        text = f"{who} {has.format(most=most)}"
        assert _read(text)[0] == "ask_counts", text


def test_a_character_brought_out_is_that_character_used() -> None:
    for character, verb in itertools.product(CHARACTERS, ("je sors", "on sort", "sors")):
        text = f"{verb} {NAMES[character]}"
        intent, slots = _read(text)
        assert (intent, slots.get("character")) == ("use_character", f"character:{character}"), (
            text, slots)
