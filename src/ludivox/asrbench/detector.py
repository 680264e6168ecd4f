"""How well an endpointer finds speech: false starts on noise, clipped or missed onsets.

- **false starts**: speech starts found in a noise fixture (``audio_fixtures/noise``: no
  player speaks there), per minute of noise;
- **clipped onset**: on a speech fixture with known timings, the audio handed to the
  recognizer (the pre-roll before the detected start) begins after the first word did;
- **missed**: no speech found at all in a speech fixture; **split**: found as several
  utterances;
- **CPU**: processor time of the endpointer (with its detector) per second of audio.
- **session**: the same, but as a hands-free game goes: one stream where each speech
  fixture is followed by a few seconds of one noise (the kinds in turn), never reset, so
  what the endpointer learns from the player (their level) is at work on the noise and on
  the next command.

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


def _replay_heard(endpointer: Endpointer, audio: bytes,
                  spans: Sequence[tuple[str, float, float, Fixture | None]]) -> Pass:
    """:func:`replay`, telling the endpointer each utterance that starts in a speech span
    (``spans``: kind, from, to, fixture or None) was the player's, when it ends."""
    said = [(begin, end) for _, begin, end, fixture in spans if fixture is not None]
    endpointer.reset()
    starts: list[float] = []
    ends = 0
    begun = 0.0
    start = time.thread_time()
    for i in range(0, len(audio), CHUNK_BYTES):
        for event in endpointer.feed(audio[i:i + CHUNK_BYTES]):
            if isinstance(event, SpeechStart):
                starts.append(event.t)
                begun = event.t
            elif isinstance(event, SpeechEnd):
                ends += 1
                if any(begin - 0.3 <= begun < end for begin, end in said):
                    endpointer.heard_player(command=True)
    ends += sum(isinstance(e, SpeechEnd) for e in endpointer.flush())
    cpu = time.thread_time() - start
    return Pass(tuple(starts), ends, len(audio) / 2 / RECOGNIZER_RATE, cpu)


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


@dataclass(frozen=True)
class SessionFigures:
    """False starts per noise kind and onsets of the player, over one long stream."""

    noise: tuple[NoiseFigures, ...]
    speech: SpeechFigures


def measure_session(make: Callable[[], Endpointer], manifest: Manifest,
                    fixtures: Sequence[Fixture], noise: Sequence[tuple[str, Path]],
                    gap_s: float = 5.0, pre_roll_s: float = 0.3,
                    heard: bool = True) -> SessionFigures:
    """One stream: each speech fixture, then ``gap_s`` of a noise fixture (kinds in turn,
    slices starting 1 s further into each noise at every round, after its first 2 s where
    some are only ramping up; digital silence when ``noise`` is empty), fed to one
    endpointer that is never reset. ``heard``: the listener's part is played too: an
    utterance that starts in a speech fixture is the player's, a whole command
    (:meth:`~ludivox.voice.endpoint.Endpointer.heard_player`), one that starts in a noise
    is not (as if the recognizer always heard the player's words and never the table's)."""
    said = [f for f in fixtures if f.speech is not None]
    sounds = [(kind, _pcm_bytes(path)) for kind, path in noise]
    gap = 2 * round(gap_s * RECOGNIZER_RATE)
    second = 2 * RECOGNIZER_RATE  # bytes
    skip, step = 2 * second, second
    parts: list[bytes] = []
    spans: list[tuple[str, float, float, Fixture | None]] = []  # kind or "", from, to
    at = 0
    for i, fixture in enumerate(said):
        audio = _pcm_bytes(manifest.wav(fixture))
        spans.append(("", at / 2 / RECOGNIZER_RATE, (at + len(audio)) / 2 / RECOGNIZER_RATE,
                      fixture))
        parts.append(audio)
        at += len(audio)
        if sounds:
            kind, bed = sounds[i % len(sounds)]
            room = max(1, (len(bed) - skip - gap) // step + 1)
            offset = skip + step * ((i // len(sounds)) % room)
            piece = bed[offset:offset + gap]
        else:
            kind, piece = "silence", bytes(gap)
        spans.append((kind, at / 2 / RECOGNIZER_RATE, (at + len(piece)) / 2 / RECOGNIZER_RATE,
                      None))
        parts.append(piece)
        at += len(piece)
    endpointer = make()
    run = _replay_heard(endpointer, b"".join(parts), spans if heard else [])
    seconds: dict[str, float] = {}
    false_starts: dict[str, int] = {}
    clipped = missed = split = 0
    for kind, begin, end, said_here in spans:
        starts = [t for t in run.starts if begin <= t < end]
        if said_here is None:
            seconds[kind] = seconds.get(kind, 0.0) + end - begin
            false_starts[kind] = false_starts.get(kind, 0) + len(starts)
            continue
        assert said_here.speech is not None
        if not starts:
            missed += 1
            continue
        clipped += onset_clipped(starts[0] - begin, pre_roll_s, said_here.speech["start"],
                                 endpointer.frame_s)
        split += len(starts) > 1
    noise_figs = tuple(NoiseFigures(kind, false_starts[kind], seconds[kind] / 60.0)
                       for kind in dict.fromkeys(k for k, _, _, _ in spans if k))
    return SessionFigures(noise_figs, SpeechFigures(len(said), clipped, missed, split))


__all__ = ["DetectorFigures", "NoiseFigures", "Pass", "SessionFigures", "SpeechFigures",
           "measure", "measure_session", "noise_fixtures", "onset_clipped", "replay"]
