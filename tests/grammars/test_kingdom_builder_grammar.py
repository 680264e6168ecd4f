"""The Kingdom Builder grammar agrees with the engine's contract: every refusal code and
every event has a French sentence using its parameters, and enough utterances are tested."""

from __future__ import annotations

import dataclasses

from grammar_helpers import assert_event_says, assert_refusals_say, event_classes, grammar

from ludivox.engines.kingdom_builder import events as builder_events
from ludivox.engines.kingdom_builder.reasons import REASON_CODES, SETUP_REASON_CODES
from ludivox.grammars.testcases import load_cases

# Seats are spoken as names (`player`, `owner_name`), never as 0-based numbers.
UNSPOKEN = {"seat", "owner"}


def test_every_reason_code_has_a_refusal_using_its_parameters() -> None:
    assert_refusals_say("kingdom_builder", "fr", REASON_CODES, UNSPOKEN)


def test_every_set_up_reason_code_has_a_sentence_using_its_parameters() -> None:
    assert_refusals_say("kingdom_builder", "fr", SETUP_REASON_CODES, UNSPOKEN)


def test_every_event_has_a_response_accepting_its_payload() -> None:
    g = grammar("kingdom_builder")
    classes = event_classes(builder_events)
    assert len(classes) >= 12
    names = {"player": "Alice", "next_player": "Bob", "last_player": "Bob",
             "winner_names": ("Alice",), "via_name": "Taverne", "items": "Alice : 3 points."}
    for cls in classes:
        values = {
            f.name: (1, 2) if "tuple" in str(f.type) else True if f.type == "bool"
            else "grass" if f.type == "str" else 2
            for f in dataclasses.fields(cls) if f.name != "private_to"
        }
        event = cls(**values)
        assert_event_says(g, event, {**event.payload(), **names})


def test_at_least_150_utterances() -> None:
    own = [c for c in load_cases("kingdom_builder", "fr") if c.intent is not None]
    assert len(own) >= 150


def test_not_adjacent_names_the_count_and_the_hexes() -> None:
    text = grammar("kingdom_builder").say(
        "refusal.not_adjacent_but_possible", hex="vingt vingt", needed="prairie", count=4,
        hexes=("cinq douze", "cinq treize"))
    assert "ne touche pas tes cités" in text and "quatre" in text
    assert "cinq douze ou cinq treize" in text


def test_terrain_words_are_french() -> None:
    g = grammar("kingdom_builder")
    words = [g.say("terrain", terrain=t) for t in
             ("grass", "canyon", "desert", "flower", "forest", "water", "mountain")]
    assert words == ["prairie", "canyon", "désert", "fleurs", "forêt", "eau", "montagne"]
