"""Kingdom Builder, a tile said first and then the move in other words (held-out batch 17):
"avec ma tour, je vais sur le bord en un treize", "la tour d'abord, en un dix-sept", "grâce
au paddock, je bouge la cité de neuf treize vers neuf onze", "j'utilise mon enclos : la cité
de huit treize part en dix quatorze", and the city said first with the place it goes as the
answer to "vers quelle case ?" ("j'utilise l'enclos pour déplacer la cité de huit treize",
then "dix quatorze"). Each does exactly that tile's move; a place word that does not hold
("… je vais en bas en un treize") is refused and nothing changes. Over every tower target and
every paddock move of the corpus's positions, through the real session."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import NUMBERS, start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401

from ludivox.asrbench import natural
from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.engines.kingdom_builder.actions import MoveTile, PlaceTile
from ludivox.engines.kingdom_builder.state import KingdomBuilderState
from ludivox.grammars.grammar import Grammar

TOWER_FORMS = ("avec ma tour, je vais sur le bord en {h}", "la tour d'abord, en {h}",
               "grâce à la tour, je me pose en {h}")
PADDOCK_FORMS = ("grâce au paddock, je bouge la cité de {o} vers {t}",
                 "j'utilise mon enclos : la cité de {o} part en {t}")


def position(name: str) -> KingdomBuilderState:
    corpus = next(c for c in natural.load_all() if c.game == "kingdom-builder")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    state: KingdomBuilderState = engine.from_json(corpus.positions[name][0])
    return state


def said(hex_: tuple[int, int]) -> str:
    r, c = grid.spoken(hex_)
    return f"{NUMBERS[r]} {NUMBERS[c]}"


def test_the_tower_said_first_places_where_said(builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    hexes = place_targets(state, "tower").hexes
    assert hexes
    for hex_ in hexes[:: max(1, len(hexes) // 4)]:
        goal, _ = engine.apply(state, PlaceTile("tower", hex_))
        for form in TOWER_FORMS:
            t = start(builder_grammar, state=state)
            sentence = form.format(h=said(hex_))
            t.hear(sentence)
            assert t.state == goal, sentence
        wrong = "en haut" if hex_[0] >= 10 else "en bas"
        t = start(builder_grammar, state=state)
        sentence = f"avec ma tour, je vais {wrong} en {said(hex_)}"
        assert keys(t.hear(sentence)) == ["refusal.hex_not_spot"], sentence
        assert t.state == state


def paddock_moves(state: KingdomBuilderState) -> list[MoveTile]:
    binding = KingdomBuilderBinding(["Anne", "Paul"])
    mine = [grid.at(i) for i, owner in enumerate(state.owner) if owner == state.current]
    moves = [MoveTile("paddock", o, grid.step(grid.step(o, d), d))
             for o in mine for d in grid.DIRECTIONS]
    return [m for m in binding.judge.legal(state, moves) if isinstance(m, MoveTile)]


@pytest.mark.parametrize("form", PADDOCK_FORMS)
def test_the_paddock_said_first_moves_the_city_said(
        builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    assert len(moves) >= 3
    for move in moves[:: max(1, len(moves) // 4)]:
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        sentence = form.format(o=said(move.origin), t=said(move.target))
        t.hear(sentence)
        assert t.state == goal, sentence


def test_where_the_paddock_moves_a_city_is_answered_by_a_hex(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    for move in moves[:: max(1, len(moves) // 4)]:
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        asked = keys(t.hear(f"j'utilise l'enclos pour déplacer la cité de {said(move.origin)}"))
        assert asked == ["ask_move_target"] and t.state == state, asked
        t.hear(said(move.target))
        assert t.state == goal, said(move.target)
