"""What the audio output actually played, with when it reached the device: the echo
canceller's reference (:mod:`ludivox.voice.echo`)."""

from __future__ import annotations

import threading
import time
from collections import deque

import numpy as np
from numpy.typing import NDArray

from ludivox.voice.audio import RECOGNIZER_RATE, Samples

_CLOCK_BLOCKS = 200
"""Blocks over which a stream's clock is taken (their median time): 2-6 s of audio."""
_SINC_HALF = 16
"""Half the taps of the reference's resampling filter."""
RETIME_LEAST_S = 0.0005
"""A flagged gap whose first block sounds less than this off the clock is not re-timed:
the DAC times of a steady output wander by 0.04-0.5 ms here (std, 22 050 and 16 000 Hz)."""
RETIME_MOST_S = 0.5
"""...nor one more than this off (a stalled or new stream: the clocks resync instead)."""
_SETTLED = 20
"""Blocks the clock must have seen before a gap is re-timed by it."""


class ReferenceBuffer:
    """What the audio output actually played, with when it reached the device.

    The output's audio callback :meth:`write`s every block it hands to the device (speech,
    earcons and the silence between them) with the block's DAC time; the microphone side
    :meth:`read`s the samples that sounded over a span of ``time.monotonic()`` time. Keeps
    the last ``seconds``; samples never written read as silence. Thread-safe.

    When the device ran dry (:meth:`mark_gap`), the next block's DAC time says how long it
    played silence, and that silence is put in: the reference is again what sounded,
    sample for sample, and the echo canceller's learnt room serves on.
    """

    def __init__(self, sample_rate: int = RECOGNIZER_RATE, seconds: float = 4.0) -> None:
        self.sample_rate = sample_rate
        self._ring = np.zeros(max(1, round(seconds * sample_rate)), dtype=np.int16)
        self._written = 0  # samples written since the start
        # when sample 0 sounded, as each recent block said it (their median: callback
        # jitter and the stream's first stalled blocks do not move the clock)
        self._origins: deque[float] = deque(maxlen=_CLOCK_BLOCKS)
        self._lock = threading.Lock()
        self.gaps = 0
        """Times the device ran dry (see :meth:`mark_gap`)."""
        self.retimed: list[int] = []
        """Samples of silence put in at each re-timed gap."""
        self._timed_gap = False  # re-time by the next block's DAC time

    def write(self, block: Samples, dac_time: float) -> None:
        """The output callback played ``block``; its first sample sounds at ``dac_time``."""
        size = len(self._ring)
        with self._lock:
            if self._timed_gap:
                self._timed_gap = False
                self._retime(dac_time)
            index = self._written
            self._put(block[-size:])
            self._origins.append(dac_time - index / self.sample_rate)

    def mark_gap(self, *, timed: bool = True) -> None:
        """The device ran dry: what sounds next is not where these samples' times say.
        ``timed``: the next block's DAC time tells by how much (PortAudio's, through
        PulseAudio here: a late callback of 0.1 s moved the sound by +27.0 ms and the next
        block's DAC time said +26.8 to +27.7; one of 0.03 s, -8.9 ms and -9.1 to -9.3:
        the server dropped what was buffered), and the silence is put in (:meth:`_retime`)."""
        with self._lock:
            self.gaps += 1
            self._timed_gap = timed

    def _retime(self, dac_time: float) -> None:
        """Put in the silence the device played before the block due at ``dac_time``, so
        the clock holds for it. Under the lock. Samples the device dropped (the block due
        earlier) are left in: the echo path reads the reference up to the output's last
        block, so it has often read them already, and taking them out then gave more
        self-triggers (simulated rooms 2, 3, 6, 12 and 23 ms dropped: 5 runs of 12, 2
        before) than leaving the echo watch to follow (:mod:`ludivox.voice.echo_watch`)."""
        if len(self._origins) < _SETTLED:
            return
        off = dac_time - self._written / self.sample_rate - float(np.median(self._origins))
        if not RETIME_LEAST_S <= off <= RETIME_MOST_S:
            return
        samples = round(off * self.sample_rate)
        self._put(np.zeros(min(samples, len(self._ring)), dtype=np.int16))
        self.retimed.append(samples)

    def _put(self, block: Samples) -> None:
        size = len(self._ring)
        pos = self._written % size
        first = min(len(block), size - pos)
        self._ring[pos:pos + first] = block[:first]
        self._ring[:len(block) - first] = block[first:]
        self._written += len(block)

    @property
    def written(self) -> int:
        """Samples written so far."""
        with self._lock:
            return self._written

    def index_at(self, when: float) -> float | None:
        """The index of the sample that sounded at ``when`` (None before anything played)."""
        with self._lock:
            if not self._origins:
                return None
            return (when - float(np.median(self._origins))) * self.sample_rate

    def read(self, start: float, count: int, rate: int | None = None) -> Samples:
        """``count`` samples at ``rate`` (default: the buffer's) played from ``start``
        (monotonic seconds) on; resampled through a low-pass when the rates differ."""
        first = self.index_at(start)
        if first is None:
            return np.zeros(count, dtype=np.int16)
        return self.read_from(first, count, rate)

    def read_from(self, first: float, count: int, rate: int | None = None) -> Samples:
        """``count`` samples at ``rate`` from sample index ``first`` (of this buffer's
        rate) on: a reader that keeps its own position reads a seamless signal."""
        rate = rate or self.sample_rate
        if rate == self.sample_rate:
            return self._raw(round(first), count)
        ratio = self.sample_rate / rate
        half = _SINC_HALF
        base = int(np.floor(first)) - half
        span = int(np.ceil(count * ratio)) + 2 * half + 2
        raw = self._raw(base, span).astype(np.float64)
        # band-limited interpolation: a windowed sinc around each output instant, cut at
        # 90 % of the lower Nyquist (a time-invariant filter, as the sound server's
        # resampler is: the canceller can model it)
        at = (first - base) + np.arange(count) * ratio
        left = np.floor(at).astype(np.int64)
        taps = left[:, None] + np.arange(-half + 1, half + 1)[None, :]
        offset = at[:, None] - taps
        cutoff = 0.45 * min(rate, self.sample_rate) / self.sample_rate
        weights = 2 * cutoff * np.sinc(2 * cutoff * offset) * (
            0.5 + 0.5 * np.cos(np.pi * offset / (half + 1)))
        values = np.sum(raw[np.clip(taps, 0, span - 1)] * weights, axis=1)
        resampled: Samples = np.clip(np.round(values), -32768, 32767).astype(np.int16)
        return resampled

    def _raw(self, first: int, count: int) -> Samples:
        out = np.zeros(count, dtype=np.int16)
        size = len(self._ring)
        with self._lock:
            lo = max(first, self._written - size, 0)
            hi = min(first + count, self._written)
            if hi > lo:
                out[lo - first:hi - first] = self._ring[np.arange(lo, hi) % size]
        return out


