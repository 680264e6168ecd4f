"""Noises of a game table without the player speaking: ``python -m ludivox.asrbench.table_noise``.

Seven kinds, each made from a seed (same bytes on every run), 15 s of 16 kHz mono int16 over a
quiet room tone (-65 dBFS pink noise), written to ``audio_fixtures/noise/<kind>.wav`` with a
``manifest.json``. Synthetic stand-ins, not recordings (marked *provisional* in the
manifest): a voice detector must not start on any of them.

- ``knocks``: knuckles and pieces on a wooden table: damped low resonances (90-400 Hz) with
  a click, 20-200 ms long, single or double, every 0.4-2 s;
- ``cards``: riffle shuffles: bursts of 1-2 s of card flaps (broadband clicks, 25-60 a
  second), then a bridge (a soft whirr), every 3-5 s;
- ``dice``: dice thrown in a tray: bounces getting closer and softer, then a rattle;
- ``fan``: a fan switched on after 2 s: broadband rush, its motor hum and the blades' beat;
- ``music``: background music: chords and a melody of harmonic notes with a bass and a
  light beat (no singing);
- ``chatter``: distant table talk without the player: the babble of :mod:`noise` (several
  espeak-ng voices at once), quieter than a player at the microphone, each talker heard
  through a room of their own (:func:`~ludivox.asrbench.room.talker_ir`: direct-to-
  reverberant ratio ``CHATTER_DRR_DB``, reverberation time ``CHATTER_RT60_S``): a far
  talker in a room is mostly reverberation;
- ``chatter_dry``: the same babble without the rooms (the ``chatter`` fixture before it
  was reverberated, same bytes; kept so old and new figures compare).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from ludivox.asrbench import noise, room
from ludivox.asrbench.noise import Floats
from ludivox.voice.audio import RECOGNIZER_RATE, Pcm, pcm_to_wav

RATE = RECOGNIZER_RATE
SECONDS = 15.0
SEED = 2027
ROOM_DB = -65.0
DEFAULT_OUT = Path("audio_fixtures/noise")
KINDS = ("knocks", "cards", "dice", "fan", "music", "chatter", "chatter_dry")
CHATTER_DRR_DB = (-10.0, -4.0)
"""Direct-to-reverberant ratio of each distant talker, drawn in this range (dB): a talker
1-3 m away in a living room (reverberation time 0.4-0.6 s, about 50 m3, critical distance
about 0.5 m) is 6-15 dB under it; a player at 0.3-0.5 m is about 0 to +5 dB."""
CHATTER_RT60_S = (0.35, 0.6)
"""Reverberation time of the distant talkers' rooms (s), drawn in this range."""


def _db(level: float) -> float:
    """dBFS to int16 units (RMS)."""
    return float(32767.0 * 10.0 ** (level / 20.0))


def _add(bed: Floats, sound: Floats, at: int) -> None:
    end = min(len(bed), at + len(sound))
    if at < end:
        bed[at:end] += sound[: end - at]


def _knock(rng: np.random.Generator) -> Floats:
    length = float(rng.uniform(0.02, 0.2))
    n = round(length * RATE)
    t = np.arange(n) / RATE
    decay = np.exp(-t / (length / 4.0))
    tones = sum(float(rng.uniform(0.3, 1.0)) * np.sin(2 * math.pi * float(rng.uniform(90, 400))
                                                        * t + float(rng.uniform(0, 6.3)))
                for _ in range(3))
    click = np.zeros(n)
    click[: min(n, 40)] = rng.standard_normal(min(n, 40))
    return np.asarray((tones + 2.0 * click) * decay, dtype=np.float64)


def knocks(rng: np.random.Generator, n: int) -> Floats:
    """Knocks on the table (see the module docstring)."""
    bed = np.zeros(n)
    at = round(1.0 * RATE)
    while at < n:
        level = _db(float(rng.uniform(-30, -12)))
        for _ in range(1 + int(rng.random() < 0.4)):  # sometimes a double knock
            sound = _knock(rng)
            _add(bed, level * sound / max(1e-9, float(np.max(np.abs(sound)))), at)
            at += round(float(rng.uniform(0.12, 0.25)) * RATE)
        at += round(float(rng.uniform(0.4, 2.0)) * RATE)
    return bed


