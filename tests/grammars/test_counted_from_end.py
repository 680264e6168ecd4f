"""Places counted from the end ("la dernière colonne", "l'avant-dernière colonne"): wherever
a sentence names a column by its ordinal, the last one can be named too, as an id counted
from the end that the table numbers from the start with the state's count."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from grammar_helpers import exact_cases, grammar, understood

from ludivox.table import slots

_COLUMN = re.compile(r"\b(?:la|l')\s*(?:([a-zé]+ième|première)\s+colonne|colonne\s+([a-z-]+))\b")
FROM_END = {"dernière": "-1", "avant-dernière": "-2"}


def test_every_column_named_by_its_ordinal_can_be_named_from_the_end() -> None:
    """Every exact Kingsbridge test sentence naming a column ("la troisième colonne", "la
    colonne trois"), said with "la dernière" or "l'avant-dernière" instead, means the same intent
    with that column counted from the end, every other slot unchanged."""
    g = grammar("kingsbridge")
    checked = 0
    for case in exact_cases("kingsbridge"):
        found = _COLUMN.search(case.text)
        if not found:
            continue
        meant = understood("kingsbridge", case.text, case.intents)
        said = g.language.words(found.group(1) or found.group(2))
        number = g.language.number_value(said[0].key) if len(said) == 1 else None
        if not meant or meant[0].cost > 0 or number is None:
            continue
        named = [k for k, v in meant[0].slots.items()
                 if v == f"column:{number}" or (isinstance(v, tuple) and f"column:{number}" in v)]
        if len(named) != 1:
            continue
        for word, back in FROM_END.items():
            article = "l'" if word.startswith("a") else "la "
            text = case.text[:found.start()] + f"{article}{word} colonne" + case.text[found.end():]
            got = g.understand(text, intents=case.intents)
            assert got and got[0].cost == 0, text
            assert got[0].name == meant[0].name, text
            value = meant[0].slots[named[0]]
            expected = tuple(f"column:{back}" if v == f"column:{number}" else v for v in value) \
                if isinstance(value, tuple) else f"column:{back}"
            assert dict(got[0].slots) == {**meant[0].slots, named[0]: expected}, text
            checked += 1
    assert checked >= 30


@dataclass(frozen=True)
class _Said:
    slots: dict[str, Any] = field(default_factory=dict)
    name: str = "place"
    text: str = ""
    cost: float = 0.0


def test_counted_from_the_end_is_numbered_from_the_start_for_every_count() -> None:
    """With ``count`` places, the k-th from the end is ``count + 1 - k``, in a single slot and
    in a list; a place beyond the first stays unnumbered (refused later, never another one),
    and other kinds of values are left as said."""
    for count in range(1, 8):
        for back in range(1, 9):
            said = _Said({"column": f"column:-{back}", "cards": ("card:7",),
                          "columns": ("column:2", f"column:-{back}"), "delta": f"n:-{back}"})
            got = slots.from_end(said, "column", count)
            expected = count + 1 - back if back <= count else -back
            assert slots.number(got, "column") == expected
            assert slots.numbers(got, "columns") == (2, expected)
            assert got.slots["cards"] == ("card:7",) and got.slots["delta"] == f"n:-{back}"
            assert (got.name, got.text, got.cost) == ("place", "", 0.0)
    plain = _Said({"column": "column:3"})
    assert slots.from_end(plain, "column", 6) is plain
