"""Kingdom Builder, a build said with words around it (held-out batch 17): the hex said twice
with « oui » between ("euh... dix treize, oui dix treize": one build), said as what it will be
("ça sera seize un pour moi"), "je m'établis en ...", a judgement after it ("alors moi je me
mets en cinq quatorze, c'est bien placé"). Each builds exactly what "je construis en ..."
builds; two different hexes ("vingt douze ou vingt treize", "dix treize, oui dix quatorze")
build nothing. Another player's cities asked by name first ("Paul, ses cités, elles sont
où ?") are answered with that player's cities. Over seeded games and a spread of the hexes the
player may build on, through the real session."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import NUMBERS, start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401

from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 4)
FORMS = ("euh... {h}, oui {h}", "{h}, oui, {h}", "ça sera {h} pour moi", "ce sera {h}",
         "je m'établis en {h}", "alors moi je me mets en {h}, c'est bien placé",
         "je construis en {h}, parfait")
TWO = ("{h} ou {o}", "{h}, oui {o}")


def said(hex_: tuple[int, int]) -> str:
    r, c = grid.spoken(hex_)
    return f"{NUMBERS[r]} {NUMBERS[c]}"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_build_said_with_words_around_it_is_built_once(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    for i, hex_ in enumerate(hexes[:: max(1, len(hexes) // 4)]):
        plain = start(builder_grammar, seed=seed)
        plain.hear(f"je construis en {said(hex_)}")
        assert plain.state.owner_at(hex_) == 0
        for form in FORMS:
            t = start(builder_grammar, seed=seed)
            sentence = form.format(h=said(hex_))
            t.hear(sentence)
            assert t.state == plain.state, sentence
        other = hexes[(i + 1) % len(hexes)] if hexes[(i + 1) % len(hexes)] != hex_ else hexes[0]
        for form in TWO:
            t = start(builder_grammar, seed=seed)
            before = t.state
            sentence = form.format(h=said(hex_), o=said(other))
            t.hear(sentence)
            assert t.state == before, sentence


@pytest.mark.parametrize("form", ["Paul, ses cités, elles sont où ?",
                                  "Paul, les cités, elles se trouvent où ?",
                                  "Paul, ses colonies, où sont-elles ?"])
def test_a_player_named_first_then_their_cities_asked(
        builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    t = start(builder_grammar, seed=2)
    t.hear(f"je construis en {said(place_targets(t.state, 'build').hexes[0])}")
    before = t.state
    out = keys(t.hear(form))
    assert out and out[0].startswith("answer.settlements_") and out[0].endswith("_of"), out
    assert t.state == before
