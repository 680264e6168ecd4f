"""Moves said, then the turn handed over in the same breath ("je pose le sept sur la quatre,
à toi Paul"): the moves made in order, then the turn ended; never the moves without the end
the player asked for, never half; a part that cannot be played leaves everything as it was.
Over dealt Kingsbridge positions and every way of handing over below."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_helpers import ENGINE, keys, make_table, sentence

from ludivox.engines.kingsbridge.actions import EndTurn, Exchange, Place
from ludivox.grammars.grammar import Grammar

NAMES = ("Anne", "Paul", "Léa")
# said after the moves; {next} is the next player's name ("," stands for no word at all)
HANDOVERS = ("à toi {next}", "c'est à toi {next}", "à {next}", "à toi de jouer {next}",
             "c'est à toi de jouer", "à toi", "puis je m'arrête, à toi {next}",
             "j'ai fini, à toi {next}",
             # the next player named as who plays now (batch 17: « …, c'est à Anne »)
             "c'est à {next}", "c'est au tour de {next}", "et c'est à {next}",
             "puis c'est à {next}", "pis c'est au tour de {next}")


def _single_places(state: Any) -> list[Place]:
    return [a for a in ENGINE.legal_actions(state) if isinstance(a, Place) and len(a.cards) == 1]


def _turns(seeds: range) -> list[tuple[Any, tuple[Place, ...]]]:
    """(position, one or two single-card places in a row) from dealt 3-player games."""
    found: list[tuple[Any, tuple[Place, ...]]] = []
    for seed in seeds:
        state = ENGINE.new_virtual_game(3, seed)
        rng = random.Random(seed)
        for first in _single_places(state)[:2]:
            after, _ = ENGINE.apply(state, first)
            seconds = _single_places(after)
            found.append((state, (first,)))
            if seconds:
                found.append((state, (first, rng.choice(seconds))))
    return found


@pytest.mark.parametrize("handover", HANDOVERS)
def test_moves_then_the_turn_handed_over(grammar: Grammar, handover: str) -> None:
    turns = _turns(range(6))
    assert len(turns) > 10
    for state, moves in turns:
        table = make_table(grammar, state, NAMES)
        said = " et ".join(sentence(m) for m in moves)
        text = f"{said}, {handover.format(next=NAMES[1])}"
        says = table.hear(text)
        expected = state
        for action in (*moves, EndTurn()):
            expected, _ = ENGINE.apply(expected, action)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (text, keys(says))


@pytest.mark.parametrize("other", [NAMES[0], NAMES[2]])
@pytest.mark.parametrize("handover", [h for h in HANDOVERS if "{next}" in h])
def test_the_turn_is_not_handed_to_a_player_who_is_not_next(grammar: Grammar,
                                                            handover: str, other: str) -> None:
    """« …, c'est à Léa » when Paul plays next, « …, à toi Anne » on Anne's own turn: the
    name does not fit the game, nothing is done (the player is told what can be said or
    asked; never the moves without the end asked, never the turn given to someone else):
    the player is told who plays next."""
    for state, moves in _turns(range(2)):
        table = make_table(grammar, state, NAMES)
        text = f"{' et '.join(sentence(m) for m in moves)}, {handover.format(next=other)}"
        says = table.hear(text)
        assert table.state == state, (text, keys(says))
        assert "compound.not_next" in keys(says), (text, keys(says))  # told who plays next


def test_a_move_that_cannot_be_played_ends_nothing(grammar: Grammar) -> None:
    checked = 0
    for seed in range(6):
        state = ENGINE.new_virtual_game(3, seed)
        refused = [Place((c,), col) for c in state.players[0].hand for col in range(1, 7)
                   if ENGINE.refusal(state, Place((c,), col)) is not None]
        for move in refused[:2]:
            table = make_table(grammar, state, NAMES)
            says = table.hear(f"{sentence(move)}, à toi {NAMES[1]}")
            assert table.state == state, keys(says)
            assert any(k.startswith("refusal.") for k in keys(says)), keys(says)
            checked += 1
    assert checked > 5


@pytest.mark.parametrize("handover", ["et je pioche", "et je complète ma main", "à toi {next}",
                                      "et j'ai fini"])
def test_a_turn_already_ended_is_handed_over_once(grammar: Grammar, handover: str) -> None:
    """An exchange ends the turn: « j'échange le deux et je pioche » is the exchange alone."""
    checked = 0
    for seed in range(6):
        state = ENGINE.new_virtual_game(3, seed)
        for card in sorted(set(state.players[0].hand))[:2]:
            table = make_table(grammar, state, NAMES)
            text = f"{sentence(Exchange((card,)))} {handover.format(next=NAMES[1])}"
            says = table.hear(text)
            expected, _ = ENGINE.apply(state, Exchange((card,)))
            assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (text, keys(says))
            checked += 1
    assert checked > 5
