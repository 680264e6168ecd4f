"""A refused --state position is explained in French, whatever is wrong with it (issue 11,
item 12): damaged copies of real positions of every game are fed to the command line's
reader; the answer is a French usage error, never English, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludivox.bindings.registry import engine_for
from ludivox.shell.launch import UsageError, new_session

ENGLISH = re.compile(
    r"\b(error|invalid|expected|must|got|missing|between|not an?|holds|is|are|seat|column|"
    r"hand|pile|players?|card|integer|object|list|format should)\b")
GAMES = ("kingsbridge", "seven-kingdoms", "kingdom-builder")


def _valid(game: str) -> dict[str, Any]:
    engine = engine_for(game)
    data: dict[str, Any] = engine.to_json(engine.new_virtual_game(2, 4))
    return data


def _refusal(tmp_path: Path, game: str, data: object) -> str | None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    try:
        session = new_session(game, players=None, names=None, mode="virtual", seed=None,
                              state_file=path, journal_path=None)
    except UsageError as exc:
        return str(exc)
    session.close()
    return None


def _mutate(data: Any, path: list[Any], value: Any) -> Any:
    """``data`` with the item at ``path`` (keys and indexes, cut where it no longer fits)
    replaced by ``value``."""
    if not path or not isinstance(data, dict | list) or not data:
        return value
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    keys = list(copy) if isinstance(copy, dict) else list(range(len(copy)))
    key = keys[path[0] % len(keys)]
    copy[key] = _mutate(copy[key], path[1:], value)
    return copy


WRONG = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.just(10**20),
                  st.text(max_size=5), st.lists(st.integers(-2, 60), max_size=4),
                  st.just({}), st.just([[]]))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60, deadline=None)
@given(path=st.lists(st.integers(0, 40), min_size=1, max_size=4), value=WRONG)
def test_a_damaged_position_is_refused_in_french(
        tmp_path_factory: pytest.TempPathFactory, game: str, path: list[int],
        value: object) -> None:
    tmp = tmp_path_factory.mktemp("state")
    message = _refusal(tmp, game, _mutate(_valid(game), path, value))
    if message is not None:
        prose = re.sub(r"« [^»]* »|'[^']*'|\S+\.json", " ", message)
        assert not ENGLISH.search(prose), message


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("data", [[1, 2], "texte", 7, None, {}])
def test_not_a_position_at_all(tmp_path: Path, game: str, data: object) -> None:
    message = _refusal(tmp_path, game, data)
    assert message is not None and "position refusée" in message
    assert not ENGLISH.search(re.sub(r"« [^»]* »", " ", message)), message


def test_the_example_of_the_issue(tmp_path: Path) -> None:
    data = _valid("kingsbridge")
    data["players"][0]["hand"] = [*data["players"][0]["hand"][:-1], 14]
    message = _refusal(tmp_path, "kingsbridge", data)
    assert message is not None
    assert "la carte 14 n'est pas entre 1 et 13" in message, message


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("key", ["turn", "current", "first"])
@pytest.mark.parametrize("value", [39, -1])
def test_a_seat_out_of_range_is_refused_not_a_crash(tmp_path: Path, game: str, key: str,
                                                    value: int) -> None:
    data = _valid(game)
    if key not in data:
        return
    data[key] = value
    message = _refusal(tmp_path, game, data)
    assert message is not None and "position refusée" in message
