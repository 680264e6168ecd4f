"""Text to PCM: the :class:`Synthesizer` protocol and its pyttsx3/espeak-ng adapter.

pyttsx3 is used only to synthesize into a WAV file (``save_to_file`` + one ``runAndWait``
per file); playback is done elsewhere with sounddevice so that it can be cut off. pyttsx3's
``say()`` is never used: it plays through a blocking ``aplay`` that cannot be interrupted.
"""

from __future__ import annotations

import logging
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ludivox.voice.audio import Pcm, WavFormatError, read_wav

log = logging.getLogger(__name__)

MIN_RATE_WPM = 80
MAX_RATE_WPM = 500
DEFAULT_RATE_WPM = 175
ESPEAK_RATE = 22050
"""Sample rate (Hz) of espeak-ng's output, hence of synthesized speech."""

# espeak-ng is a process-wide C library with one global synthesis callback: every
# synthesis in the process goes through this lock, whichever instance asks.
_ENGINE_LOCK = threading.RLock()
# Property values last given to the shared engine (guarded by _ENGINE_LOCK).
_APPLIED: dict[str, object] = {}


class SpeechUnavailable(RuntimeError):
    """Speech synthesis cannot run here (espeak-ng or its driver missing, no usable voice)."""


class VoiceNotFound(SpeechUnavailable):
    """No installed voice speaks the requested language."""


class SynthesisError(RuntimeError):
    """The synthesizer failed on one text (the engine itself is available)."""


def check_rate(wpm: int) -> int:
    """Return ``wpm`` if it is a supported speech rate, else raise ``ValueError``."""
    if isinstance(wpm, bool) or not isinstance(wpm, int):
        raise ValueError(f"speech rate must be an integer (words per minute), got {wpm!r}")
    if not MIN_RATE_WPM <= wpm <= MAX_RATE_WPM:
        raise ValueError(
            f"speech rate {wpm} wpm out of range {MIN_RATE_WPM}..{MAX_RATE_WPM}"
        )
    return wpm


class Synthesizer(Protocol):
    """Turns text into mono int16 PCM. Implementations are safe to call from any thread."""

    @property
    def rate_wpm(self) -> int:
        """Current speech rate in words per minute."""
        ...

    def set_rate(self, wpm: int) -> None:
        """Set the speech rate (80..500 words per minute)."""
        ...

    def synthesize(self, text: str) -> Pcm:
        """Return the audio of ``text`` (empty samples for blank text)."""
        ...


@dataclass(frozen=True)
class VoiceInfo:
    """One installed voice, as listed by the engine."""

    id: str
    name: str
    languages: tuple[str, ...]


def pick_voice(voices: Sequence[VoiceInfo], language: str) -> VoiceInfo:
    """Choose the voice for ``language`` ("fr", "fr-fr", "fr-be" ...), by language tag.

    Exact tag first, then the language's main region ("fr" -> "fr-fr"), then any regional
    variant; ties are broken by voice id so the choice is stable.
    """
    wanted = language.strip().lower().replace("_", "-")
    if not wanted:
        raise VoiceNotFound("no language given for the voice")
    base = wanted.split("-")[0]

    def rank(voice: VoiceInfo) -> int | None:
        tags = [tag.lower() for tag in voice.languages]
        if wanted in tags:
            return 0
        if f"{base}-{base}" in tags and wanted == base:
            return 1
        if any(tag == base or tag.startswith(base + "-") for tag in tags):
            return 2
        return None

    ranked = [(r, v.id, v) for v in voices if (r := rank(v)) is not None]
    if not ranked:
        known = sorted({tag for v in voices for tag in v.languages})
        raise VoiceNotFound(
            f"no installed espeak-ng voice for language {language!r}; "
            f"languages available: {', '.join(known) or 'none'}"
        )
    ranked.sort(key=lambda item: (item[0], item[1]))
    return ranked[0][2]


def _silence_driver_prints(driver_name: str) -> None:
    """pyttsx3's espeak driver prints "Audio saved to ..." on stdout for every file.

    Route that module's ``print`` to our debug log so it cannot mix with text output.
    """
    import importlib

    try:
        module = importlib.import_module(f"pyttsx3.drivers.{driver_name}")
    except Exception:  # the engine init already succeeded; nothing to silence
        return

    def _log_print(*args: object, **_kwargs: object) -> None:
        log.debug("pyttsx3: %s", " ".join(str(a) for a in args))

    module.print = _log_print  # type: ignore[attr-defined]


