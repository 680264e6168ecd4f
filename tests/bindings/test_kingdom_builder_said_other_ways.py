"""Kingdom Builder, builds and tile actions said without the usual verbs (held-out batch 18):
"moi je vais en cinq quinze", "ma cité va en six vingt, c'est au bord", "je prends six
dix-neuf", "ben en dix douze ça se discute pas", "c'est un deux" (« moi c'est … » is the
session's naming), "deuxième en dix-sept
deux", "quatre neuf je crois, ouais quatre neuf", a terrain said the way players call it
("dans les arbres"), the terrain said once for a list ("un trois et un quatre, les deux dans
le désert"), next to what was just built ("…, puis je construis juste à côté en un onze"),
the tower said placed or activated ("je place ma tour en vingt douze", "j'active la tour, je
me pose en un quinze", "je prends la tour pour aller en un douze"), the paddock's city said
with the tile after ("je déplace la cité de neuf treize avec l'enclos", then "neuf onze"),
and « y a un château pas loin de mes cités ? ». Each does what « je construis en … » or the
tile's plain form does; every word said of the hex is checked (a wrong one: nothing built).
Over seeded games, a spread of legal hexes and the corpus's positions, through the real
session."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import paddock_moves, position, said

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.engines.kingdom_builder.actions import Build, PlaceTile
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 4)
BUILD_FORMS = ("moi je vais en {h}", "je vais en {h}", "ma cité va en {h}",
               "une colonie part en {h}", "je prends {h}", "je choisis {h}",
               "ben en {h} ça se discute pas", "{h}, y a pas photo", "c'est {h}",
               "deuxième en {h}", "la troisième colonie en {h}",
               "{h} je crois, ouais {h}", "{h} je pense, oui {h}")
SYNONYMS = {"forest": "dans les arbres", "desert": "dans le sable", "grass": "dans l'herbe"}
TOWER_FORMS = ("je place ma tour en {h}", "je pose la tour en {h}",
               "j'active la tour, je me pose en {h}", "j'active la tour en {h}",
               "je prends la tour pour aller en {h}", "avec la tour pour me poser en {h}")


def spread(hexes: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> list[tuple[int, int]]:
    return list(hexes[:: max(1, len(hexes) // 4)])


@pytest.mark.parametrize("seed", SEEDS)
def test_a_build_said_without_the_usual_verb_builds_there(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    for hex_ in spread(place_targets(start(builder_grammar, seed=seed).state, "build").hexes):
        plain = start(builder_grammar, seed=seed)
        plain.hear(f"je construis en {said(hex_)}")
        assert plain.state.owner_at(hex_) == 0
        for form in BUILD_FORMS:
            t = start(builder_grammar, seed=seed)
            sentence = form.format(h=said(hex_))
            out = t.hear(sentence)
            assert t.state == plain.state, (sentence, keys(out))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_hex_said_twice_around_a_doubt_builds_only_when_it_is_the_same(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    for a, b in zip(spread(hexes), spread(hexes[1:]), strict=False):
        t = start(builder_grammar, seed=seed)
        before = t.state
        t.hear(f"{said(a)} je crois, ouais {said(b)}")
        assert t.state == before, (a, b)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_settlement_said_at_the_edge_is_checked(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    for hex_ in spread(place_targets(start(builder_grammar, seed=seed).state, "build").hexes):
        t = start(builder_grammar, seed=seed)
        before = t.state
        out = t.hear(f"ma cité va en {said(hex_)}, c'est au bord")
        if grid.is_edge(hex_):
            assert t.state.owner_at(hex_) == 0, hex_
        else:
            assert keys(out) == ["refusal.hex_not_spot"] and t.state == before, hex_


@pytest.mark.parametrize("seed", SEEDS)
def test_a_terrain_named_as_players_call_it_is_checked_against_the_hex(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    for hex_ in spread(place_targets(start(builder_grammar, seed=seed).state, "build").hexes):
        plain = start(builder_grammar, seed=seed)
        terrain = plain.state.board.terrain[grid.index(hex_)]
        plain.hear(f"je construis en {said(hex_)}")
        for name, words in SYNONYMS.items():
            t = start(builder_grammar, seed=seed)
            before = t.state
            out = t.hear(f"une cité en {said(hex_)} {words}")
            if name == terrain:
                assert t.state == plain.state, (hex_, words)
            else:
                assert keys(out) == ["refusal.hex_not_terrain"], (hex_, words, keys(out))
                assert t.state == before


def two_in_a_row(state: Any, engine: Any) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of hexes built one after the other, the second next to the first."""
    pairs = []
    for a in spread(place_targets(state, "build").hexes):
        after, _ = engine.apply(state, Build(a))
        near = [h for h in place_targets(after, "build").hexes if h in grid.neighbours(a)]
        if near:
            pairs.append((a, near[-1]))
    return pairs


