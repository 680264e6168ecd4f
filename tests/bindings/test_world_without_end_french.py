"""French agreement in Un monde sans fin's refusals, for every resource and amount: "il te
faut une laine" (never "un laine"), and no "à les" where a phase is named."""

from __future__ import annotations

import pytest

from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.base import Reason
from ludivox.engines.world_without_end.components import GAINS
from ludivox.grammars.grammar import Grammar
from ludivox.table.match import Match
from ludivox.table.session import Session

GRAMMAR = Grammar.load("world_without_end", "fr")
BINDING = WweBinding(["Anne", "Paul"])
STATE = BINDING.engine.new_virtual_game(2, 3)
SESSION = Session(BINDING, GRAMMAR, Match(BINDING.engine, STATE), ["Anne", "Paul"])
PHASES = ("event", "plague_tile", "orient", "action", "discard", "tax", "protect",
          "penitence", "random_discard", "over")


def said(reason: Reason) -> str:
    return SESSION.render(BINDING.refusal_lines(STATE, None, reason, 0)[0])


@pytest.mark.parametrize("resource", GAINS)
@pytest.mark.parametrize("amount", [1, 2, 3])
def test_an_amount_missing_agrees_with_its_resource(resource: str, amount: int) -> None:
    wanted = GRAMMAR.say("name.amount", capitalize=False, resource=resource, amount=amount)
    need = said(Reason.of("not_enough", resource=resource, need=amount, have=0))
    assert wanted in need and "zéro" in need
    left = said(Reason.of("supply_short", resource=resource, left=amount))
    assert wanted in left


@pytest.mark.parametrize("phase", PHASES)
def test_a_move_out_of_its_time_names_the_phase_in_good_french(phase: str) -> None:
    text = said(Reason.of("not_now", kind="play", phase=phase))
    assert " à les " not in text and " à le " not in text and " de les " not in text
