"""The grammar files agree with each other and with the Kingsbridge engine's contract."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from grammar_helpers import (
    GAMES,
    LANGS,
    assert_event_says,
    assert_refusals_say,
    event_classes,
    grammar,
)

import ludivox.grammars as package
from ludivox.engines.base import Event
from ludivox.engines.kingsbridge import events as builder_events
from ludivox.engines.kingsbridge.charevents import CHARACTER_EVENTS
from ludivox.engines.kingsbridge.reasons import ALL_REASON_CODES, REASON_CODES
from ludivox.grammars import Grammar

# Parameters that a sentence need not speak: 0-based indexes are not for people (the table
# passes names as `player`), `start` is a slice index inside a column.
UNSPOKEN = {"seat", "start"}

SAMPLES: dict[str, object] = {
    "cards": (4, 5, 6), "columns": (3, 5), "winners": (0,), "cards_left": (3, 5),
    "winner_names": ("Alice",), "options": ("poser le sept sur la colonne trois",),
    "items": ("colonne un : du trois au sept", "colonne deux : vide"),
    "examples": ("répète", "aide"), "whole": True, "player": "Alice", "next_player": "Bob",
    "current": "Bob", "game": "Kingsbridge", "text": "je pose le sept", "action": "passer",
    "lang": "fr",
}


def sample(name: str) -> object:
    return SAMPLES.get(name, 2)


def kingsbridge_event_classes() -> list[type[Event]]:
    """The base game's events (found in ``events``) and the full game's (``CHARACTER_EVENTS``)."""
    return [*event_classes(builder_events), *CHARACTER_EVENTS]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["common", *GAMES])
def test_every_intent_has_an_example_that_is_understood(game: str, lang: str) -> None:
    g = grammar(game, lang)
    for name in g.intent_names:
        best = g.understand(g.example(name))
        assert best and best[0].name == name and best[0].cost == 0, (name, g.example(name))


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_code_has_a_refusal_using_its_parameters(lang: str) -> None:
    assert set(REASON_CODES) <= set(ALL_REASON_CODES)
    assert_refusals_say("kingsbridge", lang, ALL_REASON_CODES, UNSPOKEN)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_response_accepting_its_payload(lang: str) -> None:
    g = grammar("kingsbridge", lang)
    classes = kingsbridge_event_classes()
    assert len(classes) >= 12 + len(CHARACTER_EVENTS)
    names = {"player": "Alice", "next_player": "Bob", "winner_names": ("Alice",), "fewest": 3,
             "to_player": "Bob", "own": False}
    for cls in classes:
        values = {
            f.name: (4, 5) if "tuple" in str(f.type) else True if f.type == "bool" else 2
            for f in dataclasses.fields(cls)
            if f.name != "private_to"
        }
        event = cls(**values)
        # dict(**, **): a payload field named like one of `names` is an error, as before
        assert_event_says(g, event, dict(**event.payload(), **names))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["common", *GAMES])
def test_every_response_renders_with_its_parameters(game: str, lang: str) -> None:
    g = grammar(game, lang)
    for key in sorted(g.response_keys):
        params = {name: sample(name) for name in g.response_params(key)}
        for seed in (None, 1, 2, 3):
            text = g.say(key, seed=seed, **params)
            assert text.strip(), key
            assert "{" not in text and "}" not in text, (key, text)
            if text.endswith((".", "!", "?", "»")):
                assert text[0] == text[0].upper(), (key, text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_game_grammar_includes_the_conversation(game: str, lang: str) -> None:
    common = Grammar.load("common", lang)
    g = Grammar.load(game, lang)
    assert common.intent_names < g.intent_names
    assert common.response_keys < g.response_keys


def test_grammar_never_imports_an_engine() -> None:
    for path in Path(package.__file__).parent.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "ludivox.engines" not in source, path
        assert "from ludivox import engines" not in source, path
