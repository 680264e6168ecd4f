"""A card of the hand placed in the words players use for it (batch 17: « je descends mon
sept sur la troisième colonne », « je balance mon neuf au bout de la six », « le onze, je
l'accroche derrière le dix de la deuxième colonne », « j'envoie mon huit sur la colonne
cinq », « je boucle la colonne une avec mon treize »): over every one-card placement of a
seeded playout, each verb and form is that placement at once; a card that does not fit, or
a last card said that the column does not end with, is refused and nothing changes."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Place
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

VERBS = ("descends", "balance", "colle", "envoie")
FORMS = (
    "je {verb} le {card} sur la colonne {column}",
    "du coup je {verb} mon {card} au bout de la {column}",
    "j'accroche le {card} sur la colonne {column}",
    "j'envoie mon {card} sur la colonne {column}",
    "le {card}, je le {verb} sur la colonne {column}",
    "le {card}, je l'accroche sur la colonne {column}",
    "je boucle la colonne {column} avec mon {card}",
    "je ferme la colonne {column} avec le {card}",
)
AFTER = ("le {card}, je l'accroche derrière le {last} de la colonne {column}",
         "mon {card}, je le descends derrière le {last} de la colonne {column}")


def _placements() -> list[tuple[Any, Place]]:
    found: list[tuple[Any, Place]] = []
    for state in itertools.islice(playout("kingsbridge", "placing-verbs"), 0, 600, 12):
        found += [(state, a) for a in ENGINE.legal_actions(state)
                  if isinstance(a, Place) and len(a.cards) == 1]
    return found


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def test_each_verb_and_form_is_the_placement_at_once() -> None:
    placements = _placements()
    assert len(placements) >= 40
    forms = itertools.cycle(itertools.product(FORMS, VERBS))
    for (state, action), (form, verb) in zip(placements * 2, forms, strict=False):
        text = form.format(verb=verb, card=word(action.cards[0]), column=word(action.column))
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def last_card_checked(forms: tuple[str, ...]) -> int:
    """Each form (``{card}``, ``{last}``, ``{column}``) over the one-card placements on a
    non-empty column: the column's last card said is the placement; another is refused
    (``column_ends_otherwise``) and nothing changes. How many were checked."""
    checked = 0
    for (state, action), form in zip(_placements(), itertools.cycle(forms), strict=False):
        column = state.columns[action.column - 1]
        if not column:
            continue
        last = value(column[-1])
        card, target = word(action.cards[0]), word(action.column)
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, form.format(card=card, last=word(last), column=target))
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (form, said)
        wrong = last - 1 if last > 1 else last + 1
        text = form.format(card=card, last=word(wrong), column=target)
        after, said = _heard(state, text)
        assert after == state and "column_ends_otherwise" in said, (text, said)
        checked += 1
    return checked


def test_the_last_card_said_is_checked() -> None:
    assert last_card_checked(AFTER) >= 20


def test_a_card_that_does_not_fit_is_refused() -> None:
    checked = 0
    for state in itertools.islice(playout("kingsbridge", "placing-verbs"), 0, 60, 12):
        legal = {(a.cards, a.column) for a in ENGINE.legal_actions(state) if isinstance(a, Place)}
        hand = sorted(set(state.players[state.turn].hand))
        for card, column in itertools.product(hand, range(1, len(state.columns) + 1)):
            if ((card,), column) in legal:
                continue
            text = f"je descends le {word(card)} au bout de la {word(column)}"
            after, said = _heard(state, text)
            assert after == state, (text, said)
            checked += 1
    assert checked >= 20
