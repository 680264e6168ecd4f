""""C'est à Paul", said by the player whose turn it is, to the next player, once the turn may
end: the turn ends (as "à toi Paul" does). Before the turn may end, or said by another
player, or naming someone else, it is the question it sounds like: answered, nothing
changes. Kingsbridge and Kingdom Builder (the games whose turn is ended by the player)."""

from __future__ import annotations

import pytest
from table_helpers import ENGINE, keys, make_table, position
from test_kingdom_builder_conversation import spoken, start

from ludivox.engines.kingdom_builder.actions import Build
from ludivox.grammars.grammar import Grammar

# Anne (seat 0) plays: her seven fits on column 2.
STATE = dict(
    columns=[[3], [6], [9], [10], [12], [13]],
    players=[{"hand": [7, 8, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
)
HANDED = ("c'est à Paul", "voilà voilà, c'est à Paul", "bon, c'est à Paul maintenant",
          "voilà, c'est au tour de Paul",
          # what is done said first
          "voilà qui est fait, Paul, c'est ton tour",
          "ben j'ai plus rien à poser, c'est à Paul, là",
          "ça y est, à toi Paul",
          # the name first, or between the end of the turn and the hand-over
          "Paul, à toi", "terminé, Paul, à toi", "j'ai fini, Paul, à toi de jouer")


@pytest.mark.parametrize("said", HANDED)
def test_kingsbridge_the_turn_is_handed_over_once_it_may_end(grammar: Grammar,
                                                             said: str) -> None:
    t = make_table(grammar, position(**STATE))
    before = ENGINE.dumps(t.state)
    assert t.hear(said, seat=0) and ENGINE.dumps(t.state) == before  # nothing played yet
    assert t.hear(said, seat=1) and ENGINE.dumps(t.state) == before  # Paul is not playing
    t.hear("je pose le sept sur la deux", seat=0)
    assert t.state.turn == 0
    t.hear("c'est à Anne", seat=0)
    assert t.state.turn == 0  # Anne is the one playing
    t.hear(said, seat=0)
    assert t.state.turn == 1, said


@pytest.mark.parametrize("said", HANDED)
def test_kingdom_builder_the_turn_is_handed_over_once_it_may_end(said: str) -> None:
    grammar = Grammar.load("kingdom_builder", "fr")
    t = start(grammar)
    engine = t.session.match.engine
    before = engine.dumps(t.state)
    assert t.hear(said, seat=0) and engine.dumps(t.state) == before  # three to build first
    for _ in range(3):
        build = next(a for a in engine.legal_actions(t.state) if isinstance(a, Build))
        t.hear(f"je construis en {spoken(build.hex)}", seat=0)
    assert t.state.current == 0 and t.state.built == 3
    assert "ask_turn" not in keys(t.hear(said, seat=0))
    assert t.state.current == 1, said


@pytest.mark.parametrize("handed", ["à toi", "c'est à toi", "c'est ton tour"])
def test_kingsbridge_a_move_then_the_hand_over_makes_both(grammar: Grammar, handed: str) -> None:
    """« je pose le sept sur la deux, à toi »: the comma a speech model does not write."""
    t = make_table(grammar, position(**STATE))
    t.hear(f"je pose le sept sur la deux, {handed}", seat=0)
    assert t.state.turn == 1 and 7 in t.state.columns[1], handed

