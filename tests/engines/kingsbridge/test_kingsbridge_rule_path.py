"""The one Kingsbridge rule path answers as the two former paths did (base game and
characters), on 600-odd seeded positions frozen in ``rule_path_golden.json``.

Frozen: the legal actions and their order, the refusal code and parameters of every
candidate action, the position and events after each legal action, and the base game's
suggestions. The full game's suggestions may differ (the one path keeps the better hint of
the two); they are checked legal by the playout tests.
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
    if name.startswith("base"):
        assert now["hints"] == entry["hints"], "a base-game suggestion changed"
