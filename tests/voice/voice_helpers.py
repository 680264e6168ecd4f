"""Helpers shared by the voice tests (recording the null sink, signal measures)."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludivox.voice.microphone import Microphone
from ludivox.voice.recognizer import RecognitionUpdate, Result, VoskRecognizer

RECORD_RATE = 16000


def pulse_reachable() -> bool:
    """True if a PulseAudio server answers."""
    if shutil.which("pactl") is None:
        return False
    result = subprocess.run(["pactl", "info"], capture_output=True, timeout=10, check=False)
    return result.returncode == 0


def load_null_sink(prefix: str) -> tuple[str, str]:
    """Load a private 16 kHz mono null sink named ``<prefix>_<random>``: (name, module id)."""
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    module = subprocess.run(
        ["pactl", "load-module", "module-null-sink", f"sink_name={name}", "rate=16000",
         "channels=1"],
        capture_output=True, text=True, check=True, timeout=10,
    ).stdout.strip()
    return name, module


def unload_module(module: str) -> None:
    """Unload a PulseAudio module (a sink loaded by :func:`load_null_sink`)."""
    subprocess.run(["pactl", "unload-module", module], check=False, timeout=10)


@contextmanager
def pulse_env_kept() -> Iterator[None]:
    """Restore PULSE_SINK and PULSE_SOURCE as they were when the block ends."""
    saved = {k: os.environ.get(k) for k in ("PULSE_SINK", "PULSE_SOURCE")}
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextmanager
def null_sink_env(prefix: str) -> Iterator[str]:
    """A private null sink made this process's default output and input (PULSE_SINK, and
    PULSE_SOURCE its monitor) for the block; skips the test without a PulseAudio server."""
    if not pulse_reachable():
        pytest.skip("no PulseAudio server: run under scripts/with-audio.sh")
    name, module = load_null_sink(prefix)
    try:
        with pulse_env_kept():
            os.environ["PULSE_SINK"] = name
            os.environ["PULSE_SOURCE"] = f"{name}.monitor"
            yield name
    finally:
        unload_module(module)


def flowing_microphone() -> Microphone:
    """The default microphone, once its stream delivers audio."""
    mic = Microphone()
    assert mic.wait_flowing(10.0), "the microphone stream never started"
    return mic


def wait_for(check: Callable[[], bool], timeout: float = 20.0) -> bool:
    """Poll ``check`` (generous timeout, only so that a failure does not hang)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


class CountingRecognizer:
    """The real Vosk recognizer, counting the audio it is given and the phrase lists applied
    (a spy, not a fake)."""

    def __init__(self, inner: VoskRecognizer) -> None:
        self.inner = inner
        self.fed = 0
        self.applied: list[tuple[str, ...] | None] = []

    @property
    def sample_rate(self) -> int:
        return self.inner.sample_rate

    def has_word(self, word: str) -> bool:
        return self.inner.has_word(word)

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        self.applied.append(None if phrases is None else tuple(phrases))
        self.inner.set_phrases(phrases)

    def accept(self, chunk: bytes) -> RecognitionUpdate | None:
        self.fed += len(chunk) // 2
        return self.inner.accept(chunk)

    def finish(self) -> Result:
        return self.inner.finish()

    def reset(self) -> None:
        self.inner.reset()


