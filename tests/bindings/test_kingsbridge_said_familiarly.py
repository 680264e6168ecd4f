"""Moves said as players do at a table (batch 18: « le sept je le fous sur la colonne
quatre », « mon treize termine la première colonne », « le onze derrière le dix, deuxième
colonne », « le sept tout seul de la cinq, tu me le mets sur la trois », « je déménage la
dernière colonne dans celle qui est vide »): over the placements and moves of a seeded
playout, each form is that move at once; a card said after that the column does not end
with, or a column said empty that is not, is refused and nothing changes."""

from __future__ import annotations

import itertools

from table_helpers import ENGINE, position, word
from test_kingsbridge_moves_said_first import _heard, _moves
from test_kingsbridge_placing_verbs import _placements, last_card_checked

from ludivox.engines.kingsbridge.actions import Move, Place
from ludivox.engines.kingsbridge.state import value

# familiar verbs for putting a card down, and « je case », « je remets »
VERBS = ("fous", "fiche", "flanque", "cale", "case", "remets", "loge", "greffe")
FORMS = (
    "le {card} je le {verb} sur la colonne {column}",
    "je {verb} mon {card} au bout de la {column}",
    "mon {card}, tu me le {verb} sur la colonne {column}",
    # the card as the subject of the column's end
    "mon {card} termine la colonne {column}",
    "j'enfile le {card} sur la colonne {column}",
    "le {card} complète la {column}",
    "le {card} prolonge la colonne {column}",
)
ORDINALS = ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième")
# the card followed, then the column with no word between
AFTER = ("le {card} derrière le {last}, colonne {column}",
         "je pose le {card} après le {last}, la colonne {column}")
ONE = ("le {last} tout seul de la {source}, tu me le mets sur la {target}",
       "le {last} tout seul de la colonne {source}, tu le mets sur la colonne {target}",
       "le {last} tout seul de la colonne {source}, je le fous sur la {target}",
       "je ramène le {last} tout seul de la colonne {source} sur la {target}")
EMPTY = ("je déménage la colonne {source} dans celle qui est vide",
         "je déplace la colonne {source} sur celle qui est vide")


def test_each_verb_and_form_is_the_placement_at_once() -> None:
    placements = _placements()
    forms = itertools.cycle(itertools.product(FORMS, VERBS))
    checked = 0
    for (state, action), (form, verb) in zip(placements * 2, forms, strict=False):
        text = form.format(verb=verb, card=word(action.cards[0]), column=word(action.column))
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
        checked += 1
    assert checked >= 80


def test_the_column_said_by_its_rank_after_the_card_followed() -> None:
    checked = 0
    for state, action in _placements()[::2]:
        column = state.columns[action.column - 1]
        if not column or len(state.columns) > 6:
            continue
        last = value(column[-1])
        text = (f"le {word(action.cards[0])} derrière le {word(last)}, "
                f"{ORDINALS[action.column - 1]} colonne")
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
        checked += 1
    assert checked >= 10
    assert last_card_checked(AFTER) >= 20


def test_a_card_of_a_column_moved_alone_said_first() -> None:
    checked = 0
    for state, action, column in _moves():
        if action.start != len(column) - 1:
            continue
        expected, _ = ENGINE.apply(state, action)
        for form in ONE:
            text = form.format(last=word(column[-1]), source=word(action.source),
                               target=word(action.target))
            after, said = _heard(state, text)
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
            # a card the column does not end with: nothing moves
            wrong = column[-1] - 1 if column[-1] > 1 else column[-1] + 1
            after, said = _heard(state, form.format(last=word(wrong), source=word(action.source),
                                                    target=word(action.target)))
            assert after == state, (form, said)
            checked += 1
    assert checked >= 20


def test_a_column_moved_onto_the_one_said_empty() -> None:
    columns = [[1, 2, 3], [8, 9, 10], [], [4, 5, 6], [7], [6, 7, 8]]
    players = [{"hand": [2, 3, 7, 9, 11, 13], "pile": [1, 5]}, {"hand": [1, 4], "pile": [2]}]
    state = position(columns=columns, players=players)
    moves = [a for a in ENGINE.legal_actions(state) if isinstance(a, Move) and a.target == 3]
    assert len(moves) >= 4
    for action, form in itertools.product(moves, EMPTY):
        if action.start:
            continue
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, form.format(source=word(action.source)))
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (form, said)
    # no column is empty: nothing moves
    full = position(columns=[[1, 2, 3], [8, 9, 10], [12], [4, 5, 6], [7], [6, 7, 8]],
                    players=players)
    for form in EMPTY:
        after, said = _heard(full, form.format(source="six"))
        assert after == full, (form, said)


def test_a_card_that_does_not_fit_is_refused() -> None:
    checked = 0
    for state, _ in _placements()[::15][:5]:
        legal = {(a.cards, a.column) for a in ENGINE.legal_actions(state) if isinstance(a, Place)}
        hand = sorted(set(state.players[state.turn].hand))
        for card, column in itertools.product(hand, range(1, len(state.columns) + 1)):
            if ((card,), column) in legal:
                continue
            for text in (f"le {word(card)} je le fous sur la colonne {word(column)}",
                         f"mon {word(card)} termine la colonne {word(column)}"):
                after, said = _heard(state, text)
                assert after == state, (text, said)
                checked += 1
    assert checked >= 20

