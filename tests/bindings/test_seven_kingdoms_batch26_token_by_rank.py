"""7 Kingdoms: the peasant bonus token named by its rank alone (issue 16, held-out batch 26:
« le paysan s'il te plaît » at the bonus was not understood, « je prends le paysan » refused
as a take out of its phase).

While a bonus token is chosen no card can be taken or played, so « le paysan » said alone
or with a taking verb can only name the token: every such phrasing chooses it (and only
when it is revealed); a card said with it, or any other moment, keeps the card's reading."""

from __future__ import annotations

import itertools

import pytest
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState
from ludivox.engines.seven_kingdoms import state as st

FRAMES = ("le paysan", "je prends le paysan", "je choisis le paysan", "ce sera le paysan",
          "moi ce sera le paysan", "prends le paysan", "bon je prends le paysan")
TAILS = ("", " s'il te plaît", " s'il vous plaît", " merci", " pour moi")


def _bonus(revealed: str) -> SevenKingdomsState:
    """Anne's bishop (12) has just been validated: she chooses a revealed token."""
    start = ENGINE.loads(f"7k row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed={revealed} "
                         "s0=hand:2,3,12 s1=hand:4,5,38")
    table = make(start, names=["Anne", "Bruno"])
    table.hear("je joue le douze")
    table.hear("je joue le cinq")
    assert table.state.phase == st.BONUS
    return table.state


@pytest.mark.parametrize("frame", FRAMES)
def test_the_peasant_named_by_its_rank_is_the_token_at_the_bonus(frame: str) -> None:
    state = _bonus("peasant,+3")
    for tail in TAILS:
        table = make(state, names=["Anne", "Bruno"])
        table.hear(f"{frame}{tail}")
        assert table.state.tokens_placed[0] == "peasant", f"{frame}{tail}"


def test_the_peasant_not_revealed_is_never_another_token() -> None:
    state = _bonus("x2,+3")
    for frame, tail in itertools.product(FRAMES, TAILS):
        table = make(state, names=["Anne", "Bruno"])
        table.hear(f"{frame}{tail}")
        assert table.state == state, f"{frame}{tail}"


def test_other_ranks_at_the_bonus_choose_nothing() -> None:
    state = _bonus("peasant,+3")
    for rank in ("le roi", "le marchand", "le général", "la princesse", "le chevalier"):
        for said in (rank, f"je prends {rank}"):
            table = make(state, names=["Anne", "Bruno"])
            table.hear(said)
            assert table.state == state, said
