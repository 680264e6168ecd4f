"""A question asked of the assistant in the conditional, for politeness, reads as in the
present (batch 33: « tu me conseillerais quoi là franchement » was not understood; « tu me
conseilles quoi » was). Property over the grammar's own sentences in every game with « tu »
and a verb of the first group in the present (« tu me conseilles », « tu proposes »): said in
the conditional (« tu me conseillerais »), it reads the same. A move said to « tu » in the
conditional is still no move of the speaker (« tu poserais le neuf sur la six »)."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, grammar
from test_templates_read_as_themselves import drawn, read_as

SAMPLES = 6  # sentences drawn per start state

BETWEEN = {"me", "m'", "te", "le", "la", "les", "l'", "lui", "en", "y"}


def _conditional(words: list[str]) -> list[str] | None:
    """The words with the first « tu … -es » verb in the conditional; None without one."""
    for at, word in enumerate(words):
        if word != "tu":
            continue
        verb = at + 1
        while verb < len(words) and words[verb] in BETWEEN:
            verb += 1
        if verb < len(words) and words[verb].endswith("es") and len(words[verb]) > 4:
            return [*words[:verb], f"{words[verb][:-1]}rais", *words[verb + 1:]]
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_question_in_the_conditional_reads_as_in_the_present(game: str) -> None:
    """Over the grammar's own sentences (drawn at random along its automaton, seeded)."""
    g = grammar(game)
    checked = 0
    for name, text, slots in drawn(g, f"{game}-conditional", SAMPLES):
        said = _conditional(text.split())
        if said is None:
            continue
        readings = g.understand(" ".join(said), intents={name})
        assert read_as(readings, name, slots), (said, readings[:2])
        checked += 1
    assert checked >= 5, checked


@pytest.mark.parametrize("game", ["kingsbridge"])
def test_a_move_said_to_tu_in_the_conditional_is_no_move(game: str) -> None:
    found = grammar(game).understand("tu poserais le neuf sur la six")
    assert not any(i.name == "place" and i.cost == 0 for i in found), found
