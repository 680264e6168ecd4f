"""Kingsbridge, a character said as what a move is made with, first or last, with no « et »
(held-out batch 35: « grâce à Aldred, le onze passe devant le douze de la sixième colonne »,
« le roi Ethelred m'ouvre une septième colonne pour mon dix » were not understood, while « j'utilise
Aldred et je pose … » was): the character's use, then the move, both checked in turn; never
half of it. Over every card Aldred lets the hand put at a column's start, through the real
session."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import ENGINE, keys, make_table, word
from test_kingsbridge_characters import solo

from ludivox.engines.kingsbridge.actions import Place
from ludivox.engines.kingsbridge.charactions import UseAldred
from ludivox.grammars.grammar import Grammar

FIRST = ("grâce à Aldred, {move}", "avec Aldred {move}", "à l'aide d'Aldred {move}",
         "j'utilise Aldred {move}")
LAST = ("{move} grâce à Aldred", "{move} avec Aldred", "{move} en utilisant Aldred")
MOVES = ("je pose le {c} devant le {f} de la colonne {n}",
         "le {c} passe devant le {f} de la colonne {n}",
         "je place le {c} avant le {f} sur la colonne {n}")


def _state(revealed: tuple[str, ...] = ("aldred", "gytha", "den")) -> Any:
    return solo(revealed, [[3, 4], [1, 2], [9, 10], [13], [5, 6, 7], [12]], [2, 8, 11, 1, 4, 6])


def _starts(state: Any) -> list[Place]:
    """The one-card placements at a column's start once Aldred is used."""
    after, _ = ENGINE.apply(state, UseAldred())
    found = []
    for action in ENGINE.legal_actions(after):
        if isinstance(action, Place) and len(action.cards) == 1:
            placed, _ = ENGINE.apply(after, action)
            if placed.columns[action.column - 1][0] == action.cards[0] and \
                    after.columns[action.column - 1]:
                found.append(action)
    return found


@pytest.mark.parametrize("form", FIRST + LAST)
def test_a_character_said_as_the_means_is_used_then_the_move_made(
        grammar: Grammar, form: str) -> None:
    state = _state()
    starts = _starts(state)
    assert len(starts) >= 3, starts
    used, _ = ENGINE.apply(state, UseAldred())
    for n, place in enumerate(starts):
        goal, _ = ENGINE.apply(used, place)
        column = used.columns[place.column - 1]
        move = MOVES[n % len(MOVES)].format(c=word(place.cards[0]), f=word(column[0]),
                                            n=word(place.column))
        table = make_table(grammar, state, names=["Anne"])
        sentence = form.format(move=move)
        says = table.hear(sentence)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(goal), (sentence, keys(says))


@pytest.mark.parametrize("form", FIRST[:2] + LAST[:1])
def test_a_character_not_in_play_said_as_the_means_changes_nothing(
        grammar: Grammar, form: str) -> None:
    """Aldred not revealed: neither his use nor the move it would allow (never half)."""
    state = _state(("ragna", "gytha", "den"))
    for place in _starts(_state())[:3]:
        column = state.columns[place.column - 1]
        move = MOVES[0].format(c=word(place.cards[0]), f=word(column[0]), n=word(place.column))
        table = make_table(grammar, state, names=["Anne"])
        sentence = form.format(move=move)
        table.hear(sentence)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state), sentence
