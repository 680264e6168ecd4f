"""A diagnostic trace of the echo canceller and of barge-in, off by default.

With ``LUDIVOX_ECHO_TRACE`` set to a file path, the live echo path writes one line per
microphone block (tab-separated, to that file only, never to the screen): when it was heard,
the levels of the microphone, of the reference read for it and of the cleaned block (dBFS),
the echo removed (dB), where the reference is read (ms behind the output's last written
sample; ms off the clocks), the lead in force and whether the canceller has converged.
Each 3 s alignment check writes the echo's measured lag, and live listening writes what
started each utterance (the detector's probability and level, whether the assistant was
speaking). ``scripts/echo_trace.py``-like reading is left to whoever debugs: the format is
one ``kind`` word, then ``key=value`` fields.
"""

from __future__ import annotations

import os
import threading
import time
from typing import IO

import numpy as np

from ludivox.voice.audio import Samples

TRACE_ENV = "LUDIVOX_ECHO_TRACE"
"""Environment variable naming the trace file (unset: no trace)."""


def level_db(samples: Samples) -> float:
    """RMS level in dBFS (-120 for digital silence)."""
    if len(samples) == 0:
        return -120.0
    power = float(np.mean(samples.astype(np.float64) ** 2)) / 32768.0 ** 2
    return 10 * float(np.log10(max(power, 1e-12)))


class EchoTrace:
    """Appends trace lines to a file (thread-safe, line-buffered)."""

    def __init__(self, path: str) -> None:
        self._file: IO[str] = open(path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115
        self._lock = threading.Lock()

    def write(self, kind: str, **fields: object) -> None:
        """One line: the monotonic time, ``kind``, then the fields."""
        parts = [f"{time.monotonic():.4f}", kind]
        for key, value in fields.items():
            text = f"{value:.1f}" if isinstance(value, float) else str(value)
            parts.append(f"{key}={text}")
        with self._lock:
            self._file.write("\t".join(parts) + "\n")


def trace_block(trace: EchoTrace, audio: bytes, ref: Samples, out: bytes, *,
                heard_to: float, shift: float, behind: float, off: float,
                converged: bool) -> None:
    """One microphone block of the live echo path (seconds in, milliseconds out)."""
    mic_db = level_db(np.frombuffer(audio, dtype="<i2"))
    out_db = level_db(np.frombuffer(out, dtype="<i2"))
    trace.write("block", heard=f"{heard_to:.4f}", mic=mic_db, ref=level_db(ref), out=out_db,
                removed=mic_db - out_db, behind_ms=1000 * behind, clock_off_ms=1000 * off,
                shift_ms=1000 * shift, converged=int(converged))


_trace: EchoTrace | None = None
_checked = False


def echo_trace() -> EchoTrace | None:
    """The trace named by :data:`TRACE_ENV` (opened once), or None."""
    global _trace, _checked
    if not _checked:
        _checked = True
        path = os.environ.get(TRACE_ENV, "").strip()
        if path:
            _trace = EchoTrace(path)
    return _trace


__all__ = ["TRACE_ENV", "EchoTrace", "echo_trace", "level_db", "trace_block"]
