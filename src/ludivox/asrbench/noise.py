"""Noise for the fixtures, made from a seed, and mixing at a chosen signal-to-noise ratio.

Two kinds of noise:

- ``chatter``: table chatter (babble): several espeak-ng voices saying unrelated French
  sentences at once, overlapped at random offsets, band-limited to 150-3800 Hz like distant
  voices heard through a cheap microphone;
- ``room``: pink plus brown noise (fans, traffic, reverberant room) and a little mains hum
  (50 Hz and two harmonics).

SNR definition used everywhere (generator, manifest, tests): the mean power of the clean
speech over its speech span (the synthesized utterance, without the added silences) divided
by the mean power of the added noise over the same span, in dB.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ludivox.voice.audio import RECOGNIZER_RATE

Floats = NDArray[np.float64]

NOISE_KINDS = ("chatter", "room")

CHATTER_SENTENCES = (
    "tu as vu le match hier soir",
    "il faudra racheter du pain demain matin",
    "ma sœur arrive dimanche avec les enfants",
    "on devrait partir en vacances à la montagne",
    "le voisin a encore garé sa voiture devant chez nous",
    "je crois qu'il va pleuvoir cet après-midi",
    "tu me passes l'eau s'il te plaît",
    "c'était vraiment bon ce gratin",
)
"""Unrelated sentences for the babble (never Kingsbridge words)."""

CHATTER_VOICES = ("roa/fr", "roa/fr+f2", "roa/fr-be+m3", "roa/fr-ch+f4", "roa/fr+m7")

SpeechSource = Callable[[str, str, int, int], Floats]
"""(text, voice, rate wpm, pitch) -> float samples at 16 kHz (int16 units)."""


def band_limit(signal: Floats, low_hz: float, high_hz: float,
               rate: int = RECOGNIZER_RATE) -> Floats:
    """Keep only the frequencies between ``low_hz`` and ``high_hz`` (FFT mask)."""
    spectrum = np.fft.rfft(signal)
    freqs = np.fft.rfftfreq(len(signal), 1.0 / rate)
    spectrum[(freqs < low_hz) | (freqs > high_hz)] = 0.0
    return np.fft.irfft(spectrum, len(signal))


def _coloured(rng: np.random.Generator, n: int, exponent: float, rate: int) -> Floats:
    """Gaussian noise whose power falls as 1/f**exponent (1: pink, 2: brown), unit RMS."""
    white = rng.standard_normal(n)
    spectrum = np.fft.rfft(white)
    freqs = np.fft.rfftfreq(n, 1.0 / rate)
    freqs[0] = freqs[1] if n > 1 else 1.0
    spectrum *= freqs ** (-exponent / 2.0)
    spectrum[freqs < 20.0] = 0.0  # no DC or sub-audio rumble
    out = np.fft.irfft(spectrum, n)
    return _unit(out)


def _unit(signal: Floats) -> Floats:
    rms = math.sqrt(float(np.mean(np.square(signal)))) if len(signal) else 0.0
    return signal / rms if rms > 0 else signal


def room_noise(seed: int, seconds: float, rate: int = RECOGNIZER_RATE) -> Floats:
    """Pink + brown noise and a little 50 Hz hum, unit RMS, from ``seed``."""
    rng = np.random.default_rng(seed)
    n = round(seconds * rate)
    t = np.arange(n) / rate
    pink = _coloured(rng, n, 1.0, rate)
    brown = _coloured(rng, n, 2.0, rate)
    phase = rng.uniform(0, 2 * math.pi, 3)
    hum = sum(
        amp * np.sin(2 * math.pi * f * t + p)
        for f, amp, p in zip((50.0, 100.0, 150.0), (0.25, 0.12, 0.06), phase, strict=True)
    )
    return _unit(pink + 0.6 * brown + hum)


def chatter_noise(seed: int, seconds: float, speak: SpeechSource,
                  rate: int = RECOGNIZER_RATE,
                  through: Callable[[int, Floats], Floats] | None = None) -> Floats:
    """Babble: the chatter sentences by several voices, overlapped, band-limited; unit RMS.

    The voices start at random offsets (from ``seed``) and go round the bed (it wraps), so
    three or four people talk at any moment. ``through``: each talker's voice (talker
    number, samples) passes through it before the mix (a room between them and the
    microphone); the random draws are the same with or without it.
    """
    rng = np.random.default_rng(seed)
    n = round(seconds * rate)
    bed = np.zeros(n)
    order = rng.permutation(len(CHATTER_SENTENCES))
    for k, index in enumerate(order):
        voice = CHATTER_VOICES[k % len(CHATTER_VOICES)]
        wpm = int(rng.integers(150, 211))
        pitch = int(rng.integers(30, 71))
        speech = _unit(speak(CHATTER_SENTENCES[index], voice, wpm, pitch))
        if through is not None:
            speech = _unit(through(k, speech))
        gain = float(rng.uniform(0.5, 1.0))  # some talkers are further away
        start = int(rng.integers(0, n))
        positions = (start + np.arange(len(speech))) % n
        np.add.at(bed, positions, gain * speech)
    return _unit(band_limit(bed, 150.0, 3800.0, rate))


def power(signal: Floats) -> float:
    """Mean power of ``signal``."""
    return float(np.mean(np.square(signal))) if len(signal) else 0.0


def snr_db(speech: Floats, noise: Floats) -> float:
    """10·log10(power(speech) / power(noise)) over arrays of the same span."""
    return 10.0 * math.log10(power(speech) / power(noise))


def noise_segment(noise: Floats, length: int, rng: np.random.Generator) -> Floats:
    """``length`` samples of ``noise`` from a random offset (wrapping round)."""
    start = int(rng.integers(0, len(noise)))
    return noise[(start + np.arange(length)) % len(noise)]


def mix(clean: Floats, noise: Floats, snr: float, span: tuple[int, int],
        peak: float = 32000.0) -> tuple[Floats, float]:
    """``clean`` plus ``noise`` scaled to ``snr`` dB over ``span`` (start, end samples).

    Returns the mix and the factor applied to the whole mix to keep it under ``peak``
    (1.0 when no scaling was needed; scaling both parts keeps the SNR).
    """
    if len(noise) != len(clean):
        raise ValueError("noise and clean speech must have the same length")
    start, end = span
    p_speech = power(clean[start:end])
    p_noise = power(noise[start:end])
    if p_speech <= 0 or p_noise <= 0:
        raise ValueError("speech and noise must both have power over the span")
    gain = math.sqrt(p_speech / (p_noise * 10.0 ** (snr / 10.0)))
    mixed = clean + gain * noise
    top = float(np.max(np.abs(mixed)))
    scale = min(1.0, peak / top) if top > 0 else 1.0
    return mixed * scale, scale


__all__ = [
    "CHATTER_SENTENCES",
    "NOISE_KINDS",
    "band_limit",
    "chatter_noise",
    "mix",
    "noise_segment",
    "power",
    "room_noise",
    "snr_db",
]
