"""Reading typed lines from the keyboard so that any key press can cut the speech off.

On a terminal the line is read in cbreak mode, one key at a time: the first key of a line
calls ``on_key`` (the CLI stops the speaker there), typed characters are echoed by us,
Backspace erases, Enter ends the line, Ctrl-D on an empty line is the end of input. The
terminal settings are always restored. When the input is not a terminal (a pipe, a file),
lines are read normally.

The talk key (push-to-talk): Tab, or the space bar on an empty line, calls ``on_talk`` and
is not typed into the line. :meth:`LineReader.cancel` ends a read in progress on a terminal
(it returns None), so a reader thread can be stopped and the terminal restored.
"""

from __future__ import annotations

import codecs
import os
import select
import sys
import threading
from collections.abc import Callable
from typing import BinaryIO, TextIO

_ERASE = {"\x7f", "\x08"}
_EOF = "\x04"
_KILL_LINE = "\x15"
TALK_KEY = "\t"
"""Tab: the push-to-talk key (so is the space bar on an empty line)."""


class LineReader:
    """Reads one line at a time from a file descriptor (a terminal or not)."""

    def __init__(
        self,
        stdin: TextIO | BinaryIO | None = None,
        echo: TextIO | None = None,
        on_key: Callable[[], None] | None = None,
        on_talk: Callable[[], None] | None = None,
    ) -> None:
        self._in = stdin if stdin is not None else sys.stdin
        self._echo = echo if echo is not None else sys.stdout
        self._on_key = on_key or (lambda: None)
        self._on_talk = on_talk
        self._cancelled = threading.Event()
        self._fd = self._in.fileno()
        self.is_tty = os.isatty(self._fd)

    def read_line(self, prompt: str = "") -> str | None:
        """The next line without its newline, or ``None`` at the end of input."""
        if prompt:
            self._echo.write(prompt)
            self._echo.flush()
        if not self.is_tty:
            return self._read_plain()
        return self._read_cbreak()

    def cancel(self) -> None:
        """End the current and future reads on a terminal (they return None)."""
        self._cancelled.set()

    def _read_plain(self) -> str | None:
        line = self._in.readline()
        if isinstance(line, bytes):
            line = line.decode("utf-8", errors="replace")
        if not line:
            return None
        return line.rstrip("\r\n")

    def _read_cbreak(self) -> str | None:
        import termios
        import tty

        saved = termios.tcgetattr(self._fd)
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        chars: list[str] = []
        first = True
        try:
            tty.setcbreak(self._fd, termios.TCSANOW)  # keep what was typed ahead
            while True:
                if self._cancelled.is_set():
                    return None
                ready, _, _ = select.select([self._fd], [], [], 0.2)
                if not ready:
                    continue
                data = os.read(self._fd, 1)
                if not data:
                    return "".join(chars) if chars else None
                text = decoder.decode(data)
                if not text:
                    continue
                for ch in text:
                    if self._on_talk is not None and (
                        ch == TALK_KEY or (ch == " " and not chars)
                    ):
                        self._on_talk()  # it cuts the speech itself
                        continue
                    if first:
                        first = False
                        self._on_key()
                    if ch in ("\r", "\n"):
                        self._echo.write("\n")
                        self._echo.flush()
                        return "".join(chars)
                    if ch == _EOF and not chars:
                        return None
                    if ch in _ERASE:
                        if chars:
                            chars.pop()
                            self._echo.write("\b \b")
                    elif ch == _KILL_LINE:
                        self._echo.write("\b \b" * len(chars))
                        chars.clear()
                    elif ch.isprintable():
                        chars.append(ch)
                        self._echo.write(ch)
                    self._echo.flush()
        finally:
            termios.tcsetattr(self._fd, termios.TCSADRAIN, saved)


__all__ = ["TALK_KEY", "LineReader"]
