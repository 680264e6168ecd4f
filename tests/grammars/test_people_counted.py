"""A number said right after « nous », « vous », « eux » counts people, never a value of the
game (held-out batch 35: « y en a un de nous deux qui est devant aux points ? » was answered
about the hex one-two): in every game, no reading (exact, by topic, loose) takes the number."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, grammar

ASKED = ("y en a un de nous deux qui est devant aux points ?",
         "lequel de vous deux a joué en dernier ?",
         "est-ce qu'un de nous deux peut encore jouer ?",
         "c'est à qui de nous deux ?",
         "qui d'entre eux deux a le plus de points ?")


@pytest.mark.parametrize("game", GAMES)
def test_a_number_after_a_group_pronoun_is_no_value(game: str) -> None:
    g = grammar(game)
    for text in ASKED:
        found = [*g.understand(text), *g.topic(text), *g.topic(text, loose=True)]
        for reading in found:
            said = [str(v) for value in reading.slots.values()
                    for v in (value if isinstance(value, tuple) else (value,))]
            assert not any(v.endswith(":2") for v in said), (text, reading)
