"""Un monde sans fin, end of a period: "je me protège avec ma loyauté" names no
contribution. Each sanction one loyalty token can lift now is offered (one: it is done; a
few: which one?), exactly the protections the rules allow; nothing is paid before the
player says which. Over the protect steps of seeded virtual playouts."""

from __future__ import annotations

import itertools
import random
from typing import Any

from table_helpers import Table, keys, settings_for

from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.world_without_end import Protect
from ludivox.grammars.grammar import Grammar
from ludivox.table.match import Match
from ludivox.table.session import Session

GRAMMAR = Grammar.load("world_without_end", "fr")
NAMES = ["Anne", "Paul"]


def _protect_steps(count: int) -> list[Any]:
    """States where a player decides which sanctions to lift, from random playouts."""
    binding = WweBinding(NAMES)
    engine = binding.engine
    found = []
    for seed in itertools.count():
        if len(found) >= count or seed > 40:
            break
        rng = random.Random(seed)
        state = engine.new_virtual_game(2, seed)
        for _ in range(600):
            awaiting = engine.awaiting(state)
            if awaiting.game_over:
                break
            legal = list(engine.legal_actions(state))
            if any(isinstance(a, Protect) and a.kinds for a in legal):
                found.append(state)
                break
            state = engine.apply(state, rng.choice(legal))[0]
    return found


def test_each_sanction_a_loyalty_can_lift_is_offered() -> None:
    steps = _protect_steps(4)
    assert steps, "no playout reached a sanction to lift"
    for state in steps:
        binding = WweBinding(NAMES)
        engine = binding.engine
        seat = engine.awaiting(state).seat
        single = [a for a in engine.legal_actions(state) if isinstance(a, Protect)
                  and len(a.kinds) == 1]
        session = Session(binding, GRAMMAR, Match(engine, state), NAMES,
                          settings=settings_for(NAMES, confirm="never", scan_check="never"))
        table = Table(session)
        said = table.hear("je me protège avec ma loyauté", seat=seat)
        if len(single) == 1:
            assert engine.dumps(table.state) == engine.dumps(engine.apply(state, single[0])[0])
        else:
            assert keys(said) == ["choose_among"], said
            assert engine.dumps(table.state) == engine.dumps(state)
            table.hear("la première", seat=seat)
            assert engine.dumps(table.state) == engine.dumps(engine.apply(state, single[0])[0])
