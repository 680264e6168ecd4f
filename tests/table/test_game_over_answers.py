"""After the end of a game, "qui a gagné ?" and the score give the final result and the
winners, in every game, never "the score if the game stopped now" (issue 11, item 6)."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import position, settings_for

from ludivox.bindings.registry import binding_for, computer_for, engine_for
from ludivox.shell.launch import game_grammar
from ludivox.table.io import Heard, Say
from ludivox.table.match import Match
from ludivox.table.session import Session

NAMES = ["Anne", "Paul"]
STOPPED_NOW = ("maintenant", "si la partie", "pour l'instant")


def _finished(game: str, seed: int) -> tuple[Any, Any]:
    """A whole game played by two beginner computers, to its end."""
    engine = engine_for(game)
    state = engine.new_virtual_game(2, seed)
    players = [computer_for(game, engine, "debutant", seed + s) for s in range(2)]
    for _ in range(5000):
        awaiting = engine.awaiting(state)
        if awaiting.game_over:
            return engine, state
        state, _ = engine.apply(state, players[awaiting.seats[0]](state))
    raise AssertionError("the game did not end")


def _session(game: str, engine: Any, state: Any) -> Session:
    session = Session(binding_for(game, NAMES), game_grammar(game), Match(engine, state),
                      NAMES, None, settings=settings_for(NAMES, confirm="never"))
    session.start()
    return session


def _ask(session: Session, text: str) -> list[Say]:
    return [o for o in session.handle(Heard(text, seat=0)) if isinstance(o, Say)]


@pytest.mark.parametrize("game", ["seven-kingdoms", "kingdom-builder"])
@pytest.mark.parametrize("question", ["qui a gagné ?", "quel est le score ?"])
def test_the_final_scores_and_winners_after_the_end(game: str, question: str) -> None:
    engine, state = _finished(game, seed=3)
    winners = [NAMES[s] for s in engine.awaiting(state).winners]
    said = _ask(_session(game, engine, state), question)
    text = " ".join(s.text for s in said)
    assert "La partie est finie" in text, text
    assert all(name in text for name in winners)
    assert "gagne" in text
    assert not any(words in text for words in STOPPED_NOW), text


@pytest.mark.parametrize("question", ["qui a gagné ?", "quel est le score ?"])
def test_kingsbridge_says_who_won_after_the_last_card(question: str) -> None:
    engine = engine_for("kingsbridge")
    state = position(columns=[[3], [5, 6], [9], [10, 11], [12], [13]],
                     players=[{"hand": [7], "pile": []}, {"hand": [2, 4], "pile": [9]}])
    state, _ = engine.apply(state, engine.parse_action("place 7 on 2"))
    assert engine.awaiting(state).game_over
    said = _ask(_session("kingsbridge", engine, state), question)
    assert [s.text for s in said] == ["La partie est finie : Anne a gagné."]
