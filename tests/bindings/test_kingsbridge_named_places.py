"""Columns named by their place and moves said by what they do (batch 22: « sur celle de
droite tout au bout je mets le neuf », « je finis la première avec mon treize », « mon treize
va fermer la première colonne », « je vais placer le deux et le trois dans la troisième celle
qui est vide »): the column on the right, said by its side, is the last one, as « la
dernière »; every verb of ending a column (« je finis », « j'achève », « mon sept va
finir ») is the placement at once; a column named by its rank then said to be the empty one
is started when it is empty and refused, with what it ends with, when it is not (never after a
column said by its number: see the grammar). Over dealt positions, every card of a hand and
every column."""

from __future__ import annotations

from typing import Any

from table_helpers import ENGINE, dealt_places, keys, make_table, word
from test_kingsbridge_start_column import HAND, _said, _state

from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar

SIDES = ("sur celle de droite tout au bout je mets {cards}",
         "je mets {cards} sur la colonne tout à droite",
         "je pose {cards} sur celle de droite",
         "{cards} sur celle du bout",
         "je pose {cards} sur la colonne la plus à droite")
ENDING = ("je finis la colonne {column} avec {cards}",
          "je finis la {column} avec {cards}",
          "j'achève la colonne {column} avec {cards}",
          "{cards} va finir la colonne {column}",
          "{cards} va terminer la {column}",
          "{cards} va boucler la colonne {column}")
ORDINALS = ("", "première", "deuxième", "troisième", "quatrième", "cinquième", "sixième")
EMPTY = ("je pose {cards} dans la {ordinal} celle qui est vide",
         "je vais placer {cards} dans la {ordinal} celle qui est vide",
         "je commence {cards} sur la {ordinal} c'est celle qui est vide")


def _places() -> list[tuple[Any, Place]]:
    return dealt_places(1, 80, 10, 60) + dealt_places(2, 30, 5, 60)


def _after(grammar: Grammar, state: Any, text: str) -> tuple[Any, list[str]]:
    table = make_table(grammar, state)
    says = table.hear(text)
    return table.state, keys(says)


def test_the_column_on_the_right_is_the_last_one(grammar: Grammar) -> None:
    checked = 0
    for n, (state, action) in enumerate(_places()):
        last = len(state.columns)
        text = SIDES[n % len(SIDES)].format(cards=_said(action.cards))
        after, said = _after(grammar, state, text)
        if action.column == last:
            expected, _ = ENGINE.apply(state, action)
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
            checked += 1
        elif Place(action.cards, last) in set(ENGINE.legal_actions(state)):
            expected, _ = ENGINE.apply(state, Place(action.cards, last))
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
        else:  # never another column than the last
            assert after == state, (text, said)
    assert checked >= 5


def test_every_verb_of_ending_a_column_places_at_once(grammar: Grammar) -> None:
    places = _places()
    for n, (state, action) in enumerate(places):
        cards = _said(action.cards).replace("le ", "mon ", 1) if n % 2 else _said(action.cards)
        text = ENDING[n % len(ENDING)].format(cards=cards, column=word(action.column))
        after, said = _after(grammar, state, text)
        expected, _ = ENGINE.apply(state, action)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_a_column_named_then_said_empty_is_checked(grammar: Grammar) -> None:
    runs = [(c,) for c in HAND] + [(2, 3), (12, 13)]
    for empty in range(1, 7):
        state = _state(empty)
        for n, cards in enumerate(runs):
            form = EMPTY[(n + empty) % len(EMPTY)]
            text = form.format(cards=_said(cards), ordinal=ORDINALS[empty], column=word(empty))
            after, said = _after(grammar, state, text)
            expected, _ = ENGINE.apply(state, Place(cards, empty))
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
            other = empty % 6 + 1  # a column that holds cards: refused, nothing changes
            text = form.format(cards=_said(cards), ordinal=ORDINALS[other], column=word(other))
            after, said = _after(grammar, state, text)
            assert after == state and said == ["column_not_empty"], (text, said)
