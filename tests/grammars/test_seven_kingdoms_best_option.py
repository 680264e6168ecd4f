"""7 Kingdoms: the coach asked for the best choice in other words (issue 16, batch 23:
« c'est quoi la meilleure option pour moi » was answered with the score).

Every frame of the question with every name of the choice and every tail is read exactly as
the coach's question, never as the score."""

from __future__ import annotations

import itertools

from grammar_helpers import grammar

G = grammar("seven_kingdoms", "fr")
FRAMES = ("quel est", "quelle est", "c'est quoi", "ce serait quoi")
CHOICES = ("le meilleur choix", "la meilleure option", "la meilleure solution",
           "la bonne option", "le bon choix", "la meilleure chose à faire")
TAILS = ("", " pour moi", " à ma place", " ce tour-ci", " maintenant")


def _coach(said: str) -> None:
    found = G.understand(said)
    assert found and found[0].name == "ask_coach" and found[0].cost == 0, (said, found[:1])


def test_the_best_choice_asked_is_the_coach() -> None:
    for frame, choice, tail in itertools.product(FRAMES, CHOICES, TAILS):
        _coach(f"{frame} {choice}{tail}")


def test_what_is_best_asked_is_the_coach() -> None:
    for frame, tail in itertools.product(
            ("qu'est-ce qui est le mieux", "qu'est-ce qui serait le mieux", "c'est quoi le mieux",
             "le mieux c'est quoi"), TAILS):
        _coach(f"{frame}{tail}")
