"""Kingdom Builder, the settlements counted (held-out batch 23: « y'a combien de colonies
qu'il me reste », « et Paul il a construit où lui », « attends et Paul il a combien de
cités »): how many are left, in any order and word (« combien il me reste de colonies ? »,
« il me reste combien de maisons ? », « y'a combien de cités qu'il me reste ? »), answers
the reserve; with « à poser » or « ce tour », the turn's count. Another player named, then
taken up by « il » / « elle » and « lui » after (« Paul il a combien de cités ? », « Anne
elle a posé ses maisons où ? »), answers that player's settlements, to either seat, also
while a yes/no waits (asked again after). Through the real session, on the corpus's
position."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from table_helpers import Table, keys, settings_for
from test_kingdom_builder_conversation import spoken, start, text
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import position as load_position

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder.actions import Build
from ludivox.grammars.grammar import Grammar
from ludivox.table.match import Match
from ludivox.table.session import Session

WORDS = ("cités", "colonies", "maisons", "villages")
LEFT = ("combien il me reste de {w} ?", "combien de {w} il me reste ?",
        "il me reste combien de {w} ?", "y'a combien de {w} qu'il me reste ?",
        "il y a combien de {w} qui me restent ?", "combien me reste-t-il de {w} ?",
        "j'ai encore combien de {w} ?", "combien de {w} ai-je ?")
THIS_TURN = ("combien de {w} il me reste à poser ?", "combien il me reste de {w} à poser ce tour ?",
             "il me reste combien de {w} à poser ?")
OTHER = ("{p} {il} a combien de {w} ?", "{p} a combien de {w} ?", "combien de {w} a {p} ?",
         "et {p} {il} a construit où {lui} ?", "{p} {il} a posé ses {w} où ?",
         "combien {p} a de {w} ?", "{p} a construit où {lui} ?")


@cache
def position(name: str) -> Any:
    """The corpus's position (read once: loading the corpus is slow)."""
    return load_position(name)


@pytest.mark.parametrize("word", WORDS)
def test_how_many_are_left_answers_the_reserve(
        builder_grammar: Grammar, word: str) -> None:  # noqa: F811
    state = position("second_turn")
    t = start(builder_grammar, state=state)
    for form in LEFT:
        asked = form.format(w=word)
        said = t.hear(asked)
        assert keys(said) == ["answer.settlements"], (asked, keys(said))
        assert "trente-sept en réserve" in text(said), asked
    for form in THIS_TURN:
        asked = form.format(w=word)
        assert keys(t.hear(asked)) == ["answer.turn_you"], asked
    assert t.state == state


@pytest.mark.parametrize("word", WORDS)
def test_another_players_settlements_taken_up_by_a_pronoun(
        builder_grammar: Grammar, word: str) -> None:  # noqa: F811
    state = position("second_turn")
    t = start(builder_grammar, state=state)
    for seat, (name, il, lui) in ((0, ("Paul", "il", "lui")), (1, ("Anne", "elle", "elle"))):
        other = 1 - seat
        for form in OTHER:
            asked = form.format(p=name, il=il, lui=lui, w=word)
            said = t.hear(asked, seat=seat)
            assert keys(said) == ["answer.settlements_of"], (asked, keys(said))
            assert text(said).startswith(f"{name} a trois cités"), (asked, text(said))
            for hex_ in state.settlements(other):
                assert spoken(hex_) in text(said), (asked, hex_)
    assert t.state == state


def test_asked_while_a_move_waits_for_yes(builder_grammar: Grammar) -> None:  # noqa: F811
    state = position("second_turn")
    binding = KingdomBuilderBinding(["Anne", "Paul"])
    session = Session(binding, builder_grammar, Match(binding.engine, state), ["Anne", "Paul"],
                      settings=settings_for(["Anne", "Paul"], confirm="always"))
    t = Table(session)
    t._run(session.start())
    engine: Any = binding.engine
    built = next(a.hex for a in engine.legal_actions(state) if isinstance(a, Build))
    assert keys(t.hear(f"je construis en {spoken(built)}")) == ["confirm_move"]
    for asked in ("attends et Paul il a combien de cités",
                  "attends combien il me reste de colonies"):
        said = keys(t.hear(asked))
        assert said[0].startswith("answer.settlements") and said[-1] == "confirm_move", said
    assert t.state == state
