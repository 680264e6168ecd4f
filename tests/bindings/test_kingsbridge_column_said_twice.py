"""A whole column moved, said first by its place alone and then by all it holds (batch 23:
« la cinq, celle avec juste le sept, je la déplace derrière le six de la colonne trois »):
over every whole-column move of a seeded playout from a column of one to three cards, each
way of saying the column (« la cinq », « la cinquième », its number and what it holds) is
that move at once; the same words with the number of a column that holds other cards are
refused and nothing changes (a place said two ways is checked)."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Move
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

ORDINALS = {1: "première", 2: "deuxième", 3: "troisième", 4: "quatrième", 5: "cinquième",
            6: "sixième"}
FORMS = (
    "la {source} celle avec juste {held} je la déplace sur la {target}",
    "la {ordinal} celle où il n'y a que {held} je la pousse sur la colonne {target}",
    "la colonne {source} celle avec juste {held} je la glisse sur la {target}",
    "la {source} je la déplace sur la {target}",
    "la {ordinal} celle qui n'a que {held} tu me la mets sur la {target}",
)


def _held(column: tuple[int, ...]) -> str:
    return " et ".join(f"le {word(c)}" for c in column)


def _moves() -> list[tuple[Any, Move]]:
    """Whole-column moves from a column of one to three cards, seven columns at most."""
    found: list[tuple[Any, Move]] = []
    for state in itertools.islice(playout("kingsbridge", "column-said-twice"), 0, 600, 3):
        if len(state.columns) > 6:
            continue
        found += [(state, a) for a in ENGINE.legal_actions(state)
                  if isinstance(a, Move) and a.start == 0
                  and 1 <= len(state.columns[a.source - 1]) <= 3]
    return found


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    out = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(out)


def test_a_column_said_by_its_place_and_what_it_holds_is_the_move() -> None:
    moves = _moves()
    assert len(moves) >= 15
    for (state, move), form in zip(moves, itertools.cycle(FORMS), strict=False):
        column = tuple(value(c) for c in state.columns[move.source - 1])
        text = form.format(source=word(move.source), ordinal=ORDINALS[move.source],
                           held=_held(column), target=word(move.target))
        expected, _ = ENGINE.apply(state, move)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_a_column_whose_cards_are_not_those_said_is_refused() -> None:
    checked = 0
    for state, move in _moves():
        column = tuple(value(c) for c in state.columns[move.source - 1])
        others = [i for i, c in enumerate(state.columns, 1)
                  if i not in (move.source, move.target)
                  and tuple(value(x) for x in c) != column]
        if not others:
            continue
        text = (f"la {word(others[0])} celle avec juste {_held(column)} "
                f"je la déplace sur la {word(move.target)}")
        after, said = _heard(state, text)
        assert after == state and "column_holds_otherwise" in said, (text, said)
        checked += 1
    assert checked >= 10
