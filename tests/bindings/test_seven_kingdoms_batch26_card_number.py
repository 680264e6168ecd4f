"""7 Kingdoms: a card of the row said « la carte numéro … » in a take (issue 16, held-out
batch 26, the class of Kingsbridge's « ma carte numéro neuf »: « numéro » is kept after
« carte », so the game's card words say it).

Over the one- and two-card takes of the corpus's take positions, every card said « la carte
numéro N » is that card, with where the cards go said after it."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_batch25 import _legal, _n
from test_seven_kingdoms_said_around import TAKES, _position, _same
from test_seven_kingdoms_session import ENGINE

from ludivox.engines.seven_kingdoms.actions import Take

FORMS = ("je prends {cards} pour {p} valider", "je prends {cards}, tout dans mon royaume",
         "je vais prendre {cards} et je {p} garde", "je prends {cards} et {p} garder en main")


@pytest.mark.parametrize("at", TAKES)
def test_cards_said_with_their_number_are_taken(at: str) -> None:
    state, names = _position(at)
    checked = 0
    for size in (1, 2):
        for cards in _legal(state, size)[:2]:
            said = " et ".join(f"la carte numéro {_n(c)}" for c in cards)
            pronoun = "la" if size == 1 else "les"
            for form, keep in zip(FORMS, ((), (), cards, cards), strict=True):
                take = Take(cards, keep)
                if ENGINE.refusal(state, take) is None:
                    _same(state, names, form.format(cards=said, p=pronoun), take)
                    checked += 1
    assert checked or at == "general"  # the general takes three places
