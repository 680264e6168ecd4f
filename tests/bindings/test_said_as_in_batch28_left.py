"""What held-out batch 28 left (stop 50): a move then the end of the turn said « et je
passe » (Kingsbridge), a what-if about a rule answered by that rule and never taken as a
move, the count of one's own cards asked « j'ai combien de cartes », a formal request
before a move. Properties over legal moves of seeded playout positions (or every rule
topic, every game), each asserting what a player notices: the moves made, the answer's key,
or nothing changed."""

from __future__ import annotations

import pytest
from table_helpers import game_session
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.table.io import Heard

TURN_OVER = ("{move} et je passe", "{move} et je passe mon tour", "{move} puis je passe",
             "{move} et après je passe")


def _after(game: str, state: object, seat: int, *texts: str) -> object:
    session = game_session(game, state)
    for text in texts:
        session.handle(Heard(text, seat=seat))
    return session.state


def test_kingsbridge_moves_then_je_passe_make_them_and_end_the_turn() -> None:
    """Before: « je mets le neuf sur la six et le sept sur la trois et je passe » was refused
    whole (« tu as déjà joué ce tour-ci ») and nothing was done."""
    engine = engine_for("kingsbridge")
    made = 0
    for state, seat, action, _, move in said_moves("kingsbridge", "turn-over", 6, 4):
        after, _ = engine.apply(state, action)
        if engine.awaiting(after).seats[0] != seat:
            continue  # the move ended the turn: see the exchange test
        expected = _after("kingsbridge", state, seat, move, "j'ai fini")
        assert expected != after, move
        for frame in TURN_OVER:
            text = frame.format(move=move)
            assert _after("kingsbridge", state, seat, text) == expected, text
            made += 1
    assert made >= 12


def test_kingsbridge_a_move_that_ends_the_turn_then_je_passe_is_that_move() -> None:
    """Before: « j'échange le deux et je passe » was refused (« tu ne peux passer que si ta
    pioche est vide ») and the exchange not made."""
    engine = engine_for("kingsbridge")
    made = 0
    for state, seat, action, _, move in said_moves("kingsbridge", "exchange-over", 8, 8):
        after, _ = engine.apply(state, action)
        if engine.awaiting(after).seats[0] == seat:
            continue
        assert _after("kingsbridge", state, seat, f"{move} et je passe") == after, move
        made += 1
    assert made >= 2


def test_kingsbridge_je_passe_alone_is_still_the_pass_refused() -> None:
    """Guard: « je passe » alone, with a pile left, is refused and changes nothing."""
    for state, seat, _, _, _ in said_moves("kingsbridge", "pass-alone", 3, 1):
        session = game_session("kingsbridge", state)
        keys = _keys(session.handle(Heard("je passe", seat=seat)))
        assert session.state == state and any(k.startswith("refusal.") for k in keys), keys


@pytest.mark.parametrize("frame", ["{move} et je passe", "{move} et c'est tout"])
def test_kingsbridge_a_refused_move_then_je_passe_does_nothing(frame: str) -> None:
    """Guard: a compound is never done by half: a move that cannot be made, then the turn's
    end, leaves the game as it was."""
    session = None
    for state, seat, _, _, _ in said_moves("kingsbridge", "refused-over", 3, 1):
        session = game_session("kingsbridge", state)
        hand = set(state.players[seat].hand)  # type: ignore[attr-defined]
        missing = next(n for n in range(1, 14) if n not in hand)
        word = session.grammar.language.numbers.cardinal(missing)
        text = frame.format(move=f"je pose le {word} sur la colonne un")
        session.handle(Heard(text, seat=seat))
        assert session.state == state, text
    assert session is not None
