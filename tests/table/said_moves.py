"""Moves said whole at real positions of the four games: legal moves said the way the game
describes them, by the player (« je pose le sept sur la colonne trois »), each making that
move at once when said alone. The sentences a class of phrasings is then wrapped around
(thinking aloud, a cleft, a remark after it…)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from table_helpers import ALL_GRAMMARS, game_engine, game_session, playout

from ludivox.grammars.grammar import Grammar
from ludivox.grammars.imperatives import as_said_by_me
from ludivox.table.io import Heard, Say

GAMES = sorted(ALL_GRAMMARS)
POSITIONS = 2  # playout positions per game
PER_POSITION = 6  # moves said at each


@dataclass(frozen=True)
class Said:
    """A sentence that makes a move at ``state`` for ``seat``, and the state it leads to."""

    game: str
    state: Any
    seat: int
    text: str
    after: Any


def hear(game: str, state: Any, text: str, seat: int) -> tuple[Any, list[str], Any]:
    """A fresh session at ``state`` hears ``text`` from ``seat``: the state after, the keys
    said, what is pending."""
    session = game_session(game, state)
    keys = [o.key for o in session.handle(Heard(text, seat=seat)) if isinstance(o, Say)]
    return session.state, keys, session.pending


def _positions(game: str) -> Iterator[tuple[Any, int]]:
    engine = game_engine(game)
    found = (s for s in playout(game, "said-moves") if len(engine.awaiting(s).seats) == 1
             and not engine.awaiting(s).world)
    for state in itertools.islice(found, 2, 2 + 6 * POSITIONS, 6):
        yield state, engine.awaiting(state).seats[0]


@cache
def said_moves(game: str) -> tuple[Said, ...]:
    """Legal moves of ``game`` at its playout positions, each said as the player says it:
    the game's own description of the move ("poser le sept sur la colonne trois") with its
    verb said by the player ("je pose le sept sur la colonne trois"), kept when it makes
    exactly that move at once and names what it does (at most :data:`PER_POSITION` per
    position, seeded)."""
    engine = game_engine(game)
    lang = Grammar.load(ALL_GRAMMARS[game], "fr").language
    rng = random.Random(game)
    out: list[Said] = []
    for state, seat in _positions(game):
        session = game_session(game, state)
        actions = list(engine.legal_actions(state))
        rng.shuffle(actions)
        kept = 0
        for action in actions[:PER_POSITION * 3]:
            told = session.announcer.render(session.binding.describe(state, action, seat),
                                            capitalize=False)
            mine = as_said_by_me(lang, lang.words(told), told)
            text = lang.detokenize([t.text for t in mine]) if mine else told
            read = session.grammar.understand(text)
            if not read or not read[0].slots:
                continue  # a move that names nothing ("je finis mon tour"): not these
            goal = engine.apply(state, action)[0]
            after, _, pending = hear(game, state, text, seat)
            if after == goal and pending is None:
                out.append(Said(game, state, seat, text, after))
                kept += 1
            if kept >= PER_POSITION:
                break
    return tuple(out)
