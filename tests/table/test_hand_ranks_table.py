"""At the table, "je pose mon plus petit sur la colonne deux" or "je joue ma carte la plus
forte" plays the hand's lowest or highest card, exactly as saying its number does, over
seeded hands; a hand the assistant does not wholly know (a real table) is never guessed."""

from __future__ import annotations

import random

import pytest
from table_helpers import ENGINE, make_table, position, word

from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsBinding
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard
from ludivox.table.match import Match
from ludivox.table.session import Session

RANKS = {"mon plus petit": min, "ma plus petite carte": min, "le plus bas": min,
         "mon plus grand": max, "ma carte la plus forte": max, "la plus haute": max}


def _kingsbridge_position(seed: int) -> object:
    rng = random.Random(seed)
    hand = sorted(rng.sample(range(2, 13), 4))
    return position(columns=[[1], [3], [5], [7], [9], [11]],
                    players=[{"hand": hand, "pile": [13]}, {"hand": [2], "pile": [12]}])


@pytest.mark.parametrize("seed", range(6))
def test_the_lowest_or_highest_card_is_placed_as_its_number_would_be(grammar: Grammar,
                                                                     seed: int) -> None:
    for rank, pick in RANKS.items():
        said_rank = make_table(grammar, _kingsbridge_position(seed))
        said_number = make_table(grammar, _kingsbridge_position(seed))
        card = pick(said_rank.state.players[0].hand)
        column = (card - 1) // 2 + 1  # the column ending just below it, when there is one
        column = min(column, 6)
        a = said_rank.hear(f"je pose {rank} sur la colonne {word(column)}")
        b = said_number.hear(f"je pose le {word(card)} sur la colonne {word(column)}")
        assert [s.text for s in a] == [s.text for s in b], rank
        assert ENGINE.dumps(said_rank.state) == ENGINE.dumps(said_number.state), rank


def test_a_hand_not_wholly_known_is_not_guessed(grammar: Grammar) -> None:
    state = position(mode="table", columns=[[1], [3], [5], [7], [9], [11]],
                     players=[{"hand": [4, None, None, None], "pile": [None] * 45},
                              {"hand": [None] * 4, "pile": [None] * 45}])
    table = make_table(grammar, state)
    before = ENGINE.dumps(table.state)
    said = table.hear("je pose mon plus petit sur la colonne deux")
    assert ENGINE.dumps(table.state) == before
    assert all("quatre" not in s.text for s in said)


def test_seven_kingdoms_plays_the_strongest_or_weakest_card() -> None:
    grammar = Grammar.load("seven_kingdoms", "fr")
    for rank, pick in RANKS.items():
        binding = SevenKingdomsBinding(["Anne", "Paul"])
        state = binding.engine.new_virtual_game(2, 4)
        session = Session(binding, grammar, Match(binding.engine, state), ["Anne", "Paul"])
        session.start()
        seat = binding.acting_seat(state)
        assert seat is not None
        card = pick(state.seats[seat].hand)
        session.handle(Heard(f"je joue {rank}", seat=seat))
        assert session.state.seats[seat].played == card, rank
