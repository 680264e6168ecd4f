"""A count said with a list of moves (issue 16, batches 16 and 17): « je mets trois colonies
d'un coup : A, B et C », « A, B, C, les trois à la suite » (Kingdom Builder, hexes of row
twenty said with their numbers apart: « vingt huit » is 20-8, not 28). The count is taken
out and checked: the moves listed are made when they are as many as said, and nothing is
made when they are not (« tu as annoncé deux coups, mais j'en entends trois »). Over seeded
games, three builds in a row that the rules allow, through the real session."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import NUMBERS, start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401

from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.grammars.grammar import Grammar

FORMS = ("je mets {n} colonies d'un coup : {a}, {b} et {c}",
         "{a}, {b}, {c}, les {n} à la suite", "{n} cités à la suite : {a}, {b} et {c}",
         "je construis {a}, {b} et {c}, les {n} d'affilée",
         # the count alone closing the list (batch 19)
         "{a}, {b}, {c}, les {n}")


def said(hex_: tuple[int, int]) -> str:
    r, c = grid.spoken(hex_)
    return f"{NUMBERS[r]} {NUMBERS[c]}"


def _three(builder: Grammar, seed: int) -> list[str]:
    """Three hexes built one after the other by « je construis en … »."""
    t = start(builder, seed=seed)
    out = []
    for _ in range(3):
        hexes = place_targets(t.state, "build").hexes
        hex_ = hexes[len(hexes) // 2]
        out.append(said(hex_))
        t.hear(f"je construis en {out[-1]}")
    return out


@pytest.mark.parametrize("seed", range(1, 4))
def test_a_count_said_with_the_moves_is_checked(builder_grammar: Grammar,  # noqa: F811
                                                seed: int) -> None:
    a, b, c = _three(builder_grammar, seed)
    plain = start(builder_grammar, seed=seed)
    for hex_ in (a, b, c):
        plain.hear(f"je construis en {hex_}")
    for form in FORMS:
        t = start(builder_grammar, seed=seed)
        t.hear(form.format(n="trois", a=a, b=b, c=c))
        assert t.state == plain.state, form
        for wrong in ("deux", "quatre"):
            t = start(builder_grammar, seed=seed)
            before = t.state
            out = t.hear(form.format(n=wrong, a=a, b=b, c=c))
            assert t.state == before, (form, wrong)
            assert "compound.miscounted" in keys(out), (form, wrong, keys(out))
