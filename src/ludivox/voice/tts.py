"""Text to PCM: the :class:`Synthesizer` protocol and its espeak-ng adapter.

``EspeakSynthesizer`` speaks through espeak-ng as started by pyttsx3 (see
:mod:`ludivox.voice.espeak` for why pyttsx3's ``save_to_file``/``runAndWait`` is not used).
Playback is done elsewhere with sounddevice so that it can be cut off; pyttsx3's ``say()``
is never used: it plays through a blocking ``aplay`` that cannot be interrupted.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ludivox.voice.audio import Pcm
from ludivox.voice.espeak import (
    ESPEAK_RATE,
    EspeakEngine,
    EspeakError,
    EspeakUnavailable,
    espeak_engine,
)

log = logging.getLogger(__name__)

MIN_RATE_WPM = 80
MAX_RATE_WPM = 500
DEFAULT_RATE_WPM = 175

__all__ = [
    "DEFAULT_RATE_WPM",
    "ESPEAK_RATE",
    "MAX_RATE_WPM",
    "MIN_RATE_WPM",
    "EspeakSynthesizer",
    "SpeechUnavailable",
    "SynthesisError",
    "Synthesizer",
    "VoiceInfo",
    "VoiceNotFound",
    "check_rate",
    "check_volume",
    "pick_voice",
]


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


def check_volume(volume: float) -> float:
    """Return ``volume`` as a float if it is within 0.0..1.0, else raise ``ValueError``."""
    if not 0.0 <= float(volume) <= 1.0:
        raise ValueError(f"volume must be within 0.0..1.0, got {volume!r}")
    return float(volume)


class Synthesizer(Protocol):
    """Turns text into mono int16 PCM. Implementations are safe to call from any thread."""

    @property
    def rate_wpm(self) -> int:
        """Current speech rate in words per minute."""
        ...

    def set_rate(self, wpm: int) -> None:
        """Set the speech rate (80..500 words per minute)."""
        ...

    @property
    def volume(self) -> float:
        """Current volume, 0.0..1.0."""
        ...

    def set_volume(self, volume: float) -> None:
        """Set the volume (0.0..1.0); ValueError outside."""
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


class EspeakSynthesizer:
    """French (by default) speech from espeak-ng, started through pyttsx3.

    espeak-ng is one per process: every instance shares it, each synthesis runs under its
    lock with this instance's voice, rate and volume, so any thread may call. Short texts
    are cached (LRU) because confirmations and "repeat" recur.
    """

    def __init__(
        self,
        language: str = "fr",
        rate_wpm: int = DEFAULT_RATE_WPM,
        volume: float = 1.0,
        *,
        voice_id: str | None = None,
        cache_size: int = 128,
        cache_max_chars: int = 120,
    ) -> None:
        self._rate = check_rate(rate_wpm)
        self._volume = check_volume(volume)
        self._cache_size = max(0, cache_size)
        self._cache_max_chars = cache_max_chars
        self._cache: OrderedDict[tuple[str, str, int, float], Pcm] = OrderedDict()
        try:
            self._engine: EspeakEngine = espeak_engine()
        except EspeakUnavailable as exc:
            raise SpeechUnavailable(str(exc)) from exc
        voices = self.voices()
        if voice_id is not None:
            matches = [v for v in voices if v.id == voice_id]
            if not matches:
                raise VoiceNotFound(f"espeak-ng voice {voice_id!r} is not installed")
            self._voice = matches[0]
        else:
            self._voice = pick_voice(voices, language)
        log.info("speech voice %s (%s), %d wpm", self._voice.id, self._voice.name, self._rate)

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
        self._volume = check_volume(volume)

    def voices(self) -> list[VoiceInfo]:
        """List the installed espeak-ng voices."""
        return [VoiceInfo(vid, name, langs) for vid, name, langs in self._engine.voices()]

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
            with self._engine.lock:
                hit = self._cache.get(key)
                if hit is not None:
                    self._cache.move_to_end(key)
                    return hit
        try:
            samples = self._engine.synthesize(clean, *key[1:])
        except EspeakError as exc:
            raise SynthesisError(f"espeak-ng failed on {clean!r}: {exc}") from exc
        if len(samples) == 0:
            raise SynthesisError(f"espeak-ng produced no audio for {clean!r}")
        samples.flags.writeable = False  # shared through the cache
        pcm = Pcm(samples, ESPEAK_RATE)
        if cacheable:
            with self._engine.lock:
                self._cache[key] = pcm
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return pcm

    def prepare(self, texts: Sequence[str]) -> None:
        """Synthesize ``texts`` ahead, on a background thread, into the cache (the lines
        likely said next: their first sample then waits for no synthesis). Texts too long
        to be cached are skipped; failures are only logged (the line is synthesized again
        when said)."""
        todo = [t for t in texts if 0 < len(" ".join(t.split())) <= self._cache_max_chars]
        if not todo or self._cache_size == 0:
            return

        def work() -> None:
            for text in todo:
                try:
                    self.synthesize(text)
                except SynthesisError as exc:
                    log.debug("synthesis ahead failed: %s", exc)

        threading.Thread(target=work, name="ludivox-synth-ahead", daemon=True).start()

    def is_cached(self, text: str) -> bool:
        """True when ``text`` is ready in the cache at the current voice, rate and volume."""
        key = (" ".join(text.split()), self._voice.id, self._rate, self._volume)
        with self._engine.lock:
            return key in self._cache

    def clear_cache(self) -> None:
        """Forget cached audio."""
        with self._engine.lock:
            self._cache.clear()

    def close(self) -> None:
        """Drop the cache. espeak-ng itself stays loaded (it lives as long as the process)."""
        self.clear_cache()
