"""When the player's voice really stops in a fixture: the last sound of its clean recording.

The latency a player feels runs from the moment they stop speaking. The endpointer only
knows its detector's guess of that moment (its last loud frame), which comes early when a
final consonant is lost in noise (« cinq » at 5 dB: 108 ms early) and late when a room's
echo goes on after the voice; timed from the guess, the first looks slower than it is and
the second faster. A fixture knows the truth: the last 5 ms of its clean recording above
``LEVEL_DBFS`` (synthesized speech is digital silence between and after words), moved to
the noisy file's time by the two files' speech starts. Human recordings have no clean
source: ``None``, and the figures keep the detector's guess.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import numpy as np

from ludivox.asrbench.manifest import Fixture, Manifest
from ludivox.voice.audio import read_wav

LEVEL_DBFS = -55.0
"""A 5 ms frame at or above this level (dB full scale) is still voice."""
FRAME_S = 0.005


@lru_cache(maxsize=256)
def last_sound_s(path: Path) -> float | None:
    """The end (s) of the last frame of ``path`` at or above :data:`LEVEL_DBFS`."""
    pcm = read_wav(path)
    step = max(1, round(pcm.rate * FRAME_S))
    samples = np.asarray(pcm.samples, dtype=np.float64)
    frames = len(samples) // step
    if frames == 0:
        return None
    power = np.mean(samples[:frames * step].reshape(frames, step) ** 2, axis=1)
    loud = np.flatnonzero(power >= (10 ** (LEVEL_DBFS / 20) * 32768) ** 2)
    return float((loud[-1] + 1) * step / pcm.rate) if len(loud) else None


def voice_end_s(manifest: Manifest, fixture: Fixture) -> float | None:
    """When the voice of ``fixture`` stops, in its own file's time (None: not known)."""
    if fixture.source.get("kind") == "human" or not fixture.speech:
        return None
    clean_path = fixture.noise.get("clean")
    if not clean_path:  # a clean recording itself
        return last_sound_s(manifest.wav(fixture))
    clean = next((f for f in manifest.fixtures if f.path == clean_path), None)
    if clean is None or not clean.speech:
        return None
    end = last_sound_s(manifest.folder / str(clean_path))
    if end is None:
        return None
    shift = fixture.speech["start"] - clean.speech["start"]
    return end + shift if math.isfinite(shift) else None


__all__ = ["FRAME_S", "LEVEL_DBFS", "last_sound_s", "voice_end_s"]
