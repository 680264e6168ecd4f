"""Kingdom Builder, moves and questions said with words around them (held-out batch 19):
where the build falls in the turn ("quinze dix-neuf pour commencer"), the speaker's own yes
after the hex ("ce sera dix douze ouais", "vingt douze… ouais vingt douze c'est bon"), a
reflexive verb ("je me colle en neuf quatorze"), the edge said before the hex ("je construis
au bord en vingt onze": checked), a tile named with its article in a list ("la tour en vingt
dix-sept et ensuite une forêt en dix-neuf dix-sept"), the paddock's city moved in other words
("je déménage la colonie de … jusqu'en … grâce au paddock", "je fais sauter la cité de …"), and
questions said with the game's verbs or a time after them. Each does what the plain form does;
a hex said twice differently builds nothing. Over seeded games, a spread of legal hexes and
the corpus's positions, through the real session."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_other_ways import spread
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import paddock_moves, position, said

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.engines.kingdom_builder.actions import Build, PlaceTile
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 4)
RANK_FORMS = ("{h} pour commencer", "pour commencer, {h}", "{h} en premier",
              "je construis en {h} pour finir", "une cité en {h} pour commencer",
              "pour finir je construis en {h}")
YES_FORMS = ("ce sera {h} ouais", "ça sera {h} oui", "{h} ouais", "{h}, oui oui",
             "{h} ouais {h} c'est bon", "{h}... oui {h} c'est ça")
REFLEXIVE_FORMS = ("je me colle en {h}", "je me cale en {h}", "je me glisse en {h}")
PADDOCK_FORMS = ("je déménage la colonie de {o} jusqu'en {t} grâce au paddock",
                 "avec mon enclos je fais sauter la cité de {o} vers {t}",
                 "je fais passer ma maison de {o} à {t} avec l'enclos",
                 "je transfère le village de {o} en {t} grâce à l'enclos")
QUESTIONS = {
    "answer.where": ("où est-ce que je peux construire ce coup-ci ?",
                     "où dois-je poser maintenant ?", "où je peux construire ce tour-ci ?"),
    "answer.turn": ("qui c'est qui construit maintenant ?", "qui pose ?",
                    "c'est qui qui construit là ?", "qui est-ce qui doit construire ?"),
    "answer.tiles": ("quelles tuiles je possède ?", "quelles plaquettes je détiens ?",
                     "quelles tuiles est-ce que je possède ?"),
    "answer.settlements": ("rappelle-moi où j'ai mis mes cités", "où ai-je posé mes colonies ?",
                           "où j'ai construit mes maisons ?"),
}


def _plain(grammar: Grammar, seed: int, hex_: tuple[int, int]) -> Any:
    plain = start(grammar, seed=seed)
    plain.hear(f"je construis en {said(hex_)}")
    assert plain.state.owner_at(hex_) == 0
    return plain.state


@pytest.mark.parametrize("forms", [RANK_FORMS, YES_FORMS, REFLEXIVE_FORMS],
                         ids=["rank", "own_yes", "reflexive"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_build_said_with_words_around_builds_there(
        builder_grammar: Grammar, seed: int, forms: tuple[str, ...]) -> None:  # noqa: F811
    for hex_ in spread(place_targets(start(builder_grammar, seed=seed).state, "build").hexes):
        goal = _plain(builder_grammar, seed, hex_)
        for form in forms:
            t = start(builder_grammar, seed=seed)
            sentence = form.format(h=said(hex_))
            out = t.hear(sentence)
            assert t.state == goal, (sentence, keys(out))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_hex_said_twice_differently_with_a_yes_builds_nothing(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    for a, b in zip(spread(hexes), spread(hexes[1:]), strict=False):
        t = start(builder_grammar, seed=seed)
        before = t.state
        t.hear(f"{said(a)} ouais {said(b)} c'est bon")
        assert t.state == before, (a, b)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_edge_said_before_the_hex_is_checked(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    for hex_ in spread(place_targets(start(builder_grammar, seed=seed).state, "build").hexes):
        for form in ("je construis au bord en {h}", "je pose une cité au bord en {h}"):
            t = start(builder_grammar, seed=seed)
            before = t.state
            sentence = form.format(h=said(hex_))
            out = t.hear(sentence)
            if grid.is_edge(hex_):
                assert t.state.owner_at(hex_) == 0, sentence
            else:
                assert keys(out) == ["refusal.hex_not_spot"] and t.state == before, sentence


def test_the_tower_then_a_build_said_with_the_tiles_article(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    made = 0
    for tower in spread(place_targets(state, "tower").hexes):
        after, _ = engine.apply(state, PlaceTile("tower", tower))
        build = place_targets(after, "build").hexes[-1]
        goal, _ = engine.apply(after, Build(build))
        for form in ("la tour en {t} et ensuite une forêt en {b}",
                     "ma tour en {t}, puis une forêt en {b}",
                     "grâce à la tour je construis au bord en {t}, puis en {b}"):
            t = start(builder_grammar, state=state)
            sentence = form.format(t=said(tower), b=said(build))
            out = t.hear(sentence)
            assert t.state == goal, (sentence, keys(out))
            made += 1
    assert made


def test_the_paddocks_city_moved_in_other_words(builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    assert len(moves) >= 3
    for move in spread(moves):
        goal, _ = engine.apply(state, move)
        for form in PADDOCK_FORMS:
            t = start(builder_grammar, state=state)
            sentence = form.format(o=said(move.origin), t=said(move.target))
            out = t.hear(sentence)
            assert t.state == goal, (sentence, keys(out))


@pytest.mark.parametrize("at", ["first", "second_turn", "paul_turn", "paddock"])
@pytest.mark.parametrize("key", sorted(QUESTIONS))
def test_questions_said_with_the_games_verbs_are_answered(
        builder_grammar: Grammar, at: str, key: str) -> None:  # noqa: F811
    for sentence in QUESTIONS[key]:
        t = start(builder_grammar, state=position(at))
        before = t.state
        out = keys(t.hear(sentence))
        assert out and out[0].startswith(key), (sentence, out)
        assert t.state == before
