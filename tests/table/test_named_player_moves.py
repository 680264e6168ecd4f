"""A player named as who does the move (batch 24: « Anne pose le quatre sur la colonne un »,
« Marie pose le treize sur la une » when it is Anne's turn): the move of the player whose
turn it is is made at once, exactly as « je pose … »; named for another player, it is
refused with whose turn it is, and nothing changes. Over placements and column moves of
dealt two-player games, the player at turn being either seat."""

from __future__ import annotations

from table_helpers import ENGINE, dealt_places, game_session, keys, sentence

from ludivox.engines.kingsbridge.actions import Move
from ludivox.table.io import Heard, Say

NAMES = ("Anne", "Paul")


def _cases() -> list[tuple[object, object]]:
    placed = dealt_places(1, 6, 2, 20) + dealt_places(2, 4, 2, 40)
    moved = []
    for seed in range(30):
        state = ENGINE.new_virtual_game(2, seed)
        moved += [(state, a) for a in ENGINE.legal_actions(state) if isinstance(a, Move)][:1]
    return placed + moved[:4]


def _heard(state: object, text: str) -> tuple[object, list[str]]:
    session = game_session("kingsbridge", state, NAMES)
    said = [o for o in session.handle(Heard(text)) if isinstance(o, Say)]
    return session.state, keys(said)


def test_the_player_at_turn_named_as_doing_the_move_makes_it() -> None:
    cases = _cases()
    assert len(cases) >= 8
    for state, action in cases:
        mine = sentence(action, state)
        assert mine.startswith("je ")
        expected, _ = ENGINE.apply(state, action)  # type: ignore[arg-type]
        text = f"{NAMES[state.turn]} {mine[3:]}"  # type: ignore[attr-defined]
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_another_player_named_as_doing_the_move_is_told_whose_turn_it_is() -> None:
    for state, action in _cases():
        other = NAMES[1 - state.turn]  # type: ignore[attr-defined]
        text = f"{other} {sentence(action, state)[3:]}"
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(state), (text, said)
        assert said == ["not_your_turn"], (text, said)
