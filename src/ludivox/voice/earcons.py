"""Short synthesized tones ("earcons") that cue the table's state without words.

Each one is computed with numpy (no sound files) and differs from the others in pitch
contour and rhythm, so they stay distinguishable at any speech rate:

- ``your_turn``: two rising notes;
- ``refused``: a low falling buzz;
- ``column_finished``: a three-note rising arpeggio;
- ``listening``: one short rising sweep (the microphone opens);
- ``listening_stopped``: a quick falling sweep, a little lower (the microphone closes; 50 ms,
  as it comes just before the answer to a push-to-talk command and delays it by its length).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
from numpy.typing import NDArray

from ludivox.voice.audio import Pcm, as_samples

EARCON_RATE = 22050
"""Same rate as synthesized speech, so the sink needs no resampling."""

_AMPLITUDE = 0.35 * 32767
_FADE_S = 0.006

Signal = NDArray[np.float64]

CLOSING_SECONDS = 0.05
"""Length of ``listening_stopped`` (was 0.13 s: the answer waited for it)."""


def _envelope(n: int, rate: int) -> Signal:
    fade = min(n // 2, max(1, round(_FADE_S * rate)))
    env = np.ones(n)
    ramp = np.linspace(0.0, 1.0, fade)
    env[:fade] = ramp
    env[n - fade :] = ramp[::-1]
    return env


def _sweep(f0: float, f1: float, seconds: float, rate: int, harmonics: int = 1) -> Signal:
    """A tone whose pitch glides linearly from ``f0`` to ``f1`` Hz."""
    n = max(1, round(seconds * rate))
    freq = np.linspace(f0, f1, n)
    phase = 2 * np.pi * np.cumsum(freq) / rate
    wave: Signal = np.zeros(n)
    for k in range(1, harmonics + 1):
        wave += np.sin(k * phase) / k
    peak = float(np.max(np.abs(wave))) or 1.0
    result: Signal = wave / peak * _envelope(n, rate)
    return result


def _note(freq: float, seconds: float, rate: int) -> Signal:
    return _sweep(freq, freq, seconds, rate)


def _gap(seconds: float, rate: int) -> Signal:
    return np.zeros(round(seconds * rate))


def _your_turn(rate: int) -> Signal:
    return np.concatenate([_note(660, 0.09, rate), _gap(0.04, rate), _note(880, 0.12, rate)])


def _refused(rate: int) -> Signal:
    return _sweep(311, 196, 0.28, rate, harmonics=5)


def _column_finished(rate: int) -> Signal:
    notes = [_note(f, 0.08, rate) for f in (523.25, 659.25, 783.99)]
    gap = _gap(0.02, rate)
    return np.concatenate([notes[0], gap, notes[1], gap, notes[2], _note(1046.5, 0.16, rate)])


def _listening(rate: int) -> Signal:
    return _sweep(900, 1500, 0.11, rate)


def _listening_stopped(rate: int) -> Signal:
    return _sweep(1300, 700, CLOSING_SECONDS, rate)


_MAKERS: dict[str, Callable[[int], Signal]] = {
    "your_turn": _your_turn,
    "refused": _refused,
    "column_finished": _column_finished,
    "listening": _listening,
    "listening_stopped": _listening_stopped,
}

EARCON_NAMES: tuple[str, ...] = tuple(_MAKERS)


@cache
def earcon(name: str, rate: int = EARCON_RATE) -> Pcm:
    """Return the earcon ``name`` as mono int16 PCM; unknown names raise ``KeyError``."""
    maker = _MAKERS.get(name)
    if maker is None:
        raise KeyError(f"unknown earcon {name!r}; known: {', '.join(EARCON_NAMES)}")
    if rate < 8000:
        raise ValueError(f"earcon sample rate too low: {rate}")
    samples = as_samples(maker(rate) * _AMPLITUDE)
    samples.flags.writeable = False  # shared through the cache
    return Pcm(samples, rate)
