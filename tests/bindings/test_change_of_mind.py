"""A change of mind inside a sentence (« je mets le neuf sur la, ah non tiens plutôt, le sept
sur la quatre », « …, en fait non je change d'avis, … »): the last decision counts, the
abandoned start never acts; a negated decision never acts. Properties over pairs of legal
moves of seeded positions of the four games, each said as the assistant says it, the second
said without its verb."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from table_helpers import ALL_GRAMMARS, game_session
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.table.io import Heard

CHANGES = ("ah non tiens plutôt", "en fait non je change d'avis", "non tiens",
           "euh non j'ai changé d'avis", "ou plutôt non tiens")


def _pairs(game: str) -> Iterator[tuple[Any, int, str, Any, str]]:
    """(state, seat, first said, second action, second said without its verb), the second
    read exactly alone, with a preposition, as that one move."""
    engine = engine_for(game)
    moves = list(said_moves(game, "change-of-mind", 4, 3))
    for state, seat, action, _, said in moves:
        for other_state, _, other, _, other_said in moves:
            if other_state is not state or other == action:
                continue
            words = other_said.split()
            if words[:2] != ["je", "vais"] or len(words) < 5:
                continue
            verbless = " ".join(words[3:])
            session = game_session(game, state)
            read = session.grammar.understand(verbless)
            language = session.grammar.language
            if not read or read[0].cost != 0 or not any(
                    w in language.prepositions for w in words[3:]):
                continue
            session.handle(Heard(verbless, seat=seat))
            if session.state == engine.apply(state, other)[0]:
                yield state, seat, said, other, verbless


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_the_last_decision_counts(game: str) -> None:
    """Before: not understood (« tiens » and « je change d'avis » were no corrections, and
    a decision said whole without its verb was not read alone)."""
    engine = engine_for(game)
    checked = made = 0
    for state, seat, said, other, verbless in _pairs(game):
        for change in CHANGES:
            text = f"{said} {change} {verbless}"
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            meant = engine.apply(state, other)[0]
            # the last decision made; or, read another way than said (« le six et le sept
            # …, non, le six … »: the seven dropped, or replaced?), nothing made
            assert session.state in (meant, state), (text, keys)
            made += session.state == meant
            checked += 1
    assert made * 2 >= checked, (made, checked)
    if game in ("kingsbridge", "kingdom-builder"):
        assert made


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_change_of_mind_to_a_negated_move_does_nothing(game: str) -> None:
    """« A, ah non tiens, je ne … pas B »: nothing is made, neither A nor B."""
    for state, seat, said, _, _ in _pairs(game):
        words = said.split()
        negated = " ".join(["je", "ne", "vais", "pas", *words[2:]])
        for change in CHANGES:
            text = f"{said} {change} {negated}"
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert session.state == state, (text, keys)
