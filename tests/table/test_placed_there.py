"""A second move with its own verb whose place is the first move's, said as « y » or an
ellipsis word (batch 19's « je pose le quatre sur la un puis j'y remets mon cinq »): both
cards on that column, in order; never the second elsewhere; nothing at all when the second
cannot follow the first there. Over every pair of single cards that go on one column in
turn, in seeded Kingsbridge deals."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import ENGINE, keys, make_table, word

from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar

NAMES = ("Anne", "Paul")
FORMS = ("puis j'y mets le {card}", "et j'y remets mon {card}", "puis je mets le {card} dessus",
         "et j'ajoute le {card} par-dessus", "puis je pose le {card} derrière")


def _singles(state: Any) -> list[Place]:
    return [a for a in ENGINE.legal_actions(state) if isinstance(a, Place) and len(a.cards) == 1]


def _same_column(seeds: range) -> list[tuple[Any, Place, Place]]:
    """(position, a single card on a column, another single card after it on that column)."""
    found = []
    for seed in seeds:
        state = ENGINE.new_virtual_game(2, seed)
        for first in _singles(state):
            after, _ = ENGINE.apply(state, first)
            found += [(state, first, second) for second in _singles(after)
                      if second.column == first.column][:1]
    return found


def _first(action: Place) -> str:
    return f"je pose le {word(action.cards[0])} sur la colonne {word(action.column)}"


@pytest.mark.parametrize("form", FORMS)
def test_the_second_card_goes_where_the_first_went(grammar: Grammar, form: str) -> None:
    pairs = _same_column(range(8))
    assert len(pairs) > 5
    for state, first, second in pairs:
        table = make_table(grammar, state, NAMES)
        text = f"{_first(first)} {form.format(card=word(second.cards[0]))}"
        says = table.hear(text)
        want = ENGINE.apply(ENGINE.apply(state, first)[0], second)[0]
        assert ENGINE.dumps(table.state) == ENGINE.dumps(want), (text, keys(says))


@pytest.mark.parametrize("form", FORMS[:3])
def test_a_second_card_that_cannot_follow_there_makes_nothing(grammar: Grammar,
                                                             form: str) -> None:
    checked = 0
    for seed in range(6):
        state = ENGINE.new_virtual_game(2, seed)
        for first in _singles(state)[:3]:
            after, _ = ENGINE.apply(state, first)
            fits = {a.cards[0] for a in _singles(after) if a.column == first.column}
            other = next((c for c in after.players[0].hand if c not in fits), None)
            if other is None:
                continue
            table = make_table(grammar, state, NAMES)
            text = f"{_first(first)} {form.format(card=word(other))}"
            says = table.hear(text)
            assert table.state == state, (text, keys(says))
            checked += 1
    assert checked > 5