def cards(rng: np.random.Generator, n: int) -> Floats:
    """Riffle shuffles (see the module docstring)."""
    bed = np.zeros(n)
    at = round(1.0 * RATE)
    while at < n:
        burst = round(float(rng.uniform(1.0, 2.0)) * RATE)
        rate = float(rng.uniform(25, 60))
        level = _db(float(rng.uniform(-32, -20)))
        k = at
        while k < at + burst:
            flap = noise.band_limit(rng.standard_normal(64), 1500, 7500)
            flap *= np.exp(-np.arange(64) / 12.0)
            _add(bed, level * 3.0 * flap, k)
            k += max(1, round(RATE / rate * float(rng.uniform(0.6, 1.4))))
        whirr = round(0.6 * RATE)
        rush = noise.band_limit(rng.standard_normal(whirr), 800, 6000)
        _add(bed, 0.4 * level * rush * np.hanning(whirr), at + burst)
        at += burst + whirr + round(float(rng.uniform(1.5, 3.0)) * RATE)
    return bed


def dice(rng: np.random.Generator, n: int) -> Floats:
    """Dice thrown in a tray (see the module docstring)."""
    bed = np.zeros(n)
    at = round(1.0 * RATE)
    while at < n:
        level = _db(float(rng.uniform(-26, -16)))
        gap = float(rng.uniform(0.12, 0.2))
        k = at
        for bounce in range(int(rng.integers(5, 10))):
            for _ in range(int(rng.integers(1, 3))):  # two dice
                hit = noise.band_limit(rng.standard_normal(160), 1000, 7000)
                hit *= np.exp(-np.arange(160) / 25.0)
                _add(bed, level * 2.0 * 0.8 ** bounce * hit, k + int(rng.integers(0, 300)))
            k += round(gap * RATE)
            gap *= 0.75
        at = k + round(float(rng.uniform(2.0, 4.0)) * RATE)
    return bed


def fan(rng: np.random.Generator, n: int) -> Floats:
    """A fan switched on after 2 s (see the module docstring)."""
    t = np.arange(n) / RATE
    rush = noise.band_limit(rng.standard_normal(n), 60, 6000)
    rush /= math.sqrt(noise.power(rush))
    blades = 1.0 + 0.3 * np.sin(2 * math.pi * 24.0 * t)  # blade pass at 24 Hz
    hum = 0.5 * np.sin(2 * math.pi * 100.0 * t) + 0.2 * np.sin(2 * math.pi * 300.0 * t)
    on = np.clip((t - 2.0) / 1.5, 0.0, 1.0)  # spins up over 1.5 s
    return np.asarray(_db(-34.0) * on * (rush * blades + hum), dtype=np.float64)


def music(rng: np.random.Generator, n: int) -> Floats:
    """Background music without singing (see the module docstring)."""
    bed = np.zeros(n)
    beat = 0.5  # 120 bpm
    scale = [0, 2, 4, 5, 7, 9, 11, 12]
    chords = [(0, 4, 7), (5, 9, 12), (7, 11, 14), (9, 12, 16)]

    def note(freq: float, seconds: float, level: float, harmonics: int) -> Floats:
        m = round(seconds * RATE)
        tt = np.arange(m) / RATE
        env = np.minimum(1.0, tt / 0.01) * np.exp(-tt / (seconds * 0.6))
        wave = sum(np.sin(2 * math.pi * freq * h * tt) / h for h in range(1, harmonics + 1))
        return np.asarray(level * env * wave, dtype=np.float64)

    at, bar = round(0.8 * RATE), 0
    while at < n:
        chord = chords[bar % len(chords)]
        for semitone in chord:  # a held chord per bar
            _add(bed, note(220.0 * 2 ** (semitone / 12), 4 * beat, _db(-36), 4), at)
        _add(bed, note(110.0 * 2 ** (chord[0] / 12), 4 * beat, _db(-32), 3), at)  # bass
        for b in range(8):  # the melody in eighth notes
            step = scale[int(rng.integers(0, len(scale)))]
            _add(bed, note(440.0 * 2 ** (step / 12), beat / 2, _db(-30), 5),
                 at + round(b * beat / 2 * RATE))
        for b in range(4):  # hi-hat
            tick = noise.band_limit(rng.standard_normal(400), 6000, 7900)
            _add(bed, _db(-30) * tick * np.exp(-np.arange(400) / 60.0),
                 at + round(b * beat * RATE))
        at += round(4 * beat * RATE)
        bar += 1
    return bed


