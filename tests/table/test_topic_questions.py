"""A question read by its topic (no template fits) is only ever answered: over seeded
positions of the three games, every intent's example said in reverse word order as a
question changes nothing, and the questions of the third natural batch are answered."""

from __future__ import annotations

import itertools

import pytest
from table_helpers import game_session, playout

from ludivox.table.io import Heard, Say

GAMES = ("kingsbridge", "seven-kingdoms", "kingdom-builder")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_topic_reading_never_changes_the_game(game: str) -> None:
    read = 0
    for state in itertools.islice(playout(game, "topics"), 0, 40, 8):
        session = game_session(game, state)
        grammar = session.grammar
        for example in grammar.examples():
            said = " ".join(reversed(example.rstrip(" ?").split())) + " ?"
            seat = session.acting_seat or 0
            out = session._by_topic(seat, said)
            assert session.state == state, said
            read += out is not None
    assert read > 0


@pytest.mark.parametrize(("game", "said", "key"), [
    ("kingsbridge", "la colonne trois elle finit par quoi ?", "answer.column"),
    ("kingsbridge", "la défausse il y a quoi dedans ?", "answer.discard"),
    ("kingdom-builder", "le château le plus proche il est où ?", "answer.nearest"),
    ("kingdom-builder", "j'ai des tuiles ?", "answer.tiles"),
    ("seven-kingdoms", "les jetons sont où ?", "answer.tokens"),
])
def test_a_question_in_a_player_s_own_words_is_answered(game: str, said: str, key: str) -> None:
    state = next(iter(playout(game, "topics")))
    session = game_session(game, state)
    keys = [o.key for o in session.handle(Heard(said, seat=session.acting_seat or 0))
            if isinstance(o, Say)]
    assert any(k.startswith(key) for k in keys), keys
    assert session.state == state
