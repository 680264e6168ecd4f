"""A count corrected with its noun ("une laine, non, deux laines") keeps the last count, and
the subject's elision said either way ("j'oriente" / "je oriente", "je utilise" /
"j'utilise") reads the same: properties over every exact test sentence of every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

VOWELS = tuple("aeiouyhéèêàâô")


def _top(g: object, text: str, intents: object) -> tuple[str, dict[str, object]] | None:
    found = g.understand(text, intents=intents)  # type: ignore[attr-defined]
    return (found[0].name, dict(found[0].slots)) if found and found[0].cost == 0 else None


@pytest.mark.parametrize("game", GAMES)
def test_the_subjects_elision_said_either_way_reads_the_same(game: str) -> None:
    g = grammar(game)
    checked = 0
    for case in exact_cases(game):
        words = case.text.split()
        if len(words) < 2:
            continue
        if words[0] == "je" and words[1].startswith(VOWELS):
            other = " ".join([f"j'{words[1]}", *words[2:]])
        elif words[0].startswith("j'") and len(words[0]) > 2:
            other = " ".join(["je", words[0][2:], *words[1:]])
        else:
            continue
        meant = _top(g, case.text, case.intents)
        if meant is None:
            continue
        assert _top(g, other, case.intents) == meant, (other, case.text)
        checked += 1
    assert checked >= 3


def test_a_count_corrected_with_its_noun_keeps_the_last_count() -> None:
    """Un monde sans fin: every sale said "je vends A laines, non, B laines" is B wool."""
    g = grammar("world_without_end")
    words = {1: "une", 2: "deux", 3: "trois"}
    for a in words:
        for b in words:
            if a == b:
                continue
            noun_a = "laine" if a == 1 else "laines"
            noun_b = "laine" if b == 1 else "laines"
            said = f"je vends {words[a]} {noun_a}, non, {words[b]} {noun_b}"
            got = g.understand(said)
            assert got and got[0].cost == 0, said
            assert (got[0].name, dict(got[0].slots)) == ("play_sale", {"wool": f"amount:{b}"})
