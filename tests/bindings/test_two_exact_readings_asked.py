"""Words that read exactly as two different moves are asked, never one of them made.

« je glisse un six derrière le cinq » (held-out batch 30) moved the six and the seven of
another column, while the player slid the six of their hand: « glisser » says both. Whatever
the verb, when the grammar reads a sentence word for word as two legal moves, the player
chooses; nothing is made at once. Properties: over Kingsbridge positions where a hand card and
a column's run starting with the same value can both go after the same card, and over the
legal moves of seeded playout positions of the four games, said as the assistant says them."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import ALL_GRAMMARS, game_session
from test_move_questions import _keys, said_moves

from ludivox.engines.kingsbridge.actions import Move, Place
from ludivox.engines.kingsbridge.jsonio import from_json
from ludivox.engines.kingsbridge.state import KingsbridgeState
from ludivox.table.io import Heard
from ludivox.table.questions import Choice

SAID_BOTH_WAYS = ("je glisse le {card} derrière le {after}",
                  "je glisse un {card} derrière le {after}",
                  "je fais glisser le {card} derrière le {after}")


def _position(value: int, other: int) -> KingsbridgeState:
    """Solo: a column ending with ``value - 1``, another running from ``value`` up to
    ``other``, four ending with a twelve (no empty column: « derrière le quatre » never
    names one), the hand holding a ``value``."""
    columns = [[value - 1], list(range(value, other + 1)), [12], [12], [12], [12]]
    return from_json({
        "mode": "virtual", "columns": columns, "turn": 0, "setup_done": True,
        "players": [{"hand": [value, 13, 13], "pile": [1, 1, 1], "characters": [], "aside": []}],
        "options": {"characters": False, "mode": "solo"}})


def _said_number(session: Any, state: KingsbridgeState, number: int) -> str:
    """``number`` as the assistant says a card ("poser le cinq …": "cinq")."""
    said = session.announcer.render(session.binding.describe(state, Place((number,), 1), 0),
                                    capitalize=False)
    return str(said.split()[2])


@pytest.mark.parametrize("value", range(2, 12))
def test_a_card_of_the_hand_or_a_column_said_with_an_ambiguous_verb_is_asked(value: int) -> None:
    """Before: « je glisse le six derrière le cinq » always moved the column's six (and what
    follows it), the hand's six never offered."""
    state = _position(value, min(value + 1, 12))
    place, move = Place((value,), 1), Move(2, 0, 1)
    for frame in SAID_BOTH_WAYS:
        session = game_session("kingsbridge", state, ("Anne",))
        text = frame.format(card=_said_number(session, state, value),
                            after=_said_number(session, state, value - 1))
        keys = _keys(session.handle(Heard(text, seat=0)))
        assert session.state == state, text
        assert isinstance(session.pending, Choice), (text, keys)
        assert set(session.pending.options) == {place, move}, text


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_sentence_read_word_for_word_as_two_moves_is_never_made(game: str) -> None:
    """Guard over every game: a legal move said as the assistant says it, read exactly, is
    made only when every exact reading of it is that one move; otherwise nothing changes."""
    made = 0
    for state, seat, action, _, text in said_moves(game, "two-exact", 6, 6):
        session = game_session(game, state)
        exact = [r for r in session.grammar.understand(text) if r.cost == 0]
        session.handle(Heard(text, seat=seat))
        if len({(r.name, tuple(sorted(r.slots.items()))) for r in exact}) > 1 \
                and session.state != state:
            # several readings said word for word and one was made: it must be the only
            # legal move they give
            legal = {a for r in exact for a in _moves_of(session, state, r, seat)}
            assert legal == {action}, text
        made += session.state != state
    assert made >= 3


def _moves_of(session: Any, state: Any, reading: Any, seat: int) -> list[Any]:
    result = session.binding.interpret(state, reading, seat)
    candidates = getattr(result, "candidates", ()) or ()
    return list(session.match.judge.legal(state, candidates))


@pytest.mark.parametrize("value", range(2, 12, 3))
def test_asked_whether_allowed_with_an_ambiguous_verb_both_moves_are_told(value: int) -> None:
    """« je peux glisser le six derrière le cinq ? »: both moves the words say are told
    allowed, none offered as the one meant (before this stop's change of « glisser », the
    column's move alone was offered)."""
    state = _position(value, min(value + 1, 12))
    session = game_session("kingsbridge", state, ("Anne",))
    text = (f"je peux glisser le {_said_number(session, state, value)} derrière le "
            f"{_said_number(session, state, value - 1)} ?")
    keys = _keys(session.handle(Heard(text, seat=0)))
    assert keys == ["answer.can_options"], (text, keys)
    assert session.state == state and session.pending is None, text
