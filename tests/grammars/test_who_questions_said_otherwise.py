"""Who leads, whose turn: questions about the players said in other words. « Qui mène ? »
said with the game as its object, a time and a spoken cleft (batch 31:
« qui c'est qui mène la partie pour l'instant » was read as the last moves): the same
question as « qui mène ? », in every game, for every way of asking who leads."""

from __future__ import annotations

import itertools

import pytest
from grammar_helpers import GAMES, grammar

ASKED = ("qui mène", "qui gagne", "qui est en tête")
OBJECTS = ("", " la partie", " le jeu")
OPENINGS = ("", "qui c'est ", "c'est qui ", "qui est-ce ")
TIMES = ("", " pour l'instant", " en ce moment")


@pytest.mark.parametrize("game", GAMES)
def test_who_leads_is_one_question_however_it_is_said(game: str) -> None:
    g = grammar(game)
    for asked in ASKED:
        meant = [(i.name, i.slots) for i in g.understand(asked)[:1]]
        assert meant, asked
        verb = asked.removeprefix("qui ")
        for obj, opening, time in itertools.product(OBJECTS, OPENINGS, TIMES):
            if obj and verb == "est en tête":
                obj = " de la partie" if obj == " la partie" else ""
            text = f"{opening}qui {verb}{obj}{time}" if opening else f"qui {verb}{obj}{time}"
            got = g.understand(text)[:1]
            assert [(i.name, i.slots) for i in got] == meant and got[0].cost == 0, text


WHOSE_TURN = ("c'est à qui de se servir", "c'est à qui de tirer", "c'est à qui d'y aller",
              "ça tombe sur qui", "ça va tomber sur qui", "c'est à qui de jouer")


@pytest.mark.parametrize("game", GAMES)
def test_whose_turn_is_one_question_however_it_is_said(game: str) -> None:
    """Batch 31: « c'est à qui de se servir maintenant », « après moi ça tombe sur qui » were
    not understood: the same questions as « c'est à qui ? » and « c'est à qui après moi ? »."""
    g = grammar(game)
    turn = [(i.name, i.slots) for i in g.understand("c'est à qui")[:1]]
    after = [(i.name, i.slots) for i in g.understand("c'est à qui après moi")[:1]]
    assert turn and after
    for asked, time in itertools.product(WHOSE_TURN, TIMES):
        for text, meant in ((f"{asked}{time}", turn), (f"après moi {asked}{time}", after)):
            got = g.understand(text)[:1]
            assert [(i.name, i.slots) for i in got] == meant and got[0].cost == 0, text
