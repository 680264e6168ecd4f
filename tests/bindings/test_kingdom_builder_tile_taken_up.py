"""Kingdom Builder, a placing tile said first and taken up by a pronoun, or placed with where
it lies (held-out batch 21: « la tour je la mets en vingt onze »): « la tour, je l'utilise en
… », « ma tour, je l'active au bord en … », « la tour je la pose au bord en … », « je pose la
tour au bord en … » each place exactly there with the tile; a place word that does not hold
(« … en haut en … » for a hex of the bottom half) is refused, and a negated one changes
nothing. Over the tower's targets of the corpus's position, through the real session."""

from __future__ import annotations

from typing import Any

from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import position, said

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.engines.kingdom_builder.actions import PlaceTile
from ludivox.grammars.grammar import Grammar

FORMS = ("la tour, je l'utilise en {h}", "ma tour je l'active en {h}",
         "la tour, je l'utilise au bord en {h}", "la tour je la pose au bord en {h}",
         "je pose la tour au bord en {h}", "je place ma tour sur le bord en {h}",
         "la tour je l'emploie en {h}")


def test_the_tower_taken_up_by_a_pronoun_places_where_said(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    hexes = place_targets(state, "tower").hexes
    assert len(hexes) >= 3
    for n, form in enumerate(FORMS):  # each form on another hex
        hex_ = hexes[(n * 7) % len(hexes)]
        goal, _ = engine.apply(state, PlaceTile("tower", hex_))
        t = start(builder_grammar, state=state)
        sentence = form.format(h=said(hex_))
        out = t.hear(sentence)
        assert t.state == goal, (sentence, keys(out))


def test_a_wrong_place_word_or_a_negation_changes_nothing(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    hexes = place_targets(state, "tower").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 3)]:
        wrong = "en haut" if hex_[0] >= grid.SIZE // 2 else "en bas"
        for form in (f"la tour, je l'utilise {wrong} en {{h}}",
                     f"la tour je la pose {wrong} en {{h}}",
                     "la tour, je ne l'utilise pas en {h}"):
            t = start(builder_grammar, state=state)
            sentence = form.format(h=said(hex_))
            t.hear(sentence)
            assert t.state == state, sentence
