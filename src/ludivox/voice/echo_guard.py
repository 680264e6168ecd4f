"""The guard of a converged echo canceller: its own voice leaking through, and the recheck.

Once :class:`~ludivox.voice.echo.EchoPath` has converged the microphone stays open while the
assistant speaks. An output that runs dry moves the echo, and speexdsp then lets it through
(a 1 ms shift of the echo is enough: 0-5 dB removed, its output sometimes louder than the
microphone). :class:`EchoGuard` keeps the last :data:`LEAK_WINDOW_S` of microphone,
reference and cleaned audio and decides:

- whether a speech start is the assistant's own voice (:meth:`EchoGuard.leaking`): the
  cleaned audio follows what was played (:meth:`EchoGuard.leak`), then every start is
  suspect until a second of the assistant's speech has been rechecked;
- the recheck (:meth:`EchoGuard.recheck`): the median dB removed per block over that second.
  A player talking over the assistant is not removed (rightly), so the dB removed alone
  made a canceller that works look broken exactly when the player cut in. Double talk is
  therefore told from a canceller thrown off by *what is left*: thrown off, the cleaned
  audio is the echo and follows the reference about as closely as the microphone does;
  with the player talking it is the player's voice and does not
  (:func:`echo_share`; the coherence test of double-talk detectors, on the residual). The
  recheck fails only when both say so. A start during the recheck is the player's when the
  canceller's error is about orthogonal to its own estimate
  (:meth:`~ludivox.voice.echo_watch.PathWatch.talked_over`, passed in by the echo path),
  or else when the audio left does not follow the reference (:data:`START_SHARE`).
- The recheck also starts without any flag when the canceller is seen thrown off
  (:mod:`ludivox.voice.echo_watch`).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ludivox.voice.audio import Samples
from ludivox.voice.echotrace import level_db
from ludivox.voice.reference import echo_follow

LEAK_WINDOW_S = 0.6
"""The audio looked at when a speech start while the assistant speaks is checked."""
LEAK_LIKENESS = 0.2
"""Above this likeness to what was played, a speech start is the assistant's own echo.
Simulated rooms 1-6: players' chut/stop at 0/-10/-20 dB 0.0-0.19, a command 0.0-0.24, the
first leak after an unnoticed gap 0.22-0.42. They overlap: weaker leaks pass (live ~0.1-0.2)."""
LOUD_DBFS = -50.0
"""Blocks of the reference under this level are not counted in a recheck."""
RECHECK_DB = 20.0
"""After a leak, a second of the assistant's speech with a median under this many dB
removed per block means the canceller is thrown off (unless what is left is not the echo,
see :data:`ECHO_SHARE`)."""
ECHO_SHARE = 0.6
"""The cleaned audio follows the reference at least this share as closely as the microphone
does: what is left is the assistant's echo. Simulated rooms 1, 2, 4 (the recheck's second,
lags 0-0.4 s): canceller thrown off by a 1 ms shift 0.96-1.08; working, with the player's
chut, stop or a command at 0/-10/-20 dB over it, 0.2-0.73 over all lags (players' voices
follow the reference only by chance, at any lag) and lower over the echo's lags."""
START_SHARE = 0.35
"""Where the canceller's estimate cannot tell (see :meth:`EchoGuard.leaking`), during a
recheck a speech start is the player's only when what is left follows the reference less
than this (:data:`JUDGE_S`): a start tells less than the recheck's second.
Simulated rooms 1, 2, 4, output dry for 1 or 12 ms: the leak's starts 0.50-1.4; the player's
chut, stop or command said 0.1-0.4 s into the recheck at 0/-10/-20 dB 0.06-1.4 (about half
under 0.35: the others are dropped, as every start was before)."""
JUDGE_S = 0.3
"""A start during a recheck is judged on the last this-many seconds: the leak that follows
an output running dry begins a few blocks after it, so a longer window (0.6 s) still held
mostly the audio cleaned well before it (share 0.43 for a leak 0.15 s old)."""
QUIET = 32768.0 ** 2 * 1e-5
"""Mean square of a reference too quiet to learn or judge from (-50 dBFS)."""

Signal = NDArray[np.float64]


def follows(signal: Signal, played: Signal, most: int) -> float:
    """How closely ``signal`` follows ``played`` (its last ``len(signal)`` samples at the same
    times, plus up to ``most`` samples before them): the peak of their cross-correlation at
    lags of 0 to ``most`` samples (an echo is never ahead of its reference) over the energy
    of ``signal``. Only the ratio of two such values means something (:func:`echo_share`)."""
    if not played.any() or not signal.any():
        return 0.0
    ahead = np.concatenate([np.zeros(len(played) - len(signal)), signal])
    size = 1 << (2 * len(played) - 1).bit_length()
    xcorr = np.fft.irfft(np.fft.rfft(ahead, size) * np.conj(np.fft.rfft(played, size)), size)
    peak = float(np.max(np.abs(xcorr[:most + 1])))
    return peak / float(np.sqrt(np.sum(signal ** 2)))


