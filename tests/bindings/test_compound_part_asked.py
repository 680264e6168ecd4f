"""Two moves in one sentence, one of them not said word for word (a slip the grammar would
ask about if it were said alone): the whole sentence is asked, in order, and « oui » makes
both moves; nothing is made before « oui », « non » leaves the game as it was. Properties
over the legal moves of seeded playout positions of the four games, each said as the
assistant says it, the second part said with slips of a recogniser or a speaker."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from table_helpers import ALL_GRAMMARS, game_session
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.table.io import Heard

# slips said inside the second part: a word the grammar does not know, inside or after it
SLIPS = ("{verb} bidule {rest}", "{verb} {rest} machin")


def _second_moves(game: str) -> Iterator[tuple[Any, int, Any, Any, str, str]]:
    """(state, seat, first action, second action, the first said, the second said) where
    the same player makes both in turn, each read exactly alone."""
    engine = engine_for(game)
    rng = random.Random(f"compound-asked-{game}")
    for state, seat, action, _, first in said_moves(game, "compound-asked", 3, 2):
        after, _ = engine.apply(state, action)
        awaited = engine.awaiting(after)
        if list(awaited.seats) != [seat] or awaited.world:
            continue
        legal = list(engine.legal_actions(after))
        for second in rng.sample(legal, min(2, len(legal))):
            session = game_session(game, after)
            words = session.announcer.render(
                session.binding.describe(after, second, seat), capitalize=False)
            read = session.grammar.understand(f"je vais {words}")
            if read and read[0].cost == 0 and read[0].text != first:
                yield state, seat, action, second, first, read[0].text


def _slipped(text: str) -> Iterator[str]:
    """``text`` ("je pose le neuf sur la six") with each slip of :data:`SLIPS`."""
    words = text.split()
    verb_end = 3 if words[:2] == ["je", "vais"] else 2 if words[0] == "je" else 1
    verb_end = min(verb_end, len(words) - 1)
    verb, rest = " ".join(words[:verb_end]), " ".join(words[verb_end:])
    for slip in SLIPS:
        yield slip.format(verb=verb, rest=rest)


def _asked_alone(game: str, state: Any, seat: int, text: str, meant: Any) -> bool:
    """True if ``text`` alone is asked about as the grammar read it (« Tu veux dire : … ? »)
    and « oui » makes ``meant``."""
    session = game_session(game, state)
    keys = _keys(session.handle(Heard(text, seat=seat)))
    if session.state != state or keys != ["did_you_mean"]:
        return False
    session.handle(Heard("oui", seat=seat))
    return bool(session.state == engine_for(game).apply(state, meant)[0])


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_two_moves_with_a_slip_in_the_second_are_asked_whole_then_made_on_yes(
        game: str) -> None:
    """Before: « je pose le sept sur la trois et je pose bidule le neuf sur la six » was not
    understood (each part of a compound had to be read word for word), while the second part
    said alone was asked about. Never made before « oui »; after « oui », both moves said or
    nothing (a slip read two ways, « … et bidule le neuf sur la six »: place it, or move the
    column ending with it?, is not guessed); « non » changes nothing."""
    engine = engine_for(game)
    asked = 0
    for state, seat, first, second, said, said_second in _second_moves(game):
        after, _ = engine.apply(state, first)
        both, _ = engine.apply(after, second)
        for slipped in _slipped(said_second):
            text = f"{said} et {slipped}"
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert session.state == state, (text, keys)  # never made before « oui »
            if "guess_moves" not in keys:
                assert not _asked_alone(game, after, seat, slipped, second), (text, keys)
                continue
            session.handle(Heard("oui", seat=seat))
            assert session.state == both, text
            refused = game_session(game, state)
            refused.handle(Heard(text, seat=seat))
            refused.handle(Heard("non", seat=seat))
            assert refused.state == state, text
            asked += 1
    assert asked >= 2
