"""Typing at the keyboard: the first key cuts the speech, the line is echoed and edited."""

from __future__ import annotations

import io
import os
import pty
import termios
import threading
import time

from ludivox.table.console import LineReader


def _reader_on_pty(keys: bytes) -> tuple[str | None, list[str], bytes, bool]:
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    calls: list[str] = []
    echo = io.StringIO()
    with os.fdopen(slave, "rb", buffering=0, closefd=False) as stdin:
        reader = LineReader(stdin, echo, on_key=lambda: calls.append("key"))
        result: list[str | None] = []
        t = threading.Thread(target=lambda: result.append(reader.read_line()))
        t.start()
        for _ in range(500):  # type once the reader is in cbreak mode, as a person would
            if not termios.tcgetattr(slave)[3] & termios.ICANON:
                break
            time.sleep(0.01)
        os.write(master, keys)
        t.join(5)
    restored = termios.tcgetattr(slave) == before
    os.close(slave)
    os.close(master)
    return result[0] if result else "TIMEOUT", calls, echo.getvalue().encode(), restored


def test_first_key_calls_back_once_and_line_is_returned() -> None:
    line, calls, _, _ = _reader_on_pty(b"je pose le sept\n")
    assert line == "je pose le sept"
    assert calls == ["key"]


def test_backspace_edits_and_accents_survive() -> None:
    line, _, echo, _ = _reader_on_pty("répèteX\x7f\n".encode())
    assert line == "répète"
    assert "répète".encode() in echo
    assert b"\b \b" in echo


def test_terminal_settings_are_restored() -> None:
    _, _, _, restored = _reader_on_pty(b"oui\n")
    assert restored


def test_ctrl_d_on_empty_line_is_end_of_input() -> None:
    line, _, _, _ = _reader_on_pty(b"\x04")
    assert line is None


def test_pipe_input_reads_plain_lines() -> None:
    r, w = os.pipe()
    os.write(w, "aide\nrépète\n".encode())
    os.close(w)
    with os.fdopen(r, "r", encoding="utf-8") as stdin:
        reader = LineReader(stdin, io.StringIO())
        assert not reader.is_tty
        assert reader.read_line() == "aide"
        assert reader.read_line() == "répète"
        assert reader.read_line() is None
