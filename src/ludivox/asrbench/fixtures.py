"""Make the Kingsbridge audio fixtures: ``python -m ludivox.asrbench.fixtures [--out DIR]``.

Reproducible: the same espeak-ng gives the same bytes on every run (no clock, no unseeded
randomness). Design (sizes and counts in ``audio_fixtures/README.md``):

- every sentence of :mod:`ludivox.asrbench.corpus` is spoken clean in three renditions,
  each with a different voice (``roa/fr``, ``roa/fr-be``, ``roa/fr-ch``, ``roa/fr+m3``,
  ``roa/fr+f2`` in turn), rate (150, 175, 220 wpm) and pitch (35, 50, 70);
- its first rendition is also mixed with noise at 20, 10 and 5 dB SNR, the noise kind
  (table chatter or room noise) alternating so each kind has every level;
- 16 kHz mono int16, 0.2 s of silence before the words (0.5 s of noise in noisy files, so
  the endpointer can measure the room first, as a microphone left open does) and 0.7 s
  after (more than the endpointer's 0.65 s of trailing silence), speech peaking at -6 dBFS
  when clean.

Synthesis uses the espeak-ng program (the same engine and voices the assistant speaks with
through pyttsx3; the program gives access to pitch and voice variants).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ludivox.asrbench import corpus, noise, wordtimes
from ludivox.asrbench.manifest import (
    MANIFEST_NAME,
    Fixture,
    Manifest,
    ManifestError,
    Setup,
)
from ludivox.asrbench.manifest import load as load_manifest
from ludivox.voice.audio import RECOGNIZER_RATE, Pcm, Samples, pcm_to_wav, read_wav, resample

DEFAULT_OUT = Path("audio_fixtures/fr/kingsbridge")
SEED = 2026
VOICES = ("roa/fr", "roa/fr-be", "roa/fr-ch", "roa/fr+m3", "roa/fr+f2")
RATES = (150, 175, 220)
PITCHES = (35, 50, 70)
RENDITIONS = 3
SNRS = (20, 10, 5)
LEAD_S = 0.2
NOISY_EXTRA_LEAD_S = 0.3
TRAIL_S = 0.7
PEAK = 0.5 * 32767  # -6 dBFS
NOISE_BED_S = 20.0


class SynthesisFailed(RuntimeError):
    """espeak-ng is missing or failed."""


def espeak_version() -> str:
    """espeak-ng's version line (recorded in the manifest)."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        raise SynthesisFailed("espeak-ng is not installed (Debian: apt-get install espeak-ng)")
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, check=True)
    return out.stdout.split("Data at")[0].strip()


def speak(text: str, voice: str, rate: int, pitch: int) -> noise.Floats:
    """espeak-ng's audio of ``text`` at 16 kHz, as floats in int16 units."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        raise SynthesisFailed("espeak-ng is not installed (Debian: apt-get install espeak-ng)")
    done = subprocess.run(
        [exe, "-v", voice, "-s", str(rate), "-p", str(pitch), "--stdout", text],
        capture_output=True, check=False, timeout=60,
    )
    if done.returncode != 0 or not done.stdout:
        raise SynthesisFailed(f"espeak-ng failed on {text!r} ({voice}): "
                              f"{done.stderr.decode(errors='replace').strip()}")
    pcm = read_wav(done.stdout)
    return resample(pcm.samples, pcm.rate, RECOGNIZER_RATE).astype(np.float64)


def _trim_bounds(samples: noise.Floats, threshold: float = 60.0) -> tuple[int, int]:
    """First and last + 1 sample of ``samples`` above espeak-ng's own near-silence."""
    loud = np.flatnonzero(np.abs(samples) > threshold)
    if len(loud) == 0:
        return 0, len(samples)
    return int(loud[0]), int(loud[-1]) + 1


def _trim(samples: noise.Floats, threshold: float = 60.0) -> noise.Floats:
    """Drop espeak-ng's own leading and trailing near-silence."""
    first, end = _trim_bounds(samples, threshold)
    return samples[first:end]


