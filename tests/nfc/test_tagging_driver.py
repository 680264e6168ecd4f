"""Helpers (no tests here): drive ``ludivox nfc ...`` in-process like a person at the reader.

The command runs through ``ludivox.cli.main`` on a thread, reading its keys from a pipe and
writing every sentence into :class:`Lines`; the test waits for a sentence, then puts an
emulated tag on the reader or types a key, as a person would.
"""

from __future__ import annotations

import io
import os
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

import pytest
from nfc_emulators import Ntag2Emulator, random_uid

from ludivox import cli
from ludivox.nfc.tagformat import NTAG213, Decoded, Type2Chip, decode, read_type2

REMOVE_S = 0.5  # a card taken away is noticed by nfcpy's presence check within ~0.3 s
SEARCHES_SEEN = 2
"""A chip put back on the reader (the same uid) waits until the reader has searched this many
times with no card on it: the first search found nothing, so the writer has seen the card go.
A fixed pause (1.5 s) was not enough on a loaded machine: the removal went unnoticed, the
writer took the chip put back for the card still lying there and waited for it to go
(fresh-clone CI, stop 31; CI, stop 57)."""
SEARCH_WAIT_S = 20.0


class Lines(io.StringIO):
    """Text written by the command, which a test can wait on."""

    def __init__(self) -> None:
        super().__init__()
        self._cond = threading.Condition()
        self.text = ""

    def write(self, s: str) -> int:
        with self._cond:
            self.text += s
            self._cond.notify_all()
        return len(s)

    def wait_for(self, needle: str, count: int = 1, timeout_s: float = 15.0) -> str:
        """Block until ``needle`` was written ``count`` times; all the text so far."""
        end = time.monotonic() + timeout_s
        with self._cond:
            while self.text.count(needle) < count:
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"never said {needle!r} x{count}; said:\n{self.text}")
                self._cond.wait(left)
            return self.text


class Command:
    """``ludivox <argv>`` running on a thread with a keyboard pipe and captured output."""

    def __init__(self, argv: Sequence[str], monkeypatch: pytest.MonkeyPatch) -> None:
        read_end, write_end = os.pipe()
        self.out = Lines()
        self._keys = os.fdopen(write_end, "w", encoding="utf-8")
        monkeypatch.setattr(sys, "stdin", os.fdopen(read_end, "r", encoding="utf-8"))
        monkeypatch.setattr(sys, "stdout", self.out)
        self.code: int | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(list(argv),), daemon=True)
        self._thread.start()

    def _run(self, argv: list[str]) -> None:
        try:
            self.code = cli.main(argv)
        except BaseException as exc:  # reported by finish()
            self.error = exc

    def key(self, line: str) -> None:
        """Type ``line`` and Entrée."""
        self._keys.write(line + "\n")
        self._keys.flush()

    def close_keys(self) -> None:
        """End of the keyboard input."""
        self._keys.close()

    def finish(self, timeout_s: float = 15.0) -> int:
        """Wait for the command to end; its exit code."""
        self._thread.join(timeout_s)
        assert not self._thread.is_alive(), f"still running; said:\n{self.out.text}"
        if self.error is not None:
            raise self.error
        assert self.code is not None
        return self.code


def put_card(emu: Ntag2Emulator, uid: bytes | None = None, chip: Type2Chip = NTAG213,
             **memory: Any) -> bytes:
    """Take the card on the reader away, then put another one (a fresh sticker by default)."""
    emu.remove()
    time.sleep(REMOVE_S)
    if uid is not None:
        end = time.monotonic() + SEARCH_WAIT_S
        while emu.absent_polls < SEARCHES_SEEN and time.monotonic() < end:
            time.sleep(0.02)
    uid = uid or random_uid()
    emu.put(chip, uid, **memory)
    return uid


def chip_contents(emu: Ntag2Emulator) -> Decoded:
    """What the card now on the emulated reader holds."""
    with_cc = bytes(emu.memory[: 16 + emu.chip.cc_size])
    return decode(read_type2(with_cc).message)


__all__ = ["REMOVE_S", "Command", "Lines", "chip_contents", "put_card"]
