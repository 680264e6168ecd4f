"""The journal: a game saved line by line survives crashes and corruption is never hidden."""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

import pytest

from ludivox.bindings.registry import engine_for
from ludivox.engines.kingsbridge import KingsbridgeEngine, new_table_game, new_virtual_game
from ludivox.engines.kingsbridge.actions import Place
from ludivox.table.journal import (
    CorruptedSave,
    Header,
    Journal,
    encode_line,
    list_saves,
    load,
    new_save_path,
)
from ludivox.table.match import Match

ENGINE = KingsbridgeEngine()


def _header(state: Any, players: list[str], seed: int | None = 7) -> Header:
    return Header(
        game="kingsbridge",
        mode="virtual",
        players=players,
        initial_notation=ENGINE.dumps(state),
        initial_state=ENGINE.to_json(state),
        seed=seed,
    )


def _play(tmp_path: Path, moves: int = 12, undo_every: int = 4) -> tuple[Path, Match[Any, Any]]:
    """A journaled game: the first legal action each time, with an undo now and then."""
    state = new_virtual_game(3, 7)
    path = new_save_path("kingsbridge", tmp_path)
    journal = Journal.create(path, _header(state, ["Anne", "Paul", "Zoé"]), ENGINE)
    match: Match[Any, Any] = Match(ENGINE, state)
    for i in range(moves):
        if i % undo_every == undo_every - 1 and match.undoable:
            match.undo()
            journal.undo(match.state)
            continue
        action = next(iter(ENGINE.legal_actions(match.state)))
        seat = ENGINE.awaiting(match.state).seat
        match.apply(action)
        journal.action(seat, action, match.state)
    journal.close()
    return path, match


def test_round_trip_replays_to_the_exact_state_with_undos(tmp_path: Path) -> None:
    path, match = _play(tmp_path)
    loaded = load(path, engine_for)
    assert ENGINE.dumps(loaded.match.state) == ENGINE.dumps(match.state)
    assert loaded.header.players == ["Anne", "Paul", "Zoé"]
    assert loaded.header.seed == 7
    assert loaded.match.undoable == match.undoable
    assert not loaded.torn
    assert any(b'"undo":true' in line for line in path.read_bytes().splitlines())


def test_each_line_carries_a_crc32(tmp_path: Path) -> None:
    path, _ = _play(tmp_path, moves=3)
    for raw in path.read_bytes().splitlines():
        crc, body = raw.split(b" ", 1)
        assert int(crc, 16) == zlib.crc32(body)
        json.loads(body)


def test_torn_last_line_is_dropped_with_a_warning_and_the_game_goes_on(tmp_path: Path) -> None:
    path, _ = _play(tmp_path, moves=6)
    good = load(path, engine_for)
    with open(path, "ab") as f:  # a crash in the middle of writing the next line
        f.write(encode_line({"n": good.records + 1, "seat": 0, "action": "end"})[:17])
    loaded = load(path, engine_for)
    assert loaded.torn
    assert ENGINE.dumps(loaded.match.state) == ENGINE.dumps(good.match.state)
    journal = loaded.reopen()
    action = next(iter(ENGINE.legal_actions(loaded.match.state)))
    loaded.match.apply(action)
    journal.action(0, action, loaded.match.state)
    journal.close()
    again = load(path, engine_for)
    assert not again.torn
    assert ENGINE.dumps(again.match.state) == ENGINE.dumps(loaded.match.state)


def test_bad_crc_raises_and_leaves_the_file_untouched(tmp_path: Path) -> None:
    path, _ = _play(tmp_path, moves=6)
    lines = path.read_bytes().splitlines(keepends=True)
    line = bytearray(lines[2])
    line[20] ^= 0x01  # one flipped bit in a middle line
    lines[2] = bytes(line)
    path.write_bytes(b"".join(lines))
    before = path.read_bytes()
    with pytest.raises(CorruptedSave) as info:
        load(path, engine_for)
    assert info.value.line == 3
    assert info.value.key == "save.corrupted"
    assert path.read_bytes() == before


def test_bad_json_with_a_matching_crc_is_corruption(tmp_path: Path) -> None:
    path, _ = _play(tmp_path, moves=2)
    body = b"{not json"
    with open(path, "ab") as f:
        f.write(f"{zlib.crc32(body):08x} ".encode() + body + b"\n")
    with pytest.raises(CorruptedSave):
        load(path, engine_for)


def test_replay_that_fails_is_corruption(tmp_path: Path) -> None:
    path, match = _play(tmp_path, moves=2, undo_every=99)
    loaded = load(path, engine_for)
    journal = loaded.reopen()
    journal.action(0, Place((13, 13, 13), 1), match.state)  # never legal: the engine refuses
    journal.close()
    before = path.read_bytes()
    with pytest.raises(CorruptedSave) as info:
        load(path, engine_for)
    assert "replay failed" in info.value.detail
    assert path.read_bytes() == before


def test_new_game_never_overwrites_a_save(tmp_path: Path) -> None:
    path, _ = _play(tmp_path, moves=2)
    path.write_bytes(path.read_bytes() + b"garbage\n")
    before = path.read_bytes()
    with pytest.raises(FileExistsError):
        Journal.create(path, _header(new_virtual_game(2, 1), ["A", "B"]), ENGINE)
    other = new_save_path("kingsbridge", tmp_path)
    Journal.create(other, _header(new_virtual_game(2, 1), ["A", "B"]), ENGINE).close()
    assert other != path
    assert path.read_bytes() == before
    assert set(list_saves(tmp_path)) == {path, other}


def test_table_game_with_unknown_cards_round_trips(tmp_path: Path) -> None:
    state = new_table_game(2)
    path = new_save_path("kingsbridge", tmp_path)
    header = _header(state, ["A", "B"], seed=None)
    header.mode = "table"
    journal = Journal.create(path, header, ENGINE)
    match: Match[Any, Any] = Match(ENGINE, state)
    for text in ("columns 5 8 12 1 3 7", "reveal 0 6", "place 6 on 1"):
        action = ENGINE.parse_action(text)
        match.apply(action)
        journal.action(0, action, match.state)
    journal.close()
    loaded = load(path, engine_for)
    assert ENGINE.to_json(loaded.match.state)["columns"][0] == [5, 6]
    assert loaded.header.seed is None


def test_data_dir_is_overridable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from ludivox.table.journal import saves_dir

    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path))
    assert saves_dir() == tmp_path / "saves"
    assert new_save_path("kingsbridge").parent == tmp_path / "saves"
