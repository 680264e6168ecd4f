"""The speaker's move said with the speaker put first (« c'est moi qui pose le sept … », « c'est
à moi, je pose … »), and a remark on the turn said after the moves (« … et c'est fini pour
moi », « …, à toi »). Property over legal moves of the four games said as the player says them
(``said_moves``): the same move as said alone; the remark ends the turn only where the game
has an end of turn of its own and the player said it, never half the sentence."""

from __future__ import annotations

import pytest
from said_moves import GAMES, hear, said_moves

SPEAKER_FIRST = ("c'est moi qui {rest}", "c'est à moi, je {rest}", "c'est mon tour, je {rest}")
REMARKS = (" et c'est fini pour moi", ", à toi", " et c'est tout pour moi", ", j'ai fini")


@pytest.mark.parametrize("frame", SPEAKER_FIRST)
@pytest.mark.parametrize("game", GAMES)
def test_the_speaker_put_first_makes_the_same_move(game: str, frame: str) -> None:
    moves = [m for m in said_moves(game) if m.text.startswith("je ")]
    assert len(moves) >= 5
    for said in moves:
        text = frame.format(rest=said.text.removeprefix("je "))
        after, keys, pending = hear(game, said.state, text, said.seat)
        assert after == said.after and pending is None, (text, keys)


@pytest.mark.parametrize("game", GAMES)
def test_whose_turn_asked_with_the_speaker_first_makes_no_move(game: str) -> None:
    for said in said_moves(game)[:3]:
        for text in ("c'est moi qui joue ?", "c'est moi qui joue", "c'est à moi ?"):
            after, keys, _ = hear(game, said.state, text, said.seat)
            assert after == said.state, (text, keys)


@pytest.mark.parametrize("remark", REMARKS)
@pytest.mark.parametrize("game", GAMES)
def test_a_remark_on_the_turn_after_moves_adds_only_what_it_says(game: str, remark: str
                                                                  ) -> None:
    """The moves and the remark in one breath: as the moves then the remark said one after
    the other (in a game with no end of turn of its own, the remark alone is no move: the
    moves only), or nothing at all (the turn cannot end there); never another state."""
    for said in said_moves(game):
        text = f"{said.text}{remark}"
        after, keys, _ = hear(game, said.state, text, said.seat)
        then, _, _ = hear(game, said.after, remark.lstrip(" ,").removeprefix("et "),
                          said.seat)
        assert after in (then, said.state), (text, keys)
        if game in ("seven-kingdoms", "monde-sans-fin"):
            assert after == said.after, (text, keys)
