"""Echo cancellation: the assistant's own voice taken out of the microphone's audio.

On a loudspeaker the microphone hears Ludivox itself. With the signal it actually played
(the *reference*, kept by the audio output in a :class:`ReferenceBuffer`), an adaptive
filter estimates the echo and subtracts it; what is left is the room and the player, so
the microphone can stay open while Ludivox speaks (barge-in).

- :class:`EchoCanceller` is the protocol: ``process(mic, reference) -> clean`` on 16 kHz
  mono int16 bytes of the same length.
- :class:`SpeexEchoCanceller` (:mod:`ludivox.voice.speex_aec`) is speexdsp's MDF
  canceller plus its residual echo suppressor, loaded from Debian's ``libspeexdsp1``
  through ctypes (no build step). It was chosen over PulseAudio's ``module-echo-cancel``
  (WebRTC) by measurement on the simulated room (seed 2, 20 s of speech, echo at -22
  dBFS): speexdsp takes 30-40 dB of echo off once it has learnt the room
  (``benchmarks/barge_in.py``); the WebRTC module, loaded between two null sinks and fed
  in real time, gave -45..-48 dBFS out, but -38..-43 dBFS with no reference at all: its
  other processing (noise suppression, gain control) lowers any sound, the player's voice
  included, by 17-20 dB, and its echo cancellation proper added only 5-9 dB. In-process
  speexdsp also sees the exact reference, runs offline for tests and benchmarks, and
  changes nothing in the user's sound server.
- :class:`EchoPath` joins the two sides at run time: for each microphone block it takes
  the reference played at the same moment (the output's DAC time against the input's
  capture time), a little earlier so that the echo always lags it, and cleans the block.
  Once converged it is guarded (:mod:`ludivox.voice.echo_guard`) and watched for an echo
  that moved without a flag (:mod:`ludivox.voice.echo_watch`), which it follows by
  moving the reference.
- :func:`open_canceller` returns None (with the reason in the log) when the library is
  missing: the caller then keeps the microphone closed while speaking (half-duplex).
"""

from __future__ import annotations

import logging
from collections import deque

import numpy as np

from ludivox.voice.audio import RECOGNIZER_RATE, Samples
from ludivox.voice.echo_guard import EchoGuard
from ludivox.voice.echo_watch import PathWatch
from ludivox.voice.echotrace import echo_trace, trace_block
from ludivox.voice.reference import (
    ReferenceBuffer,
    echo_follow,
    echo_lag,
    wait_written,
)
from ludivox.voice.speex_aec import (
    FILTER_MS,
    FRAME_SAMPLES,
    EchoCanceller,
    EchoCancellerUnavailable,
    SpeexEchoCanceller,
)

log = logging.getLogger(__name__)

REFERENCE_LEAD_S = 0.02
"""The reference is taken this much earlier than the microphone block it cleans, so that
the echo always comes after its reference. Small: through a PulseAudio null sink the
monitor hears a block about 40 ms after our callback wrote it, so a longer lead would ask
for samples not written yet."""
ALIGN_LAG_S = 0.08
"""The echo's lag behind the reference aimed at when the reference is moved: reading it
this far back leaves the output's callback room to be late (at 20 ms, the lead, a 256-frame
output under load was often not written yet when the microphone asked for it, and each
jump back made the canceller learn again), and the 500 ms filter still covers 420 ms of
the room's reverberation."""
LAG_RANGE_S = (0.04, 0.4)
"""The echo's lag behind the reference that the filter covers well and that leaves the
output room to be late: outside it, the reference is moved (to :data:`ALIGN_LAG_S`).
Measured lags wander by +-15 ms through PulseAudio here; moving for less would make the
canceller start over for nothing."""

_CLOCK_BLOCKS = 200
"""Blocks over which a stream's clock is taken (their earliest time): 2-6 s of audio."""
_LAG_SEARCH_S = 1.0
"""How far either way the echo is looked for."""
_RESYNC_S = 0.25
"""The reference is read sample after sample (a seamless signal for the filter) and set
back on the clocks only when they disagree with it by more than this (a stall, lost
blocks): the clocks themselves wander by tens of milliseconds, and every jump of the
reference makes the canceller learn again (its cancellation fell to a few dB each time
with 30 ms here)."""