def _espeak_busy_probe(driver_name: str) -> Callable[[], bool] | None:
    """``espeak_IsPlaying`` from pyttsx3's own espeak binding (None for other drivers).

    pyttsx3 offers no public way to know that espeak-ng's thread is idle, and starting a
    synthesis while it is busy can get that synthesis cancelled (measured: ~1 in 150).
    """
    if driver_name != "espeak":
        return None
    try:
        from pyttsx3.drivers import _espeak
    except Exception:
        return None
    is_playing = _espeak.IsPlaying

    def busy() -> bool:
        return bool(is_playing())

    return busy


class EspeakSynthesizer:
    """French (by default) speech through pyttsx3's espeak driver (espeak-ng).

    One pyttsx3 engine per process is shared (pyttsx3 caches it, espeak-ng is global);
    voice, rate and volume are applied before every synthesis, under a process-wide lock.
    Short texts are cached (LRU) because confirmations and "repeat" recur.
    """

    def __init__(
        self,
        language: str = "fr",
        rate_wpm: int = DEFAULT_RATE_WPM,
        volume: float = 1.0,
        *,
        voice_id: str | None = None,
        driver_name: str = "espeak",
        cache_size: int = 128,
        cache_max_chars: int = 120,
    ) -> None:
        self._rate = check_rate(rate_wpm)
        self._volume = self._check_volume(volume)
        self._cache_size = max(0, cache_size)
        self._cache_max_chars = cache_max_chars
        self._cache: OrderedDict[tuple[str, str, int, float], Pcm] = OrderedDict()
        self._errors: list[BaseException] = []
        self._tmpdir = tempfile.TemporaryDirectory(prefix="ludivox-tts-")
        self._counter = 0
        self._finished = threading.Event()
        with _ENGINE_LOCK:
            self._engine = self._init_engine(driver_name)
            self._is_playing = _espeak_busy_probe(driver_name)
            self._tokens = [
                self._engine.connect("error", self._on_engine_error),
                self._engine.connect("finished-utterance", self._on_finished),
            ]
            voices = self.voices()
            if voice_id is not None:
                matches = [v for v in voices if v.id == voice_id]
                if not matches:
                    raise VoiceNotFound(f"espeak-ng voice {voice_id!r} is not installed")
                self._voice = matches[0]
            else:
                self._voice = pick_voice(voices, language)
        log.info("speech voice %s (%s), %d wpm", self._voice.id, self._voice.name, self._rate)

    @staticmethod
    def _init_engine(driver_name: str) -> Any:
        try:
            import pyttsx3
        except ImportError as exc:
            raise SpeechUnavailable(f"pyttsx3 is not installed: {exc}") from exc
        try:
            engine = pyttsx3.init(driver_name)
        except Exception as exc:  # missing libespeak-ng raises RuntimeError/OSError
            raise SpeechUnavailable(
                f"cannot start the pyttsx3 {driver_name!r} driver: {exc}. "
                "Is espeak-ng installed (Debian: apt-get install espeak-ng)?"
            ) from exc
        _silence_driver_prints(driver_name)
        return engine

    @staticmethod
    def _check_volume(volume: float) -> float:
        if not 0.0 <= float(volume) <= 1.0:
            raise ValueError(f"volume must be within 0.0..1.0, got {volume!r}")
        return float(volume)

    def _on_engine_error(self, name: object = None, exception: BaseException | None = None) -> None:
        # pyttsx3 turns driver exceptions into "error" events; keep them to re-raise.
        self._errors.append(exception or SynthesisError(f"pyttsx3 error event ({name})"))

    def _on_finished(self, name: object = None, completed: object = True) -> None:
        self._finished.set()

    @property
    def voice(self) -> VoiceInfo:
        """The voice in use."""
        return self._voice

    @property
    def rate_wpm(self) -> int:
        """Current speech rate in words per minute."""
        return self._rate

    @property
    def volume(self) -> float:
        """Current volume, 0.0..1.0."""
        return self._volume

    def set_rate(self, wpm: int) -> None:
        """Set the speech rate (80..500 words per minute)."""
        self._rate = check_rate(wpm)

    def set_volume(self, volume: float) -> None:
        """Set the volume (0.0..1.0)."""
        self._volume = self._check_volume(volume)

    def voices(self) -> list[VoiceInfo]:
        """List the voices the engine offers."""
        with _ENGINE_LOCK:
            raw = self._engine.getProperty("voices")
        return [
            VoiceInfo(str(v.id), str(v.name or v.id), tuple(str(x) for x in (v.languages or ())))
            for v in raw
        ]

    def synthesize(self, text: str) -> Pcm:
        """Return the audio of ``text`` at espeak-ng's rate (:data:`ESPEAK_RATE`)."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        clean = " ".join(text.split())
        if not clean:
            return Pcm(np.zeros(0, dtype=np.int16), ESPEAK_RATE)
        key = (clean, self._voice.id, self._rate, self._volume)
        cacheable = self._cache_size > 0 and len(clean) <= self._cache_max_chars
        if cacheable:
            with _ENGINE_LOCK:
                hit = self._cache.get(key)
                if hit is not None:
                    self._cache.move_to_end(key)
                    return hit
        pcm = self._synthesize_file(clean)
        if cacheable:
            with _ENGINE_LOCK:
                self._cache[key] = pcm
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return pcm

    def clear_cache(self) -> None:
        """Forget cached audio."""
        with _ENGINE_LOCK:
            self._cache.clear()

    def _apply(self, name: str, value: object) -> None:
        # Only changed values: each setProperty queues a command in espeak-ng's thread, and
        # a busy espeak-ng makes runAndWait cancel (sometimes) the synthesis that follows.
        if _APPLIED.get(name) != value:
            self._engine.setProperty(name, value)
            _APPLIED[name] = value

    def _synthesize_file(self, text: str) -> Pcm:
        with _ENGINE_LOCK:
            for attempt in (1, 2):
                pcm = self._synthesize_once(text)
                if len(pcm.samples):
                    pcm.samples.flags.writeable = False  # shared through the cache
                    return pcm
                log.warning("espeak-ng returned no audio for %r (attempt %d)", text, attempt)
        raise SynthesisError(f"espeak-ng produced no audio for {text!r}")

    def _synthesize_once(self, text: str) -> Pcm:
        self._counter += 1
        path = Path(self._tmpdir.name) / f"utt-{self._counter}.wav"
        self._errors.clear()
        self._finished.clear()
        try:
            self._apply("voice", self._voice.id)
            self._apply("rate", self._rate)
            self._apply("volume", self._volume)
            self._wait_espeak_idle()
            # One save_to_file per runAndWait: a second queued save overwrites the first.
            self._engine.save_to_file(text, str(path))
            self._engine.runAndWait()
            # espeak-ng synthesizes on its own thread: runAndWait may return before the
            # file is written. The driver announces the end once the WAV is closed.
            if not self._finished.wait(10.0 + len(text) / 20):
                raise SynthesisError("espeak-ng did not finish in time")
            self._wait_espeak_idle()
        except SynthesisError:
            raise
        except Exception as exc:
            raise SynthesisError(f"espeak-ng failed on {text!r}: {exc}") from exc
        if self._errors:
            first = self._errors[0]
            raise SynthesisError(f"espeak-ng failed on {text!r}: {first}") from first
        try:
            pcm = read_wav(path)
        except (FileNotFoundError, WavFormatError) as exc:
            # Exceptions inside the driver's ctypes callback are printed, not raised.
            raise SynthesisError(f"espeak-ng wrote no audio for {text!r}: {exc}") from exc
        finally:
            path.unlink(missing_ok=True)
        return pcm

    def _wait_espeak_idle(self, timeout: float = 2.0) -> None:
        """Wait until espeak-ng's own thread has no queued command."""
        if self._is_playing is None:
            return
        deadline = time.monotonic() + timeout
        while self._is_playing():
            if time.monotonic() > deadline:
                raise SynthesisError("espeak-ng stayed busy")
            time.sleep(0.001)

    def close(self) -> None:
        """Remove the temporary directory. The shared engine stays alive (espeak-ng is global)."""
        with _ENGINE_LOCK:
            for token in self._tokens:
                self._engine.disconnect(token)
            self._tokens = []
        self._tmpdir.cleanup()

