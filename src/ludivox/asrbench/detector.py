"""How well an endpointer finds speech: false starts on noise, clipped or missed onsets.

- **false starts**: speech starts found in a noise fixture (``audio_fixtures/noise``: no
  player speaks there), per minute of noise;
- **clipped onset**: on a speech fixture with known timings, the audio handed to the
  recognizer (the pre-roll before the detected start) begins after the first word did;
- **missed**: no speech found at all in a speech fixture; **split**: found as several
  utterances;
- **CPU**: processor time of the endpointer (with its detector) per second of audio.

Pure measurement over WAVs; the chunks are 30 ms, as the microphone delivers them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ludivox.asrbench.manifest import Fixture, Manifest
from ludivox.voice.audio import RECOGNIZER_RATE, read_wav
from ludivox.voice.endpoint import Endpointer, EndpointEvent, SpeechEnd, SpeechStart

CHUNK_BYTES = 2 * RECOGNIZER_RATE * 30 // 1000
NOISE_DIR = Path(__file__).resolve().parents[3] / "audio_fixtures" / "noise"


@dataclass(frozen=True)
class Pass:
    """One WAV through an endpointer: when speech started, how many utterances, CPU."""

    starts: tuple[float, ...]
    utterances: int
    audio_s: float
    cpu_s: float


def replay(endpointer: Endpointer, audio: bytes) -> Pass:
    """Feed ``audio`` (int16 mono at 16 kHz) in 30 ms chunks, then flush."""
    endpointer.reset()
    events: list[EndpointEvent] = []
    start = time.thread_time()
    for i in range(0, len(audio), CHUNK_BYTES):
        events += endpointer.feed(audio[i:i + CHUNK_BYTES])
    events += endpointer.flush()
    cpu = time.thread_time() - start
    starts = tuple(e.t for e in events if isinstance(e, SpeechStart))
    ends = sum(isinstance(e, SpeechEnd) for e in events)
    return Pass(starts, ends, len(audio) / 2 / RECOGNIZER_RATE, cpu)


def noise_fixtures(folder: Path = NOISE_DIR) -> list[tuple[str, Path]]:
    """(kind, WAV) of each noise fixture listed in ``folder/manifest.json``."""
    data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return [(str(e["kind"]), folder / str(e["path"])) for e in data["fixtures"]]


@dataclass(frozen=True)
class NoiseFigures:
    """False starts on one noise fixture."""

    kind: str
    false_starts: int
    minutes: float

    @property
    def per_minute(self) -> float:
        """False starts per minute of noise."""
        return self.false_starts / self.minutes if self.minutes else 0.0


@dataclass(frozen=True)
class SpeechFigures:
    """Onsets over speech fixtures."""

    count: int
    clipped: int
    missed: int
    split: int


@dataclass(frozen=True)
class DetectorFigures:
    """Everything measured for one endpointer set-up."""

    noise: tuple[NoiseFigures, ...]
    speech: SpeechFigures
    cpu_per_audio_s: float


def _pcm_bytes(path: Path) -> bytes:
    return read_wav(path).samples.astype("<i2").tobytes()


def onset_clipped(first_start: float, pre_roll_s: float, speech_start: float,
                  frame_s: float) -> bool:
    """True when the audio handed on (from ``pre_roll_s`` before the detected start) begins
    later than the first word, give or take one frame."""
    return first_start - pre_roll_s > speech_start + frame_s


def measure(make: Callable[[], Endpointer], manifest: Manifest, fixtures: Sequence[Fixture],
            noise: Sequence[tuple[str, Path]], pre_roll_s: float = 0.3) -> DetectorFigures:
    """Run noise and speech fixtures through endpointers made by ``make``."""
    endpointer = make()
    cpu = audio = 0.0
    noise_figs: list[NoiseFigures] = []
    for kind, path in noise:
        run = replay(endpointer, _pcm_bytes(path))
        cpu, audio = cpu + run.cpu_s, audio + run.audio_s
        noise_figs.append(NoiseFigures(kind, len(run.starts), run.audio_s / 60.0))
    clipped = missed = split = count = 0
    for fixture in fixtures:
        if fixture.speech is None:
            continue
        run = replay(endpointer, _pcm_bytes(manifest.wav(fixture)))
        cpu, audio = cpu + run.cpu_s, audio + run.audio_s
        count += 1
        if not run.starts:
            missed += 1
            continue
        clipped += onset_clipped(run.starts[0], pre_roll_s, fixture.speech["start"],
                                 endpointer.frame_s)
        split += run.utterances > 1
    return DetectorFigures(tuple(noise_figs), SpeechFigures(count, clipped, missed, split),
                           cpu / audio if audio else 0.0)


__all__ = ["DetectorFigures", "NoiseFigures", "Pass", "SpeechFigures", "measure",
           "noise_fixtures", "onset_clipped", "replay"]
