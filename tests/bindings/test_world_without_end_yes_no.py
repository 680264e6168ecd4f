"""A bare « oui » / « non » answers the engine's own yes-or-no question (the event card's
exchange) of the player it is asked of, through the real session; from another player, or
when the engine asks nothing, it changes nothing."""

from __future__ import annotations

import pytest
from table_helpers import Table, keys
from test_world_without_end_session import make as make_table

from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.world_without_end import Reveal, WweState

NAMES = ["Anne", "Paul", "Léa"]
ENGINE = WweBinding(NAMES).engine
EXCHANGE = 2  # the data's period I card: each player may exchange 1 wool for 3 gold
YES = ("oui", "oui j'échange", "ouais", "d'accord")
NO = ("non", "non merci", "non je n'échange pas", "moi non plus", "non c'est bon", "pas pour moi",
      "non merci, ça ira")


def asked() -> WweState:
    """A real table, the exchange card revealed: Anne, then Paul, then Léa are asked."""
    state, _ = ENGINE.apply(ENGINE.new_table_game(3), Reveal(EXCHANGE))
    assert [p.seat for p in state.queue] == [0, 1, 2]
    return state


def make(state: WweState) -> Table:
    """A session on ``state`` whose players confirm nothing."""
    return make_table(state, names=NAMES)


@pytest.mark.parametrize(("said", "gold"), [(w, 5) for w in YES] + [(w, 2) for w in NO])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_bare_answer_settles_the_exchange_of_the_seat_asked(said: str, gold: int,
                                                               seat: int) -> None:
    table = make(asked())
    for earlier in range(seat):  # the players before answer in turn
        table.hear("non", seat=earlier)
    says = table.hear(said, seat=seat)
    assert "event.question_answered" in keys(says), said
    assert table.state.seats[seat].has("gold") == gold
    assert all(p.seat != seat for p in table.state.queue)


@pytest.mark.parametrize("said", YES + NO)
def test_another_seats_answer_changes_nothing(said: str) -> None:
    table = make(asked())
    before = table.state
    table.hear(said, seat=2)
    assert table.state == before


def test_a_bare_oui_with_no_question_changes_nothing() -> None:
    table = make(ENGINE.new_table_game(3))
    before = table.state
    says = table.hear("oui", seat=0)
    assert table.state == before and says


@pytest.mark.parametrize(("said", "done"), [
    ("j'échange ma laine contre trois ors", True),
    ("oui j'échange une laine contre de l'or", True),
    ("j'échange ma laine contre trois pierres", False),
    ("j'échange mes blés contre de l'or", False),
])
def test_an_exchange_named_must_be_the_one_offered(said: str, done: bool) -> None:
    table = make(asked())
    before = table.state
    says = table.hear(said, seat=0)
    if done:
        assert table.state.seats[0].has("gold") == 5, said
    else:  # another exchange than the card's is refused, not read as this one
        assert table.state == before and keys(says) == ["exchange_not_offered"], said
        assert "une laine contre trois or" in says[0].text


PASSING = ("je passe", "je ne fais rien", "rien pour moi", "je renonce")


@pytest.mark.parametrize("said", PASSING)
@pytest.mark.parametrize("seat", [0, 1])
def test_passing_declines_the_exchange_asked_of_that_seat(said: str, seat: int) -> None:
    """« je passe » to an exchange offer declines it; it never asks which card to lay."""
    table = make(asked())
    for earlier in range(seat):
        table.hear("non", seat=earlier)
    says = table.hear(said, seat=seat)
    assert "ask_renounce_card" not in keys(says), said
    assert "event.question_answered" in keys(says), said
    assert table.state.seats[seat].has("gold") == 2  # nothing exchanged
    assert all(p.seat != seat for p in table.state.queue)
