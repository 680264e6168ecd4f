"""Kingdom Builder, where a hex lies said with it (held-out batches 16 and 17): on the board
("en bas, vingt neuf", "deux un, en haut à gauche", "je construis en vingt douze sur le
bord") or from another hex ("seize douze, juste au-dessus de dix-sept treize"). The words are
checked against the board's geometry: when they hold the build is made as "je construis en
..." makes it; when they do not, a refusal says so and nothing is built (never dropped).
Over seeded games, a spread of the hexes the player may build on, every place word and every
neighbour, through the real session."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import NUMBERS, start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401

from ludivox.bindings.kingdom_builder.places import RELATIVE_DIRECTIONS
from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.grammars.grammar import Grammar

SPOTS = {"top_left": "en haut à gauche", "top_right": "en haut à droite",
         "bottom_left": "en bas à gauche", "bottom_right": "en bas à droite",
         "top": "en haut", "bottom": "en bas", "edge": "sur le bord"}
SPOT_FORMS = ("{spot}, {h}", "{h}, {spot}", "je construis une cité {spot} en {h}")
RELATIVES = {"up": "juste au-dessus", "down": "juste en dessous", "right": "la case à droite",
             "left": "à gauche", "near": "la voisine"}


def holds(hex_: tuple[int, int], spot: str) -> bool:
    """The geometry said in the test's own words: halves and quarters of the 20 rows and
    columns, the first or last row or column."""
    r, c = hex_
    if spot == "edge":
        return r in (0, 19) or c in (0, 19)
    top, left = r <= 9, c <= 9
    wanted = {"top": top, "bottom": not top}[spot.split("_")[0]]
    if "_" in spot:
        wanted = wanted and left == spot.endswith("left")
    return wanted


def said(hex_: tuple[int, int]) -> str:
    r, c = grid.spoken(hex_)
    return f"{NUMBERS[r]} {NUMBERS[c]}"


@pytest.mark.parametrize("seed", range(1, 3))
def test_a_place_on_the_board_said_with_a_hex_is_checked(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 3)]:
        for spot, words in SPOTS.items():
            for form in SPOT_FORMS:
                t = start(builder_grammar, seed=seed)
                before = t.state
                sentence = form.format(spot=words, h=said(hex_))
                out = keys(t.hear(sentence))
                if holds(hex_, spot):
                    assert t.state.owner_at(hex_) == 0, (sentence, out)
                else:
                    assert out == ["refusal.hex_not_spot"], (sentence, out)
                    assert t.state == before, sentence


@pytest.mark.parametrize("seed", range(1, 3))
def test_a_place_said_from_another_hex_is_checked(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 2)]:
        origins = [(grid.step(hex_, d), grid.OPPOSITE[d]) for d in grid.DIRECTIONS]
        far = grid.step(grid.step(hex_, "e"), "e")
        origins += [(far, None)]
        for origin, way in origins:
            if not grid.on_board(origin):
                continue
            for relative, words in RELATIVES.items():
                t = start(builder_grammar, seed=seed)
                before = t.state
                sentence = f"{said(hex_)}, {words} de {said(origin)}"
                out = keys(t.hear(sentence))
                if way is not None and way in RELATIVE_DIRECTIONS[relative]:
                    assert t.state.owner_at(hex_) == 0, (sentence, out)
                else:
                    assert out == ["refusal.hex_not_relative"], (sentence, out)
                    assert t.state == before, sentence
