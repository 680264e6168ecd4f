"""Kingdom Builder said the way players talk (held-out batch 10): a settlement put without
"construis" ("bon ben je vais me mettre en seize douze", "je vais tenter le coin, en un un",
"pourrais-tu placer une de mes cités en dix-sept dix", "ligne quinze, colonne un, une
cité"), my three settlements said at once ("je mets mes trois cités en ..."); and questions:
building on water, mountain, a castle or a location (the rulebook's rule), where a terrain
lies ("montre-moi où il y a du canyon": where to build when it is my card's, the nearest
otherwise), the four board pieces, the settlements left in my reserve. Every form does what
"je construis en ..." does, a negation changes nothing, and a question changes nothing.
Over seeded games and every hex the player may build on, through the real session."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import NUMBERS, start
from test_kingdom_builder_said_together import builder_grammar, three_in_a_row  # noqa: F401

from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 4)
FORMS = ("bon ben je vais me mettre en {r} {c}", "je vais tenter le coin, en {r} {c}",
         "pourrais-tu placer une de mes cités en {r} {c}, merci", "je me place en {r} {c}",
         "ligne {r}, colonne {c}, une cité", "peux-tu poser une cité en {r} {c}")
NEGATED = ("je ne vais pas me mettre en {r} {c}", "je ne me place pas en {r} {c}")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_settlement_put_in_other_words_is_built_there(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 12)]:
        r, c = (NUMBERS[n] for n in grid.spoken(hex_))
        plain = start(builder_grammar, seed=seed)
        plain.hear(f"je construis en {r} {c}")
        assert plain.state.owner_at(hex_) == 0
        for form in FORMS:
            t = start(builder_grammar, seed=seed)
            said = form.format(r=r, c=c)
            t.hear(said)
            assert t.state == plain.state, said
        for form in NEGATED:
            t = start(builder_grammar, seed=seed)
            before = t.state
            t.hear(form.format(r=r, c=c))
            assert t.state == before, form


@pytest.mark.parametrize("seed", SEEDS)
def test_my_three_settlements_said_at_once_are_all_built(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    t = start(builder_grammar, seed=seed)
    hexes = three_in_a_row(t)
    a, b, c = (" ".join(NUMBERS[n] for n in grid.spoken(h)) for h in hexes)
    said = t.hear(f"je mets mes trois cités en {a}, {b}, {c}")
    assert keys(said).count("event.settlement_built") == 3, keys(said)
    assert all(t.state.owner_at(h) == 0 for h in hexes)


UNBUILDABLE = ("l'eau", "un lac", "la montagne", "un château", "un lieu")


@pytest.mark.parametrize("place", UNBUILDABLE)
@pytest.mark.parametrize("asked", ["on a le droit de construire sur {p} ?",
                                   "est-ce que je peux poser une cité sur {p} ?"])
def test_building_where_no_settlement_may_stand_is_answered_with_the_rule(
        builder_grammar: Grammar, place: str, asked: str) -> None:  # noqa: F811
    t = start(builder_grammar, seed=1)
    before = t.state
    said = t.hear(asked.format(p=place))
    assert keys(said) == ["rules.terrain"] and "Château, eau, montagne" in said[0].text
    assert t.state == before


FRENCH_TILES = {"oracle": "l'oracle", "farm": "la ferme", "oasis": "l'oasis", "tower": "la tour",
                "tavern": "la taverne", "barn": "la grange", "harbor": "le port",
                "paddock": "l'enclos"}
TERRAIN_WORDS = {"grass": "de la prairie", "canyon": "du canyon", "desert": "du désert",
                 "flower": "des fleurs", "forest": "de la forêt"}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("terrain", sorted(BUILDABLE))
def test_where_a_terrain_lies_is_where_to_build_or_the_nearest(
        builder_grammar: Grammar, seed: int, terrain: str) -> None:  # noqa: F811
    t = start(builder_grammar, seed=seed)
    before = t.state
    said = t.hear(f"montre-moi où il y a {TERRAIN_WORDS[terrain]}")
    mine = before.hands[0] == terrain
    assert keys(said)[0].startswith("answer.where" if mine else "answer.nearest"), keys(said)
    assert t.state == before


@pytest.mark.parametrize(("question", "key"), [
    ("c'est quoi les quatre morceaux du plateau ?", "answer.sections"),
    ("quels sont les morceaux du plateau ?", "answer.sections"),
    ("combien de cités il me reste en réserve ?", "answer.settlements"),
    ("j'ai combien de cités dans ma réserve ?", "answer.settlements"),
])
def test_the_board_pieces_and_my_reserve_are_answered(
        builder_grammar: Grammar, question: str, key: str) -> None:  # noqa: F811
    t = start(builder_grammar, seed=2)
    before = t.state
    said = t.hear(question)
    assert keys(said)[0].startswith(key), keys(said)
    if key == "answer.settlements":
        assert "quarante" in said[0].text
    assert t.state == before


@pytest.mark.parametrize("seed", SEEDS)
def test_the_tiles_left_on_each_location_of_a_kind_are_counted(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    t = start(builder_grammar, seed=seed)
    board = t.state.board
    for kind in ("oracle", "farm", "oasis", "tower", "tavern", "barn", "harbor", "paddock"):
        hexes = [h for h in board.location_hexes() if board.location_at(h) == kind]
        before = t.state
        said = t.hear(f"il reste combien de plaquettes sur {FRENCH_TILES[kind]} ?")
        assert keys(said) == ["answer.tiles_left" if hexes else "answer.tiles_left_none"], kind
        assert said[0].text.count(" en ") == len(hexes), said[0].text
        assert t.state == before
