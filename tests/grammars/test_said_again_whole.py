"""A move said again whole after a correction (held-out batch 35: « quatre au dé, ah non
pardon c'est un deux », « le neuf sur la deux… nan pardon je confonds, sur la six » were not
understood): the move said last, at once; two different moves on each side are never taken
for the last one. Over pairs of the games' own exact test sentences of one intent."""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar

from ludivox.grammars import frames

CORRECTIONS = ("ah non pardon", "euh rectification", "non pardon je confonds", "oups non",
               "mince je me suis trompé")


def _moves(game: str) -> dict[str, list[tuple[str, tuple[str, dict[str, object]]]]]:
    """The game's exact test sentences of moves (no question), by intent."""
    g = grammar(game)
    common = grammar("common").intent_names
    out: dict[str, list[tuple[str, tuple[str, dict[str, object]]]]] = defaultdict(list)
    for case in exact_cases(game):
        found = g.understand(case.text, intents=case.intents)
        if not found or found[0].cost or "?" in case.text or frames.questions(
                [found[0].name]) or found[0].name in common or not found[0].slots:
            continue
        out[found[0].name].append((case.text, (found[0].name, dict(found[0].slots))))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_move_said_again_after_a_correction_is_the_last_one(game: str) -> None:
    """« quatre au dé, ah non pardon, c'est un deux »: the move said last, at once."""
    g = grammar(game)
    corrections = Rotation(CORRECTIONS, per_case=1)
    checked = 0
    for name, said in _moves(game).items():
        for (first, meant_first), (last, meant) in itertools.pairwise(said):
            if meant == meant_first or not last.startswith(("je ", "j'")):
                continue  # (a move said again whole, by its speaker; values alone after a
                # correction replace values: valuepasses.py)
            for correction in corrections(name):
                sentence = f"{first.rstrip(' ?')} {correction} {last}"
                got = g.understand(sentence)
                assert got and got[0].cost == 0, (sentence, got[:1])
                assert (got[0].name, dict(got[0].slots)) == meant, (sentence, got[:1])
                checked += 1
    assert checked >= 10, checked


@pytest.mark.parametrize("game", GAMES)
def test_the_move_before_a_correction_is_never_the_one_read(game: str) -> None:
    """« j'échange le deux et le neuf, euh rectification, je mets le sept sur la pile de
    malus »: whatever comes after, never the move taken back."""
    g = grammar(game)
    moves = _moves(game)
    said = [case for name in sorted(moves) for case in moves[name][:3]]
    checked = 0
    for (first, meant_first), (last, meant) in itertools.pairwise(said):
        if meant == meant_first:
            continue  # (two test sentences of one move)
        for correction in ("euh rectification", "ah non pardon"):
            sentence = f"{first} {correction} {last}"
            got = g.understand(sentence)
            assert not got or (got[0].name, dict(got[0].slots)) != meant_first, (sentence,
                                                                                 got[:1])
            checked += 1
    assert checked >= 6, checked
