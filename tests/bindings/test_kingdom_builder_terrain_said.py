"""Kingdom Builder, a build said with its terrain (held-out batch 17): "une cité sur le canyon
en dix-neuf neuf", "je construis dans les bois en douze treize", "une forêt en onze onze",
"le désert en sept quatorze", "canyon, six sept", "un trois, sur le désert". The terrain is
checked against the hex: the hex's own terrain builds there as "je construis en ..." does;
another terrain is refused with the reason and nothing is built (never dropped). Over seeded
games and a spread of the hexes the player may build on, through the real session."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import NUMBERS, start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401

from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 4)
ON = {"grass": "la prairie", "canyon": "le canyon", "desert": "le désert",
      "flower": "les fleurs", "forest": "les bois"}
A = {"grass": "une prairie", "canyon": "un canyon", "desert": "le désert",
     "flower": "des fleurs", "forest": "une forêt"}
BARE = {"grass": "prairie", "canyon": "canyon", "desert": "désert", "flower": "fleurs",
        "forest": "forêt"}
FORMS = ("une cité sur {on} en {r} {c}", "je construis dans {on} en {r} {c}",
         "{a} en {r} {c}", "{bare}, {r} {c}", "sur {on}, {r} {c}", "{r} {c}, sur {on}")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_terrain_said_with_a_build_is_checked_against_the_hex(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 4)]:
        r, c = (NUMBERS[n] for n in grid.spoken(hex_))
        plain = start(builder_grammar, seed=seed)
        terrain = plain.state.board.terrain[grid.index(hex_)]
        plain.hear(f"je construis en {r} {c}")
        assert plain.state.owner_at(hex_) == 0
        other = next(t for t in BUILDABLE if t != terrain)
        for form in FORMS:
            t = start(builder_grammar, seed=seed)
            said = form.format(on=ON[terrain], a=A[terrain], bare=BARE[terrain], r=r, c=c)
            t.hear(said)
            assert t.state == plain.state, said
            t = start(builder_grammar, seed=seed)
            before = t.state
            wrong = form.format(on=ON[other], a=A[other], bare=BARE[other], r=r, c=c)
            out = t.hear(wrong)
            assert keys(out) == ["refusal.hex_not_terrain"], (wrong, keys(out))
            assert t.state == before, wrong
