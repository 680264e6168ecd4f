"""7 Kingdoms: a card of the line named by where it lies ("la carte de la place deux",
"celle de la troisième place", "celle sous le blason trois") is taken exactly as when its
number is said, for every place over seeded games."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_session import ENGINE, make

NAMES = ["Anne", "Bruno"]
ORDINALS = ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième",
            "septième")
WORDS = ("un", "deux", "trois", "quatre", "cinq", "six", "sept")


def _taking(seed: int) -> object:
    """A table where both players played their lowest card: the first taker's turn."""
    table = make(ENGINE.new_virtual_game(2, seed), names=NAMES)
    for _ in range(2):
        seat = ENGINE.awaiting(table.state).seat
        table.hear(f"je joue le {min(table.state.seats[seat].hand)}", seat=seat)
    return table


@pytest.mark.parametrize("seed", range(3))
def test_a_place_or_its_blason_takes_the_card_lying_there(seed: int) -> None:
    state = _taking(seed).state
    seat = ENGINE.awaiting(state).seat
    for place, card in enumerate(state.row, start=1):
        if card is None:
            continue
        blason = WORDS[state.blasons[place - 1] - 1]
        by_number = _taking(seed)
        expected = [s.text for s in by_number.hear(f"je prends le {card}", seat=seat)]
        for said in (f"je prends la carte de la place {WORDS[place - 1]}",
                     f"je prends celle de la {ORDINALS[place - 1]} place",
                     f"je récupère celle sous le blason {blason}"):
            table = _taking(seed)
            assert [s.text for s in table.hear(said, seat=seat)] == expected, said
            assert ENGINE.dumps(table.state) == ENGINE.dumps(by_number.state), said
