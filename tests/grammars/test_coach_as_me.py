"""Issue 16: the coach asked as if it sat in the player's seat ("à ta place tu ferais
quoi ?", "si tu étais moi, qu'est-ce que tu ferais ?"), the place said first or last, is the
coach's advice in every game that has a coach."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar

COACH = {"kingsbridge": "ask_best", "seven_kingdoms": "ask_coach",
         "kingdom_builder": "ask_coach"}
PLACES = ["à ta place", "à ma place", "si tu étais moi", "toi"]
QUESTIONS = ["tu ferais quoi", "qu'est-ce que tu ferais", "que ferais-tu"]


@pytest.mark.parametrize("game", sorted(COACH))
def test_the_coach_asked_in_my_place_said_first_or_last(game: str) -> None:
    g = grammar(game)
    for place in PLACES:
        for question in QUESTIONS:
            for said in (f"{place}, {question} ?", f"{question} {place} ?"):
                got = g.understand(said)
                assert got and got[0].name == COACH[game] and got[0].cost == 0.0, (said, got[:1])
