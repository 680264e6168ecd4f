"""What the game awaits narrows the readings: a sentence heard with a word changed or added
is only ever read as a move of a kind the engine awaits now (``Awaiting.kinds``), while a
move said exactly out of its time is still heard, and refused with the reason.

Property over the three games, seeded positions along random playouts and every move
sentence of the grammar tests, each said once as written and once with its verb misheard.
"""

from __future__ import annotations

import itertools
import random

import pytest
from table_helpers import (
    ENGINE,
    GAME_GRAMMARS,
    Table,
    game_session,
    keys,
    playout,
    position,
    settings_for,
)

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.bindings.registry import engine_for
from ludivox.grammars.grammar import Grammar
from ludivox.grammars.testcases import load_cases
from ludivox.table.binding import Proposal
from ludivox.table.io import Heard
from ludivox.table.match import Match
from ludivox.table.questions import ReadingCheck
from ludivox.table.session import Session

NAMES = ("Anne", "Paul")


def _misheard(text: str, grammar: Grammar) -> str | None:
    """``text`` with its first long word that is neither a number nor a meaning word given an
    extra ending, as a recogniser may return it ("je poses le sept")."""
    lang = grammar.language
    words = text.split()
    for i, word in enumerate(words):
        key = word.lower()
        if (
            len(key) >= 4
            and key.isalpha()
            and lang.number_value(key) is None
            and key not in lang.meaning_words
        ):
            return " ".join([*words[:i], key + "s", *words[i + 1 :]])
    return None


@pytest.mark.parametrize("game", sorted(GAME_GRAMMARS))
def test_a_changed_reading_is_only_ever_a_move_the_game_awaits(game: str) -> None:
    """Each sampled sentence at two of the four positions in turn: every position hears half
    of the sentences, every sentence is heard at two positions."""
    engine = engine_for(game)
    grammar = Grammar.load(GAME_GRAMMARS[game], "fr")
    cases = [c for c in load_cases(GAME_GRAMMARS[game]) if c.intent is not None and not c.fuzzy]
    rng = random.Random(f"sentences-{game}")
    sentences = rng.sample(cases, min(90, len(cases)))
    states = list(itertools.islice(playout(game, "awaited"), 0, 20, 5))
    offered = 0
    for at, state in enumerate(states):
        kinds = engine.awaiting(state).kinds
        for i, case in enumerate(sentences):
            if (i - at) % len(states) not in (0, 1):
                continue  # sentence i is heard at positions i - 1 and i (of the four)
            heard = _misheard(case.text, grammar)
            if heard is None:
                continue
            session = game_session(game, state)
            seat = engine.awaiting(state).seats[0] if engine.awaiting(state).seats else 0
            session.handle(Heard(heard, seat=seat))
            pending = session.pending
            if isinstance(pending, ReadingCheck) and isinstance(pending.then, Proposal):
                offered += 1
                moves = {a.kind for a in pending.then.candidates}
                assert not moves or moves & kinds, (game, heard, sorted(moves), sorted(kinds))
            made = session.match.history
            if made:  # acted at once (a slip of one letter): a move the game awaited
                assert made[0][1].kind in kinds, (game, heard, made[0][1], sorted(kinds))
    assert offered  # the fuzzy path was exercised


def test_an_exact_move_out_of_its_time_is_refused_with_the_reason() -> None:
    """Kingsbridge: once a card is placed, exchanging is not awaited; said exactly, it is
    refused with the reason; heard with a changed word, it is not offered at all and the
    player hears what can be said now."""
    state = position(
        columns=[[3], [6], [9], [10], [12], [13]],
        players=[{"hand": [7, 8, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    )
    grammar = Grammar.load("kingsbridge", "fr")
    session = Session(
        KingsbridgeBinding(list(NAMES)),
        grammar,
        Match(ENGINE, state),
        list(NAMES),
        settings=settings_for(NAMES, confirm="never", scan_check="never"),
    )
    table = Table(session)
    table.hear("je pose le sept sur la colonne deux")
    assert "exchange" not in ENGINE.awaiting(table.state).kinds
    refused = keys(table.hear("j'échange le huit"))
    assert refused[0].startswith("refusal.")
    misheard = keys(table.hear("j'échanges le huit"))
    assert misheard == ["not_understood_hint"]
    assert session.pending is None
