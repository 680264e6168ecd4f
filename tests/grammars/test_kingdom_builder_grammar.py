"""The Kingdom Builder grammar agrees with the engine's contract: every refusal code and
every event has a French sentence using its parameters, and enough utterances are tested."""

from __future__ import annotations

import dataclasses
import inspect

from grammar_helpers import grammar

from ludivox.engines.base import Event
from ludivox.engines.kingdom_builder import events as builder_events
from ludivox.engines.kingdom_builder.reasons import REASON_CODES
from ludivox.grammars.testcases import load_cases

# Seats are spoken as names (`player`, `owner_name`), never as 0-based numbers.
UNSPOKEN = {"seat", "owner"}


def test_every_reason_code_has_a_refusal_using_its_parameters() -> None:
    g = grammar("kingdom_builder")
    for code, params in REASON_CODES.items():
        key = f"refusal.{code}"
        assert g.has_response(key), key
        assert set(params) <= set(g.response_params(key)), key
        unused = set(params) - UNSPOKEN - g.response_uses(key)
        assert not unused, f"{key} never says {sorted(unused)}"


def test_every_event_has_a_response_accepting_its_payload() -> None:
    g = grammar("kingdom_builder")
    classes = [
        cls for _, cls in inspect.getmembers(builder_events, inspect.isclass)
        if issubclass(cls, Event) and cls is not Event and cls.__module__ == builder_events.__name__
    ]
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
        key = f"event.{event.kind}"
        assert g.has_response(key), key
        assert set(event.payload()) <= set(g.response_params(key)), key
        text = g.say(key, **{**event.payload(), **names})
        assert text and "{" not in text, (key, text)


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
