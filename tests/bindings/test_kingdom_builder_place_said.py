"""Kingdom Builder, where a hex lies said with it (held-out batches 16 and 17): on the board
("en bas, vingt neuf", "deux un, en haut à gauche", "je construis en vingt douze sur le
bord") or from another hex ("seize douze, juste au-dessus de dix-sept treize"). The words are
checked against the board's geometry, or what the hex touches ("un désert en neuf douze, à
côté de l'enclos", "…, près de l'eau"): when they hold the build is made as "je construis en
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


NEAR = {"castle": "à côté d'un château", "water": "près de l'eau",
        "mountain": "à côté de la montagne"}
TILES = {"oracle": "à côté de l'oracle", "paddock": "à côté de l'enclos", "harbor": "près du port",
         "tower": "à côté de la tour", "farm": "à côté de la ferme", "tavern": "près de la taverne",
         "oasis": "à côté de l'oasis", "barn": "à côté de la grange"}


@pytest.mark.parametrize("seed", range(1, 3))
def test_what_a_hex_touches_said_with_it_is_checked(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    state = start(builder_grammar, seed=seed).state
    board = state.board
    hexes = place_targets(state, "build").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 4)]:
        around = [n for n in grid.neighbours(hex_)]
        touches = {"castle": any(n in board.castle_hexes() for n in around),
                   "water": any(board.terrain_at(n) == "water" for n in around),
                   "mountain": any(board.terrain_at(n) == "mountain" for n in around)}
        touches.update({tile: any(board.location_at(n) == tile for n in around)
                        for tile in TILES})
        for what, words in [*NEAR.items(), *TILES.items()]:
            t = start(builder_grammar, seed=seed)
            sentence = f"je construis en {said(hex_)}, {words}"
            out = keys(t.hear(sentence))
            if touches[what]:
                assert t.state.owner_at(hex_) == 0, (sentence, out)
            else:
                assert out == ["refusal.hex_not_near"], (sentence, out)
                assert t.state == state, sentence
