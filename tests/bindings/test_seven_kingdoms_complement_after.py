"""7 Kingdoms: where a taken card goes, said as a part of its own after "et" ("je prends le
quarante et un et hop dans mon royaume"): the card is taken there in one go, for every card
that may be taken alone, said with or without dashes ("quarante et un": the "et" of a
number is never where the sentence is cut)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_seven_kingdoms_session import ENGINE, GRAMMAR, make

from ludivox.asrbench.natural import load
from ludivox.engines.seven_kingdoms import Take

PLACES = {"dans mon royaume": "kingdom", "en main": "hand"}
CORPUS = Path(__file__).parents[2] / "corpus" / "natural" / "seven_kingdoms.yaml"


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("dashes", [True, False])
def test_each_card_taken_alone_goes_to_the_place_said_after_it(place: str,
                                                               dashes: bool) -> None:
    data, names = load(CORPUS).positions["take"]  # Paul takes with his 13
    start = ENGINE.from_json(data)
    cards = sorted({a.cards[0] for a in ENGINE.legal_actions(start)
                    if isinstance(a, Take) and len(a.cards) == 1})
    assert 41 in cards and len(cards) > 2
    for card in cards:
        t = make(start, names)
        said = GRAMMAR.say("action.play", card=card).removeprefix("jouer ")
        said = said if dashes else said.replace("-", " ")
        t.hear(f"je prends {said} et hop {place}", seat=1)
        assert card in getattr(t.state.seats[1], PLACES[place]), (said, place)
