"""A whole game by voice against two computer players: every sentence is French, the
human's drawn cards are told to them alone, and the game ends with the scores."""

from __future__ import annotations

from table_helpers import settings_for

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding, computer_player
from ludivox.engines.kingdom_builder import SUGGESTED_FIRST_CARDS, grid, place_targets
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, Say
from ludivox.table.match import Match
from ludivox.table.session import Session

NAMES = ["Anne", "Robot", "Robote"]


def test_a_whole_game_against_computers() -> None:
    binding = KingdomBuilderBinding(NAMES)
    engine = binding.engine
    state = engine.new_game(3, seed=5, cards=SUGGESTED_FIRST_CARDS)
    computers = {1: computer_player(engine, "expert", 5), 2: computer_player(engine, "debutant", 5)}
    session = Session(binding, Grammar.load("kingdom_builder", "fr"), Match(engine, state),
                      NAMES, computers=computers, settings=settings_for(NAMES, confirm="never"))
    said = [o for o in session.start() if isinstance(o, Say)]
    for _ in range(200):
        state = session.state
        if state.over:
            break
        assert session.acting_seat == 0
        targets = place_targets(state, "build").hexes
        if state.built < 3 and targets and state.supply[0]:
            r, c = grid.spoken(targets[0])
            text = f"je construis en ligne {r} colonne {c}"
        else:
            text = "j'ai fini"
        before = session.state
        said += [o for o in session.handle(Heard(text, seat=0)) if isinstance(o, Say)]
        assert session.state != before, text
    assert session.state.over
    assert said[-1].key == "event.game_ended" and "Victoire de" in said[-1].text
    assert "maintenant" not in said[-1].text
    for s in said:
        assert "{" not in s.text and "hex:" not in s.text, s
        assert s.channel in ("table", "seat:1"), s  # computers' channels stay silent
    drawn = [s for s in said if s.key == "event.hidden_terrain_drawn"]
    assert drawn and all(s.channel == "seat:1" for s in drawn)
