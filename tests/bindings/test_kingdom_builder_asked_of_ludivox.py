"""Kingdom Builder, moves asked of Ludivox and said in other shapes (held-out batch 20): the
settlements counted with any verb ("mets-moi trois colonies en …", "trois forêts en …"), the
player a build is for ("tu peux poser une maison pour moi en …", "construis pour moi en …",
"pour moi ce sera …"), next to what the speaker has with the terrain said ("une colonie dans
le désert juste à côté en …"), the tower with where it lies ("la tour au bord en …",
"j'utilise ma tour pour construire au bord en …"), the settlement wanted ("ma première
colonie je la veux en …"), a hex said "la ligne … et la case …", the paddock said between
the verb and the city ("déplace avec le paddock ma colonie du … jusqu'au …"), the turn handed
over "au tour d'Anne", and the cards "de cette partie". Each does what the plain form does;
every word said of the hex is checked (a wrong one: nothing built). Over seeded games and the
corpus's positions, through the real session."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_other_ways import spread
from test_kingdom_builder_said_together import (
    builder_grammar,  # noqa: F401
    three_in_a_row,
)
from test_kingdom_builder_tile_said_first import paddock_moves, position, said

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.engines.kingdom_builder.actions import Build, PlaceTile
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 4)
PLURALS = {"canyon": "canyons", "desert": "déserts", "forest": "forêts", "grass": "prairies",
           "flower": "fleurs"}
SINGULARS = {"canyon": "le canyon", "desert": "le désert", "forest": "la forêt",
             "grass": "la prairie", "flower": "les fleurs"}
COUNTED_FORMS = ("mets-moi trois colonies en {a} {b} et {c}",
                 "construis-moi trois maisons en {a}, {b} et {c}",
                 "je construis trois colonies en {a} {b} et {c}",
                 "mets-moi mes trois colonies en {a} {b} et {c}",
                 "pose-moi trois {t} en {a} {b} et {c}",
                 "je mets trois {t} en {a}, {b} et {c}")
FOR_ME_FORMS = ("tu peux poser une maison pour moi en {h}", "construis pour moi en {h}",
                "pose une cité pour moi en {h}", "pour moi ce sera {h}",
                "tu veux bien mettre une colonie en {h}", "vous pouvez construire en {h}",
                "je mets une {t} en {h}", "ma première colonie je la veux en {h}",
                "une maison, je la voudrais en {h}", "je veux une colonie en {h}",
                "c'est {h} oui {h}")
NEAR_FORMS = ("mets-moi une colonie dans {t} juste à côté en {h}",
              "une {p} juste à côté en {h}", "je construis sur {t} à côté en {h}")


def terrain_of(state: Any) -> str:
    card: str = state.hands[state.current]
    return card


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("form", COUNTED_FORMS)
def test_three_settlements_counted_with_any_verb_are_all_built(
        builder_grammar: Grammar, seed: int, form: str) -> None:  # noqa: F811
    t = start(builder_grammar, seed=seed)
    hexes = three_in_a_row(t)
    a, b, c = (said(h) for h in hexes)
    sentence = form.format(a=a, b=b, c=c, t=PLURALS[terrain_of(t.state)])
    out = t.hear(sentence)
    assert all(t.state.owner_at(h) == 0 for h in hexes), (sentence, keys(out))


@pytest.mark.parametrize("seed", SEEDS)
def test_three_of_another_terrain_counted_builds_nothing(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    t = start(builder_grammar, seed=seed)
    a, b, c = (said(h) for h in three_in_a_row(t))
    other = next(x for x in PLURALS if x != terrain_of(t.state))
    before = t.state
    t.hear(f"mets-moi trois {PLURALS[other]} en {a} {b} et {c}")
    assert t.state == before, other


@pytest.mark.parametrize("seed", SEEDS)
def test_a_build_asked_for_the_speaker_builds_there(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    for hex_ in spread(place_targets(start(builder_grammar, seed=seed).state, "build").hexes):
        plain = start(builder_grammar, seed=seed)
        plain.hear(f"je construis en {said(hex_)}")
        assert plain.state.owner_at(hex_) == 0
        terrain = {"flower": "fleur"}.get(terrain_of(plain.state),
                                          SINGULARS[terrain_of(plain.state)].split()[-1])
        for form in FOR_ME_FORMS:
            t = start(builder_grammar, seed=seed)
            sentence = form.format(h=said(hex_), t=terrain)
            out = t.hear(sentence)
            assert t.state == plain.state, (sentence, keys(out))


@pytest.mark.parametrize("name", ["first", "paddock", "second_turn"])
def test_next_to_mine_with_the_terrain_said_is_checked(
        builder_grammar: Grammar, name: str) -> None:  # noqa: F811
    state = position(name)
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    card = terrain_of(state)
    mine = {grid.at(i) for i, owner in enumerate(state.owner) if owner == state.current}
    hexes = place_targets(state, "build").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 8)]:
        near = bool(mine & set(grid.neighbours(hex_)))
        goal = engine.apply(state, Build(hex_))[0] if near else state
        for form in NEAR_FORMS:
            t = start(builder_grammar, state=state)
            sentence = form.format(h=said(hex_), t=SINGULARS[card],
                                   p=SINGULARS[card].split()[-1])
            t.hear(sentence)
            assert t.state == goal, (sentence, near)


def test_the_tower_said_with_where_it_lies_is_checked(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    for hex_ in spread(place_targets(state, "tower").hexes):
        goal, _ = engine.apply(state, PlaceTile("tower", hex_))
        for spot in ("au bord", "sur le bord", "en haut", "en bas"):
            holds = spot in ("au bord", "sur le bord") or (spot == "en haut") == (hex_[0] < 10)
            for form in ("la tour {s} en {h}", "d'abord la tour {s} en {h}",
                         "j'utilise ma tour pour construire {s} en {h}"):
                t = start(builder_grammar, state=state)
                sentence = form.format(s=spot, h=said(hex_))
                t.hear(sentence)
                assert t.state == (goal if holds else state), (sentence, holds)


@pytest.mark.parametrize("form", [
    "déplace avec le paddock ma colonie du {o} jusqu'au {t}",
    "je déplace grâce à mon enclos la cité de {o} vers {t}",
    "je déplace ma colonie du {o} au {t} avec le paddock"])
def test_the_paddock_said_between_the_verb_and_the_city_moves_it(
        builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    assert moves
    for move in spread(moves):
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        sentence = form.format(o=said(move.origin), t=said(move.target))
        t.hear(sentence)
        assert t.state == goal, sentence


@pytest.mark.parametrize("then", ["et ensuite c'est au tour d'{p}", "et c'est au tour d'{p}"])
def test_the_turn_handed_over_to_an_elided_name(
        builder_grammar: Grammar, then: str) -> None:  # noqa: F811
    state = position("paul_turn")  # Paul builds, Anne is next
    plain = start(builder_grammar, state=state)
    a, b, c = (said(h) for h in three_in_a_row(plain))
    plain.hear(f"{a} {b} {c} et ensuite c'est à Anne")
    assert plain.state.current != state.current
    t = start(builder_grammar, state=state)
    t.hear(f"{a} {b} {c} " + then.format(p="Anne"))
    assert t.state == plain.state


@pytest.mark.parametrize("form", ["les cartes de score de cette partie",
                                  "quelles sont les cartes objectif pour cette partie",
                                  "les objectifs de la partie",
                                  "comment on marque des points dans cette partie"])
def test_the_cards_of_this_game_are_read(builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    t = start(builder_grammar, state=position("first"))
    assert keys(t.hear(form))[:1] == ["answer.cards"], form
