"""A move said in a cleft (batch 25 of the natural corpus): « ce que je pose c'est le sept sur
la trois », « moi ce que je vais faire c'est construire en vingt dix », « c'est le roi que je
prends, et je le garde en main », « en dix-sept dix, c'est là que je construis ». Properties
over every exact test sentence of every game that starts with « je » and one of the verbs of
:mod:`test_said_by_us_and_remarked`: the cleft reads as the plain sentence, and a cleft
that denies the move is never read as it."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, understood
from test_said_by_us_and_remarked import _moves, _reading

INFINITIVES = {
    "pose": "poser", "mets": "mettre", "joue": "jouer", "prends": "prendre",
    "construis": "construire", "vends": "vendre", "fais": "faire", "bâtis": "bâtir",
    "place": "placer", "déplace": "déplacer", "garde": "garder", "échange": "échanger",
    "finis": "finir",
}
OPENED = ("ce que je {verb} c'est {rest}", "moi ce que je {verb} c'est {rest}",
          "ce que je {verb} ce sera {rest}")
MOVES = 24  # sentences per game and property (each frame said several times)
FRONTED = ("c'est {rest} que je {verb}", "bon c'est {rest} que je {verb}")


def _read_in_frames(game: str, frames: tuple[str, ...]) -> None:
    """Every exact move sentence of ``game``, said in the frames in turn, reads as said
    plainly; every frame is tried."""
    said = Rotation(frames)
    seen: set[str] = set()
    for verb, rest, intent, intents, meant in _moves(game)[:MOVES]:
        (frame,) = said(intent)
        text = frame.format(verb=verb, rest=rest)
        assert _reading(game, text, intents) == meant, text
        seen.add(frame)
    assert not said.missed(seen)


@pytest.mark.parametrize("game", GAMES)
def test_a_pseudo_cleft_is_the_plain_move(game: str) -> None:
    """« ce que je pose c'est le sept sur la trois » is « je pose le sept sur la trois »."""
    _read_in_frames(game, OPENED)


@pytest.mark.parametrize("game", GAMES)
def test_what_i_will_do_is_the_infinitive_said_after(game: str) -> None:
    """« moi ce que je vais faire c'est construire en vingt dix » is « je vais construire en
    vingt dix »."""
    checked = 0
    for verb, rest, _, intents, meant in _moves(game)[:MOVES]:
        if verb == "fais":  # « ce que je vais faire c'est faire … » is no one's sentence
            continue
        text = f"moi ce que je vais faire c'est {INFINITIVES[verb]} {rest}"
        assert _reading(game, text, intents) == meant, text
        checked += 1
    assert checked >= 2, checked


@pytest.mark.parametrize("game", GAMES)
def test_a_complement_put_in_front_is_said_after_the_verb(game: str) -> None:
    """« c'est le sept sur la trois que je pose » is « je pose le sept sur la trois »."""
    _read_in_frames(game, FRONTED)


@pytest.mark.parametrize("game", GAMES)
def test_a_cleft_that_denies_the_move_is_never_read_as_it(game: str) -> None:
    """« ce que je ne pose pas c'est le sept », « c'est le sept que je ne pose pas »."""
    checked = 0
    for verb, rest, _, intents, meant in _moves(game)[:MOVES]:
        for text in (f"ce que je ne {verb} pas c'est {rest}",
                     f"c'est {rest} que je ne {verb} pas"):
            found = understood(game, text, intents)
            assert not found or found[0].cost > 0 or _reading(game, text, intents) != meant, \
                text
            checked += 1
    assert checked >= 4, checked
