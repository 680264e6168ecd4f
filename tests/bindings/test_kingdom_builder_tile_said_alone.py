"""Kingdom Builder, the tile said alone first, then the move with any verb of moving, also
said to the assistant (held-out batch 23: « l'enclos fais-moi sauter la maison de neuf
treize en onze quatorze »): « l'enclos, je déplace … », « le paddock, fais-moi sauter … »,
« mon enclos, déplace-moi … », « l'enclos, la cité de …, je la fais glisser en … » each do
exactly that paddock move; negated, or with a tile the player does not hold, nothing
changes. Over the paddock moves of the corpus's position, through the real session."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import paddock_moves, said
from test_kingdom_builder_tile_said_first import position as load_position

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.grammars.grammar import Grammar

VERBS = ("je déplace", "fais-moi sauter", "fais sauter", "déplace-moi", "bouge",
         "fais-moi glisser", "envoie-moi", "je fais passer")
FORMS = ("l'enclos {verb} la maison de {o} en {t}",
         "le paddock, {verb} la cité de {o} vers {t}",
         "mon enclos {verb} ma colonie du {o} jusqu'au {t}")
PRONOUN_FORMS = ("l'enclos, la cité de {o}, je la fais glisser en {t}",
                 "le paddock, la maison de {o}, je la déplace vers {t}")


@cache
def position(name: str) -> Any:
    """The corpus's position (read once: loading the corpus is slow)."""
    return load_position(name)


@pytest.mark.parametrize("verb", VERBS)
def test_the_tile_said_alone_then_any_verb_of_moving_moves_the_city(
        builder_grammar: Grammar, verb: str) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    assert len(moves) >= 3
    for n, form in enumerate(FORMS):  # each form on another move
        move = moves[(n + VERBS.index(verb)) % len(moves)]
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        sentence = form.format(verb=verb, o=said(move.origin), t=said(move.target))
        t.hear(sentence)
        assert t.state == goal, sentence


def test_the_city_taken_up_by_a_pronoun_after_the_tile(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    for n, form in enumerate(PRONOUN_FORMS):
        move = moves[n % len(moves)]
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        sentence = form.format(o=said(move.origin), t=said(move.target))
        t.hear(sentence)
        assert t.state == goal, sentence


@pytest.mark.parametrize("sentence", (
    "l'enclos je ne déplace pas la maison de {o} en {t}",
    "l'enclos ne fais pas sauter la maison de {o} en {t}",
    "la grange fais-moi sauter la maison de {o} en {t}",  # not held: the engine refuses
))
def test_negated_or_another_tile_changes_nothing(
        builder_grammar: Grammar, sentence: str) -> None:  # noqa: F811
    state = position("paddock")
    move = paddock_moves(state)[0]
    t = start(builder_grammar, state=state)
    said_ = sentence.format(o=said(move.origin), t=said(move.target))
    t.hear(said_)
    assert t.state == state, said_
