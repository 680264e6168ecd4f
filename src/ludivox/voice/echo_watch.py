"""Watching a converged echo canceller for an echo that moved without any flag.

Real outputs shift the echo without telling (clock drift, a resampler, a Bluetooth sink, a
late callback PortAudio does not report): 1 ms is enough to throw speexdsp off (0-3 dB
removed), and the leak (the end of a word and its reverberation) made a speech start
0.11 s after the shift in 10 of 12 simulated runs. :class:`PathWatch` watches what the
canceller itself predicts: its echo estimate (the microphone minus its output, before the
residual suppressor), the echo as the filter learnt it.

- :meth:`PathWatch.diverged`, every block (three dot products): a filter that fits leaves
  an error orthogonal to its estimate (what it cannot explain, the player's voice, is
  unrelated to the echo); a filter thrown off leaves the echo minus a misplaced copy of
  it, strongly against the estimate. Error against estimate under
  :data:`DIVERGED_LIKENESS` while under :data:`DIVERGED_DB` is removed: the echo moved.
  (speexdsp itself correlates its error with its estimate to set how fast it adapts;
  WebRTC's AEC3 calls its filter diverged when the error is louder than the microphone,
  which here comes later than the leak.) This fires 0.05-0.08 s after the shift, before
  the leak's speech start, and the guard's recheck (:mod:`ludivox.voice.echo_guard`)
  starts; during a recheck the same measure over 0.3 s tells the player's voice over a
  working canceller from a leak (:meth:`PathWatch.talked_over`).
- :meth:`PathWatch.moved`, while a recheck is under way (one FFT correlation per block):
  the microphone follows the estimate at lag ``d`` once the echo has moved by ``d``
  samples (the room is the same, only later or earlier); found twice in a row, the
  reference is read ``d`` samples earlier and the learnt room serves again (AEC3 likewise
  keeps estimating the echo's delay and re-aligns its render buffer when it changes).
"""

from __future__ import annotations

import numpy as np

from ludivox.voice.audio import Samples
from ludivox.voice.echotrace import level_db

DIVERGED_LIKENESS = -0.3
"""The canceller's error against its estimate (normalised correlation over the last 30 ms)
under this: the filter is thrown off. Simulated rooms 1-6, unflagged moves of 1 and 12 ms:
-0.4 to -0.8 from the second or third block after the move (room 7 of the bench's speech:
-0.34 and -0.39 before its leak's start); the same rooms working, with the player's chut,
stop or a command at 0/-10/-20 dB or none (46,500 blocks): 6 blocks under -0.3 in 5 runs
of 66 (one chut at -0.42 elsewhere). Such a false alarm only starts a recheck, in which the
player's words are still heard (:meth:`PathWatch.talked_over`)."""
DIVERGED_DB = 6.0
"""...and less than this removed (before the suppressor) over those 30 ms."""
DIVERGED_S = 0.03
"""The audio judged by :meth:`PathWatch.diverged` (one microphone block)."""
TALKED_OVER_LIKENESS = -0.15
"""A speech start during a recheck is the player talking over a canceller that works when
its error against its estimate over the last :data:`TALKED_OVER_S` is above this..."""
TALKED_OVER_BLOCK = -0.45
"""...and above this in every 30 ms of it where the estimate is loud. Simulated rooms 1-6,
the recheck after a flagged underflow that moved nothing, the player's chut or stop at
0/-10/-20 dB said 0.1/0.25/0.4 s in (36 first starts): -0.12 to 0.10 over 0.3 s, every
block above -0.41; the first leak after a flagged move of 1 or 12 ms: -0.21 to -0.80, a
block under -0.47. The echo share over the same starts (:mod:`ludivox.voice.echo_guard`)
gave 0.09-1.26 for the players (0.58-1.35 for leaks): it is the peak over 6,400 lags,
and two unrelated voices always line up somewhere; this is one lag, the filter's own."""
TALKED_OVER_S = 0.3
"""The audio judged by :meth:`PathWatch.talked_over`."""
WATCH_S = 0.06
"""The recent audio compared by :meth:`PathWatch.moved` (two blocks)."""
MOST_MOVE_S = 0.025
"""The largest shift looked for either way."""
LOUD_ESTIMATE_DBFS = -45.0
"""Under this level the estimate (the echo expected now) is too faint to tell a lag."""
MOVED_LIKENESS = 0.6
"""The microphone follows the estimate at least this closely at the new lag..."""
MOVED_MARGIN = 0.25
"""...and by this much more than at lag 0 (where a working canceller has it)."""


def _whiten(x: Samples) -> np.ndarray:
    """Pre-emphasis: speech's low frequencies make every lag near the peak look alike."""
    f = x.astype(np.float64)
    return np.concatenate([f[:1], f[1:] - 0.95 * f[:-1]])


def _likeness(error: np.ndarray, estimate: np.ndarray) -> float | None:
    norm = float(np.sqrt(np.dot(error, error) * np.dot(estimate, estimate)))
    return float(np.dot(error, estimate)) / norm if norm > 0.0 else None


