"""Barge-in on the simulated room, offline: what live listening does, block by block.

The assistant's speech (espeak-ng) is played in a :mod:`~ludivox.asrbench.room`; the
microphone's 30 ms blocks go through the echo canceller with the reference that was played,
then, as in :class:`~ludivox.shell.microphone.LiveListening`, to the endpointer only once
the canceller has converged (half-duplex until then). A speech start while the assistant
speaks is a barge-in: with the player's command mixed in it should come at the command
(and cut the speech), without it it is a self-trigger.

Used by the tests (``tests/voice/test_barge_in.py``) and ``benchmarks/barge_in.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from ludivox.asrbench.room import Mix, Room, room_mix
from ludivox.voice.audio import RECOGNIZER_RATE, Samples, resample
from ludivox.voice.echo import EchoPath, SpeexEchoCanceller
from ludivox.voice.endpoint import Endpointer, SpeechStart
from ludivox.voice.tts import Synthesizer

BLOCK = RECOGNIZER_RATE * 30 // 1000
"""Samples per microphone block (30 ms, as :mod:`ludivox.voice.microphone`)."""


def speech_16k(synth: Synthesizer, texts: Iterable[str], gap_s: float = 0.25) -> Samples:
    """The assistant saying ``texts`` one after the other, at the microphone's rate."""
    parts: list[Samples] = []
    for text in texts:
        pcm = synth.synthesize(text)
        parts += [resample(pcm.samples, pcm.rate, RECOGNIZER_RATE),
                  np.zeros(round(gap_s * RECOGNIZER_RATE), dtype=np.int16)]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int16)


@dataclass
class BargeInRun:
    """What happened: speech starts found (seconds into the mix) and when the canceller
    converged (None: never, the microphone stayed closed while the assistant spoke)."""

    starts: list[float] = field(default_factory=list)
    converged_at: float | None = None
    clean: Samples | None = None
    relearnt: list[float] = field(default_factory=list)
    """When the microphone opened again while it spoke, after the canceller had stopped
    being trusted (:meth:`~ludivox.voice.echo.EchoPath.distrust`)."""
    duplex_s: float = 0.0
    """Seconds during which the microphone was open (live path only)."""
    moves: list[int] = field(default_factory=list)
    """Samples the reference was moved by to follow an echo that moved (live path only)."""


def listen_through(mix: Mix, reference: Samples, *, echo: EchoPath | None = None,
                   endpointer: Callable[[], Endpointer] = Endpointer,
                   keep_clean: bool = False) -> BargeInRun:
    """Run ``mix.mic`` through the canceller (``reference`` is what was played, aligned
    with the mix) and the endpointer, block by block (see the module docstring)."""
    echo = echo or EchoPath(SpeexEchoCanceller())
    detector = endpointer()
    run = BargeInRun()
    mic = mix.mic
    ref = np.zeros(len(mic), dtype=np.int16)
    ref[: min(len(reference), len(mic))] = reference[: len(mic)]
    cleaned: list[bytes] = []
    for first in range(0, len(mic) - BLOCK + 1, BLOCK):
        block = echo.feed(mic[first:first + BLOCK].astype("<i2").tobytes(),
                          ref[first:first + BLOCK])
        if keep_clean:
            cleaned.append(block)
        if not echo.converged:
            continue
        if run.converged_at is None:
            run.converged_at = (first + BLOCK) / RECOGNIZER_RATE
            detector.reset()
        for event in detector.feed(block):
            if isinstance(event, SpeechStart) and not own_echo(echo, detector):
                run.starts.append((first + BLOCK) / RECOGNIZER_RATE)
    if keep_clean:
        run.clean = np.frombuffer(b"".join(cleaned), dtype="<i2")
    return run


def own_echo(echo: EchoPath, detector: Endpointer) -> bool:
    """As live listening does: a speech start that is the assistant's own echo leaking
    through (:meth:`EchoPath.leaking`) is dropped."""
    if not echo.leaking():
        return False
    detector.reset()
    return True


def barge_in(room: Room, speech: Samples, command: Samples, *, player_db: float,
             command_at: float, warm: Samples | None = None) -> tuple[Mix, BargeInRun]:
    """The assistant says ``speech`` (after ``warm``, its earlier sentences, which the
    canceller learns from), and the player says ``command`` ``command_at`` seconds into
    ``speech`` at ``player_db`` relative to the echo. Times in the run are from the start
    of the mix, warm-up included (``mix.player_start`` and ``mix.player_end`` too)."""
    reference = speech if warm is None else np.concatenate([warm, speech])
    shift = 0.0 if warm is None else len(warm) / RECOGNIZER_RATE
    mix = room_mix(room, reference, command, player_db=player_db,
                   player_at=shift + command_at)
    return mix, listen_through(mix, reference)


__all__ = ["BLOCK", "BargeInRun", "barge_in", "listen_through", "own_echo", "speech_16k"]
