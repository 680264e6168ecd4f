"""« non, je me suis trompé de carte » while the player's move waits for its confirmation
(batch 25, all four games): the slip owned is a no. Nothing is made, the question is no
longer pending, and a later « oui » makes nothing. Property over the legal moves of seeded
playout positions, each said as the assistant says it, by a player who confirms every move."""

from __future__ import annotations

import itertools
import random

import pytest
from table_helpers import GAME_GRAMMARS, game_binding, game_engine, settings_for
from test_move_questions import _positions

from ludivox.bindings.registry import engine_for
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, Say
from ludivox.table.match import Match
from ludivox.table.session import Session

NAMES = ("Anne", "Paul")
SLIPS = ("non je me suis trompé de carte", "je me suis trompée de case",
         "non non je me suis trompé", "oh pardon je me suis planté")


def _confirming(game: str, state: object) -> Session:
    return Session(game_binding(game, NAMES), Grammar.load(GAME_GRAMMARS[game], "fr"),
                   Match(game_engine(game), state), list(NAMES),
                   settings=settings_for(NAMES, confirm="always", scan_check="never"))


@pytest.mark.parametrize("game", sorted(GAME_GRAMMARS))
def test_a_slip_owned_while_a_move_waits_is_a_no(game: str) -> None:
    engine = engine_for(game)
    rng = random.Random(f"slip-{game}")
    checked = 0
    for state in itertools.islice(_positions(game), 3):
        seat = engine.awaiting(state).seats[0]
        legal = list(engine.legal_actions(state))
        for action in rng.sample(legal, min(2, len(legal))):
            session = _confirming(game, state)
            words = session.announcer.render(
                session.binding.describe(state, action, seat), capitalize=False)
            session.handle(Heard(f"je veux {words}", seat=seat))
            if session.pending is None or not session.pending.yes_no:
                continue  # made at once (a player's settings may not ask for everything)
            slip = SLIPS[checked % len(SLIPS)]
            said = [o.key for o in session.handle(Heard(slip, seat=seat)) if isinstance(o, Say)]
            assert session.state == state, (slip, said)
            assert said == ["cancelled"], (slip, said)
            session.handle(Heard("oui", seat=seat))
            assert session.state == state, slip  # the declined move is never made after all
            checked += 1
    assert checked >= 3, checked
