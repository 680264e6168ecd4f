"""The process-wide espeak-ng engine, reached through pyttsx3's espeak binding.

pyttsx3 starts espeak-ng (once per process, in "retrieval" mode) and lists its voices; the
synthesis itself goes through pyttsx3's ctypes binding (``pyttsx3.drivers._espeak``) with
a callback of ours, not through ``save_to_file`` + ``runAndWait``. Measured here, that
pyttsx3 path is racy: espeak-ng synthesizes on its own thread, ``setProperty`` calls are
queued or not depending on the driver's busy flag, and ``runAndWait`` cancels espeak-ng
when it is still busy, leaving a stale "stopping" flag that cuts the next synthesis.
About 1 synthesis in 150 came back empty, truncated, or at the previous rate.
"""

from __future__ import annotations

import atexit
import ctypes
import gc
import logging
import threading
import time
from typing import Any

import numpy as np

from ludivox.voice.audio import Samples

log = logging.getLogger(__name__)

ESPEAK_RATE = 22050
"""Sample rate (Hz) of espeak-ng's own voices (mbrola voices would be 16000)."""


class EspeakUnavailable(RuntimeError):
    """espeak-ng (or pyttsx3's binding to it) cannot be loaded."""


class EspeakError(RuntimeError):
    """espeak-ng refused or failed one request."""


class EspeakEngine:
    """Serialised access to espeak-ng; use :func:`espeak_engine` to get the single instance."""

    def __init__(self) -> None:
        try:
            import pyttsx3
            from pyttsx3.drivers import _espeak
        except Exception as exc:  # RuntimeError/OSError when libespeak-ng is missing
            raise EspeakUnavailable(
                f"cannot load espeak-ng through pyttsx3: {exc}. "
                "Is espeak-ng installed (Debian: apt-get install espeak-ng)?"
            ) from exc
        try:
            # Initialises espeak-ng; kept alive for the whole process: pyttsx3 frees the
            # global synthesis callback when its engine is garbage collected.
            self._pyttsx3_engine = pyttsx3.init("espeak")
        except Exception as exc:
            raise EspeakUnavailable(f"pyttsx3 could not start espeak-ng: {exc}") from exc
        self._lib: Any = _espeak
        self.lock = threading.RLock()
        self._voice: str | None = None
        self._chunks: list[bytes] = []
        self._collecting = False
        self._done = threading.Event()
        self._callback_error: BaseException | None = None
        # Replaces the callback pyttsx3's driver registered (its save_to_file/say stop
        # working in this process: this module owns espeak-ng).
        self._lib.SetSynthCallback(self._on_synth)
        # pyttsx3's engine must go while the interpreter still works: left to the final
        # teardown, its DriverProxy.__del__ prints "Exception ignored" on the screen.
        atexit.register(self._release)

    def _release(self) -> None:
        with self.lock:
            self._pyttsx3_engine = None
        gc.collect()

    # espeak-ng's thread calls this with each buffer of audio and its events.
    def _on_synth(self, wav: Any, numsamples: int, events: Any) -> int:
        try:
            if self._collecting and numsamples > 0 and wav:
                self._chunks.append(ctypes.string_at(wav, numsamples * 2))
            i = 0
            while events[i].type != self._lib.EVENT_LIST_TERMINATED:
                if events[i].type == self._lib.EVENT_MSG_TERMINATED and self._collecting:
                    self._done.set()
                i += 1
        except BaseException as exc:  # an exception must not cross into C
            self._callback_error = exc
            self._done.set()
        return 0

    def voices(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """Installed voices as (id, name, language tags)."""
        with self.lock:
            raw = self._pyttsx3_engine.getProperty("voices")
        return [
            (str(v.id), str(v.name or v.id), tuple(str(x) for x in (v.languages or ())))
            for v in raw
        ]

    def _wait_idle(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while self._lib.IsPlaying():
            if time.monotonic() > deadline:
                raise EspeakError("espeak-ng stayed busy")
            time.sleep(0.001)

    def synthesize(self, text: str, voice: str, rate: int, volume: float) -> Samples:
        """Synthesize ``text`` with ``voice`` at ``rate`` wpm and ``volume`` (0..1)."""
        with self.lock:
            self._wait_idle(2.0)
            if voice != self._voice:
                # Synchronous in espeak-ng (unlike the parameters): only when idle.
                status = self._lib.SetVoiceByName(voice.encode("utf-8"))
                if status != self._lib.EE_OK:
                    raise EspeakError(f"espeak-ng refused voice {voice!r} (status {status})")
                self._voice = voice
            # Parameters and text are queued in order on espeak-ng's thread.
            self._lib.SetParameter(self._lib.RATE, int(rate), 0)
            self._lib.SetParameter(self._lib.VOLUME, round(volume * 100), 0)
            self._chunks = []
            self._callback_error = None
            self._done.clear()
            self._collecting = True
            try:
                self._submit(text)
                if not self._done.wait(10.0 + len(text) / 20):
                    self._lib.Cancel()
                    raise EspeakError("espeak-ng did not finish in time")
            finally:
                self._collecting = False
            if self._callback_error is not None:
                raise EspeakError(f"audio callback failed: {self._callback_error}")
            self._wait_idle(2.0)
            data = b"".join(self._chunks)
        return np.frombuffer(data, dtype="<i2").astype(np.int16)

    def _submit(self, text: str) -> None:
        flags = self._lib.ENDPAUSE | self._lib.CHARS_UTF8
        for _ in range(100):
            status = self._lib.Synth(text.encode("utf-8"), flags=flags)
            if status != self._lib.EE_BUFFER_FULL:
                break
            time.sleep(0.01)
        if status != self._lib.EE_OK:
            raise EspeakError(f"espeak-ng refused the text (status {status})")


_ENGINE: EspeakEngine | None = None
_ENGINE_GUARD = threading.Lock()


def espeak_engine() -> EspeakEngine:
    """The process's espeak-ng engine (created on first use)."""
    global _ENGINE
    with _ENGINE_GUARD:
        if _ENGINE is None:
            _ENGINE = EspeakEngine()
        return _ENGINE
