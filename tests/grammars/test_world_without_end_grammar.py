"""The Un monde sans fin French grammar agrees with the engine's contract (reason codes,
events) and understands at least 200 sentences as players say them."""

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

from ludivox.engines.world_without_end import events as wwe_events
from ludivox.engines.world_without_end.reasons import REASON_CODES
from ludivox.grammars.testcases import load_cases

GAME = "world_without_end"
# 0-based seats are never spoken (the table passes names as `player`; `owner` -> `player`)
UNSPOKEN = {"seat", "owner"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_code_has_a_refusal_saying_its_parameters(lang: str) -> None:
    assert_refusals_say(GAME, lang, REASON_CODES, UNSPOKEN)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_response_accepting_its_payload(lang: str) -> None:
    g = grammar(GAME, lang)
    classes = event_classes(wwe_events)
    assert len(classes) >= 13
    names = {"player": "Alice", "name": "le blé", "lasting": False, "text": "rien",
             "what": "accepter", "card": 12}
    for cls in classes:
        values: dict[str, Any] = {
            f.name: ("piety",) if "tuple" in str(f.type) else "ble" if "str" in str(f.type)
            else 2
            for f in dataclasses.fields(cls) if f.name != "private_to"
        }
        event = cls(**values)
        key = f"event.{event.kind}"
        assert g.has_response(key), key
        params = {**event.payload(), **names}
        params.update(dues=("la piété",), steps=2, favour="le roi", side="Bob",
                      items=("Alice plus deux",), winner_names=("Alice",))
        said = g.response_params(key)
        assert_event_says(g, event, {k: v for k, v in params.items() if k in said})


def test_at_least_200_french_utterances_and_some_refused() -> None:
    cases = load_cases(GAME, "fr")
    assert len([c for c in cases if c.intent is not None]) >= 200
    assert len([c for c in cases if c.intent is None]) >= 5


def test_every_move_sentence_of_the_issue_is_understood() -> None:
    g = grammar(GAME)
    said = {
        "je joue la récolte : la maison du blé et celle de la laine": "play_harvest",
        "je vends trois laines et un tissu": "play_sale",
        "je mets une pierre et un bois sur le pont": "play_project",
        "je fais un don pour l'hospice": "play_donation",
        "je soigne les maisons trois et neuf": "play_heal",
        "je renonce à mon action": "renounce",
        "je défausse le don": "discard",
        "tourne pour que j'aie la laine": "orient_for",
        "lance le dé": "roll_tax",
        "tire une carte au hasard": "penitence_random",
    }
    for text, intent in said.items():
        best = g.understand(text)[0]
        assert (best.name, best.cost) == (intent, 0), text
