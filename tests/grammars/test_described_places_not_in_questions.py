"""A place described by the board state (« la plus courte », « la première case libre »,
ludivox.table.described) is said in the moves that need it, never in the rules the questions
share: its many small words (« qui a le moins de cartes ») would otherwise count in every
question's words, and a question read by its words (grammars/topics) would tell apart less
(issue 16: « c'est lesquels déjà les personnages qui sont sortis ? » no longer read).

Over every game's grammar: no template of a question intent captures a described value."""

from __future__ import annotations

import pytest

from ludivox.grammars import frames
from ludivox.grammars.grammar import Grammar
from ludivox.table import described

GAMES = ("kingdom_builder", "kingsbridge", "seven_kingdoms", "world_without_end")


def _described_in_questions(game: str) -> set[str]:
    """The question templates (intent: text) with a described value among their captures."""
    auto = Grammar.load(game).automaton
    starts = sorted(s for states in auto.starts.values() for s in states)
    bounds = [*starts, len(auto.words)]
    found: set[str] = set()
    for index, start in enumerate(starts):
        template = auto.templates[index]
        if template.intent not in frames.questions({template.intent}):
            continue
        for state in range(start, bounds[index + 1]):
            for _, captures in auto.eps[state]:
                if any(described.description(v) for _, v in captures):
                    found.add(f"{template.intent}: {template.text}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_question_takes_a_place_described_by_the_state(game: str) -> None:
    assert _described_in_questions(game) == set()


def test_the_moves_still_take_them() -> None:
    """The check looks where the described values are: Kingsbridge's moves have them."""
    auto = Grammar.load("kingsbridge").automaton
    assert any(described.description(v) for arcs in auto.eps for _, caps in arcs
               for _, v in caps)
