"""Compound sentences ("je pose le sept sur la trois et le neuf sur la six"): every part
made in order, or nothing at all, over many dealt positions; an open part settled by the
parts after it; the player's confirmation asked once for the whole."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_helpers import ENGINE, keys, make_table, position, sentence, settings_for

from ludivox.engines.kingsbridge.actions import EndTurn, Place
from ludivox.engines.kingsbridge.charactions import UseRagna
from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.grammars.grammar import Grammar

JOINS = ("et", "puis", "et ensuite", ",")  # "," stands for nothing: a speech model writes none


def _single_places(state: Any) -> list[Place]:
    return [a for a in ENGINE.legal_actions(state) if isinstance(a, Place) and len(a.cards) == 1]


def _pairs(seeds: range) -> list[tuple[Any, Any, Any]]:
    """(position, first move, second move): two single-card places in a row, or a place then
    the end of the turn, from dealt games."""
    found = []
    for seed in seeds:
        state = ENGINE.new_virtual_game(2, seed)
        rng = random.Random(seed)
        for first in _single_places(state)[:3]:
            after, _ = ENGINE.apply(state, first)
            seconds = [*_single_places(after), EndTurn()]
            second = rng.choice(seconds)
            if ENGINE.refusal(after, second) is None:
                found.append((state, first, second))
    return found


@pytest.mark.parametrize("join", JOINS)
def test_two_moves_in_one_sentence_are_both_made_in_order(grammar: Grammar, join: str) -> None:
    pairs = _pairs(range(12))
    assert len(pairs) > 10
    for state, first, second in pairs:
        table = make_table(grammar, state)
        text = f"{sentence(first)}{join if join == ',' else ' ' + join} {sentence(second)}"
        says = table.hear(text)
        after, _ = ENGINE.apply(state, first)
        expected, _ = ENGINE.apply(after, second)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (text, keys(says))


@pytest.mark.parametrize("command", ["pose-moi", "mets-moi", "pose", "place-moi"])
def test_a_command_for_me_in_a_compound_makes_both_moves(grammar: Grammar,
                                                         command: str) -> None:
    """"Mets-moi le deux sur la quatre et le cinq sur la un" (batch 20): a part that opens
    with a command said for the player keeps its hyphen, and both moves are made in order."""
    checked = 0
    for state, first, second in _pairs(range(12)):
        if not isinstance(second, Place):
            continue
        table = make_table(grammar, state)
        said = sentence(first).replace("je pose", command, 1)
        text = f"{said} et {sentence(second)}"
        says = table.hear(text)
        after, _ = ENGINE.apply(state, first)
        expected, _ = ENGINE.apply(after, second)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (text, keys(says))
        checked += 1
    assert checked > 5


def test_a_part_that_cannot_be_played_leaves_everything_as_it_was(grammar: Grammar) -> None:
    checked = 0
    for seed in range(12):
        state = ENGINE.new_virtual_game(2, seed)
        for first in _single_places(state)[:2]:
            after, _ = ENGINE.apply(state, first)
            refused = [
                Place((c,), col)
                for c in state.players[0].hand
                for col in range(1, 7)
                if c not in first.cards and ENGINE.refusal(after, Place((c,), col))
            ]
            if not refused:
                continue
            table = make_table(grammar, state)
            says = table.hear(f"{sentence(first)} et {sentence(refused[0])}")
            assert table.state == state
            assert "compound.nothing_done" in keys(says)
            assert any(k.startswith("refusal.") for k in keys(says)), keys(says)
            checked += 1
    assert checked > 5


def test_an_open_character_use_is_settled_by_the_move_after_it(grammar: Grammar) -> None:
    """ "j'utilise Ragna et je pose le cinq sur la deux": Ragna skips the four, which is the
    only skip that lets the five go there (never a Ragna spent for nothing)."""
    revealed = ("ragna", "edgar", "aldred")
    state = position(
        columns=[[3], [1, 2, 3], [9], [13], [5, 6, 7], [12]],
        discard=[],
        players=[{"hand": [5, 7, 9, 10, 11, 2], "pile": [4, 4, 4, 8, 8, 8]}],
        options={"characters": True, "mode": "solo"},
        revealed=list(revealed),
        deck=[c for c in CHARACTERS if c not in revealed],
    )
    table = make_table(grammar, state, names=["Anne"])
    table.hear("j'utilise Ragna et je pose le cinq sur la colonne deux")
    after, _ = ENGINE.apply(state, UseRagna(2, 4))
    expected, _ = ENGINE.apply(after, Place((5,), 2))
    assert ENGINE.dumps(table.state) == ENGINE.dumps(expected)


def test_the_whole_sentence_is_confirmed_once_and_made_on_yes(grammar: Grammar) -> None:
    state, first, second = _pairs(range(3))[0]
    table = make_table(
        grammar,
        state,
        settings=settings_for(["Anne", "Paul"], confirm="always", scan_check="never"),
    )
    says = table.hear(f"{sentence(first)} et {sentence(second)}")
    assert "confirm_moves" in keys(says) and table.state == state
    table.hear("oui")
    after, _ = ENGINE.apply(state, first)
    expected, _ = ENGINE.apply(after, second)
    assert ENGINE.dumps(table.state) == ENGINE.dumps(expected)


def test_no_to_the_whole_sentence_makes_nothing(grammar: Grammar) -> None:
    state, first, second = _pairs(range(3))[0]
    table = make_table(
        grammar,
        state,
        settings=settings_for(["Anne", "Paul"], confirm="always", scan_check="never"),
    )
    table.hear(f"{sentence(first)} et {sentence(second)}")
    table.hear("non")
    assert table.state == state
