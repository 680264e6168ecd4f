"""Every Kingdom Builder refusal, with engine-shaped parameters, is said in French through
the binding: hexes as "cinq douze", terrains and tiles by their French names, no raw id."""

from __future__ import annotations

from typing import Any

import pytest

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.base import Reason
from ludivox.engines.kingdom_builder.actions import Build, EndTurn
from ludivox.engines.kingdom_builder.reasons import REASON_CODES
from ludivox.grammars.grammar import Grammar
from ludivox.table.match import Match
from ludivox.table.session import Session

SAMPLES: dict[str, Any] = {
    "seat": 1, "terrain": "water", "seen": 5, "placed": 2, "needed": "grass", "row": 21,
    "col": 3, "hex": "hex:5-12", "owner": 1, "count": 4, "hexes": ("hex:5-11", "hex:6-12"),
    "tile": "tavern", "held": 2, "origin": "hex:5-12", "target": "hex:5-15",
}


@pytest.fixture(scope="module")
def session() -> Session:
    binding = KingdomBuilderBinding(["Anne", "Paul"])
    state = binding.engine.new_table_game(2)
    return Session(binding, Grammar.load("kingdom_builder", "fr"),
                   Match(binding.engine, state), ["Anne", "Paul"])


@pytest.mark.parametrize("code", sorted(REASON_CODES))
def test_each_refusal_is_a_french_sentence(session: Session, code: str) -> None:
    params = {p: SAMPLES[p] for p in REASON_CODES[code]}
    reason = Reason.of(code, suggestions=(Build((4, 10)), EndTurn()), **params)
    lines = session.binding.refusal_lines(session.state, Build((4, 11)), reason, 0)
    texts = [session.render(line) for line in lines]
    assert lines[0].seat == 0 and texts[0][0].isupper()
    for text in texts:
        assert "hex:" not in text and "{" not in text and "_" not in text, text
        assert not any(w in text.split() for w in ("water", "grass", "tavern")), text
    if "hex" in params:
        assert "cinq douze" in texts[0]
    assert texts[1] == "Par contre, tu peux construire en cinq onze ou finir ton tour."


def test_the_adjacency_refusal_counts_and_names_hexes(session: Session) -> None:
    reason = Reason.of("not_adjacent_but_possible", hex="hex:20-20", needed="flower",
                       count=4, hexes=("hex:5-11", "hex:6-12", "hex:7-1"))
    line = session.binding.refusal_lines(session.state, Build((19, 19)), reason, 0)[0]
    assert session.render(line) == (
        "La case vingt vingt ne touche pas tes cités, alors que c'est possible ailleurs : "
        "quatre cases fleurs touchent tes cités, par exemple cinq onze, six douze ou sept un.")
