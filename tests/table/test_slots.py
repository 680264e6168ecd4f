"""One reader of slot values for every game: canonical ids, lists, numbers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludivox.grammars.grammar import Grammar
from ludivox.table import slots


@dataclass(frozen=True)
class Said:
    slots: Mapping[str, Any] = field(default_factory=dict)


def test_a_value_a_list_and_an_absent_slot() -> None:
    said = Said({"card": "card:7", "cards": ("card:7", "card:8"), "rank": "rank:roi",
                 "delta": "n:-2", "empty": ""})
    assert slots.words(said, "cards") == ("7", "8")
    assert slots.numbers(said, "cards") == (7, 8)
    assert slots.number(said, "card") == 7 and slots.word(said, "card") == "7"
    assert slots.number(said, "delta") == -2
    assert slots.numbers(said, "rank") == () and slots.word(said, "rank") == "roi"
    assert slots.words(said, "nothing") == () and slots.number(said, "nothing") is None
    assert slots.word(said, "empty") is None


def test_every_number_the_grammars_understand_reads_back_as_said() -> None:
    # "je pose le N sur la colonne C" in Kingsbridge, for every card and column
    grammar = Grammar.load("kingsbridge", "fr")
    for card in range(1, 14):
        for column in range(1, 7):
            intents = grammar.understand(f"je pose le {card} sur la colonne {column}")
            place = next(i for i in intents if i.name == "place")
            assert slots.numbers(place, "cards") == (card,)
            assert slots.number(place, "column") == column
