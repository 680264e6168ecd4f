"""A move then a question about the time after it, in one breath (« je construis en un un et
c'est quoi le score après », « … et il me reste quoi maintenant »): the move is made, then the
question answered as when asked alone once the move is made. Property over legal moves of the
four games said as the player says them (``said_moves``) and every question of the game
answered alone after them."""

from __future__ import annotations

import pytest
from said_moves import GAMES, hear, said_moves
from table_helpers import game_session

from ludivox.table.io import Heard, Say

TIMES = ("après", "maintenant")


@pytest.mark.parametrize("time", TIMES)
@pytest.mark.parametrize("game", GAMES)
def test_a_question_about_after_the_move_is_answered_after_it(game: str, time: str) -> None:
    answered = 0
    for said in said_moves(game)[::3]:
        session = game_session(game, said.after)
        for intent in sorted(session.grammar.intent_names):
            if not intent.startswith("ask_") or answered > 40:
                continue
            question = session.grammar.example(intent).rstrip(" ?")
            alone = [o.key for o in game_session(game, said.after).handle(
                Heard(question, seat=said.seat)) if isinstance(o, Say)]
            if not alone or not all(k.startswith("answer.") for k in alone):
                continue
            timed = [o.key for o in game_session(game, said.after).handle(
                Heard(f"{question} {time}", seat=said.seat)) if isinstance(o, Say)]
            if timed != alone:
                continue  # « à qui de jouer après »: the word asks something else there
            text = f"{said.text} et {question} {time}"
            after, keys, _ = hear(game, said.state, text, said.seat)
            if after == said.state and keys and keys[0].startswith("answer."):
                continue  # the words before « et » read as a question too: not this class
            assert after == said.after, (text, keys)
            assert keys[-len(alone):] == alone, (text, keys, alone)
            answered += 1
    assert answered >= 5, answered
