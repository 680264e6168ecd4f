"""Kingdom Builder, a city moved by a tile said with any verb of moving (held-out batch 21:
« la cité de neuf treize, je la téléporte en onze quatorze avec le paddock »): « je
téléporte / décale / transporte / glisse / fais glisser / envoie … », said plainly, with the
city first taken up by a pronoun, or after « j'utilise l'enclos pour … », each does exactly
that paddock move; said negated, nothing changes. Over the paddock moves of the corpus's
position, through the real session."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import paddock_moves, position, said

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.grammars.grammar import Grammar

# (said with « je », taken up by a pronoun, the infinitive)
VERBS = (("je déplace", "je la déplace", "déplacer"),
         ("je bouge", "je la bouge", "bouger"),
         ("je déménage", "je la déménage", "déménager"),
         ("je transfère", "je la transfère", "transférer"),
         ("je téléporte", "je la téléporte", "téléporter"),
         ("je décale", "je la décale", "décaler"),
         ("je transporte", "je la transporte", "transporter"),
         ("je glisse", "je la glisse", "glisser"),
         ("je fais glisser", "je la fais glisser", "faire glisser"),
         ("j'envoie", "je l'envoie", "envoyer"))
FORMS = ("{je} la cité de {o} en {t} avec l'enclos",
         "la cité de {o}, {la} en {t} avec le paddock",
         "la colonie du {o} {la} jusqu'au {t} grâce à l'enclos",
         "avec l'enclos, la cité de {o}, {la} vers {t}",
         "j'utilise l'enclos pour {inf} la cité de {o} vers {t}")


@pytest.mark.parametrize("verb", VERBS, ids=[v[2] for v in VERBS])
def test_a_city_moved_with_any_verb_of_moving_is_moved_there(
        builder_grammar: Grammar, verb: tuple[str, str, str]) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    assert len(moves) >= 3
    je, la, inf = verb
    for n, form in enumerate(FORMS):  # each form on another move
        move = moves[(n + VERBS.index(verb)) % len(moves)]
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        sentence = form.format(je=je, la=la, inf=inf, o=said(move.origin), t=said(move.target))
        out = t.hear(sentence)
        assert t.state == goal, (sentence, keys(out))


@pytest.mark.parametrize("verb", VERBS, ids=[v[2] for v in VERBS])
def test_a_city_not_moved_is_not_moved(
        builder_grammar: Grammar, verb: tuple[str, str, str]) -> None:  # noqa: F811
    state = position("paddock")
    je, _, _ = verb
    negated = ("je ne la fais pas glisser" if je == "je fais glisser"
               else "je ne l'envoie pas" if je == "j'envoie"
               else je.replace("je ", "je ne la ", 1) + " pas")
    moves = paddock_moves(state)
    move = moves[VERBS.index(verb) % len(moves)]
    t = start(builder_grammar, state=state)
    sentence = f"la cité de {said(move.origin)}, {negated} en {said(move.target)} avec l'enclos"
    t.hear(sentence)
    assert t.state == state, sentence
