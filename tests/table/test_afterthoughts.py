"""A move and a question in one breath (batch 21 of the natural corpus): "je pose le neuf sur
la six et il me reste combien de cartes dans ma pioche" makes the move and answers the
question; "est-ce que j'ai le droit de poser le sept sur la trois, bon allez, je le pose"
makes the move asked about (the player answered their own question), and the move said after
the restart when it is another one. Properties over seeded positions and every legal
single-card placement."""

from __future__ import annotations

import itertools

import pytest
from table_helpers import ENGINE, keys, make_table, settings_for, word

from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar

NAMES = ("Anne", "Paul")
QUESTION = "il me reste combien de cartes dans ma pioche"


def _positions(count: int) -> list[KingsbridgeState]:
    """Seeded opening positions with at least two single-card placements."""
    found = []
    for seed in range(100):
        state = ENGINE.new_virtual_game(2, seed)
        if len(_singles(state)) >= 2:
            found.append(state)
        if len(found) == count:
            break
    return found


def _singles(state: KingsbridgeState) -> list[Place]:
    return [a for a in ENGINE.legal_actions(state) if isinstance(a, Place) and len(a.cards) == 1]


def _said(action: Place, verb: str = "je pose", column: str = "la colonne") -> str:
    return f"{verb} le {word(action.cards[0])} sur {column} {word(action.column)}"


@pytest.fixture(scope="module")
def grammar() -> Grammar:
    return Grammar.load("kingsbridge")


@pytest.mark.parametrize("joint", ["et", "et après", "puis"])
@pytest.mark.parametrize("column", ["la colonne", "la"])
def test_a_move_then_a_question_makes_the_move_and_answers(grammar: Grammar, joint: str,
                                                           column: str) -> None:
    """Every single-card placement of seeded positions ("sur la colonne six", "sur la six"),
    then « <joint> il me reste combien de cartes dans ma pioche »: the card placed, then the
    pile's count said."""
    checked = 0
    for state in _positions(3):
        for action in _singles(state):
            t = make_table(grammar, state, NAMES)
            said = t.hear(f"{_said(action, column=column)} {joint} {QUESTION}")
            assert t.state == ENGINE.apply(state, action)[0], (action, keys(said))
            assert "event.cards_placed" in keys(said) and "answer.pile" in keys(said), \
                keys(said)
            assert keys(said).index("event.cards_placed") < keys(said).index("answer.pile")
            checked += 1
    assert checked >= 6


def test_with_confirmations_the_question_is_answered_and_the_move_still_asked(
        grammar: Grammar) -> None:
    """Confirmations on: the move is asked, the question answered, the yes / no asked again
    last; « oui » makes the move."""
    for state in _positions(2):
        action = _singles(state)[0]
        t = make_table(grammar, state, NAMES,
                       settings=settings_for(NAMES, confirm="always", scan_check="never"))
        said = keys(t.hear(f"{_said(action)} et {QUESTION}"))
        assert t.state == state and "answer.pile" in said and said[-1] == "confirm_move", said
        t.hear("oui")
        assert t.state == ENGINE.apply(state, action)[0]


@pytest.mark.parametrize("restart", ["bon allez", "bon vas-y", "allez", "bon ben"])
def test_a_move_asked_about_then_decided_is_made(grammar: Grammar, restart: str) -> None:
    """« est-ce que j'ai le droit de poser le N sur la colonne C, <restart>, je le pose »:
    the placement made, for every legal single-card placement of seeded positions."""
    checked = 0
    for state in _positions(3):
        for action in _singles(state):
            t = make_table(grammar, state, NAMES)
            text = (f"est-ce que j'ai le droit de {_said(action, 'poser')} {restart} "
                    "je le pose")
            said = t.hear(text)
            assert t.state == ENGINE.apply(state, action)[0], (text, keys(said))
            checked += 1
    assert checked >= 6


def test_another_move_said_after_the_restart_is_the_one_made(grammar: Grammar) -> None:
    """« est-ce que je peux poser A, bon allez, je pose B »: B is made, never A."""
    checked = 0
    for state in _positions(3):
        singles = _singles(state)
        for first, second in itertools.pairwise(singles):
            t = make_table(grammar, state, NAMES)
            t.hear(f"est-ce que je peux {_said(first, 'poser')} bon allez {_said(second)}")
            assert t.state == ENGINE.apply(state, second)[0], (first, second)
            checked += 1
    assert checked >= 3


def test_a_move_asked_about_then_refused_by_the_player_is_not_made(grammar: Grammar) -> None:
    """« …, bon allez, je ne le pose pas » (a negation) and « …, bon, je réfléchis »:
    nothing is made."""
    for state in _positions(2):
        action = _singles(state)[0]
        for after in ("bon allez je ne le pose pas", "bon je réfléchis encore"):
            t = make_table(grammar, state, NAMES)
            t.hear(f"est-ce que je peux {_said(action, 'poser')} {after}")
            assert t.state == state, after