def _far(seed: int) -> Callable[[int, Floats], Floats]:
    """Each talker's voice through a far talker's room of their own (from ``seed``)."""
    def through(talker: int, voice: Floats) -> Floats:
        rng = np.random.default_rng([seed, talker])
        ir = room.talker_ir(rng, RATE, drr_db=float(rng.uniform(*CHATTER_DRR_DB)),
                            rt60_s=float(rng.uniform(*CHATTER_RT60_S)),
                            delay_s=float(rng.uniform(0.004, 0.010)))
        padded = np.concatenate([voice, np.zeros(len(ir))])  # the tail after the words
        return np.asarray(room.convolve(padded, ir), dtype=np.float64)
    return through


def chatter(rng: np.random.Generator, n: int) -> Floats:
    """Distant table talk, reverberated (see the module docstring)."""
    return _chatter(rng, n, reverberant=True)


def chatter_dry(rng: np.random.Generator, n: int) -> Floats:
    """The same table talk without the rooms (see the module docstring)."""
    return _chatter(rng, n, reverberant=False)


def _chatter(rng: np.random.Generator, n: int, *, reverberant: bool) -> Floats:
    from ludivox.asrbench.fixtures import speak

    seed = int(rng.integers(0, 2**31))
    babble = noise.chatter_noise(seed, n / RATE, speak,
                                 through=_far(seed) if reverberant else None)
    ramp = np.clip(np.arange(n) / RATE - 0.5, 0.0, 1.0)
    return np.asarray(_db(-36.0) * babble[:n] * ramp, dtype=np.float64)


MAKERS: dict[str, Callable[[np.random.Generator, int], Floats]] = {
    "knocks": knocks, "cards": cards, "dice": dice, "fan": fan, "music": music,
    "chatter": chatter, "chatter_dry": chatter_dry,
}
SEED_OF = {"chatter_dry": "chatter"}
"""A kind made from another kind's seed (the same babble)."""


def make(kind: str, seed: int = SEED, seconds: float = SECONDS) -> Floats:
    """``seconds`` of noise of ``kind`` over the room tone (int16 units, not clipped yet)."""
    index = KINDS.index(SEED_OF.get(kind, kind))
    rng = np.random.default_rng(seed + index)
    n = round(seconds * RATE)
    room = noise.room_noise(seed + 100 + index, seconds) * _db(ROOM_DB)
    return np.asarray(room + MAKERS[kind](rng, n), dtype=np.float64)


def to_pcm(samples: Floats) -> Pcm:
    """Rounded and clipped to int16."""
    return Pcm(np.clip(np.round(samples), -32768, 32767).astype(np.int16), RATE)


def generate(out: Path, kinds: Sequence[str] = KINDS) -> dict[str, object]:
    """Write ``<kind>.wav`` and ``manifest.json`` under ``out``; returns the manifest."""
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for kind in kinds:
        (out / f"{kind}.wav").write_bytes(pcm_to_wav(to_pcm(make(kind))))
        entries.append({"kind": kind, "path": f"{kind}.wav", "seconds": SECONDS})
    manifest: dict[str, object] = {
        "schema": "ludivox-noise-fixtures/1", "sample_rate": RATE, "seed": SEED,
        "command": "python -m ludivox.asrbench.table_noise",
        "note": "provisional: synthetic stand-ins for table noises, not recordings; no "
                "speech of the player anywhere (any speech start is a false start)",
        "fixtures": entries,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write the noise fixtures into ``--out``."""
    parser = argparse.ArgumentParser(prog="python -m ludivox.asrbench.table_noise",
                                     description="Generate the table-noise fixtures.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    generate(args.out)
    size = sum(p.stat().st_size for p in args.out.glob("*.wav"))
    print(f"{len(KINDS)} noise fixtures, {size / 1e6:.1f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
