"""A column named by the cards it holds (batch 20: « mon sept il va sur la colonne où y a
que le cinq et le six », « le deux derrière le un tout seul », « la colonne avec juste le cinq
et le six » answering « sur quelle colonne ? », « prends la colonne avec le sept tout seul et
mets-la derrière le six de la troisième »): over every one-card placement of a seeded
playout on a column of one to three cards, each way of naming that column by all it holds is
that placement at once; a column named by cards several columns hold is the placement on
the one of them where it is legal (asked when several, refused when none), and by cards no
column holds is refused: nothing changes."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Move, Place
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

FORMS = (
    "mon {card} il va sur la colonne où y a que {held}",
    "je pose le {card} sur la colonne où il n'y a que {held}",
    "dans la colonne avec juste {held} je mets le {card}",
    "le {card} sur celle qui n'a que {held}",
)
ALONE = ("le {card} derrière le {last} tout seul", "mets le {card} sur le {last} tout seul")


def _held(column: tuple[int, ...]) -> str:
    return " et ".join(f"le {word(c)}" for c in column)


def _contents(state: Any) -> list[tuple[int, ...]]:
    return [tuple(value(c) for c in column) for column in state.columns]


def _placements() -> list[tuple[Any, Place]]:
    """One-card placements on a column of one to three cards no other column holds."""
    found: list[tuple[Any, Place]] = []
    for state in itertools.islice(playout("kingsbridge", "column-content"), 0, 600, 4):
        contents = _contents(state)
        found += [(state, a) for a in ENGINE.legal_actions(state)
                  if isinstance(a, Place) and len(a.cards) == 1
                  and 1 <= len(contents[a.column - 1]) <= 3
                  and contents.count(contents[a.column - 1]) == 1]
    return found


def _heard(state: Any, text: str, before: tuple[str, ...] = ()) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    for said in before:
        session.handle(Heard(said, seat=state.turn))
    out = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(out)


def test_a_column_named_by_all_it_holds_is_the_placement() -> None:
    placements = _placements()
    assert len(placements) >= 30
    checked = 0
    for (state, action), form in zip(placements, itertools.cycle(FORMS), strict=False):
        column = _contents(state)[action.column - 1]
        text = form.format(card=word(action.cards[0]), held=_held(column))
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
        checked += 1
    assert checked >= 30


def test_a_card_alone_is_its_column() -> None:
    alone = [(s, a) for s, a in _placements() if len(_contents(s)[a.column - 1]) == 1]
    assert len(alone) >= 5
    for (state, action), form in zip(alone, itertools.cycle(ALONE), strict=False):
        last = _contents(state)[action.column - 1][0]
        text = form.format(card=word(action.cards[0]), last=word(last))
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_a_bare_answer_names_the_column_by_its_cards() -> None:
    for state, action in _placements()[:15]:
        column = _contents(state)[action.column - 1]
        text = f"la colonne avec juste {_held(column)}"
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text, before=(f"je pose le {word(action.cards[0])}",))
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_cards_several_columns_hold_are_those_columns_and_none_is_refused() -> None:
    """Several columns hold the card said: the placement is made on the one of them where
    it is legal, asked when it is legal on several, refused when on none (issue 16: a
    description resolved into the legal candidates, never one of several guessed)."""
    checked = 0
    legal_now: dict[str, set[Any]] = {}
    for state, action in _placements():
        contents = _contents(state)
        card = word(action.cards[0])
        for shared in sorted({c for col in contents for c in col}):
            holding = [i for i, col in enumerate(contents, 1) if shared in col]
            if len(holding) >= 2:
                text = f"je pose le {card} sur la colonne avec le {word(shared)}"
                after, said = _heard(state, text)
                key = ENGINE.dumps(state)
                legal_now[key] = legal_now.get(key) or set(ENGINE.legal_actions(state))
                legal = [Place(action.cards, i) for i in holding
                         if Place(action.cards, i) in legal_now[key]]
                if len(legal) == 1:
                    expected, _ = ENGINE.apply(state, legal[0])
                    assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
                else:
                    assert after == state, (text, said)
                    assert (len(legal) > 1) == any(
                        k in ("choose_between", "choose_among", "several_columns_holding")
                        for k in said), (text, said)
                checked += 1
                break
        missing = next(c for c in range(1, 14) if all(col != (c,) for col in contents))
        text = f"je pose le {card} sur la colonne où il n'y a que le {word(missing)}"
        after, said = _heard(state, text)
        assert after == state and "no_column_holding_only" in said, (text, said)
    assert checked >= 10


def test_a_column_of_one_card_taken_and_put() -> None:
    checked = 0
    for state in itertools.islice(playout("kingsbridge", "column-content"), 0, 600, 4):
        contents = _contents(state)
        for action in ENGINE.legal_actions(state):
            if not isinstance(action, Move) or action.start != 0:
                continue
            source = contents[action.source - 1]
            target = contents[action.target - 1]
            if len(source) != 1 or contents.count(source) != 1 or not target:
                continue
            text = (f"prends la colonne avec le {word(source[0])} tout seul et mets-la "
                    f"derrière le {word(target[-1])} de la colonne {word(action.target)}")
            expected, _ = ENGINE.apply(state, action)
            after, said = _heard(state, text)
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
            checked += 1
    assert checked >= 3
