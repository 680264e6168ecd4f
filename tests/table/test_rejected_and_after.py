"""A "non, plutôt ..." (or "non, pas celle-là, ...") answer to a confirmation never does
what was offered; a placement
named by the card it follows ("après le six") goes to the one column ending with it; a
player's score or turn asked by name is answered. Properties over seeded positions, every
legal single-card placement and every player."""

from __future__ import annotations

import itertools

import pytest
from table_helpers import ENGINE, Table, make_table, settings_for, virtual_table, word

from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import Place
from ludivox.engines.kingsbridge.state import value
from ludivox.grammars.grammar import Grammar

NAMES = ("Anne", "Paul")


def _positions(count: int) -> list[KingsbridgeState]:
    """Seeded opening positions with at least two single-card placements."""
    found = []
    for seed in range(200):
        state = ENGINE.new_virtual_game(2, seed)
        singles = [a for a in ENGINE.legal_actions(state)
                   if isinstance(a, Place) and len(a.cards) == 1]
        if len({(a.cards, a.column) for a in singles}) >= 2:
            found.append(state)
        if len(found) == count:
            break
    assert len(found) == count
    return found


def _singles(state: KingsbridgeState) -> list[Place]:
    return [a for a in ENGINE.legal_actions(state) if isinstance(a, Place) and len(a.cards) == 1]


def _one_card_two_columns(count: int) -> list[tuple[KingsbridgeState, Place, Place]]:
    """In ``count`` seeded positions, each card that fits two columns: its first two
    placements."""
    pairs = []
    for state in _positions(count):
        by_card: dict[int, list[Place]] = {}
        for action in _singles(state):
            by_card.setdefault(action.cards[0], []).append(action)
        pairs += [(state, p[0], p[1]) for p in by_card.values() if len(p) > 1]
    return pairs


def _confirming(grammar: Grammar, state: KingsbridgeState) -> Table:
    """A table whose players asked to confirm every move."""
    return make_table(grammar, state, NAMES,
                      settings=settings_for(NAMES, confirm="always", scan_check="never"))


def _say(action: Place) -> str:
    return f"je pose le {word(action.cards[0])} sur la colonne {word(action.column)}"


@pytest.mark.parametrize("marker", ["non, plutôt", "non attends", "non pardon", "plutôt"])
def test_a_correction_answering_a_confirmation_never_does_what_was_offered(
        marker: str) -> None:
    """Confirmations on; a placement said, then "<marker> <another placement>": the first
    is never made, even after « oui »; the second is what « oui » makes (asked again)."""
    grammar = Grammar.load("kingsbridge")
    checked = 0
    for state in _positions(4):
        singles = _singles(state)
        for first, second in itertools.pairwise(singles):
            t = _confirming(grammar, state)
            t.hear(_say(first))
            assert t.session.pending is not None
            t.hear(f"{marker} {_say(second)}")
            t.hear("oui")
            want, _ = ENGINE.apply(state, second)
            assert t.state == want, (_say(first), marker, _say(second))
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("pointing", ["non, plutôt sur", "non, pas celle-là,",
                                      "euh non, pas celle-ci,", "non non, pas ça,",
                                      "pas cette colonne,"])
def test_a_place_corrected_alone_is_read_with_the_move_it_corrects(pointing: str) -> None:
    """"je pose le N sur la colonne A" then "non, plutôt sur la B" or "non, pas celle-là,
    la B": the card on B, never on A; and said in one sentence, the same."""
    grammar = Grammar.load("kingsbridge")
    pairs = _one_card_two_columns(6)
    for state, first, second in pairs:
        t = _confirming(grammar, state)
        t.hear(_say(first))
        t.hear(f"{pointing} la {word(second.column)}")
        t.hear("oui")
        assert t.state == ENGINE.apply(state, second)[0], (_say(first), pointing, second)
        t = make_table(grammar, state, NAMES)
        t.hear(f"{_say(first)}, {pointing} la {word(second.column)}")
        assert t.state == ENGINE.apply(state, second)[0], (_say(first), pointing, second)
    assert pairs


