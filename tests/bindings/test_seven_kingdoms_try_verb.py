"""7 Kingdoms: a move said as a try (issue 16, batch 24's « je tente l'évêque », guessed then
asked): « je tente le <n> », « je tente mon <rang> », « je vais tenter le <n> » play the card;
« je tente de prendre <rang> au royaume » takes it.

Over every card of the hand at the natural corpus's play position and every card of the row
alone of its rank at its take positions, through the real session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_asked_of_the_assistant import THE
from test_seven_kingdoms_said_around import RANK, _position, _same
from test_seven_kingdoms_session import ENGINE

from ludivox.engines.seven_kingdoms import rank_of
from ludivox.engines.seven_kingdoms.actions import Play
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")


@pytest.mark.parametrize("form", ["je tente le {card}", "je vais tenter le {card}",
                                  "je tente {rank}", "allez je tente {mine}"])
def test_a_try_plays_the_card(form: str) -> None:
    state, names = _position("play")
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    for card in hand:
        if "{card}" not in form and sum(rank_of(c) == rank_of(card) for c in hand) > 1:
            continue  # a rank said of two cards of the hand: asked which, elsewhere
        text = form.format(card=WORDS.cardinal(card), rank=THE[rank_of(card)],
                           mine=RANK[rank_of(card)])
        _same(state, names, text, Play(card))
