"""Batch 24's Kingsbridge moves said in other frames: a card tried is placed (« je tente le
quatre cinq six sur la première colonne »), cards said first as held then taken up by a
pronoun (« j'ai deux petits, le deux et le trois, je les mets dans la colonne vide »,
« il me reste le neuf, je le mets sur la six »), a column said with what it holds without
« celle » (« la colonne cinq avec le sept toute seule, je vais la glisser sur la trois »):
over the placements and whole-column moves of a seeded playout, each form is the move at
once; a card that does not fit, or a column that does not hold what is said, changes
nothing."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Move, Place
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

TRIED = ("je tente le {cards} sur la colonne {column}",
         "tente le {cards} sur la {column}",
         "bon je tente mon {cards} au bout de la {column}",
         "j'essaie le {cards} sur la colonne {column}",
         "je tente de poser le {cards} sur la {column}")
HELD = ("j'ai {cards} je {pronoun} mets sur la colonne {column}",
        "il me reste {cards} je {pronoun} pose sur la {column}",
        "j'ai encore {cards}, je vais {pronoun} mettre sur la colonne {column}")
PAIR = "j'ai deux petits {cards} je les mets sur la colonne {column}"
ONLY = ("la colonne {source} avec le {card} tout seul je vais la glisser sur la {target}",
        "la colonne {source} avec le {card} toute seule, je la déplace sur la colonne {target}",
        "la {source} avec juste le {card} je la pousse sur la {target}")
HOLDS = ("la colonne {source} qui a le {card} je la déplace sur la colonne {target}",
         "la colonne {source} qui finit par le {card}, je vais la glisser sur la {target}")


def _positions() -> list[Any]:
    return list(itertools.islice(playout("kingsbridge", "tried-and-held"), 0, 600, 15))


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def _cards(cards: tuple[int, ...]) -> str:
    return " et ".join(f"le {word(c)}" for c in cards)


def _is(state: Any, text: str, action: Any) -> None:
    expected, _ = ENGINE.apply(state, action)
    after, said = _heard(state, text)
    assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_a_card_tried_is_placed() -> None:
    checked = 0
    forms = itertools.cycle(TRIED)
    for state in _positions():
        places = [a for a in ENGINE.legal_actions(state) if isinstance(a, Place) and not a.aside]
        for action in places[:3]:
            form = next(forms)
            cards = " ".join(word(c) for c in action.cards)
            _is(state, form.format(cards=cards, column=word(action.column)), action)
            checked += 1
    assert checked >= 40


def test_a_card_tried_that_does_not_fit_changes_nothing() -> None:
    checked = 0
    for state in _positions()[:8]:
        legal = {(a.cards, a.column) for a in ENGINE.legal_actions(state) if isinstance(a, Place)}
        hand = sorted(set(state.players[state.turn].hand))
        for card, column in itertools.product(hand, range(1, len(state.columns) + 1)):
            if ((card,), column) not in legal:
                after, said = _heard(state, f"je tente le {word(card)} sur la {word(column)}")
                assert after == state, (card, column, said)
                checked += 1
    assert checked >= 20


def test_cards_said_as_held_then_taken_up_are_placed() -> None:
    checked = 0
    forms = itertools.cycle(HELD)
    for state in _positions():
        places = [a for a in ENGINE.legal_actions(state) if isinstance(a, Place) and not a.aside]
        for action in places[:3]:
            pronoun = "le" if len(action.cards) == 1 else "les"
            text = next(forms).format(cards=_cards(action.cards), pronoun=pronoun,
                                      column=word(action.column))
            _is(state, text, action)
            checked += 1
            if len(action.cards) == 2:
                _is(state, PAIR.format(cards=_cards(action.cards),
                                       column=word(action.column)), action)
    assert checked >= 40


def test_a_column_said_with_what_it_holds_is_moved_whole() -> None:
    checked = refused = 0
    for state in _positions():
        moves = [a for a in ENGINE.legal_actions(state) if isinstance(a, Move) and a.start == 0]
        for n, action in enumerate(moves[:4]):
            column = state.columns[action.source - 1]
            names = {"source": word(action.source), "target": word(action.target)}
            if len(column) == 1:
                form = ONLY[n % len(ONLY)]
                _is(state, form.format(card=word(value(column[0])), **names), action)
                other = value(column[0]) % 13 + 1
                after, said = _heard(state, form.format(card=word(other), **names))
                assert after == state, (form, said)
                refused += 1
            else:
                form = HOLDS[n % len(HOLDS)]
                _is(state, form.format(card=word(value(column[-1])), **names), action)
            checked += 1
    assert checked >= 15 and refused >= 3
