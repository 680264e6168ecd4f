"""What a character is for, all the columns with their count, the end said twice (batch 18:
« le roi Ethelred pour mon treize », « je prends Edgar comme joker, un quatre sur la
première », « c'est quoi les six colonnes en ce moment ? », « bon ben neuf sur six c'est
tout, à toi Paul »): each form does what the plain form does, over the characters' uses of
dealt solo positions, the columns of a seeded playout and its placements."""

from __future__ import annotations

import itertools

from table_helpers import ENGINE, keys, make_table, word
from test_kingsbridge_character_words import COLUMNS, _same, _solo, edgar_said_as_plainly
from test_kingsbridge_moves_said_first import _heard
from test_kingsbridge_placing_verbs import _placements

from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar

EDGAR = ("je prends Edgar comme joker, un {card} sur la colonne {column}",
         "Edgar en joker, le {card} sur la {column}",
         "Edgar pour un {card} sur la colonne {column}")
# the plain form of each character used with cards only, and the same said with « pour »
FOR = {"ethelred": ("j'utilise le roi pour poser le {card} sur une nouvelle colonne",
                    ("le roi Ethelred pour mon {card}", "j'utilise Ethelred pour le {card}")),
       "wilwulf": ("j'utilise Wilwulf pour garder le {card}",
                   ("Wilwulf pour mon {card}", "je prends Wilwulf pour le {card}"))}
COLUMNS_ASKED = ("c'est quoi les six colonnes en ce moment ?", "lis-moi les six colonnes",
                 "quelles sont toutes les six colonnes ?", "redis-moi les 6 colonnes")
ENDS = ("{move} c'est tout, à toi {name}", "{move}, ce sera tout, à toi {name}",
        "{move}, j'ai fini, à {name}")


def test_edgar_said_as_a_joker_with_his_card(grammar: Grammar) -> None:
    assert edgar_said_as_plainly(grammar, EDGAR) >= 20


def test_a_character_said_with_the_cards_it_is_for(grammar: Grammar) -> None:
    changed = 0
    for (character, (plain, forms)), columns in itertools.product(FOR.items(), COLUMNS):
        state = _solo((character, "gytha", "den"), columns)
        for card, form in itertools.product(range(1, 14), forms):
            changed += _same(grammar, state, plain.format(card=word(card)),
                             form.format(card=word(card)))
    assert changed >= 10


def test_all_the_columns_asked_with_their_count(grammar: Grammar) -> None:
    for state, _ in _placements()[::20]:
        if len(state.columns) != 6:
            continue
        for text in COLUMNS_ASKED:
            t = make_table(grammar, state)
            assert keys(t.hear(text, seat=state.turn)) == ["answer.columns"], text
            assert t.state == state


def test_a_move_then_the_end_said_twice_hands_the_turn_over() -> None:
    names = ("Anne", "Paul")  # the playout's players
    checked = 0
    for (state, action), form in zip(_placements()[::3], itertools.cycle(ENDS), strict=False):
        move = f"{word(action.cards[0])} sur {word(action.column)}"
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, form.format(move=move, name=names[1 - state.turn]))
        assert after.columns == expected.columns, (form, said)
        assert after.turn == 1 - state.turn, (form, said)
        # a card that does not fit there: nothing is done, not even the end
        wrong = next(n for n in range(1, 7) if n != action.column and all(
            a.column != n or a.cards != action.cards for a in ENGINE.legal_actions(state)
            if isinstance(a, Place)))
        said_wrong = form.format(move=f"{word(action.cards[0])} sur {word(wrong)}",
                                 name=names[1 - state.turn])
        after, said = _heard(state, said_wrong)
        assert after == state, (said_wrong, said)
        checked += 1
    assert checked >= 10
