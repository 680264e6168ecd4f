"""The one Kingsbridge rule path, frozen on 614 seeded positions (``rule_path_golden.json``).

The file was first written from the engine that still had two rule paths (base game and
characters). Compared raw, position by position, the one path gave the same legal actions in
the same order, the same refusal code and parameters for all 250,000-odd candidates and the
same positions and events after every legal action; only suggestions differed, where the one
path keeps the better hint of the two: a refused placement also suggests the run completed
with the missing cards, a refused move the part of the source that fits (both were the base
game's, now also with characters), and a hint never names a card the assistant does not know
is in the hand (2 base-game table positions). The file was then rewritten from the one path,
so any later change of the rules shows here.
"""

from __future__ import annotations

import json

import pytest
from rule_path_golden import ENGINE, GOLDEN, judge, positions

FROZEN: dict[str, dict[str, str]] = json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_the_seeded_playouts_reach_the_same_positions() -> None:
    reached = {name: ENGINE.dumps(state) for name, state in positions()}
    assert reached == {name: entry["notation"] for name, entry in FROZEN.items()}


@pytest.mark.parametrize("name", sorted(FROZEN))
def test_the_engine_answers_as_before(name: str) -> None:
    entry = FROZEN[name]
    state = ENGINE.loads(entry["notation"])
    now = judge(state, name)
    assert now["legal"] == entry["legal"], "legal actions or their order changed"
    assert now["refusals"] == entry["refusals"], "a refusal code or its parameters changed"
    assert now["results"] == entry["results"], "a transition's position or events changed"
    assert now["hints"] == entry["hints"], "a suggestion changed"