class Recorder:
    """Records the null sink's monitor with sounddevice, chunk by chunk with timestamps."""

    def __init__(self, latency: str | float = "high") -> None:
        import sounddevice as sd

        self._chunks: list[tuple[float, np.ndarray[Any, Any]]] = []
        self._lock = threading.Lock()
        self._stream = sd.InputStream(
            samplerate=RECORD_RATE, channels=1, dtype="int16", latency=latency,
            callback=self._callback
        )
        self._stream.start()
        window = max(0.1, float(self._stream.latency))  # a slow reader delivers in chunks
        self._wait_flowing(window, 5.0 + 4 * window)

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        with self._lock:
            self._chunks.append((time.monotonic(), indata[:, 0].copy()))

    def _frames(self) -> int:
        with self._lock:
            return sum(len(c) for _, c in self._chunks)

    def _wait_flowing(self, window: float, timeout: float) -> None:
        # A new PulseAudio stream stalls for a second or two before it flows.
        deadline = time.monotonic() + timeout
        steady = 0
        last = self._frames()
        while time.monotonic() < deadline and steady < 3:
            time.sleep(window)
            now = self._frames()
            steady = steady + 1 if now - last >= 0.5 * window * RECORD_RATE else 0
            last = now
        assert steady >= 3, "the recording stream never started flowing"

    def clear(self) -> None:
        """Forget what was recorded so far."""
        with self._lock:
            self._chunks.clear()

    def signal(
        self, after: float | None = None, before: float | None = None
    ) -> np.ndarray[Any, Any]:
        """The recording as float64, optionally only chunks captured in a monotonic window."""
        with self._lock:
            parts = [
                c for t, c in self._chunks
                if (after is None or t >= after) and (before is None or t < before)
            ]
        if not parts:
            return np.zeros(0)
        return np.concatenate(parts).astype(np.float64)

    def timed_signal(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The recording since :meth:`clear` as float64, and when each sample was captured
        (monotonic seconds), on the stream's sample clock: a late callback (a loaded
        machine) does not make its audio look later than it sounded."""
        with self._lock:
            chunks = list(self._chunks)
        if not chunks:
            return np.zeros(0), np.zeros(0)
        ends = np.cumsum([len(c) for _, c in chunks])
        origin = min(t - end / RECORD_RATE for (t, _), end in zip(chunks, ends, strict=True))
        signal = np.concatenate([c for _, c in chunks]).astype(np.float64)
        return signal, origin + np.arange(1, len(signal) + 1) / RECORD_RATE

    def close(self) -> None:
        """Stop recording."""
        self._stream.close()


def rms(signal: np.ndarray[Any, Any]) -> float:
    """Root mean square of a signal (0 for an empty one)."""
    return float(np.sqrt(np.mean(np.square(signal)))) if len(signal) else 0.0


def best_alignment(recorded: np.ndarray[Any, Any], played: np.ndarray[Any, Any]) -> float:
    """Pearson correlation of ``played`` with the best-aligned stretch of ``recorded``."""
    n = len(recorded) + len(played)
    size = 1 << (n - 1).bit_length()
    xcorr = np.fft.irfft(
        np.fft.rfft(recorded, size) * np.conj(np.fft.rfft(played, size)), size
    )[: len(recorded) - len(played) + 1]
    lag = int(np.argmax(np.abs(xcorr)))
    segment = recorded[lag : lag + len(played)]
    return float(np.corrcoef(segment, played)[0, 1])


QUIET_PLAYER = "oui.chatter.20db"
QUIET_PLAYER_DB = -22.0
"""A quiet player: the ``QUIET_PLAYER`` fixture played this much quieter (a player further
from the microphone than the others: the quietest command of the tests)."""


def quiet_player_audio(path: Path) -> bytes:
    """``path`` (16 kHz mono int16 WAV) ``QUIET_PLAYER_DB`` quieter, as int16 bytes."""
    from ludivox.voice.audio import read_wav

    samples = read_wav(path).samples.astype(np.float64) * 10.0 ** (QUIET_PLAYER_DB / 20.0)
    return np.clip(np.round(samples), -32768, 32767).astype("<i2").tobytes()


ROOM_SENTENCES = (
    "C'est à toi de jouer, Paul.",
    "Tu poses le sept sur la colonne trois.",
    "Non, il faut un six sur la colonne trois.",
    "Il reste quatre cartes dans la pioche.",
    "Paul a gagné la manche avec vingt-trois points.",
    "Le valet de pique est posé sur la colonne cinq.",
    "Confirme : tu déplaces trois cartes de la colonne une vers la colonne quatre ?",
    "La carte visible sur la colonne six est la dame de trèfle.",
    "Personne ne peut jouer, la manche est finie.",
)
"""What the assistant says through the simulated rooms of the barge-in tests."""
