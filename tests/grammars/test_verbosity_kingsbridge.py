"""Kingsbridge's short table lines: every frequent event has one, and none drops what a
blind player needs (who, which cards, which columns; whose turn it is comes in the turn line
that follows, "À toi, Paul.": tests/bindings/test_dialogue_kingsbridge_short.py)."""

from __future__ import annotations

from typing import Any

import pytest
from grammar_helpers import grammar

SHORTENED = (
    "event.cards_placed", "event.turn_ended", "event.passed", "event.cards_exchanged",
    "event.column_moved", "event.column_moved_to_start", "event.cards_placed_at_start",
    "event.hole_filled", "event.cards_from_discard", "event.column_added",
    "event.character_used", "event.column_completed", "setup_column_noted",
    "event.columns_set",
)

PARAMS: dict[str, Any] = {
    "seat": 0, "next_seat": 1, "player": "Anne", "next_player": "Paul", "cards": (7, 8),
    "card": 4, "column": 3, "source": 2, "target": 5, "count": 2, "character": "Aldred",
}
# What a player must still hear, in words, when the parameter is in the sentence.
WORDS = {"player": "Anne", "cards": "le sept et le huit",
         "card": "quatre", "column": "trois", "source": "deux", "target": "cinq",
         "count": "deux", "character": "Aldred"}


@pytest.mark.parametrize("key", SHORTENED)
def test_short_forms_keep_who_which_cards_which_columns(key: str) -> None:
    g = grammar("kingsbridge")
    assert g.has_short(key), key
    declared = g.response_params(key)
    for whole in ((True, False) if "whole" in declared else (None,)):
        params = {p: PARAMS[p] for p in declared if p != "whole"}
        if whole is not None:
            params["whole"] = whole
        full = g.say(key, **params)
        short = g.say(key, short=True, **params)
        assert len(short) < len(full), (key, short, full)
        for name, word in WORDS.items():
            if name in params and word in full and (name != "cards" or not whole):
                assert word in short, (key, name, short)