class EchoPath:
    """Cleans microphone blocks with the reference played at the same moment (live, from a
    :class:`ReferenceBuffer`; offline, given).

    ``converged`` becomes True once the canceller has taken at least ``converged_db`` off
    the echo in each of ``windows`` seconds of the assistant's speech in a row: until then
    (the first sentences) the caller should keep the microphone closed while speaking, as
    without a canceller. One good second is not enough: in the simulated rooms speexdsp
    still let bursts of echo through for several seconds after its first one (3 and 5
    good seconds still let one self-trigger through; 8 gave none, converging after 23-28 s
    of speech).

    Live, the two streams are lined up by their clocks (each block's reported time, the
    median of the recent ones), then by the echo
    itself: the devices' reported latencies can be off by tens of milliseconds (44 ms
    through PulseAudio here), and an output that runs dry under load without saying so
    (PulseAudio plays silence that is not in the reference; a flagged one is put in the
    reference, :meth:`ReferenceBuffer.mark_gap`) moves the echo later, so every 3 s of speech the
    path cross-correlates what the microphone heard with the reference and, when the echo
    is not within :data:`LAG_RANGE_S` behind it, moves the reference and learns again
    (half-duplex meanwhile).
    """

    def __init__(self, canceller: EchoCanceller, *, lead: float = REFERENCE_LEAD_S,
                 converged_db: float = 30.0, windows: int = 8) -> None:
        self.canceller = canceller
        self.lead = lead
        self.converged_db = converged_db
        self.windows = windows
        self.converged = False
        self._good = 0  # good seconds in a row
        self._mic_energy = 0.0
        self._out_energy = 0.0
        self._counted = 0.0  # seconds of loud reference in the current measure
        self.shift = lead
        """Seconds the reference is read before the microphone's (clock) time."""
        self._heard = 0  # microphone samples so far
        self._origins: deque[float] = deque(maxlen=_CLOCK_BLOCKS)
        self._mics: list[Samples] = []
        self._refs: list[Samples] = []
        self._cursor: float | None = None  # where in the reference the next block reads
        self._lost = 0  # windows in a row where the echo was not found
        self._last_written, self._ref_rate = 0, 1
        self._trace = echo_trace()
        self._gaps: int | None = None  # the reference's gaps seen so far
        rate = canceller.sample_rate
        self.guard = EchoGuard(rate, round(LAG_RANGE_S[1] * rate))
        """The leak guard and its recheck (:mod:`ludivox.voice.echo_guard`)."""
        self.watch = PathWatch(rate)
        """The echo moved without a flag (:mod:`ludivox.voice.echo_watch`)."""
        self._moved_in_recheck = False  # the reference followed the echo in this recheck
        self.moves: list[int] = []
        """Samples the reference was moved by after a move of the echo was found."""

    def clean(self, audio: bytes, reference: ReferenceBuffer, heard_to: float) -> bytes:
        """The block ``audio`` whose last sample was heard at about ``heard_to`` (monotonic
        seconds), with the echo of what ``reference`` played taken out."""
        count = len(audio) // 2
        rate = self.canceller.sample_rate
        self._heard += count
        self._origins.append(heard_to - self._heard / rate)
        start = float(np.median(self._origins)) + (self._heard - count) / rate
        if self._gaps is not None and reference.gaps != self._gaps:
            self.suspect()  # the output ran dry: the echo may have moved
        self._gaps = reference.gaps
        wanted = reference.index_at(start - self.shift)
        step = count * reference.sample_rate / rate
        if wanted is not None and (self._cursor is None or
                                   abs(self._cursor - wanted) > _RESYNC_S * reference.sample_rate):
            if self._cursor is not None:
                self.distrust(f"reference set back on the clocks "
                              f"({1000 * (wanted - self._cursor) / reference.sample_rate:+.0f} ms)")
            # (re)start reading where the clocks say, never past what was written
            self._cursor = min(wanted, reference.written - step)
        if self._cursor is not None and not wait_written(reference, self._cursor + step):
            # samples still not played: the last move was wrong, go back (and read what
            # was written, so the next block does not wait again)
            self.distrust("reference ahead of the output: back to the clocks")
            self.shift = self.lead
            self._cursor = reference.written - step
        if self._cursor is None:
            ref = np.zeros(count, dtype=np.int16)
        else:
            ref = reference.read_from(self._cursor, count, rate)
            self._last_written, self._ref_rate = reference.written, reference.sample_rate
            self._cursor += step
        out = self.canceller.process(audio, ref.astype("<i2").tobytes())
        self._judge(audio, ref, out)
        self._follow_move(count)
        if self._trace is not None:
            trace_block(self._trace, audio, ref, out, heard_to=heard_to, shift=self.shift,
                        behind=(self._last_written - (self._cursor or 0)) / self._ref_rate,
                        off=0.0 if wanted is None or self._cursor is None else
                        (self._cursor - wanted) / self._ref_rate, converged=self.converged)
        self._align(audio, ref)  # always: an output that ran dry moves the echo
        return out

    def _align(self, audio: bytes, ref: Samples) -> None:
        """Collect 3 s of the assistant's speech, find the echo's lag behind the reference
        and, when it is outside :data:`LAG_RANGE_S`, read the reference that much later or
        earlier."""
        if (not ref.any() and not self._refs) or len(self._origins) < _CLOCK_BLOCKS // 2:
            return  # nothing played, or the clocks not settled yet
        self._mics.append(np.frombuffer(audio, dtype="<i2"))
        self._refs.append(ref)
        rate = self.canceller.sample_rate
        if sum(len(r) for r in self._refs) < 3 * rate:
            return
        mic = np.concatenate(self._mics).astype(np.float64)
        played = np.concatenate(self._refs).astype(np.float64)
        self._mics, self._refs = [], []
        lag = echo_lag(mic, played, round(_LAG_SEARCH_S * rate))
        if self._trace is not None:
            self._trace.write("lag", lag_ms="none" if lag is None else f"{1000 * lag / rate:.1f}",
                              shift_ms=1000 * self.shift)
        log.debug("echo lag %s samples; reading %.0f ms before the output's last sample", lag,
                  1000 * (self._last_written - (self._cursor or 0)) / self._ref_rate)
        if lag is None:
            self._lost += 1
            if self._lost >= 3 and self.shift != self.lead:  # a wrong move: start over
                self.shift, self._cursor, self._lost = self.lead, None, 0
            return
        self._lost = 0
        low, high = LAG_RANGE_S
        error = lag / rate - ALIGN_LAG_S
        if not low <= lag / rate <= high:
            self.shift += error
            self._cursor = None
            log.info("echo reference moved by %+.0f ms (echo %.0f ms behind it)",
                     1000 * error, 1000 * lag / rate)
            self.reset()

    def _follow_move(self, count: int) -> None:
        """During a recheck, while the canceller is thrown off (:meth:`PathWatch.diverged`),
        find how far the echo moved (:meth:`PathWatch.steady_move`) and read the reference
        that much earlier: the room learnt serves again, and the
        recheck starts over from there."""
        recent = getattr(self.canceller, "recent", None)
        if not self.guard.suspected or recent is None or self._cursor is None:
            return
        heard, estimate = recent()
        lag = self.watch.steady_move(heard, estimate, count)
        if lag is None:
            return
        rate = self.canceller.sample_rate
        self._cursor -= lag * self._ref_rate / rate
        self.shift += lag / rate
        self._mics, self._refs = [], []
        self.moves.append(lag)
        self._moved_in_recheck = True
        log.info("the echo moved by %+.1f ms: reference moved with it", 1000 * lag / rate)
        if self._trace is not None:
            self._trace.write("moved", lag=lag)
        self.guard.clear()
        self.guard.suspect(self.converged)

    def skip(self, samples: int) -> None:
        """``samples`` of microphone audio were dropped unheard (a drained queue): keep the
        reference in step with the microphone."""
        self._heard += samples
        if self._cursor is not None:
            self._cursor += samples * self._ref_rate / self.canceller.sample_rate

    def feed(self, audio: bytes, reference: Samples) -> bytes:
        """Offline: clean ``audio`` against the given reference (same length)."""
        out = self.canceller.process(audio, reference.astype("<i2").tobytes())
        self._judge(audio, reference, out)
        return out

    def _judge(self, audio: bytes, ref: Samples, out: bytes) -> None:
        """Learning: the dB removed; converged: the guard's window and its recheck."""
        mic = np.frombuffer(audio, dtype="<i2")
        clean = np.frombuffer(out, dtype="<i2")
        self.guard.keep(mic, clean, ref)
        if not self.guard.suspected:
            self._moved_in_recheck = False
        if not self.converged:
            self._measure(audio, ref, out)
            return
        recent = getattr(self.canceller, "recent", None)
        if (not self.guard.suspected and recent is not None
                and self.watch.diverged(*recent())):
            if self._trace is not None:
                self._trace.write("diverged", likeness=self.watch.likeness)
            log.debug("echo canceller thrown off (error against estimate %.2f)",
                      self.watch.likeness)
            self.suspect()
        elif self.guard.suspected:
            verdict = self.guard.recheck(mic, ref, clean)
            if self._trace is not None:
                self._trace.write("recheck", share=self.guard.last_share or -1.0,
                                  done=int(not self.guard.suspected))
            if verdict is not None:
                median, share = verdict
                self.distrust(f"its own voice still heard ({median:.0f} dB removed, "
                              f"echo share {share:.2f})")

    def _measure(self, audio: bytes, ref: Samples, out: bytes) -> None:
        ref_f = ref.astype(np.float64)
        if len(ref_f) == 0 or float(np.mean(ref_f ** 2)) < 32768.0 ** 2 * 1e-5:
            return  # the assistant is (nearly) silent: nothing to learn from
        mic = np.frombuffer(audio, dtype="<i2").astype(np.float64)
        clean = np.frombuffer(out, dtype="<i2").astype(np.float64)
        self._mic_energy += float(np.sum(mic ** 2))
        self._out_energy += float(np.sum(clean ** 2))
        self._counted += len(mic) / self.canceller.sample_rate
        if self._counted >= 1.0:
            ratio = self._mic_energy / max(self._out_energy, 1.0)
            removed = 10 * np.log10(max(ratio, 1e-12))
            log.debug("echo canceller: %.1f dB of echo removed over the last second", removed)
            if self._trace is not None:
                self._trace.write("second", removed=float(removed), good=self._good)
            good = removed >= self.converged_db
            self._good = self._good + 1 if good else 0
            if self._good >= self.windows:
                self.converged = True
                log.info("echo canceller converged")
            self._mic_energy = self._out_energy = self._counted = 0.0

    def leak(self) -> float:
        """How closely the cleaned audio of the last 0.6 s follows what was played (0: not
        at all; 1: it is the assistant's voice): the assistant's own echo getting through a
        canceller thrown off, not a player (0 when it was silent)."""
        return self.guard.leak()

    def leaking(self) -> bool:
        """True when a speech start heard now is the assistant's own echo: the caller drops
        it. The next second of the assistant's speech tells a passing leak (the 256-frame
        output let 0.3 s through at one place of a sentence, the same in every run, then
        60-100 dB were removed again) from a canceller thrown off (then :meth:`distrust`);
        meanwhile a start is dropped unless what is left clearly is not the echo (the
        player talking over it: see :mod:`ludivox.voice.echo_guard`), told by the
        canceller's error against its estimate (:meth:`PathWatch.talked_over`), except in
        a recheck where the reference followed a move of the echo (the filter then settles
        again, and its residual echo is about as orthogonal to its estimate as a player's
        voice: room 3, two leaks 1.1-1.6 s after the move), where only the echo share
        tells."""
        over: bool | None = False
        recent = getattr(self.canceller, "recent", None)
        if self.guard.suspected and recent is not None and not self._moved_in_recheck:
            over = self.watch.talked_over(*recent())
        return self.guard.leaking(self.converged, talked_over=over)

    def suspect(self) -> None:
        """The echo may have moved (the output ran dry, a leak was heard): starts are
        suspect until a second of the assistant's speech has been rechecked."""
        self.guard.suspect(self.converged)

    def distrust(self, reason: str) -> None:
        """The echo no longer lines up with the reference as it did (the output ran dry,
        the reference moved, the echo still heard): not converged, so half-duplex, until it
        has again removed ``converged_db`` for ``windows`` seconds. What it learnt is kept.
        Live, an underflow took it from 40-70 dB removed to 0-5 dB for seconds, and the
        detector took that leak for the player."""
        if self._trace is not None:
            self._trace.write("distrust", reason=reason.replace(" ", "_"),
                              converged=int(self.converged))
        if self.converged:
            log.info("echo canceller not trusted until it has learnt again: %s", reason)
        self.converged = False
        self.guard.clear()
        self._good = 0
        self._mic_energy = self._out_energy = self._counted = 0.0

    def reset(self) -> None:
        """Forget the echo path (and converge again); the alignment is kept."""
        self.canceller.reset()
        self.converged = False
        self._good = 0
        self._mic_energy = self._out_energy = self._counted = 0.0


def open_canceller(sample_rate: int = RECOGNIZER_RATE) -> SpeexEchoCanceller | None:
    """The echo canceller, or None when it cannot run here (the reason is logged)."""
    try:
        return SpeexEchoCanceller(sample_rate)
    except EchoCancellerUnavailable as exc:
        log.warning("no echo cancellation, half-duplex on a loudspeaker: %s", exc)
        return None


__all__ = [
    "FILTER_MS",
    "FRAME_SAMPLES",
    "EchoCanceller",
    "EchoCancellerUnavailable",
    "EchoPath",
    "ReferenceBuffer",
    "SpeexEchoCanceller",
    "echo_follow",
    "echo_lag",
    "open_canceller",
]
