"""Batch 25's placements said with their count (« le dix et le onze, les deux sur la
deuxième », « les trois à la suite sur la une : le quatre, le cinq et le six », « un seul, le
neuf sur la six »), with the column described after it (« sur la dernière, celle du douze »,
« sur la quatre, celle qui va de quatre à six »), with « là » after the pronoun (« je le mets
là le neuf, sur la six ») or « pour » a column, and a column moved by what it holds alone
(« la colonne où y a juste le sept, je la colle ... »), cards sent back under the pile
(« je renvoie le deux sous ma pioche »): each over the positions of a seeded
playout, the wrong count or description never acted on."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Exchange, Move, Place
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

COUNTS = ("un", "deux", "trois", "quatre", "cinq", "six")


def _states() -> list[Any]:
    return list(itertools.islice(playout("kingsbridge", "batch25-counted"), 0, 600, 10))


def _heard(state: Any, *texts: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said: list[Any] = []
    for text in texts:
        said += [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def _places(state: Any) -> list[Place]:
    return [a for a in ENGINE.legal_actions(state)
            if isinstance(a, Place) and state.columns[a.column - 1]]


def _cards(cards: tuple[int, ...]) -> str:
    return " et ".join(f"le {word(c)}" for c in cards)


def test_a_placement_said_with_its_count_is_checked() -> None:
    checked = 0
    for state in _states():
        for action in _places(state)[:6]:
            n, cards, col = len(action.cards), _cards(action.cards), word(action.column)
            expected, _ = ENGINE.apply(state, action)
            if n >= 2:
                right = [f"{cards} les {COUNTS[n - 1]} sur la {col}",
                         f"les {COUNTS[n - 1]} à la suite sur la {col} : {cards}",
                         f"les {COUNTS[n - 1]} {cards} je les mets sur la {col}",
                         f"{cards} tous sur la {col}"]
                wrong = [f"{cards} les {COUNTS[n]} sur la {col}",
                         f"les {COUNTS[n - 2]} sur la {col} : {cards}"]
            else:
                right = [f"un seul, {cards} sur la {col}"]
                wrong = [f"{cards} les {COUNTS[n]} sur la {col}"]
            for text in right:
                after, said = _heard(state, text)
                assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
                checked += 1
            for text in wrong:
                after, said = _heard(state, text)
                assert after == state and "place_miscounted" in said, (text, said)
    assert checked >= 40


def test_a_column_said_then_described_is_checked() -> None:
    checked = 0
    for state in _states():
        for action in _places(state)[:4]:
            column = [value(c) for c in state.columns[action.column - 1]]
            cards, col = _cards(action.cards), word(action.column)
            other = next(c for c in range(1, 14) if c not in column)
            expected, _ = ENGINE.apply(state, action)
            # said before the cards: after a whole placement, every placement could go on
            # and the listener would never end one early (tests/voice/test_early.py)
            for text in (f"sur la {col}, celle du {word(column[0])}, je mets {cards}",
                         f"sur la {col}, celle qui finit par le {word(column[-1])}, "
                         f"je pose {cards}"):
                after, said = _heard(state, text)
                assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
                checked += 1
            text = f"sur la {col}, celle du {word(other)}, je mets {cards}"
            after, said = _heard(state, text)
            assert after == state and "column_holds_otherwise" in said, (text, said)
            if column[-1] != other:
                text = f"sur la {col}, celle qui finit par le {word(other)}, je pose {cards}"
                after, said = _heard(state, text)
                assert after == state and "column_ends_otherwise" in said, (text, said)
    assert checked >= 20


def test_a_column_answered_then_described_is_checked() -> None:
    """« je pose le sept » asks which column; « sur la quatre, celle qui va de quatre à
    six » answers it only when the column holds what is said."""
    checked = 0
    for state in _states():
        by_card: dict[tuple[int, ...], list[Place]] = {}
        for action in _places(state):
            by_card.setdefault(action.cards, []).append(action)
        for cards, actions in by_card.items():
            if len(cards) != 1 or len(actions) < 2:
                continue
            action = actions[0]
            column = [value(c) for c in state.columns[action.column - 1]]
            first, last = column[0], column[-1]
            if len(column) < 2 or column != list(range(first, last + 1)):
                continue
            expected, _ = ENGINE.apply(state, action)
            ask = f"je pose le {word(cards[0])}"
            text = f"sur la {word(action.column)}, celle qui va de {word(first)} à {word(last)}"
            after, said = _heard(state, ask, text)
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
            other = next(c for c in range(1, 14) if c not in column)
            text = f"sur la {word(action.column)}, celle du {word(other)}"
            after, said = _heard(state, ask, text)
            assert after == state and "column_holds_otherwise" in said, (text, said)
            checked += 1
    assert checked >= 2


def test_placements_said_with_la_or_pour() -> None:
    checked = 0
    for state in _states():
        for action in _places(state)[:4]:
            if len(action.cards) != 1:
                continue
            card, col = word(action.cards[0]), word(action.column)
            expected, _ = ENGINE.apply(state, action)
            for text in (f"je le mets là le {card}, sur la {col}",
                         f"voilà le {card} pour la {col}",
                         f"le {card} continue la {col}, je le pose"):
                after, said = _heard(state, text)
                assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
                checked += 1
    assert checked >= 30


def test_a_column_moved_by_all_it_holds() -> None:
    checked = 0
    for state in _states():
        for action in ENGINE.legal_actions(state):
            if not isinstance(action, Move) or action.start != 0:
                continue
            source = [value(c) for c in state.columns[action.source - 1]]
            if len(source) > 3:
                continue
            held = " et ".join(f"le {word(c)}" for c in source)
            text = (f"la colonne où y a juste {held}, je la colle sur la "
                    f"{word(action.target)}")
            after, said = _heard(state, text)
            same = [c for c in state.columns if [value(x) for x in c] == source]
            if len(same) == 1:
                expected, _ = ENGINE.apply(state, action)
                assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
                checked += 1
            else:
                assert after == state, (text, said)
    assert checked >= 3


def test_cards_sent_back_under_the_pile_are_exchanged() -> None:
    checked = 0
    for state in _states():
        hand = sorted(state.players[state.turn].hand)
        action = Exchange(tuple(hand[:2]))
        if ENGINE.refusal(state, action) is not None:
            continue
        text = f"je renvoie {_cards(action.cards)} sous ma pioche"
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
        checked += 1
    assert checked >= 3