@pytest.mark.parametrize("seed", SEEDS)
def test_a_terrain_said_once_for_two_builds_and_next_to_the_first(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    table = start(builder_grammar, seed=seed)
    engine: Any = table.session.binding.engine
    card = table.state.hands[table.state.current]
    other = next(t for t in ("canyon", "desert", "forest") if t != card)
    names = {"canyon": "le canyon", "desert": "le désert", "forest": "la forêt",
             "grass": "la prairie", "flower": "les fleurs"}
    pairs = two_in_a_row(table.state, engine)
    assert pairs
    for a, b in pairs:
        goal, _ = engine.apply(engine.apply(table.state, Build(a))[0], Build(b))
        for form in (f"{said(a)} et {said(b)}, les deux dans {names[card]}",
                     f"je construis en {said(a)} puis juste à côté en {said(b)}",
                     # the moves counted by rank, no sequence word (common clause_starts)
                     f"première colonie en {said(a)}, deuxième en {said(b)}",
                     f"la première en {said(a)} la deuxième en {said(b)}"):
            t = start(builder_grammar, seed=seed)
            t.hear(form)
            assert t.state == goal, form
        t = start(builder_grammar, seed=seed)
        before = t.state
        t.hear(f"{said(a)} et {said(b)}, les deux dans {names[other]}")
        assert t.state == before, (a, b, other)
        # a hex of the card's terrain that touches nothing of the player's after the first
        far = next(h for h in place_targets(table.state, "build").hexes
                   if h != a and a not in grid.neighbours(h))
        t = start(builder_grammar, seed=seed)
        sentence = f"je construis en {said(a)} puis juste à côté en {said(far)}"
        t.hear(sentence)
        assert t.state == before, sentence


def test_the_tower_said_placed_or_activated_places_where_said(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    hexes = place_targets(state, "tower").hexes
    for hex_ in spread(hexes):
        goal, _ = engine.apply(state, PlaceTile("tower", hex_))
        for form in TOWER_FORMS:
            t = start(builder_grammar, state=state)
            sentence = form.format(h=said(hex_))
            t.hear(sentence)
            assert t.state == goal, sentence


def test_the_paddocks_city_said_with_the_tile_after_is_asked_where_it_goes(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    for move in spread(paddock_moves(state)):
        goal, _ = engine.apply(state, move)
        for tail in ("avec l'enclos", "grâce au paddock"):
            t = start(builder_grammar, state=state)
            asked = keys(t.hear(f"je déplace la cité de {said(move.origin)} {tail}"))
            assert asked == ["ask_move_target"] and t.state == state, asked
            t.hear(said(move.target))
            assert t.state == goal, said(move.target)


@pytest.mark.parametrize("feature", ["un château", "une montagne", "un lieu"])
@pytest.mark.parametrize("form", ["y a {f} pas loin de mes cités ?",
                                  "est-ce qu'il y a {f} près de moi ?",
                                  "il y a {f} à côté de mes colonies ?"])
def test_whether_there_is_something_near_me_is_answered(
        builder_grammar: Grammar, feature: str, form: str) -> None:  # noqa: F811
    t = start(builder_grammar, state=position("second_turn"))
    before = t.state
    out = keys(t.hear(form.format(f=feature)))
    assert out and out[0] == "answer.nearest", out
    assert t.state == before
