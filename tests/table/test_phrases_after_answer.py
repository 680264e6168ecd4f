"""The lines come before the speech recognizer's phrase list: building the list of a game
not met before in this process takes a second or two of CPU here (several on a small
computer), so a session hands its lines over first and the list (SetPhrases) is built only
when the voice loop reads it, after it has queued those lines for speech (at the start of a
game: its first words are not held back by the list)."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import ENGINE, game_session

from ludivox.table.io import Say, SetPhrases


def test_the_first_lines_come_before_the_phrase_list_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = game_session("kingsbridge", ENGINE.new_virtual_game(2, 3))
    grammar = session.grammar
    built: list[Any] = []
    real = grammar.phrases

    def counted(*args: Any, **kwargs: Any) -> list[str]:
        built.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(grammar, "phrases", counted)
    outputs = session.start()
    said = [o for o in outputs if isinstance(o, Say)]
    lists = [o for o in outputs if isinstance(o, SetPhrases)]
    assert said and len(lists) == 1
    assert outputs.index(lists[0]) > outputs.index(said[-1])  # read after the lines
    assert not built  # nothing built while the lines were being made
    words = {w for phrase in lists[0].phrases for w in phrase.split()}
    assert {"pose", "colonne", "oui"} <= words
    assert len(built) == 1
    assert lists[0].phrases and len(built) == 1  # built once, however often it is read
