"""A card said with « mon » is the player's own card, never the same value in a column.

Batch 33: « allez zou je pousse mon neuf tout au bout de la sixième » moved the nine of the
second column onto the sixth (« pousse » is a verb of moving, and « mon neuf » was read as
« le neuf »): the player's nine stayed in hand. Over every move of a seeded playout whose
first moved card has the value of a card in the mover's hand, said with a verb of moving and
« mon »: the column never moves (the hand's card is placed, asked about, or nothing is
done); said with « le » and its column, the same move is made, so the sentence is heard. A
verb that only ever moves cards on the table (« je déplace mon neuf ») keeps the move."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Move, Place
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

VERBS = ("pousse", "glisse", "ramène", "envoie", "fais passer")  # « déplace » moves only


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def _moves_of_a_held_value() -> list[tuple[Any, Move, int]]:
    found: list[tuple[Any, Move, int]] = []
    for state in itertools.islice(playout("kingsbridge", "my-card"), 0, 400, 8):
        hand = set(state.players[state.turn].hand)
        for action in ENGINE.legal_actions(state):
            if isinstance(action, Move):
                moved = value(state.columns[action.source - 1][action.start])
                if moved in hand:
                    found.append((state, action, moved))
    return found


def test_my_card_said_with_a_verb_of_moving_never_moves_a_column() -> None:
    cases = _moves_of_a_held_value()
    assert len(cases) >= 10, len(cases)
    for (state, action, card), verb in zip(cases, itertools.cycle(VERBS), strict=False):
        moved = ENGINE.dumps(ENGINE.apply(state, action)[0])
        text = f"je {verb} mon {word(card)} sur la colonne {word(action.target)}"
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) != moved, (text, said)
        placed = Place((card,), action.target)
        assert after == state or ENGINE.dumps(after) == ENGINE.dumps(
            ENGINE.apply(state, placed)[0]), (text, said)


def test_the_same_move_said_with_its_column_is_made() -> None:
    checked = 0
    for state, action, card in _moves_of_a_held_value()[:20]:
        column = state.columns[action.source - 1]
        if action.start == 0 or value(column[action.start]) != card:
            continue
        text = (f"je déplace le {word(card)} de la colonne {word(action.source)} "
                f"sur la colonne {word(action.target)}")
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(ENGINE.apply(state, action)[0]), (text, said)
        checked += 1
    assert checked >= 3, checked
