"""The 7 Kingdoms French grammar agrees with the engine's contract (codes, events)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from grammar_helpers import (
    LANGS,
    assert_event_says,
    assert_refusals_say,
    event_classes,
    grammar,
)

from ludivox.engines.seven_kingdoms import events as sk_events
from ludivox.engines.seven_kingdoms.reasons import REASON_CODES
from ludivox.grammars.testcases import load_cases

GAME = "seven_kingdoms"
# 0-based seats are never spoken (the table passes names); `expected` and `kind` and `phase`
# are spoken through name.* lines.
UNSPOKEN = {"seat"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_code_has_a_refusal_saying_its_parameters(lang: str) -> None:
    assert_refusals_say(GAME, lang, REASON_CODES, UNSPOKEN)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_response_accepting_its_payload(lang: str) -> None:
    g = grammar(GAME, lang)
    classes = event_classes(sk_events)
    assert len(classes) >= 19
    names = {"player": "Alice", "winner_names": ("Alice",), "rank": "le roi",
             "name": "le jeton plus trois", "items": ("Alice dix points",)}
    for cls in classes:
        values: dict[str, Any] = {
            f.name: (4, 5) if "tuple" in str(f.type) else "x2" if f.type == "str" else 2
            for f in dataclasses.fields(cls)
            if f.name != "private_to"
        }
        event = cls(**values)
        params = {**event.payload(), **names}
        if "row" in params:
            params["cards"] = (4, 5)
        assert_event_says(g, event, params)


def test_at_least_100_french_utterances_and_some_refused() -> None:
    cases = load_cases(GAME, "fr")
    assert len([c for c in cases if c.intent is not None]) >= 100
    assert len([c for c in cases if c.intent is None]) >= 5


def test_numbers_up_to_49_in_words_and_digits() -> None:
    g = grammar(GAME)
    for n, words in ((31, "trente et un"), (44, "quarante-quatre"), (49, "quarante-neuf")):
        for text in (f"je joue le {words}", f"je joue le {n}"):
            best = g.understand(text)[0]
            assert (best.name, dict(best.slots), best.cost) == ("play", {"card": f"card:{n}"}, 0)
