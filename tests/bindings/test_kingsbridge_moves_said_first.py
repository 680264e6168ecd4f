"""Moving a column's end said with its cards or its column first (batch 17: « le six sept
huit de la dernière colonne, je les bouge dans la colonne vide », « la colonne cinq, le sept
tout seul, je le glisse derrière le six de la colonne trois », « la colonne six, celle avec
le douze, je la fais glisser derrière le onze de la trois », « le sept et le huit de la
dernière colonne, je les passe sur la quatre »): over every move of a seeded playout, each
form is that move at once; cards that are not the column's end, a card the column does not
hold or end with, are refused and nothing changes."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Move
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

RUN = (  # {run}: the cards moved, {source} / {target}: column numbers
    "{bare} de la colonne {source}, je les bouge sur la colonne {target}",
    "{each} de la colonne {source}, je les passe sur la {target}",
    "la colonne {source}, {each}, je les mets sur la colonne {target}",
    "je fais passer {each} de la colonne {source} sur la colonne {target}",
    "{bare} de la colonne {source}, je vais les déplacer sur la colonne {target}",
)
WHOLE = (
    "la colonne {source}, celle avec le {held}, je la fais glisser sur la colonne {target}",
    "la colonne {source}, celle qui finit par le {last}, je la mets sur la colonne {target}",
    "la colonne {source} au complet, je la fais passer sur la colonne {target}",
)
ONE = "la colonne {source}, le {last} tout seul, je le glisse sur la colonne {target}"


def _moves() -> list[tuple[Any, Move, tuple[int, ...]]]:
    found = []
    for state in itertools.islice(playout("kingsbridge", "moves-said-first"), 0, 900, 30):
        for action in ENGINE.legal_actions(state):
            if isinstance(action, Move):
                column = tuple(value(c) for c in state.columns[action.source - 1])
                found.append((state, action, column))
    return found


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def _words(cards: tuple[int, ...]) -> dict[str, str]:
    bare = "le " + " ".join(word(c) for c in cards)
    each = " et ".join(f"le {word(c)}" for c in cards)
    return {"bare": bare, "each": each}


def test_each_form_is_the_move_at_once() -> None:
    moves = _moves()
    assert len(moves) >= 30
    checked = 0
    forms = itertools.cycle(RUN)
    for state, action, column in moves:
        run = column[action.start:]
        expected, _ = ENGINE.apply(state, action)
        names = {"source": word(action.source), "target": word(action.target)}
        texts = []
        if len(run) >= 2:
            texts.append(next(forms).format(**_words(run), **names))
        if len(run) == 1:
            texts.append(ONE.format(last=word(run[0]), **names))
        if action.start == 0:
            held = column[len(column) // 2]
            texts += [form.format(held=word(held), last=word(column[-1]), **names)
                      for form in WHOLE]
        for text in texts:
            after, said = _heard(state, text)
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
            checked += 1
    assert checked >= 40


def test_what_the_column_holds_is_checked() -> None:
    checked = 0
    for state, action, column in _moves()[::3]:
        names = {"source": word(action.source), "target": word(action.target)}
        absent = next(c for c in range(13, 0, -1) if c not in column)
        not_last = next(c for c in range(13, 0, -1) if c != column[-1])
        run = column[action.start:]
        # the column's end said without its last card, or with one more: never its end
        texts = []
        if len(run) >= 3:
            texts.append(RUN[0].format(**_words(run[:-1]), **names))
        if run[-1] < 13:
            texts.append(RUN[2].format(**_words((*run, run[-1] + 1)), **names))
        if action.start == 0:
            texts += [WHOLE[0].format(held=word(absent), last="", **names),
                      WHOLE[1].format(held="", last=word(not_last), **names)]
        for text in texts:
            after, said = _heard(state, text)
            assert after == state, (text, said)
            assert said and not said[0].startswith("event."), (text, said)
            checked += 1
    assert checked >= 20
