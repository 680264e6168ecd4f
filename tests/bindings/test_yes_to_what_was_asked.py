"""« oui » answers the question the player just heard. The game's own yes / no question (Un
monde sans fin: « Anne, échanges-tu une laine contre trois or ? ») is answered by a bare
« oui » only while it is what the player last heard, alone or inside an answer (« c'est à
qui ? » -> « Anne doit répondre : Anne, échanges-tu … ? »); after other words (a move asked
about then cancelled, « annule » with nothing to undo, a sentence not understood) the question
is put again and nothing changes, and the next « oui » answers it. Before: « … et next », then
« oui » accepted the exchange; « est-ce que je peux refuser l'échange ? », « annule », « oui »
accepted it. Every seat a game asks a yes / no question of, at seeded playout positions of
the four games."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from table_helpers import ALL_GRAMMARS, game_binding, game_session, playout

from ludivox.bindings.registry import engine_for
from ludivox.table.binding import Proposal
from ludivox.table.io import Heard, Say

BETWEEN = ("annule", "et patati", "est-ce que je peux bidouiller ?")


def _asked(game: str) -> Iterator[tuple[Any, int]]:
    """Positions where the game itself asks one seat a yes / no question."""
    engine = engine_for(game)
    binding = game_binding(game, ("Anne", "Paul"))
    found = (
        (state, seat) for state in playout(game, "yes-to-what-was-asked")
        for seat in engine.awaiting(state).seats
        if binding.yes_no_question(state, seat) is not None
    )
    return itertools.islice(found, 4)


def _keys(outputs: Any) -> list[str]:
    return [o.key for o in outputs if isinstance(o, Say)]


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_yes_after_other_words_puts_the_question_again(game: str) -> None:
    engine = engine_for(game)
    kinds: set[str] = set()  # both cases met: the question heard last, or not
    for state, seat in _asked(game):
        binding = game_binding(game, ("Anne", "Paul"))
        asked, yes = binding.yes_no_question(state, seat), binding.yes_no(state, True, seat)
        assert asked is not None and isinstance(yes, Proposal)
        expected = engine.apply(state, yes.candidates[0])[0]
        for between in BETWEEN:
            session = game_session(game, state)
            reply = _keys(session.handle(Heard(between, seat=seat)))
            if reply[-1] != asked.key:  # the question not heard last: « oui » to what?
                said = _keys(session.handle(Heard("oui", seat=seat)))
                assert session.state == state and said == [asked.key], (between, said)
                kinds.add("again")
            else:
                kinds.add("heard")
            session.handle(Heard("oui", seat=seat))  # now it answers what was just asked
            assert session.state == expected, between
    assert kinds == {"again", "heard"} or not kinds


def test_un_monde_sans_fin_asks_yes_no_questions() -> None:
    """The property above is not empty: Un monde sans fin asks them (the exchange offer)."""
    assert list(_asked("monde-sans-fin"))
