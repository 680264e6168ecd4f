"""A card of the hand placed in the ways batch 19's players said it (« sur la quatrième je
colle mon sept », « quatre cinq six à la file sur la colonne une », « le treize pour boucler
la une », « j'ajoute le onze après le dix, c'est la deuxième colonne », « mon petit quatre je
vais le mettre après le trois », « je range le cinq derrière le quatre de la première »,
« dans la colonne qui est vide je démarre avec le deux »): over the placements of a seeded
playout each form is that placement at once; a last card said that the column does not end
with is refused and nothing changes."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Place
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

ORDINALS = ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième",
            "septième")
ONE = (  # {card}, {column} (a number), {ordinal}
    "sur la {ordinal} je colle mon {card}",
    "sur la colonne {column} je colle le {card}",
    "le {card} pour boucler la {column}",
    "mon {card} pour terminer la colonne {column}",
    "mon petit {card} je vais le mettre sur la {column}",
    "le {card}, je veux le poser sur la colonne {column}",
    "je range le {card} sur la {ordinal}",
)
AFTER = (  # {last}: the column's last card
    "j'ajoute le {card} après le {last}, c'est la {ordinal} colonne",
    "le {card} derrière le {last}, c'est la colonne {column}",
    "mon petit {card} je vais le mettre après le {last} de la {column}",
    "moi je range le {card} derrière le {last} de la {ordinal}",
)
SEVERAL = (  # {cards}: the cards said one after the other
    "{cards} à la file sur la colonne {column}",
    "je pose {cards} à la file sur la {ordinal}",
)


def _placements(size: int) -> list[tuple[Any, Place]]:
    found: list[tuple[Any, Place]] = []
    for state in itertools.islice(playout("kingsbridge", "said-around"), 0, 600, 10):
        found += [(state, a) for a in ENGINE.legal_actions(state)
                  if isinstance(a, Place) and len(a.cards) == size]
    return found


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def _said(form: str, state: Any, action: Place, last: int = 0) -> str:
    return form.format(card=word(action.cards[0]), column=word(action.column),
                       ordinal=ORDINALS[action.column - 1], last=word(last),
                       cards=" ".join(word(c) for c in action.cards))


def test_each_form_is_the_placement_at_once() -> None:
    placements = _placements(1)
    assert len(placements) >= 40
    for (state, action), form in zip(placements, itertools.cycle(ONE), strict=False):
        text = _said(form, state, action)
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_the_last_card_said_is_checked() -> None:
    checked = 0
    for (state, action), form in zip(_placements(1), itertools.cycle(AFTER), strict=False):
        column = state.columns[action.column - 1]
        if not column:
            continue
        last = value(column[-1])
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, _said(form, state, action, last))
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (form, said)
        text = _said(form, state, action, last - 1 if last > 1 else last + 1)
        after, said = _heard(state, text)
        assert after == state and "column_ends_otherwise" in said, (text, said)
        checked += 1
    assert checked >= 20


def test_cards_in_a_row_are_placed_together() -> None:
    # (never from the one: "un deux" is a two)
    placements = [(s, a) for s, a in _placements(3) + _placements(2) if a.cards[0] != 1]
    assert len(placements) >= 10
    for (state, action), form in zip(placements, itertools.cycle(SEVERAL), strict=False):
        text = _said(form, state, action)
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_the_empty_column_said_with_qui_est_vide_is_checked() -> None:
    checked = 0
    for state, action in _placements(1):
        empty = [i for i, column in enumerate(state.columns, 1) if not column]
        card = word(action.cards[0])
        text = f"dans la colonne qui est vide je démarre avec le {card}"
        after, said = _heard(state, text)
        if len(empty) == 1 and action.column == empty[0]:
            expected, _ = ENGINE.apply(state, action)
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
            checked += 1
        elif not empty:
            assert after == state and "refusal.no_empty_column" in said, (text, said)
    assert checked >= 3
