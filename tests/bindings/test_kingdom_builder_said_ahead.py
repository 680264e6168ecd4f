"""Kingdom Builder, held-out batch 22: moves and questions said in ways no template had.

The hexes said before the verb (« en dix dix-huit, en dix dix-neuf et en dix vingt, je
mets mes trois maisons »), the card's terrain in the plural with a possessive (« je pose mes
forêts en … »), a remark before the hex (« ça va être serré alors six six »), a placing
tile said as going somewhere (« ma tour va en vingt dix-sept »), a city brought by a
moving tile (« j'utilise l'enclos pour amener la cité de huit treize en dix quatorze »), the
adjacency rule asked (« dois-je construire à côté de mes cités ? ») and everyone's
score. Over the legal moves and hexes of the corpus's positions, through the real
session."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_moving_verbs import FORMS
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import paddock_moves, position, said

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.engines.kingdom_builder.actions import Build, EndTurn, PlaceTile
from ludivox.engines.kingdom_builder.rules import legal_actions
from ludivox.engines.kingdom_builder.state import KingdomBuilderState
from ludivox.grammars.grammar import Grammar

PLURAL = {"grass": "prairies", "canyon": "canyons", "desert": "déserts", "flower": "fleurs",
          "forest": "forêts"}
AHEAD = ("en {a}, en {b} et en {c}, je mets mes trois maisons",
         "{a}, {b} et {c} je pose mes cités",
         "en {a} en {b} et en {c} je vais mettre mes trois cités")
REMARKS = ("ça va être serré alors {h}", "c'est serré je construis en {h}",
           "ce sera juste bon {h}")
TILE_GOES = ("ma tour va en {h}", "la tour ira en {h}", "ma tour va au bord en {h}",
             "la tour, je vais la prendre pour aller au bord en {h}",
             "ma tour je vais l'utiliser en {h}")
BRING = (("j'amène", "je l'amène", "amener"), ("j'emmène", "je l'emmène", "emmener"),
         ("je ramène", "je la ramène", "ramener"))
ADJACENT = ("est-ce que je dois construire à côté de mes cités",
            "dois-je construire à côté de mes cités",
            "est-ce qu'on est obligé de poser près de ses cités",
            "on doit construire à côté de ses cités ou pas",
            "faut-il construire juste à côté de mes cités")
EVERYONE = ("le score de chacun", "les points de tout le monde",
            "dis-moi les scores de tout le monde", "je voudrais savoir le score de chacun")


def three_builds(state: KingdomBuilderState, count: int = 2) -> list[tuple[tuple[int, int], ...]]:
    """A few series of three hexes that can be built one after the other now."""
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    series = []
    for first in [a for a in legal_actions(state) if isinstance(a, Build)][::9][:count]:
        s1, _ = engine.apply(state, first)
        second = next(a for a in legal_actions(s1) if isinstance(a, Build))
        s2, _ = engine.apply(s1, second)
        third = next(a for a in legal_actions(s2) if isinstance(a, Build))
        series.append((first.hex, second.hex, third.hex))
    return series


def built(state: KingdomBuilderState, hexes: tuple[tuple[int, int], ...]) -> Any:
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    for h in hexes:
        state, _ = engine.apply(state, Build(h))
    return state


@pytest.mark.parametrize("form", AHEAD)
def test_hexes_said_before_the_verb_and_its_settlements_are_all_built(
        builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    state = position("first")
    for hexes in three_builds(state):
        t = start(builder_grammar, state=state)
        sentence = form.format(a=said(hexes[0]), b=said(hexes[1]), c=said(hexes[2]))
        out = t.hear(sentence)
        assert t.state == built(state, hexes), (sentence, keys(out))


def test_the_cards_terrain_in_the_plural_with_my_builds_them_all(
        builder_grammar: Grammar) -> None:  # noqa: F811
    for name in ("second_turn",):
        state = position(name)
        plural = PLURAL[state.hands[state.current]]
        for hexes in three_builds(state, 1):
            for sentence in (f"je pose mes {plural} en {said(hexes[0])} {said(hexes[1])} et "
                             f"{said(hexes[2])}",
                             f"je mets mes {plural} en {said(hexes[0])} et en {said(hexes[1])}"):
                t = start(builder_grammar, state=state)
                out = t.hear(sentence)
                count = 3 if "et en" not in sentence else 2
                assert t.state == built(state, hexes[:count]), (sentence, keys(out))
        wrong = next(p for t_, p in PLURAL.items() if t_ != state.hands[state.current])
        hexes = three_builds(state, 1)[0]
        t = start(builder_grammar, state=state)
        t.hear(f"je pose mes {wrong} en {said(hexes[0])} et en {said(hexes[1])}")
        assert t.state == state  # the terrain said is checked, never dropped


def test_a_remark_before_the_hex_builds_there(builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("first")
    for hexes in three_builds(state):
        for form in REMARKS:
            t = start(builder_grammar, state=state)
            sentence = form.format(h=said(hexes[0]))
            out = t.hear(sentence)
            assert t.state == built(state, hexes[:1]), (sentence, keys(out))


def tower_goals(state: KingdomBuilderState) -> list[tuple[tuple[int, int], Any]]:
    """A third of the tower's targets at ``state``, each with the state the tower there
    leads to."""
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    hexes = place_targets(state, "tower").hexes
    assert hexes
    return [(h, engine.apply(state, PlaceTile("tower", h))[0])
            for h in hexes[:: max(1, len(hexes) // 3)]]


def test_the_tower_said_as_going_somewhere_places_it_there(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    for hex_, goal in tower_goals(state):
        for form in TILE_GOES:
            t = start(builder_grammar, state=state)
            sentence = form.format(h=said(hex_))
            out = t.hear(sentence)
            assert t.state == goal, (sentence, keys(out))
    t = start(builder_grammar, state=state)
    t.hear("ma tour ne va pas en " + said(tower_goals(state)[0][0]))
    assert t.state == state


@pytest.mark.parametrize("verb", BRING, ids=[v[2] for v in BRING])
def test_a_city_brought_by_the_paddock_is_moved_there(
        builder_grammar: Grammar, verb: tuple[str, str, str]) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    assert len(moves) >= 3
    je, la, inf = verb
    extra = "j'utilise l'enclos pour {inf} la cité de {o} en {t}"
    for n, form in enumerate((*FORMS, extra)):
        move = moves[n % len(moves)]
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        sentence = form.format(je=je, la=la, inf=inf, o=said(move.origin), t=said(move.target))
        out = t.hear(sentence)
        assert t.state == goal, (sentence, keys(out))


def test_a_hex_said_next_to_another_player_is_checked(
        builder_grammar: Grammar) -> None:  # noqa: F811
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    first = position("first")
    state, _ = engine.apply(built(first, three_builds(first, 1)[0]), EndTurn())
    assert state.current == 1 and not state.settlements(1)
    builds = [a.hex for a in legal_actions(state) if isinstance(a, Build)]
    touching = [h for h in builds if any(state.owner_at(n) == 0 for n in grid.neighbours(h))]
    apart = [h for h in builds if h not in touching]
    assert touching and apart
    for hex_ in touching[:3]:
        for form in ("je me mets en {h} juste à côté de toi", "je construis en {h} à côté de toi"):
            t = start(builder_grammar, state=state)
            sentence = form.format(h=said(hex_))
            out = t.hear(sentence)
            assert t.state == built(state, (hex_,)), (sentence, keys(out))
    for hex_ in apart[::25]:
        t = start(builder_grammar, state=state)
        sentence = f"je me mets en {said(hex_)} juste à côté de toi"
        assert keys(t.hear(sentence)) == ["refusal.hex_not_near"], sentence
        assert t.state == state


@pytest.mark.parametrize("name", ["first", "second_turn"])
def test_the_adjacency_rule_asked_is_answered(
        builder_grammar: Grammar, name: str) -> None:  # noqa: F811
    state = position(name)
    for sentence in ADJACENT:
        t = start(builder_grammar, state=state)
        assert keys(t.hear(sentence)) == ["rules.adjacent"], sentence
        assert t.state == state


def test_everyones_score_is_answered(builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    for sentence in EVERYONE:
        t = start(builder_grammar, state=state)
        assert keys(t.hear(sentence))[0].startswith("answer.scores"), sentence
