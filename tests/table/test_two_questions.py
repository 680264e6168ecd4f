"""Two questions in one breath (held-out batch 26: « c'est à qui et il reste combien de cartes
dans la pioche », « les jetons ils sont où, et c'est quoi le score »): both are answered, in
the order asked, exactly as each is when asked alone. Property over the example sentences of
every question of the four games that is answered alone at a playout position, joined in
seeded pairs with « et » and « , et puis »."""

from __future__ import annotations

import itertools
import random

import pytest
from table_helpers import ALL_GRAMMARS, game_session, playout

from ludivox.bindings.registry import engine_for
from ludivox.table.io import Heard, Say

JOINS = (" et ", ", et puis ")


def _keys(session: object, text: str, seat: int) -> list[str]:
    return [o.key for o in session.handle(Heard(text, seat=seat))  # type: ignore[attr-defined]
            if isinstance(o, Say)]


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_two_questions_said_together_are_both_answered_in_order(game: str) -> None:
    engine = engine_for(game)
    state = next(itertools.islice(
        (s for s in playout(game, "two-questions") if len(engine.awaiting(s).seats) == 1
         and not engine.awaiting(s).world), 4, None))
    seat = engine.awaiting(state).seats[0]
    probe = game_session(game, state)
    alone: dict[str, list[str]] = {}
    for intent in sorted(probe.grammar.intent_names):
        if not intent.startswith("ask_"):
            continue
        text = probe.grammar.example(intent).rstrip(" ?")
        session = game_session(game, state)
        keys = _keys(session, text, seat)
        if keys and session.state == state and session.pending is None \
                and all(k.startswith("answer.") for k in keys):
            alone[text] = keys
    rng = random.Random(game)
    pairs = rng.sample(list(itertools.permutations(alone, 2)), min(12, len(alone) ** 2 // 2))
    answered = 0
    for (first, second), join in itertools.product(pairs, JOINS):
        session = game_session(game, state)
        said = f"{first}{join}{second}"
        keys = _keys(session, said, seat)
        assert session.state == state, said
        assert keys == alone[first] + alone[second], (said, keys)
        answered += 1
    assert answered >= 10, answered
