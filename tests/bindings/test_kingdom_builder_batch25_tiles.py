"""Kingdom Builder, a tile's move said with words around it (held-out batch 25): the tower
« done » with the verb faire and the order word after it ("je fais d'abord la tour, sur le
bord en un treize"), the tower said done first ("ma tour c'est fait, je la mets en …"), the
tile taken up by a pronoun with the hex pointed at ("la tour je la mets là en …"), a tower
then one more settlement added ("j'utilise ma tour pour aller en … et je rajoute une cité en
…"); the paddock « par » which the city jumps, said before where it goes ("ma cité de neuf
treize je la fais sauter par le paddock en onze quatorze", "je déplace neuf treize par le
paddock en …"), and the moved city taken up by « elle » ("j'utilise le paddock : je déplace
huit treize, elle va en dix quatorze"). Each does exactly that tile's move; another tile
taken up by a pronoun ("le port je le mets ici en …") is never read, nor offered, as a plain
settlement. Over the tower's targets and the paddock's moves of the corpus's positions,
through the real session."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import paddock_moves, position, said

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import place_targets
from ludivox.engines.kingdom_builder.actions import Build, PlaceTile
from ludivox.grammars.grammar import Grammar

TOWER_FORMS = ("je fais la tour en {h}", "je fais d'abord la tour, sur le bord en {h}",
               "je pose d'abord la tour en {h}", "la tour je la mets là en {h}",
               "je mets ma tour ici en {h}", "ma tour je la pose ici en {h}",
               "ma tour c'est fait, je la mets en {h}", "la tour ça y est, je l'utilise en {h}")
PADDOCK_FORMS = ("ma cité de {o} je la fais sauter par le paddock en {t}",
                 "la cité de {o}, je la déplace avec l'enclos vers {t}",
                 "je déplace {o} par le paddock en {t}",
                 "je bouge ma cité de {o} avec l'enclos vers {t}",
                 "j'utilise le paddock : je déplace {o}, elle va en {t}",
                 "j'utilise l'enclos, je bouge {o}, elle saute en {t}",
                 "je déplace {o}, elle part en {t} avec l'enclos")
OTHER_TILES = ("la taverne je la mets là en {h}", "la ferme je la pose ici en {h}",
               "l'oasis je la mets là en {h}", "le port je le mets ici en {h}",
               "la grange je la place là en {h}", "l'oracle je le pose ici en {h}",
               "l'enclos je le mets là en {h}", "la ferme c'est fait, je la mets en {h}")


def test_the_tower_said_with_words_around_it_places_where_said(
        builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    hexes = place_targets(state, "tower").hexes
    assert len(hexes) >= 3
    for n, form in enumerate(TOWER_FORMS):  # each form on another hex
        hex_ = hexes[(n * 7) % len(hexes)]
        goal, _ = engine.apply(state, PlaceTile("tower", hex_))
        t = start(builder_grammar, state=state)
        sentence = form.format(h=said(hex_))
        out = t.hear(sentence)
        assert t.state == goal, (sentence, keys(out))


def test_the_tower_then_one_more_settlement_added(builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    hexes = place_targets(state, "tower").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 3)]:
        placed, _ = engine.apply(state, PlaceTile("tower", hex_))
        then = place_targets(placed, "build").hexes[-1]
        goal, _ = engine.apply(placed, Build(then))
        for form in ("j'utilise ma tour pour aller en {h} et je rajoute une cité en {b}",
                     "la tour en {h} puis j'ajoute une maison en {b}"):
            t = start(builder_grammar, state=state)
            sentence = form.format(h=said(hex_), b=said(then))
            out = t.hear(sentence)
            assert t.state == goal, (sentence, keys(out))


@pytest.mark.parametrize("form", PADDOCK_FORMS)
def test_the_paddock_said_between_or_the_city_taken_up_moves_the_city_said(
        builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    state = position("paddock")
    engine: Any = KingdomBuilderBinding(["Anne", "Paul"]).engine
    moves = paddock_moves(state)
    assert len(moves) >= 3
    for move in moves[:: max(1, len(moves) // 4)]:
        goal, _ = engine.apply(state, move)
        t = start(builder_grammar, state=state)
        sentence = form.format(o=said(move.origin), t=said(move.target))
        out = t.hear(sentence)
        assert t.state == goal, (sentence, keys(out))


@pytest.mark.parametrize("form", OTHER_TILES)
def test_a_tile_not_held_taken_up_by_a_pronoun_is_never_a_plain_settlement(
        builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    state = position("second_turn")
    hexes = place_targets(state, "build").hexes + place_targets(state, "tower").hexes
    for hex_ in hexes[:: max(1, len(hexes) // 3)]:
        t = start(builder_grammar, state=state)
        sentence = form.format(h=said(hex_))
        out = t.hear(sentence)
        t.hear("oui")  # nothing offered either
        assert t.state == state, (sentence, keys(out))
