"""The journal: every game is saved as it is played, one line per applied action or undo.

File format (JSON lines, UTF-8)::

    <crc32 of the JSON, 8 hex digits> <JSON>\\n

The first line is the header::

    {"format": "ludivox-journal", "version": 1, "game": "kingsbridge", "mode": "virtual",
     "options": {...}, "seed": 42, "players": ["Anne", "Paul"],
     "initial": {"notation": "<engine notation>", "state": {<state JSON>}},
     "created": "2024-05-01T20:15:00+00:00"}

then one record per line, numbered from 1::

    {"n": 1, "seat": 0, "action": "place 7 on 3", "after": "<crc32 of the new notation>"}
    {"n": 2, "undo": true, "after": "..."}
    {"n": 3, "quit": true, "after": "..."}      the players stopped on purpose
    {"n": 4, "rename": 1, "name": "Marie", "after": "..."}   a player's new name

Each line is written with one ``write``, flushed and ``fsync``-ed before the player is told the
move happened. :func:`load` replays a file to the exact state (the ``after`` checksums prove
it). A last line cut short by a crash (no final newline, or not valid) is dropped with a
warning; anything else wrong raises :class:`CorruptedSave` and the file is left untouched.
New games always get a new file name: a save is never overwritten.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ludivox.engines.base import Engine
from ludivox.paths import DATA_DIR_ENV, data_dir
from ludivox.table.match import Match

FORMAT = "ludivox-journal"
VERSION = 1
SUFFIX = ".journal.jsonl"


class CorruptedSave(Exception):
    """A save file cannot be trusted; it is kept as it is.

    ``key`` and ``params`` give the sentence to tell the user (``save.corrupted``).
    """

    key = "save.corrupted"

    def __init__(self, path: Path, line: int, detail: str) -> None:
        self.path = path
        self.line = line
        self.detail = detail
        super().__init__(f"corrupted save {path} at line {line}: {detail}")

    @property
    def params(self) -> dict[str, Any]:
        """Parameters for the ``save.corrupted`` sentence."""
        return {"file": self.path.name}


def saves_dir() -> Path:
    """The folder holding the journals."""
    return data_dir() / "saves"


def new_save_path(game: str, folder: Path | None = None) -> Path:
    """A fresh, unused file name for a new game's journal."""
    folder = folder or saves_dir()
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    while True:
        path = folder / f"{game}-{stamp}-{secrets.token_hex(3)}{SUFFIX}"
        if not path.exists():
            return path


def encode_line(record: dict[str, Any]) -> bytes:
    """One journal line: checksum, space, compact JSON, newline."""
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    data = body.encode("utf-8")
    return f"{zlib.crc32(data):08x} ".encode("ascii") + data + b"\n"


def state_check(engine: Engine[Any, Any], state: Any) -> str:
    """A short checksum of a state's notation, stored after each record."""
    return f"{zlib.crc32(engine.dumps(state).encode('utf-8')):08x}"


