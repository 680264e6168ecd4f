"""Kingdom Builder, a settlement said small or as the pawn it is (held-out batch 26): « ma
petite maison », « mon petit bonhomme », « un petit village », « mon bonhomme ». Each builds
exactly what "je construis en …" builds, over seeded games and a spread of the hexes the
player may build on; a negated sentence builds nothing."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_kingdom_builder_batch25_said_around import said
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401

from ludivox.engines.kingdom_builder import place_targets
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 3)
NOUNS = ("ma petite maison", "mon petit bonhomme", "un petit village", "mon bonhomme",
         "une petite colonie", "ma petite cité", "un bonhomme", "mon petit pion")
FORMS = ("je mets {n} en {h}", "moi je pose {n} sur la case {h}",
         "je voudrais poser {n} en {h}", "je construis {n} en {h}")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_settlement_said_small_or_as_a_pawn_builds_that_hex(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    n = 0
    for noun in NOUNS:
        for form in FORMS:
            hex_ = hexes[(n * 7) % len(hexes)]
            n += 1
            plain = start(builder_grammar, seed=seed)
            plain.hear(f"je construis en {said(hex_)}")
            t = start(builder_grammar, seed=seed)
            sentence = form.format(n=noun, h=said(hex_))
            out = t.hear(sentence)
            assert t.state == plain.state, (sentence, keys(out))
            no = start(builder_grammar, seed=seed)
            before = no.state
            no.hear(f"je ne mets pas {noun} en {said(hex_)}")
            no.hear("oui")
            assert no.state == before, noun