@pytest.mark.parametrize("form", ["non pas la {a}, la {b}", "non, pas sur la {a}, sur la {b}",
                                  "non, pas la {a} mais la {b}", "non pas la {a}, plutôt la {b}",
                                  "non, pas la colonne {a}, la colonne {b}"])
def test_the_column_refused_then_the_one_meant(form: str) -> None:
    """« non, pas la A, la B » to « je pose le N sur la colonne A ? » (batch 18): the card on
    B after « oui », never on A (before: cancelled, then not understood)."""
    grammar = Grammar.load("kingsbridge")
    pairs = _one_card_two_columns(6)
    for state, first, second in pairs:
        t = _confirming(grammar, state)
        t.hear(_say(first))
        t.hear(form.format(a=word(first.column), b=word(second.column)))
        t.hear("oui")
        assert t.state == ENGINE.apply(state, second)[0], (_say(first), form, second)
    assert pairs


@pytest.mark.parametrize("form", ["non non, sur la {b} que je voulais dire",
                                  "non, la {b} que je voulais dire",
                                  "non, c'est la {b} que je voulais dire",
                                  "non, la colonne {b} que je veux"])
def test_the_column_meant_said_with_what_was_meant(form: str) -> None:
    """« non non, sur la B que je voulais dire » to « je pose le N sur la colonne A ? »
    (batch 19): the card on B after « oui », never on A (before: cancelled, then not
    understood). The cleft said without its « c'est »."""
    grammar = Grammar.load("kingsbridge")
    pairs = _one_card_two_columns(6)
    for state, first, second in pairs:
        t = _confirming(grammar, state)
        t.hear(_say(first))
        t.hear(form.format(b=word(second.column)))
        t.hear("oui")
        assert t.state == ENGINE.apply(state, second)[0], (_say(first), form, second)
    assert pairs


def test_a_card_placed_after_the_card_a_column_ends_with_goes_on_that_column() -> None:
    """Every legal single placement said "après le <last card>" lands on that column when
    no other column ends with that card; a card no column ends with changes nothing."""
    grammar = Grammar.load("kingsbridge")
    checked = 0
    for state in _positions(6):
        ends = [value(column[-1]) for column in state.columns if column]
        for action in _singles(state):
            last = value(state.columns[action.column - 1][-1])
            if ends.count(last) != 1:
                continue
            t = make_table(grammar, state, NAMES)
            t.hear(f"je mets le {word(action.cards[0])} après le {word(last)}")
            assert t.state == ENGINE.apply(state, action)[0], (action, last)
            checked += 1
        missing = next(n for n in range(1, 14) if n not in ends)
        t = make_table(grammar, state, NAMES)
        says = t.hear(f"je pose le {word(_singles(state)[0].cards[0])} après le {word(missing)}")
        assert t.state == state and [s.key for s in says] == ["no_column_ends_with"]
    assert checked >= 6


@pytest.mark.parametrize("game", ["kingsbridge", "seven-kingdoms", "kingdom-builder",
                                  "monde-sans-fin"])
def test_a_players_score_or_turn_asked_by_name_is_answered(game: str) -> None:
    names = ["Anne", "Jean-Pierre", "Zoé"]
    t = virtual_table(game, names, seed=3)
    before = t.state
    for seat, name in enumerate(names):
        asker = (seat + 1) % 3
        for asked, plain in ((f"combien de points a {name} ?", "quel est le score ?"),
                             (f"{name} il a combien de points ?", "quel est le score ?"),
                             (f"c'est à moi ou à {name} ?", "c'est à qui ?")):
            says = t.hear(asked, seat=asker)
            told = t.hear(plain, seat=asker)  # the table-wide answer tells every player
            assert told and [s.key for s in says] == [s.key for s in told], (asked, says)
    assert t.state == before
