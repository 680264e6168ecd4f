"""A reason said after a move ("non, en six vingt plutôt, c'est mieux pour les mineurs", "je
pose un pion en trois un, si ça ne dérange personne"): the move as said without it, and a
negated move with a reason is still no move. Properties over every exact move sentence of
every game."""

from __future__ import annotations

from functools import cache

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, understood

from ludivox.grammars import frames

REASONS = ("c'est mieux", "parce que c'est mieux pour moi", "comme ça je suis tranquille",
           "si ça ne dérange personne", "histoire de ne pas bloquer Paul",
           # the move asked for if the rules allow it, a remark on it after
           "si c'est possible", "si j'ai le droit", "il est plus fort", "ça m'arrange bien",
           # the choice not made, said after the one made (batch 31)
           "plutôt que l'inverse", "au lieu de passer", "et pas sur l'autre",
           "plutôt que sur la trois comme ça la trois reste ouverte")
CONFIRM_COST = 0.35  # the session acts at once only under this cost (table.session_core)


@cache
def _moves(game: str) -> tuple[tuple[str, frozenset[str] | None, tuple[str, dict[str, object]]],
                               ...]:
    """(text, intents, reading) of every exact move sentence of ``game`` of three words or
    more (found once for both tests)."""
    g = grammar(game)
    out = []
    for case in exact_cases(game):
        found = understood(game, case.text, case.intents)
        if found and found[0].cost == 0 and found[0].name not in frames.questions(
                [found[0].name]) and len(g.language.words(case.text)) > 2:
            out.append((case.text, case.intents, (found[0].name, dict(found[0].slots))))
    return tuple(out)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_with_a_reason_after_it_is_the_move(game: str) -> None:
    """Every exact move sentence, each with two of the reasons in turn (:class:`Rotation`, by
    intent: every reason on every move intent with three sentences or more)."""
    g = grammar(game)
    reasons = Rotation(REASONS, per_case=2)
    checked = 0
    said_with: set[str] = set()
    for text, intents, meant in _moves(game):
        for reason in reasons(meant[0]):
            said = f"{text}, {reason}"
            got = g.understand(said, intents=intents)
            if got and got[0].cost == 0 and (got[0].name, dict(got[0].slots)) != meant:
                continue  # a template holds the words said after: read as said
            assert got and (got[0].name, dict(got[0].slots)) == meant, (said, got[:1], meant)
            assert got[0].cost < CONFIRM_COST, (said, got[0].cost)
            checked += 1
            said_with.add(reason)
    assert checked > 50
    assert not reasons.missed(said_with)


@pytest.mark.parametrize("game", GAMES)
def test_a_negated_move_with_a_reason_is_no_move(game: str) -> None:
    """« je ne pose pas le sept, comme ça … »: the negation is the move's, never acted on."""
    g = grammar(game)
    lang = g.language
    assert lang.reason_markers
    moves = [(text.split(), intents, meant) for text, intents, meant in _moves(game)]
    said_by_me = [m for m in moves if m[0][0] == "je"]
    assert said_by_me, game  # every game has moves said with « je »
    for words, intents, meant in said_by_me:
        said = f"je ne {' '.join(words[1:])} pas, comme ça je suis tranquille"
        got = g.understand(said, intents=intents)
        assert not got or got[0].cost >= CONFIRM_COST or (
            got[0].name, dict(got[0].slots)) != meant, (said, got[:1])
