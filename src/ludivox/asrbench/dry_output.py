"""Barge-in on the simulated room through the live echo path, with an output that runs dry.

:func:`~ludivox.asrbench.barge_in.listen_through` hands the canceller the reference already
lined up with the microphone. Live, the two are lined up by the streams' clocks
(:meth:`~ludivox.voice.echo.EchoPath.clean` against a
:class:`~ludivox.voice.reference.ReferenceBuffer`), and when the audio output runs dry
(its callback late on a loaded machine) the device plays silence that is not in the
reference: from then on the echo comes later than the reference says. Measured live
(``LUDIVOX_ECHO_TRACE``): the canceller went from 40-70 dB of echo removed to 0-5 dB for
several seconds, and the detector took that leak for the player (a self-trigger).

:func:`listen_live` plays that: the output writes 256-sample blocks with their device times
a little ahead of the microphone, as the callback does; at each ``dry`` moment it reports
an underflow (:meth:`ReferenceBuffer.mark_gap`, as :class:`SoundDeviceSink` does) and the
room hears that much silence before the rest (a negative length: the device dropped that
much of what it had been given, as PulseAudio did here after a short late callback). The
block after it is written with the time it sounds at, as PortAudio's DAC time says it
(``misjudged``: that time off by so much, as it was by up to 0.7 ms here).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ludivox.asrbench.barge_in import BLOCK, BargeInRun, own_echo
from ludivox.asrbench.room import Mix, Room, room_mix
from ludivox.voice.audio import RECOGNIZER_RATE, Samples
from ludivox.voice.echo import EchoPath, SpeexEchoCanceller
from ludivox.voice.endpoint import Endpointer, SpeechStart
from ludivox.voice.reference import ReferenceBuffer

OUTPUT_FRAMES = 256
"""Samples per output block (the output stream's callback)."""
AHEAD_S = 0.06
"""How far ahead of the microphone the output has written (its device buffer)."""
START = 1000.0
"""The monotonic time the simulation starts at."""


def played_with_gaps(reference: Samples, dry: Sequence[tuple[float, float]]) -> Samples:
    """What the device played: ``reference`` with ``seconds`` of silence before sample
    ``at * rate`` for each ``(at, seconds)`` in ``dry`` (negative: that much of the
    reference just before it dropped)."""
    parts: list[Samples] = []
    last = 0
    for at, seconds in sorted(dry):
        cut = _block_start(at)
        length = round(seconds * RECOGNIZER_RATE)
        parts += [reference[last:cut + min(length, 0)], np.zeros(max(length, 0), np.int16)]
        last = cut
    parts.append(reference[last:])
    return np.concatenate(parts)


def _block_start(at: float) -> int:
    return round(at * RECOGNIZER_RATE) // OUTPUT_FRAMES * OUTPUT_FRAMES


def listen_live(room: Room, reference: Samples, dry: Sequence[tuple[float, float]] = (),
                player: Samples | None = None, *, player_db: float = 0.0,
                player_at: float = 0.0, flagged: bool = True,
                misjudged: float = 0.0) -> tuple[Mix, BargeInRun]:
    """The assistant plays ``reference`` in ``room`` (the output running dry at each
    ``dry`` moment, seconds into ``reference``), the player may say ``player``
    ``player_at`` seconds into what the room hears; the microphone's blocks go through
    the live echo path and, once it has converged, the endpointer. Times in the run are
    seconds into what the room hears. ``flagged=False``: the output does not report its
    underflows (PortAudio through PulseAudio flagged one of five 150-450 ms stalls here);
    ``misjudged``: the time given with the first block after each gap is off by so much."""
    played = played_with_gaps(reference, dry)
    mix = room_mix(room, played, player, player_db=player_db, player_at=player_at)
    buffer = ReferenceBuffer(RECOGNIZER_RATE, seconds=8.0)
    gaps = {_block_start(at): round(seconds * RECOGNIZER_RATE) for at, seconds in dry}
    echo = EchoPath(SpeexEchoCanceller())
    detector = Endpointer()
    run = BargeInRun()
    written = 0  # reference samples handed to the device
    sounded = 0  # samples the device has played by then (silences included)
    mic = mix.mic
    duplex = False
    for first in range(0, len(mic) - BLOCK + 1, BLOCK):
        heard_to = START + (first + BLOCK) / RECOGNIZER_RATE
        while START + sounded / RECOGNIZER_RATE < heard_to + AHEAD_S:
            off = 0.0
            if written in gaps:
                if flagged:
                    buffer.mark_gap()
                sounded += gaps.pop(written)
                off = misjudged
            block = reference[written:written + OUTPUT_FRAMES]
            if len(block) < OUTPUT_FRAMES:
                block = np.concatenate([block, np.zeros(OUTPUT_FRAMES - len(block),
                                                        np.int16)])
            buffer.write(block, START + sounded / RECOGNIZER_RATE + off)
            written += OUTPUT_FRAMES
            sounded += OUTPUT_FRAMES
        clean = echo.clean(mic[first:first + BLOCK].astype("<i2").tobytes(), buffer,
                           heard_to)
        at = (first + BLOCK) / RECOGNIZER_RATE
        if not echo.converged:
            duplex = False  # half-duplex: the recognizer hears nothing while it speaks
            continue
        if not duplex:
            if run.converged_at is None:
                run.converged_at = at
            else:
                run.relearnt.append(at)
            detector.reset()
            duplex = True
        run.duplex_s += BLOCK / RECOGNIZER_RATE
        for event in detector.feed(clean):
            if isinstance(event, SpeechStart) and not own_echo(echo, detector):
                run.starts.append(at)
    run.moves = list(echo.moves)
    return mix, run


__all__ = ["OUTPUT_FRAMES", "listen_live", "played_with_gaps"]