def wait_written(reference: ReferenceBuffer, end: float, timeout: float = 0.1) -> bool:
    """Wait until the output has written up to sample ``end`` (its callbacks come in
    bursts: the microphone can be a block ahead for a moment); False if it did not."""
    deadline = time.monotonic() + timeout
    while reference.written < end:
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.003)
    return True


def echo_lag(mic: NDArray[np.float64], played: NDArray[np.float64],
             most: int) -> int | None:
    """Samples by which ``played``'s echo in ``mic`` comes after it (negative: before),
    within ``most``; None when the echo cannot be told apart (too weak a correlation)."""
    lag, strength = echo_follow(mic, played, most)
    return lag if strength > 0.2 else None


def echo_follow(mic: NDArray[np.float64], played: NDArray[np.float64],
                most: int) -> tuple[int, float]:
    """The lag (as :func:`echo_lag`) at which ``mic`` follows ``played`` best, and how
    closely (0: no likeness; 1: ``mic`` is ``played`` delayed)."""
    if not played.any() or not mic.any():
        return 0, 0.0
    n = len(mic) + len(played)
    size = 1 << (n - 1).bit_length()
    xcorr = np.fft.irfft(np.fft.rfft(mic, size) * np.conj(np.fft.rfft(played, size)), size)
    lags = np.concatenate([xcorr[:most + 1], xcorr[-most:]])
    best = int(np.argmax(np.abs(lags)))
    lag = best if best <= most else best - len(lags)
    strength = abs(lags[best]) / np.sqrt(np.sum(mic ** 2) * np.sum(played ** 2))
    return lag, float(strength)


__all__ = ["ReferenceBuffer", "echo_follow", "echo_lag", "wait_written"]
