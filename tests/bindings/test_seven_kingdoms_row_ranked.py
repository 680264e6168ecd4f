"""7 Kingdoms: cards of the row named by their rank among its numbers (issue 16, batch 21's
« je prends les deux plus gros numéros tous les deux au royaume », read among the hand's
numbers and refused).

Over the natural corpus's take positions, every count and both ends, through the real
session: « je prends les <n> plus gros / petits numéros, tout dans le royaume » said by the
seat taking takes the n highest / lowest cards of the row when the rules allow it, and
changes nothing otherwise (never a card of the hand)."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_said_around import TAKES, _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
FORMS = {1: "je prends le plus {adj} numéro, dans mon royaume",
         2: "je prends les {n} plus {adjs} numéros tous les deux au royaume"}


@pytest.mark.parametrize("lowest", [True, False])
@pytest.mark.parametrize("at", TAKES)
def test_the_rows_highest_or_lowest_cards_are_taken(at: str, lowest: bool) -> None:
    state, names = _position(at)
    seat = ENGINE.awaiting(state).seat
    row = sorted(c for c in state.row if c is not None)
    made = 0
    for count in (1, 2, 3):
        form = FORMS.get(count, "je prends les {n} plus {adjs} numéros, tout dans le royaume")
        said = form.format(n=WORDS.cardinal(count), adj="petit" if lowest else "gros",
                           adjs="petits" if lowest else "gros")
        cards = tuple(row[:count] if lowest else row[-count:])
        take = Take(cards, ())
        table = make(state, names)
        table.hear(said, seat=seat)
        if ENGINE.refusal(state, take) is None:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, take)[0]), said
            made += 1
        else:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said
    if at == "take_king":
        assert made == 3  # the king takes up to four cards anywhere in the row