@dataclass
class Header:
    """What a journal needs to rebuild the game's starting point."""

    game: str
    mode: str
    players: list[str]
    initial_notation: str
    initial_state: dict[str, Any]
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    created: str = ""

    def record(self) -> dict[str, Any]:
        """The header as the first line's JSON."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "mode": self.mode,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "initial": {"notation": self.initial_notation, "state": self.initial_state},
            "created": self.created or datetime.now(UTC).isoformat(timespec="seconds"),
        }

    @staticmethod
    def from_record(record: dict[str, Any]) -> Header:
        """Read a header line's JSON; raises KeyError/TypeError/ValueError when malformed."""
        if record.get("format") != FORMAT:
            raise ValueError("not a Ludivox journal")
        if record.get("version") != VERSION:
            raise ValueError(f"unsupported journal version {record.get('version')!r}")
        initial = record["initial"]
        players = record["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("bad player names")
        seed = record.get("seed")
        return Header(
            game=str(record["game"]),
            mode=str(record["mode"]),
            players=list(players),
            initial_notation=str(initial["notation"]),
            initial_state=dict(initial["state"]),
            seed=int(seed) if seed is not None else None,
            options=dict(record.get("options") or {}),
            created=str(record.get("created", "")),
        )


class Journal:
    """An open journal file, appended to as the game is played."""

    def __init__(self, path: Path, engine: Engine[Any, Any], next_n: int = 1) -> None:
        self.path = path
        self.engine = engine
        self._next = next_n
        self._file = open(path, "ab")  # noqa: SIM115 - kept open for the whole game

    @classmethod
    def create(cls, path: Path, header: Header, engine: Engine[Any, Any]) -> Journal:
        """Create a new journal; never overwrites an existing file (raises FileExistsError)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb") as f:
            f.write(encode_line(header.record()))
            f.flush()
            os.fsync(f.fileno())
        _fsync_dir(path.parent)
        return cls(path, engine)

    def _write(self, record: dict[str, Any]) -> None:
        record["n"] = self._next
        self._file.write(encode_line(record))
        self._file.flush()
        os.fsync(self._file.fileno())
        self._next += 1

    def action(self, seat: int | None, action: Any, state_after: Any) -> None:
        """Record an applied action (``action.text()``) and the state it led to."""
        self._write(
            {"seat": seat, "action": action.text(), "after": state_check(self.engine, state_after)}
        )

    def undo(self, state_after: Any) -> None:
        """Record an undo and the state it went back to."""
        self._write({"undo": True, "after": state_check(self.engine, state_after)})

    def rename(self, seat: int, name: str, state: Any) -> None:
        """Record that the player at ``seat`` is now called ``name`` ("appelle-moi Marie")."""
        self._write({"rename": seat, "name": name, "after": state_check(self.engine, state)})

    def quit(self, state: Any) -> None:
        """Record that the players stopped on purpose (a resume is then not "after a crash")."""
        self._write({"quit": True, "after": state_check(self.engine, state)})

    def close(self) -> None:
        """Close the file (everything is already on disk)."""
        self._file.close()


@dataclass
class Loaded:
    """A replayed journal: its header, the game at its last state, and what to tell the user."""

    path: Path
    header: Header
    match: Match[Any, Any]
    records: int
    torn: bool  # a last line cut short by a crash was dropped: tell the user
    good_size: int  # bytes up to the end of the last good line
    moves: int = 0  # actions replayed (undone ones included)
    quit_last: bool = False  # the last record is a deliberate quit (else: a crash, or new)

    def reopen(self) -> Journal:
        """Open the journal to go on appending (a torn last line is cut off first)."""
        with open(self.path, "r+b") as f:
            size = f.seek(0, os.SEEK_END)
            if size > self.good_size:
                f.truncate(self.good_size)
            f.seek(self.good_size - 1)
            if f.read(1) != b"\n":
                f.seek(0, os.SEEK_END)
                f.write(b"\n")  # a last record complete but for its newline
            f.flush()
            os.fsync(f.fileno())
        return Journal(self.path, self.match.engine, self.records + 1)


EngineFor = Callable[[str], Engine[Any, Any]]


def _lines(data: bytes) -> Iterator[tuple[int, int, bytes, bool]]:
    """(line number, end offset, content without newline, complete) for each line."""
    start = 0
    number = 0
    while start < len(data):
        number += 1
        end = data.find(b"\n", start)
        if end < 0:
            yield number, len(data), data[start:], False
            return
        yield number, end + 1, data[start:end], True
        start = end + 1


def _decode(raw: bytes) -> dict[str, Any] | None:
    """The record of a line, or None when its checksum or JSON is wrong."""
    if len(raw) < 10 or raw[8:9] != b" ":
        return None
    try:
        crc = int(raw[:8].decode("ascii"), 16)
    except (UnicodeDecodeError, ValueError):
        return None
    body = raw[9:]
    if zlib.crc32(body) != crc:
        return None
    try:
        record = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return record if isinstance(record, dict) else None


class NotASave(CorruptedSave):
    """A file that is no Ludivox journal at all (another program's file, a text...)."""

    key = "save.not_a_save"


_JOURNAL_LINE = re.compile(rb"[0-9a-f]{8} \{")


def read_header(path: Path) -> Header:
    """Only the header of a journal (raises CorruptedSave, or NotASave for a file that does
    not even start like a journal)."""
    with open(path, "rb") as f:
        first = f.readline()
    if not _JOURNAL_LINE.match(first):
        raise NotASave(path, 1, "does not start like a Ludivox journal")
    record = _decode(first.rstrip(b"\n")) if first.endswith(b"\n") else None
    if record is None:
        raise CorruptedSave(path, 1, "unreadable header")
    if record.get("format") != FORMAT:
        raise NotASave(path, 1, "another format")
    try:
        return Header.from_record(record)
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptedSave(path, 1, f"bad header: {exc}") from exc


def load(path: Path, engine_for: EngineFor) -> Loaded:
    """Replay a journal to its exact last state with the engine ``engine_for`` gives for the
    header's game (the registry's); raises CorruptedSave (file untouched). A ValueError from
    building the engine (the game's data file is unusable) is not the save's fault: it
    propagates, the save is neither blamed nor marked."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorruptedSave(path, 0, f"cannot read: {exc}") from exc
    lines = list(_lines(data))
    if not lines:
        raise CorruptedSave(path, 1, "empty file")
    header = read_header(path)
    try:
        engine = engine_for(header.game)
    except KeyError as exc:
        raise CorruptedSave(path, 1, f"cannot rebuild the start: {exc}") from exc
    try:
        match: Match[Any, Any] = Match(engine, engine.loads(header.initial_notation))
    except (KeyError, ValueError) as exc:
        raise CorruptedSave(path, 1, f"cannot rebuild the start: {exc}") from exc
    torn = False
    good_size = lines[0][1]
    records = 0
    moves = 0
    quit_last = False
    for number, end, raw, complete in lines[1:]:
        record = _decode(raw)
        if record is None and not complete:  # only the last line can lack its newline
            torn = True
            break
        if record is None:
            raise CorruptedSave(path, number, "bad checksum or JSON")
        if record.get("n") != records + 1:
            raise CorruptedSave(path, number, f"record number {record.get('n')!r} out of order")
        _replay_one(path, number, match, record)
        if "rename" in record:
            _rename(path, number, header, record)
        records += 1
        good_size = end
        quit_last = record.get("quit") is True
        moves += 1 if "action" in record else 0
    return Loaded(path, header, match, records, torn, good_size, moves, quit_last)


def _rename(path: Path, number: int, header: Header, record: dict[str, Any]) -> None:
    seat, name = record.get("rename"), record.get("name")
    if not (isinstance(seat, int) and 0 <= seat < len(header.players)
            and isinstance(name, str) and name.strip()):
        raise CorruptedSave(path, number, "bad rename")
    header.players[seat] = name


def _replay_one(path: Path, number: int, match: Match[Any, Any], record: dict[str, Any]) -> None:
    engine = match.engine
    try:
        if record.get("undo") is True:
            if match.undo() is None:
                raise ValueError("undo with nothing to undo")
        elif record.get("quit") is True or "rename" in record:
            pass
        else:
            action = engine.parse_action(str(record["action"]))
            match.apply(action)
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptedSave(path, number, f"replay failed: {exc}") from exc
    if record.get("after") != state_check(engine, match.state):
        raise CorruptedSave(path, number, "replayed state differs from the saved one")


def list_saves(folder: Path | None = None) -> list[Path]:
    """Journal files, newest first."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.iterdir() if p.name.endswith(SUFFIX) and p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = [
    "DATA_DIR_ENV",
    "FORMAT",
    "SUFFIX",
    "VERSION",
    "CorruptedSave",
    "Header",
    "Journal",
    "Loaded",
    "NotASave",
    "data_dir",
    "encode_line",
    "list_saves",
    "load",
    "new_save_path",
    "read_header",
    "saves_dir",
]
