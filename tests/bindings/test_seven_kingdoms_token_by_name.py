"""7 Kingdoms: the peasant token named by its bare word while a token is chosen (issue 16,
batch 21's « ouais du coup le paysan grave », read as a peasant card of the hand).

Through the real session, at the bishop's bonus with the peasant token revealed or not:
« le paysan », « je prends le paysan », « c'est le paysan » choose the peasant token when
the rules allow it and change nothing otherwise."""

from __future__ import annotations

import copy

import pytest
from test_seven_kingdoms_session import ENGINE, make

from ludivox.asrbench import natural
from ludivox.engines.seven_kingdoms.actions import ChooseToken

SAID = ["le paysan", "je prends le paysan", "c'est le paysan", "je choisis le paysan"]


def _bonus(revealed: list[str]) -> tuple[object, list[str]]:
    corpus = next(c for c in natural.load_all() if c.game == "seven-kingdoms")
    data, names = corpus.positions["bonus"]
    data = copy.deepcopy(data)
    hidden = [t for t in data["tokens"]["hidden"] + data["tokens"]["revealed"]
              if t not in revealed]
    data["tokens"].update(revealed=revealed, hidden=hidden)
    return ENGINE.from_json(data), list(names)


@pytest.mark.parametrize("revealed", [["+2", "peasant"], ["peasant", "x2"], ["+2", "+4"]])
def test_the_peasant_token_named_alone_is_chosen(revealed: list[str]) -> None:
    state, names = _bonus(revealed)
    seat = ENGINE.awaiting(state).seat
    choose = ChooseToken("peasant")
    for said in SAID:
        table = make(state, names)
        table.hear(said, seat=seat)
        if ENGINE.refusal(state, choose) is None:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, choose)[0]), said
        else:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said
