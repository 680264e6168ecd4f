"""Thinking aloud, then the move (``table/deliberation.py``): alternatives weighed, a question
asked to oneself or what one holds said first, then a pause and the decision. The decision is
made exactly as when said alone; a weighing with no decision after it, a negation, a
supposition or two moves said in one breath are never acted on. Property over legal moves of
the four games said as the player says them (``said_moves``)."""

from __future__ import annotations

import itertools

import pytest
from said_moves import GAMES, hear, said_moves

WEIGHINGS = (
    "bon voyons voir, ça ou ça, bon, {move}",
    "alors qu'est-ce que je fais moi, euh, {move}, ouais c'est ça",
    "hmm, où est-ce que je vais, hmm, {move}",
    "j'ai plein de choix, hmm, {move}",
    "je sais pas trop, celui-ci ou celui-là, allez, {move}",
)

NOT_DECIDED = (
    "j'hésite entre ça et {move}",
    "{move}, ce serait pas mal mais bon",
    "si {move}, alors, euh, non",
    "qu'est-ce que je fais, euh, surtout pas {move}",
    "bon voyons voir, ça ou ça, bon, je ne sais pas si {move}",
    "qu'est-ce que je fais, hmm",
)


@pytest.mark.parametrize("weighing", WEIGHINGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_decision_after_thinking_aloud_is_made_as_said_alone(game: str, weighing: str
                                                                  ) -> None:
    moves = said_moves(game)
    assert len(moves) >= 5
    for said in moves:
        text = weighing.format(move=said.text)
        after, keys, pending = hear(game, said.state, text, said.seat)
        assert after == said.after and pending is None, (text, keys)


@pytest.mark.parametrize("weighing", NOT_DECIDED)
@pytest.mark.parametrize("game", GAMES)
def test_weighing_without_a_decision_changes_nothing(game: str, weighing: str) -> None:
    for said in said_moves(game):
        text = weighing.format(move=said.text)
        after, keys, _ = hear(game, said.state, text, said.seat)
        assert after == said.state, (text, keys)


@pytest.mark.parametrize("game", GAMES)
def test_two_moves_after_a_question_are_never_half_made(game: str) -> None:
    """« qu'est-ce que je fais, <move>, euh, <another move> »: the first is no weighing, the
    last never made alone."""
    moves = said_moves(game)
    for first, second in itertools.pairwise(moves):
        if first.state != second.state:
            continue
        text = f"qu'est-ce que je fais, {first.text}, euh, {second.text}"
        after, keys, _ = hear(game, first.state, text, first.seat)
        assert after != second.after or first.after == second.after, (text, keys)