class PathWatch:
    """Finds the echo's move from the canceller's recent microphone and echo estimate."""

    def __init__(self, sample_rate: int) -> None:
        self.sample_rate = sample_rate
        self.size = round(WATCH_S * sample_rate)
        self.most = round(MOST_MOVE_S * sample_rate)
        self._judged = round(DIVERGED_S * sample_rate)
        self.last: tuple[int, float, float] | None = None
        """(lag, likeness at it, likeness at 0) of the last block judged (traces, tests)."""
        self.likeness = 0.0
        """The error against the estimate in the last block :meth:`diverged` judged."""
        self._lag: int | None = None  # the lag found in the block before
        self._settling = 0  # samples still to come before the audio compared is all new

    def diverged(self, mic: Samples, estimate: Samples) -> bool:
        """True when the canceller's error (``mic - estimate``) over the last
        :data:`DIVERGED_S` goes against its estimate: the echo is not where it learnt it."""
        n = self._judged
        if len(mic) < n or len(estimate) < n or level_db(estimate[-n:]) < LOUD_ESTIMATE_DBFS:
            return False
        est = estimate[-n:].astype(np.float64)
        heard = mic[-n:].astype(np.float64)
        error = heard - est
        left, expected = float(np.dot(error, error)), float(np.dot(est, est))
        if left <= 0.0:
            return False
        self.likeness = float(np.dot(error, est)) / float(np.sqrt(left * expected))
        removed = 10 * np.log10(max(float(np.dot(heard, heard)), 1.0) / left)
        return self.likeness < DIVERGED_LIKENESS and removed < DIVERGED_DB

    def talked_over(self, mic: Samples, estimate: Samples) -> bool | None:
        """Whether the last :data:`TALKED_OVER_S` are a working canceller with a voice it
        rightly leaves (error about orthogonal to the estimate, see
        :data:`TALKED_OVER_LIKENESS`); None when the estimate was too faint to tell."""
        n, block = round(TALKED_OVER_S * self.sample_rate), self._judged
        if len(mic) < n or len(estimate) < n or level_db(estimate[-n:]) < LOUD_ESTIMATE_DBFS:
            return None
        est = estimate[-n:].astype(np.float64)
        error = mic[-n:].astype(np.float64) - est
        overall = _likeness(error, est)
        if overall is None or overall <= TALKED_OVER_LIKENESS:
            return False
        for first in range(0, n - block + 1, block):
            part = estimate[-n:][first:first + block]
            if level_db(part) < LOUD_ESTIMATE_DBFS:
                continue
            likeness = _likeness(error[first:first + block], est[first:first + block])
            if likeness is not None and likeness <= TALKED_OVER_BLOCK:
                return False
        return True

    def steady_move(self, mic: Samples, estimate: Samples, new: int) -> int | None:
        """:meth:`moved`, once the same lag has been found in two blocks in a row where the
        canceller is thrown off (:meth:`diverged`; ``new``: samples added since the last
        call). After a move the audio compared must first be
        all newer than it: the old audio would ask for the same move again (moving three
        times as far, then back, and on: the canceller never settled)."""
        if self._settling > 0:
            self._settling -= new
            return None
        if not self.diverged(mic, estimate):
            self._lag = None  # working: a player over it found lags of -11 ms twice
            return None
        lag = self.moved(mic, estimate)
        steady = lag is not None and lag == self._lag
        self._lag = lag
        if not steady:
            return None
        self._lag, self._settling = None, self.size + self.most
        return lag

    def moved(self, mic: Samples, estimate: Samples) -> int | None:
        """Samples by which the echo now comes later (negative: earlier) than the canceller
        expects, or None when it has not moved (or nothing can be told). ``mic`` and
        ``estimate`` are the same recent times, at least ``size + most`` samples."""
        self.last = None
        n, m = self.size, self.most
        if len(mic) < n + m or len(estimate) < n + m:
            return None
        if level_db(estimate[-n:]) < LOUD_ESTIMATE_DBFS:
            return None
        a, b = _whiten(mic[-(n + m):]), _whiten(estimate[-(n + m):])
        size = 1 << (2 * (n + m) - 1).bit_length()
        fb = np.fft.rfft(b, size)
        # the microphone later than the estimate: lags 0..m
        later = np.fft.irfft(np.fft.rfft(np.concatenate([np.zeros(m), a[-n:]]), size)
                             * np.conj(fb), size)[:m + 1]
        # earlier: the estimate later than the microphone
        earlier = np.fft.irfft(np.fft.rfft(np.concatenate([np.zeros(m), b[-n:]]), size)
                               * np.conj(np.fft.rfft(a, size)), size)[:m + 1]
        norm = float(np.sqrt(np.sum(a[-n:] ** 2) * np.sum(b[-n:] ** 2)))
        if norm == 0.0:
            return None
        lags = np.concatenate([earlier[:0:-1], later]) / norm  # -m..m
        best = int(np.argmax(np.abs(lags)))
        lag, strength, at_zero = best - m, float(abs(lags[best])), float(abs(lags[m]))
        self.last = (lag, strength, at_zero)
        if lag != 0 and strength >= MOVED_LIKENESS and strength - at_zero >= MOVED_MARGIN:
            return lag
        return None


__all__ = [
    "DIVERGED_DB",
    "DIVERGED_LIKENESS",
    "LOUD_ESTIMATE_DBFS",
    "MOST_MOVE_S",
    "MOVED_LIKENESS",
    "TALKED_OVER_BLOCK",
    "TALKED_OVER_LIKENESS",
    "PathWatch",
]