def echo_share(mic: Signal, out: Signal, played: Signal, most: int) -> float | None:
    """How closely the cleaned audio ``out`` follows ``played`` relative to the microphone
    ``mic`` (the same times; ``played`` may begin up to ``most`` samples earlier): about 1,
    what is left is the echo; near 0, it is something else (the player). None when nothing
    was played or the microphone does not follow it at all (no evidence)."""
    if len(played) == 0 or float(np.mean(played ** 2)) < QUIET:
        return None
    heard = follows(mic, played, most)
    norm = float(np.sqrt(np.sum(played ** 2)))
    if heard < 0.05 * norm:
        return None
    return follows(out, played, most) / heard


class EchoGuard:
    """The leak guard and the recheck of one echo path (see the module docstring)."""

    def __init__(self, sample_rate: int, most_lag: int) -> None:
        self.sample_rate = sample_rate
        self.most_lag = most_lag
        self.suspected = False
        self._keep = round(LEAK_WINDOW_S * sample_rate)
        self._judged = round(JUDGE_S * sample_rate)
        empty = np.zeros(0, dtype=np.int16)
        self._recent_mic, self._recent_out, self._recent_ref = empty, empty, empty
        self._removed: list[float] = []  # per loud block since the suspicion
        self._window: list[tuple[Samples, Samples, Samples]] = []  # (mic, out, ref) blocks
        self._before: Samples = empty  # the reference played just before the suspicion
        self.last_share: float | None = None
        """The echo share of the last recheck that judged it (for traces and tests)."""

    def keep(self, mic: Samples, out: Samples, ref: Samples) -> None:
        """Add a block to the recent window."""
        k = self._keep
        self._recent_mic = np.concatenate([self._recent_mic, mic])[-k:]
        self._recent_out = np.concatenate([self._recent_out, out])[-k:]
        self._recent_ref = np.concatenate([self._recent_ref,
                                           ref.astype(np.int16)])[-(k + self.most_lag):]

    def leak(self) -> float:
        """How closely the recent cleaned audio follows what was played (0: not at all;
        1: it is the assistant's voice), over lags either way up to :attr:`most_lag`."""
        ref = self._recent_ref[-self._keep:].astype(np.float64)
        if len(ref) == 0 or float(np.mean(ref ** 2)) < QUIET:
            return 0.0
        lag, strength = echo_follow(self._recent_out.astype(np.float64), ref, self.most_lag)
        return strength if lag >= 0 else 0.0

    def recent_share(self) -> float | None:
        """:func:`echo_share` of the last :data:`JUDGE_S`."""
        n = min(self._judged, len(self._recent_mic))
        if n == 0:
            return None
        return echo_share(self._recent_mic[-n:].astype(np.float64),
                          self._recent_out[-n:].astype(np.float64),
                          self._recent_ref[-(n + self.most_lag):].astype(np.float64),
                          self.most_lag)

    def leaking(self, converged: bool, *, talked_over: bool | None = False) -> bool:
        """True when a speech start heard now is the assistant's own echo: during a recheck,
        unless the canceller is seen working with a voice over it (``talked_over``, from
        :meth:`~ludivox.voice.echo_watch.PathWatch.talked_over`; None: its estimate was too
        faint to tell) or the audio left clearly does not follow what was played;
        otherwise when it follows it (:data:`LEAK_LIKENESS`), which starts a recheck.
        With no echo share (nothing played, or the microphone not following it at all) the
        start is the player's only when the estimate could not tell either (room 4, « stop »
        at -20 dB in a pause of the assistant's speech: estimate -56 dBFS, microphone -42)."""
        if self.suspected:
            if talked_over is True:
                return False
            share = self.recent_share()
            if share is None:
                return talked_over is not None
            return share >= START_SHARE
        if self.leak() <= LEAK_LIKENESS:
            return False
        self.suspect(converged)
        return True

    def suspect(self, converged: bool) -> None:
        """Every start is suspect until a second of the assistant's speech is rechecked."""
        if converged and not self.suspected:
            self.suspected, self._removed, self._window = True, [], []
            self._before = self._recent_ref[-self.most_lag:]

    def clear(self) -> None:
        """No recheck under way (the path is not trusted anyway)."""
        self.suspected, self._removed, self._window = False, [], []
        self._before = np.zeros(0, dtype=np.int16)

    def recheck(self, mic: Samples, ref: Samples, out: Samples) -> tuple[float, float] | None:
        """Count a block of the recheck. At its end (a second of the assistant's speech):
        None when the canceller is fine, else (median dB removed, echo share): thrown off."""
        self._window.append((mic, out, ref))
        if level_db(ref) < LOUD_DBFS:
            return None
        self._removed.append(level_db(mic) - level_db(out))
        if len(self._removed) * len(ref) < self.sample_rate:
            return None
        median = float(np.median(self._removed))
        window = [np.concatenate(part).astype(np.float64) for part in zip(*self._window,
                                                                           strict=True)]
        before = self._before.astype(np.float64)
        self.clear()
        self.last_share = None
        if median >= RECHECK_DB:
            return None
        share = echo_share(window[0], window[1], np.concatenate([before, window[2]]),
                           self.most_lag)
        self.last_share = share
        if share is not None and share < ECHO_SHARE:
            return None  # what is left is not its voice: the player talked over it
        return median, -1.0 if share is None else share


__all__ = ["ECHO_SHARE", "LEAK_LIKENESS", "LEAK_WINDOW_S", "LOUD_DBFS", "RECHECK_DB",
           "EchoGuard", "echo_share", "follows"]