def word_ends(text: str, rendition: Rendition, lead_s: float) -> tuple[tuple[str, float], ...]:
    """Each word of ``text`` as espeak-ng speaks it in ``rendition``, with the time (s) its
    sound ends in a fixture whose trimmed speech starts at ``lead_s``.

    From espeak-ng's WORD events (:mod:`ludivox.asrbench.wordtimes`), whose audio is checked
    to be the audio of :func:`speak` before the positions are used.
    """
    rate, samples, starts = wordtimes.library_audio(text, rendition.voice, rendition.rate,
                                                    rendition.pitch)
    own = speak(text, rendition.voice, rendition.rate, rendition.pitch)
    if not np.array_equal(resample(samples, rate, RECOGNIZER_RATE).astype(np.float64), own):
        raise SynthesisFailed(f"espeak-ng's library and program differ on {text!r}")
    first, _ = _trim_bounds(own)
    spans = wordtimes.word_spans([s for s, _ in starts], samples)
    return tuple(
        (word, round(lead_s + end / rate - first / RECOGNIZER_RATE, 4))
        for (_, word), (_, end) in zip(starts, spans, strict=True) if word
    )


@dataclass(frozen=True)
class Rendition:
    """How one clean file is spoken."""

    voice: str
    rate: int
    pitch: int

    @property
    def tag(self) -> str:
        """Short file-name tag: ``fr-be.s175.p50``."""
        voice = self.voice.removeprefix("roa/").replace("+", "_")
        return f"{voice}.s{self.rate}.p{self.pitch}"


def renditions(index: int) -> list[Rendition]:
    """The clean renditions of sentence number ``index`` (voices, rates, pitches rotate)."""
    return [
        Rendition(
            VOICES[(RENDITIONS * index + r) % len(VOICES)],
            RATES[(index + r) % len(RATES)],
            PITCHES[(index + 2 * r) % len(PITCHES)],
        )
        for r in range(RENDITIONS)
    ]


def noise_kind(index: int, level: int) -> str:
    """The noise kind of sentence ``index`` at SNR number ``level`` (alternating)."""
    return noise.NOISE_KINDS[(index + level) % len(noise.NOISE_KINDS)]


def _mixed(padded: noise.Floats, bed: noise.Floats, snr: float, span: tuple[int, int],
           rng: np.random.Generator, seed: list[int]) -> noise.Floats:
    """``padded`` mixed with a segment of ``bed`` at ``snr`` over ``span``. A segment that is
    a lull over the span (nearly no talk there) gets a huge gain to reach the SNR, and the
    rest of it is then far louder than the speech: the mix would be scaled down to fit (a
    command 20-45 dB quieter than the others behind a loud burst, as seven chatter fixtures
    were); such a segment is drawn again from ``seed`` (the generator's own random sequence
    is untouched: every other fixture stays the same)."""
    segment = noise.noise_segment(bed, len(padded), rng)
    mixed, scale = noise.mix(padded, segment, snr, span)
    again = np.random.default_rng(seed)
    while scale < 1.0:
        segment = noise.noise_segment(bed, len(padded), again)
        mixed, scale = noise.mix(padded, segment, snr, span)
    return mixed


def _to_int16(samples: noise.Floats) -> Samples:
    return np.clip(np.round(samples), -32768, 32767).astype(np.int16)


def _write(path: Path, samples: noise.Floats) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pcm_to_wav(Pcm(_to_int16(samples), RECOGNIZER_RATE)))


def _setup(sentence: corpus.Sentence) -> Setup:
    return Setup(game=corpus.GAME, players=corpus.PLAYERS, position=sentence.position,
                 script=sentence.script)


def _human_entries(out: Path) -> list[Fixture]:
    """Human recordings already listed in ``out``'s manifest (kept on regeneration)."""
    if not (out / MANIFEST_NAME).is_file():
        return []
    try:
        old = load_manifest(out)
    except ManifestError as exc:
        raise SystemExit(f"cannot keep the human recordings of {out}: {exc}") from exc
    return [f for f in old.fixtures if f.source.get("kind") == "human"]


