"""The empty column named « la vide » with no « colonne » (batch 23: « dans la vide j'y mets
le deux et le trois », with the lead's « y »): with each column in turn the one empty, every
placement and move form naming « la vide » goes there at once; with no empty column, or two,
it is refused and nothing changes."""

from __future__ import annotations

from typing import Any

from table_helpers import ENGINE, game_session, keys, position, word

from ludivox.engines.kingsbridge.actions import Move, Place
from ludivox.table.io import Heard, Say

PLACED = ("dans la vide je mets le {a} et le {b}", "sur la vide le {a} et le {b}",
          "le {a} et le {b} dans la vide", "je pose le {a} et le {b} sur la vide")
BASE = [[3, 4], [8, 9, 10], [6, 7], [11], [5], [12]]


def _game(empty: tuple[int, ...]) -> Any:
    columns = [[] if i in empty else c for i, c in enumerate(BASE, 1)]
    return position(columns=columns,
                    players=[{"hand": [1, 2, 13], "pile": [9]}, {"hand": [2, 4], "pile": [9]}])


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    out = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(out)


def test_la_vide_is_the_empty_column() -> None:
    for empty in range(1, 7):
        state = _game((empty,))
        for form in PLACED:
            text = form.format(a=word(1), b=word(2))
            expected, _ = ENGINE.apply(state, Place((1, 2), empty))
            after, said = _heard(state, text)
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (empty, text, said)
        source = 5 if empty != 5 else 3
        expected, _ = ENGINE.apply(state, Move(source, 0, empty))
        after, said = _heard(state, f"je déplace la colonne {word(source)} dans la vide")
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (empty, said)


def test_la_vide_with_no_empty_column_or_two_is_refused() -> None:
    for empty in ((), (2, 5)):
        state = _game(empty)
        for form in PLACED:
            after, said = _heard(state, form.format(a=word(1), b=word(2)))
            assert after == state and any("empty" in k for k in said), (empty, form, said)
