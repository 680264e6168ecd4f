"""Kingdom Builder, a city moved from a hex to another with the moving tile not named
(held-out batch 35: « je saute de neuf treize en sept douze, ah non, en sept quatorze », « je
fais bondir ma cité de neuf treize par-dessus jusqu'en onze quatorze » were not understood):
the move of the moving tile the player holds, over every paddock move of the corpus's
position; with no moving tile ready, a French refusal and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import paddock_moves, position, said

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.grammars.grammar import Grammar

FORMS = ("je saute de {o} en {t}",
         "je fais bondir ma cité de {o} par-dessus jusqu'en {t}",
         "je déplace ma cité de {o} en {t}",
         "la cité de {o}, je la fais sauter en {t}",
         "je bouge {o} vers {t}")


@pytest.mark.parametrize("form", FORMS)
def test_a_city_moved_without_the_tile_named_is_the_paddock_move(
        builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    assert len(moves) >= 3
    for move in moves:
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        sentence = form.format(o=said(move.origin), t=said(move.target))
        out = t.hear(sentence)
        assert t.state == goal, (sentence, keys(out))


def test_a_city_moved_with_no_moving_tile_changes_nothing(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("first")
    t = start(builder_grammar, state=state)
    out = t.hear("je déplace ma cité de neuf treize en sept quatorze")
    assert t.state == state
    assert "no_moving_tile" in keys(out), keys(out)
