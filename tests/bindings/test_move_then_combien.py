"""A move, then a question with « combien » said in place (held-out batch 27: « je mets le
neuf sur la six et il me reste combien de cartes » was answered with column six and nothing
placed): the move is made, then the question answered as it is with « combien » first.
Property over the legal moves of seeded playout positions of the games whose grammar asks
« combien » of the player's own things."""

from __future__ import annotations

import pytest
from table_helpers import game_session
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.table.io import Heard

# the question as the templates say it, and as people say it at a table
ASKED = {
    "kingsbridge": ("combien de cartes il me reste", "il me reste combien de cartes"),
    "kingdom-builder": ("combien de tuiles il me reste", "il me reste combien de tuiles"),
    "monde-sans-fin": ("combien de laines il me reste", "il me reste combien de laines"),
}


@pytest.mark.parametrize("game", sorted(ASKED))
def test_a_move_then_a_combien_question_said_in_place_makes_the_move_and_answers(
        game: str) -> None:
    engine = engine_for(game)
    fronted, in_place = ASKED[game]
    made = 0
    for state, seat, action, _, move in said_moves(game, "combien", 3, 2):
        expected, _ = engine.apply(state, action)
        alone = game_session(game, expected)
        answer = [k for k in _keys(alone.handle(Heard(fronted, seat=seat)))
                  if k.startswith("answer.")]
        assert answer, f"{game}: « {fronted} » is no question here"
        session = game_session(game, state)
        keys = _keys(session.handle(Heard(f"{move} et {in_place}", seat=seat)))
        assert session.state == expected, f"{move} et {in_place}: {keys}"
        assert answer[0] in keys, f"{move} et {in_place}: {keys}"
        made += 1
    assert made >= 3
