"""A place named by its rank (held-out batch 28): « la troisième en partant de la gauche »,
« la troisième en comptant depuis la droite », « la sixième et dernière », « l'avant-dernière »,
« le premier emplacement », « la toute dernière place, la quatorzième ». Properties over the
legal moves of seeded playout positions: every rank that names a real column, place or site,
both ways of counting; a description that contradicts itself changes nothing."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from table_helpers import game_session, playout
from test_move_questions import _keys, _positions

from ludivox.bindings.registry import engine_for
from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard

KB = "kingsbridge"


def _ordinal(n: int) -> str:
    """The feminine ordinal of ``n``, as the number generator spells it."""
    forms = Grammar.load(KB, "fr").language.numbers.ordinal_forms(n, digits=False)
    return forms[1] if len(forms) > 1 else forms[0]


def _card(n: int) -> str:
    return Grammar.load(KB, "fr").language.numbers.cardinal_forms(n)[0]


def _placements(label: str, per: int = 4, column: int | None = None
                ) -> Iterator[tuple[Any, int, Place, int]]:
    """(state, seat, a legal one-card placement, the number of columns) at seeded positions
    (on ``column`` only, when given)."""
    engine = engine_for(KB)
    rng = random.Random(label)
    for state in _positions(KB):
        seat = engine.awaiting(state).seats[0]
        legal = [a for a in engine.legal_actions(state)
                 if isinstance(a, Place) and len(a.cards) == 1
                 and column in (None, a.column)]
        for action in rng.sample(legal, min(per, len(legal))):
            yield state, seat, action, len(state.columns)


def _after(state: Any, seat: int, *texts: str) -> tuple[Any, list[str]]:
    session = game_session(KB, state)
    keys: list[str] = []
    for text in texts:
        keys += _keys(session.handle(Heard(text, seat=seat)))
    return session.state, keys


def test_a_column_counted_from_either_side_is_the_column_meant() -> None:
    """Before: « … sur la troisième en comptant depuis la droite » and « … en partant de la
    gauche » were not understood."""
    engine, tried = engine_for(KB), 0
    for state, seat, action, count in _placements("sides"):
        expected, _ = engine.apply(state, action)
        card, k = _card(action.cards[0]), action.column
        for text in (f"je pose le {card} sur la {_ordinal(k)} en partant de la gauche",
                     f"le {card} sur la {_ordinal(count + 1 - k)} en comptant depuis la droite",
                     f"je mets le {card} sur la {_ordinal(count + 1 - k)} en partant de la droite",
                     f"le {card} va sur la numéro {_card(k)} en partant de la gauche"):
            assert _after(state, seat, text)[0] == expected, text
            tried += 1
    assert tried >= 40


def test_a_rank_with_its_side_answers_where() -> None:
    """Before: « la troisième en partant de la gauche » answering « sur quelle colonne ? » was
    taken for the choice of an option, and « oui » did not settle it."""
    engine = engine_for(KB)
    for state, seat, action, count in itertools.islice(_placements("answers"), 12):
        expected, _ = engine.apply(state, action)
        card, k = _card(action.cards[0]), action.column
        for answer in (f"la {_ordinal(k)} en partant de la gauche",
                       f"la {_ordinal(count + 1 - k)} en comptant depuis la droite"):
            assert _after(state, seat, f"je pose le {card}", answer)[0] == expected, answer


def test_the_nth_and_last_is_made_only_when_it_is_the_last() -> None:
    """Before: « le neuf sur la sixième et dernière colonne » was not understood. A rank that
    is not the last (« la troisième et dernière » of six) changes nothing and asks where."""
    engine, last, wrong = engine_for(KB), 0, 0
    for state, seat, action, count in _placements("last", per=8):
        card, k = _card(action.cards[0]), action.column
        text = f"le {card} sur la {_ordinal(k)} et dernière colonne"
        after, keys = _after(state, seat, text)
        if k == count:
            assert after == engine.apply(state, action)[0], text
            last += 1
        else:
            assert after == state, text
            assert keys, text  # something is said: the column is asked, never guessed
            wrong += 1
        if k == count - 1:
            said = f"je pose le {card} sur l'avant-dernière"
            assert _after(state, seat, said)[0] == engine.apply(state, action)[0], said
    assert last >= 1 and wrong >= 5


def test_a_side_then_its_rank_must_agree() -> None:
    """« celle tout à droite, la sixième » (of six) is the last column; « celle tout à
    droite, la cinquième » contradicts itself: nothing changes."""
    engine, made = engine_for(KB), 0
    for state, seat, action, count in _placements("right", per=40):
        if action.column != count:
            continue
        card = _card(action.cards[0])
        text = f"je mets le {card} sur celle tout à droite la {_ordinal(count)}"
        assert _after(state, seat, text)[0] == engine.apply(state, action)[0], text
        text = f"je mets le {card} sur celle tout à droite la {_ordinal(count - 1)}"
        assert _after(state, seat, text)[0] == state, text
        made += 1
    assert made >= 1


# -- Un monde sans fin: a house on a site named by its rank ------------------------------

WWE = "monde-sans-fin"


def _houses() -> Iterator[tuple[Any, int, Any]]:
    """(state, seat, the legal house on each site) at the first positions of a seeded
    playout where a house can be built."""
    engine, found = engine_for(WWE), 0
    for state in itertools.islice(playout(WWE, "sites"), 120):
        waiting = engine.awaiting(state)
        if len(waiting.seats) != 1 or waiting.world:
            continue
        houses = {a.site: a for a in engine.legal_actions(state)
                  if getattr(a, "card", "") == "maison" and getattr(a, "site", 0) > 0}
        for action in houses.values():
            yield state, waiting.seats[0], action
        found += bool(houses)
        if found == 3:
            return


def _wwe_after(state: Any, seat: int, text: str) -> Any:
    session = game_session(WWE, state)
    session.handle(Heard(text, seat=seat))
    return session.state


def test_a_house_on_a_site_by_its_rank() -> None:
    """Before: « je construis ma maison sur le premier emplacement » and « … sur la toute
    dernière place » were not understood (every site up to the ninth, and the last)."""
    engine, tried = engine_for(WWE), 0
    numbers = Grammar.load(KB, "fr").language.numbers
    for state, seat, action in _houses():
        expected, _ = engine.apply(state, action)
        texts = []
        if action.site <= 9:
            rank = numbers.ordinal_forms(action.site, digits=False)[0]
            texts.append(f"je construis ma maison sur le {rank} emplacement")
        if action.site == 14:
            texts.append("la maison sur la toute dernière place")
        for text in texts:
            assert _wwe_after(state, seat, text) == expected, text
            tried += 1
    assert tried >= 8


def test_the_last_site_said_with_another_rank_changes_nothing() -> None:
    """Guard (passes on the old code too, which read none of it): « la maison sur la dernière
    place, la neuvième » contradicts itself: nothing is built
    (« …, la dernière place, la quatorzième » would be: 10th to 14th are not words yet)."""
    tried = 0
    for state, seat, action in _houses():
        if action.site == 14:
            text = "la maison sur la toute dernière place la neuvième"
            assert _wwe_after(state, seat, text) == state, text
            tried += 1
    assert tried >= 1


# -- Kingdom Builder: a row or a column by its rank --------------------------------------

KBD = "kingdom-builder"


def _kbd_after(state: Any, seat: int, text: str) -> Any:
    session = game_session(KBD, state)
    session.handle(Heard(text, seat=seat))
    return session.state


def test_a_row_or_column_by_its_rank_is_the_hex_of_the_numbers() -> None:
    """Before: « ligne quinze première colonne » and « sur la dernière ligne colonne huit »
    were not understood. Every legal hex whose row or column is ninth or less (or the last
    row) said so builds where « en <row> <column> » builds."""
    engine, tried = engine_for(KBD), 0
    numbers = Grammar.load(KB, "fr").language.numbers
    rng = random.Random("kbd-ranks")
    for state in _positions(KBD):
        seat = engine.awaiting(state).seats[0]
        builds = [a for a in engine.legal_actions(state) if type(a).__name__ == "Build"]
        for action in rng.sample(builds, min(12, len(builds))):
            row, col = action.hex[0] + 1, action.hex[1] + 1
            expected, _ = engine.apply(state, action)
            plain = f"je construis en {numbers.cardinal_forms(row)[0]} " \
                    f"{numbers.cardinal_forms(col)[0]}"
            assert _kbd_after(state, seat, plain) == expected, plain
            texts = []
            if col <= 9:
                rank = _ordinal(col)
                texts.append(f"ligne {numbers.cardinal_forms(row)[0]} {rank} colonne")
            if row <= 9 or row == 20:
                rank = "dernière" if row == 20 else _ordinal(row)
                texts.append(f"je construis sur la {rank} ligne colonne "
                             f"{numbers.cardinal_forms(col)[0]}")
            for text in texts:
                assert _kbd_after(state, seat, text) == expected, text
                tried += 1
    assert tried >= 10