def generate(out: Path, sentences: Sequence[corpus.Sentence] = corpus.SENTENCES,
             *, noisy: bool = True, log: bool = False) -> Manifest:
    """Write the WAVs and ``manifest.json`` under ``out``; returns the manifest.

    Files of earlier runs under ``clean/`` and ``noisy/`` that are no longer produced are
    removed; human recordings (``human/`` and their manifest entries) are kept.
    """
    out.mkdir(parents=True, exist_ok=True)
    humans = _human_entries(out)
    beds = {
        "chatter": noise.chatter_noise(SEED, NOISE_BED_S, speak),
        "room": noise.room_noise(SEED + 1, NOISE_BED_S),
    } if noisy else {}
    rng = np.random.default_rng(SEED)
    fixtures: list[Fixture] = []
    written: set[Path] = set()
    numbers = {s.id: i for i, s in enumerate(corpus.SENTENCES)}
    for position, sentence in enumerate(sentences):
        # a sentence of the corpus is always spoken alike, even when generated alone
        index = numbers.get(sentence.id, position)
        for r, rendition in enumerate(renditions(index)):
            speech = _trim(speak(sentence.text, rendition.voice, rendition.rate,
                                 rendition.pitch))
            speech *= PEAK / float(np.max(np.abs(speech)))
            lead = round(LEAD_S * RECOGNIZER_RATE)
            clean = np.concatenate([np.zeros(lead), speech,
                                    np.zeros(round(TRAIL_S * RECOGNIZER_RATE))])
            span = (lead, lead + len(speech))
            timing = {"start": round(span[0] / RECOGNIZER_RATE, 4),
                      "end": round(span[1] / RECOGNIZER_RATE, 4)}
            source = {"kind": "espeak-ng", "voice": rendition.voice, "rate": rendition.rate,
                      "pitch": rendition.pitch}
            words = word_ends(sentence.text, rendition, LEAD_S)
            clean_rel = f"clean/{sentence.id}.{rendition.tag}.wav"
            _write(out / clean_rel, clean)
            written.add(out / clean_rel)
            fixtures.append(Fixture(
                f"{sentence.id}.{rendition.tag}", clean_rel, sentence.text, sentence.category,
                source, {"kind": "none"}, _setup(sentence), sentence.expect.to_json(), timing,
                words,
            ))
            if r != 0 or not noisy:
                continue
            # the room is heard before the words: the endpointer measures it first
            extra = round(NOISY_EXTRA_LEAD_S * RECOGNIZER_RATE)
            padded = np.concatenate([np.zeros(extra), clean])
            noisy_span = (span[0] + extra, span[1] + extra)
            noisy_timing = {"start": round(noisy_span[0] / RECOGNIZER_RATE, 4),
                            "end": round(noisy_span[1] / RECOGNIZER_RATE, 4)}
            for level, snr in enumerate(SNRS):
                kind = noise_kind(index, level)
                mixed = _mixed(padded, beds[kind], float(snr), noisy_span, rng,
                               [SEED, index, level])
                rel = f"noisy/{sentence.id}.{kind}.{snr}db.wav"
                _write(out / rel, mixed)
                written.add(out / rel)
                fixtures.append(Fixture(
                    f"{sentence.id}.{kind}.{snr}db", rel, sentence.text, sentence.category,
                    source, {"kind": kind, "snr_db": snr, "clean": clean_rel},
                    _setup(sentence), sentence.expect.to_json(), noisy_timing,
                    tuple((w, round(end + NOISY_EXTRA_LEAD_S, 4)) for w, end in words),
                ))
        if log:
            print(f"{sentence.id}", file=sys.stderr, flush=True)
    for folder in ("clean", "noisy"):
        for stale in sorted((out / folder).glob("*.wav")):
            if stale not in written:
                stale.unlink()
    manifest = Manifest(
        folder=out, language="fr", game=corpus.GAME,
        positions=dict(corpus.POSITIONS),
        fixtures=fixtures + humans,
        generator={
            "command": "python -m ludivox.asrbench.fixtures",
            "seed": SEED, "espeak_ng": espeak_version(),
            "voices": list(VOICES), "rates": list(RATES), "pitches": list(PITCHES),
            "snr_db": list(SNRS), "lead_s": LEAD_S,
            "noisy_lead_s": LEAD_S + NOISY_EXTRA_LEAD_S, "trail_s": TRAIL_S,
            "positions_note": "provisional: positions invented for the fixtures",
        },
    )
    manifest.write()
    return manifest


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: generate the fixtures into ``--out``."""
    parser = argparse.ArgumentParser(
        prog="python -m ludivox.asrbench.fixtures",
        description="Generate the French Kingsbridge audio fixtures with espeak-ng.",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"output folder (default: {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    try:
        manifest = generate(args.out, log=True)
    except SynthesisFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    total = sum((args.out / f.path).stat().st_size for f in manifest.fixtures)
    print(f"{len(manifest.fixtures)} fixtures, {total / 1e6:.1f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
