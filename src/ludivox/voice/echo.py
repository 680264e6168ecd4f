"""Echo cancellation: the assistant's own voice taken out of the microphone's audio.

On a loudspeaker the microphone hears Ludivox itself. With the signal it actually played
(the *reference*, kept by the audio output in a :class:`ReferenceBuffer`), an adaptive
filter estimates the echo and subtracts it; what is left is the room and the player, so
the microphone can stay open while Ludivox speaks (barge-in).

- :class:`EchoCanceller` is the protocol: ``process(mic, reference) -> clean`` on 16 kHz
  mono int16 bytes of the same length.
- :class:`SpeexEchoCanceller` is speexdsp's MDF canceller plus its residual echo
  suppressor, loaded from Debian's ``libspeexdsp1`` through ctypes (no build step).
  It was chosen over PulseAudio's ``module-echo-cancel`` (WebRTC) by measurement on the
  simulated room (``benchmarks/barge_in.py``): in-process it sees the exact reference
  and its time, runs offline for tests and benchmarks, and needs no change to the
  user's sound server.
- :class:`EchoPath` joins the two sides at run time: for each microphone block it takes
  the reference played at the same moment (the output's DAC time against the input's
  capture time), a little earlier so that the echo always lags it, and cleans the block.
- :func:`open_canceller` returns None (with the reason in the log) when the library is
  missing: the caller then keeps the microphone closed while speaking (half-duplex).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import threading
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from ludivox.voice.audio import RECOGNIZER_RATE, Samples

log = logging.getLogger(__name__)

FRAME_SAMPLES = 160
"""Samples per canceller frame (10 ms at 16 kHz)."""
FILTER_MS = 200
"""Length of the echo the adaptive filter models: the output-to-input misalignment plus the
room's reverberation it needs to cancel."""
REFERENCE_LEAD_S = 0.03
"""The reference is taken this much earlier than the microphone block it cleans, so that
an error in the devices' reported latencies never puts the echo before its reference."""

# speex_echo.h / speex_preprocess.h request codes
_ECHO_SET_SAMPLING_RATE = 24
_PRE_SET_DENOISE = 0
_PRE_SET_ECHO_SUPPRESS = 20
_PRE_SET_ECHO_SUPPRESS_ACTIVE = 22
_PRE_SET_ECHO_STATE = 24


class EchoCancellerUnavailable(RuntimeError):
    """No echo canceller can run here (libspeexdsp missing)."""


class EchoCanceller(Protocol):
    """Takes the played signal's echo out of the microphone's audio."""

    sample_rate: int

    def process(self, mic: bytes, reference: bytes) -> bytes:
        """The microphone block with the echo of ``reference`` removed (same length;
        16 kHz mono int16 little-endian; ``reference`` as long as ``mic``)."""
        ...

    def reset(self) -> None:
        """Forget the learnt echo path (a new room, a device change)."""
        ...


_lib: ctypes.CDLL | None = None


def _speexdsp() -> ctypes.CDLL:
    global _lib
    if _lib is not None:
        return _lib
    name = ctypes.util.find_library("speexdsp") or "libspeexdsp.so.1"
    try:
        lib = ctypes.CDLL(name)
    except OSError as exc:
        raise EchoCancellerUnavailable(f"libspeexdsp is not installed: {exc}") from exc
    lib.speex_echo_state_init.restype = ctypes.c_void_p
    lib.speex_echo_state_init.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.speex_echo_state_destroy.argtypes = [ctypes.c_void_p]
    lib.speex_echo_state_reset.argtypes = [ctypes.c_void_p]
    lib.speex_echo_ctl.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
    lib.speex_echo_cancellation.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                            ctypes.c_void_p, ctypes.c_void_p]
    lib.speex_preprocess_state_init.restype = ctypes.c_void_p
    lib.speex_preprocess_state_init.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.speex_preprocess_state_destroy.argtypes = [ctypes.c_void_p]
    lib.speex_preprocess_ctl.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
    lib.speex_preprocess_run.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    _lib = lib
    return lib


class SpeexEchoCanceller:
    """speexdsp's acoustic echo canceller and residual echo suppressor (see module doc).

    Not thread-safe: one thread (the listening worker) calls :meth:`process`.
    """

    def __init__(self, sample_rate: int = RECOGNIZER_RATE, *, filter_ms: int = FILTER_MS,
                 frame_samples: int = FRAME_SAMPLES, suppress_db: int = -40,
                 suppress_active_db: int = -15, denoise: bool = True) -> None:
        lib = _speexdsp()
        self._lib = lib
        self.sample_rate = sample_rate
        self.frame_samples = frame_samples
        self.filter_samples = sample_rate * filter_ms // 1000
        self._echo = lib.speex_echo_state_init(frame_samples, self.filter_samples)
        self._pre = lib.speex_preprocess_state_init(frame_samples, sample_rate)
        if not self._echo or not self._pre:
            raise EchoCancellerUnavailable("speexdsp could not make an echo canceller")
        rate = ctypes.c_int(sample_rate)
        lib.speex_echo_ctl(self._echo, _ECHO_SET_SAMPLING_RATE, ctypes.byref(rate))
        # the residual echo suppressor works through the denoiser's gains: speexdsp applies
        # none when denoising is off
        on = ctypes.c_int(1 if denoise else 0)
        lib.speex_preprocess_ctl(self._pre, _PRE_SET_DENOISE, ctypes.byref(on))
        for request, value in ((_PRE_SET_ECHO_SUPPRESS, suppress_db),
                               (_PRE_SET_ECHO_SUPPRESS_ACTIVE, suppress_active_db)):
            level = ctypes.c_int(value)
            lib.speex_preprocess_ctl(self._pre, request, ctypes.byref(level))
        lib.speex_preprocess_ctl(self._pre, _PRE_SET_ECHO_STATE, ctypes.c_void_p(self._echo))
        self._mic_rest = b""
        self._ref_rest = b""
        self._ready = bytearray()
        self._out = np.zeros(frame_samples, dtype="<i2")

    def process(self, mic: bytes, reference: bytes) -> bytes:
        """Clean ``mic``; as many bytes come back as were given. Whole frames are processed;
        a remainder waits for the next call (the output is then late by under a frame)."""
        if len(mic) != len(reference):
            raise ValueError(f"mic ({len(mic)} bytes) and reference ({len(reference)} bytes) "
                             "differ in length")
        self._mic_rest += mic
        self._ref_rest += reference
        step = 2 * self.frame_samples
        whole = len(self._mic_rest) - len(self._mic_rest) % step
        lib = self._lib
        for start in range(0, whole, step):
            rec = np.frombuffer(self._mic_rest[start:start + step], dtype="<i2").copy()
            play = np.frombuffer(self._ref_rest[start:start + step], dtype="<i2").copy()
            lib.speex_echo_cancellation(self._echo, rec.ctypes.data, play.ctypes.data,
                                        self._out.ctypes.data)
            lib.speex_preprocess_run(self._pre, self._out.ctypes.data)
            self._ready += self._out.tobytes()
        self._mic_rest = self._mic_rest[whole:]
        self._ref_rest = self._ref_rest[whole:]
        if len(self._ready) < len(mic):
            self._ready[:0] = bytes(len(mic) - len(self._ready))
        out = bytes(self._ready[:len(mic)])
        del self._ready[:len(mic)]
        return out

    def reset(self) -> None:
        """Forget the learnt echo path."""
        self._lib.speex_echo_state_reset(self._echo)
        self._mic_rest = self._ref_rest = b""
        self._ready.clear()

    def close(self) -> None:
        """Release the speexdsp states (idempotent)."""
        if self._echo:
            self._lib.speex_echo_state_destroy(self._echo)
            self._echo = None
        if self._pre:
            self._lib.speex_preprocess_state_destroy(self._pre)
            self._pre = None

    def __del__(self) -> None:
        self.close()


_LOWPASS_TAPS = 32
_lowpass_cache: dict[float, NDArray[np.float64]] = {}


def _lowpass(band: float) -> NDArray[np.float64]:
    """A windowed-sinc low-pass keeping 90 % of ``band`` (the new Nyquist, as a fraction
    of the old one's double), ``2 * _LOWPASS_TAPS + 1`` taps."""
    key = round(band, 6)
    if key not in _lowpass_cache:
        cutoff = 0.45 * band
        n = np.arange(-_LOWPASS_TAPS, _LOWPASS_TAPS + 1)
        taps = 2 * cutoff * np.sinc(2 * cutoff * n) * np.hamming(len(n))
        _lowpass_cache[key] = taps / np.sum(taps)
    return _lowpass_cache[key]


class ReferenceBuffer:
    """What the audio output actually played, with when it reached the device.

    The output's audio callback :meth:`write`s every block it hands to the device (speech,
    earcons and the silence between them) with the block's DAC time; the microphone side
    :meth:`read`s the samples that sounded over a span of ``time.monotonic()`` time. Keeps
    the last ``seconds``; samples never written read as silence. Thread-safe.
    """

    def __init__(self, sample_rate: int = RECOGNIZER_RATE, seconds: float = 4.0) -> None:
        self.sample_rate = sample_rate
        self._ring = np.zeros(max(1, round(seconds * sample_rate)), dtype=np.int16)
        self._written = 0  # samples written since the start
        self._anchor: tuple[int, float] | None = None  # (sample index, its DAC time)
        self._lock = threading.Lock()

    def write(self, block: Samples, dac_time: float) -> None:
        """The output callback played ``block``; its first sample sounds at ``dac_time``."""
        size = len(self._ring)
        with self._lock:
            index = self._written
            block = block[-size:]
            pos = index % size
            first = min(len(block), size - pos)
            self._ring[pos:pos + first] = block[:first]
            self._ring[:len(block) - first] = block[first:]
            self._written = index + len(block)
            self._anchor = (index, dac_time)

    def read(self, start: float, count: int, rate: int | None = None) -> Samples:
        """``count`` samples at ``rate`` (default: the buffer's) played from ``start``
        (monotonic seconds) on; resampled through a low-pass when the rates differ."""
        rate = rate or self.sample_rate
        if rate == self.sample_rate:
            return self._raw(start, count)
        ratio = self.sample_rate / rate
        pad = _LOWPASS_TAPS
        span = int(np.ceil(count * ratio)) + 2 * pad + 1
        raw = self._raw(start - pad / self.sample_rate, span).astype(np.float64)
        smooth = np.convolve(raw, _lowpass(min(rate, self.sample_rate) / self.sample_rate),
                             mode="same")
        at = pad + np.arange(count) * ratio
        resampled: Samples = np.round(np.interp(at, np.arange(span), smooth)).astype(np.int16)
        return resampled

    def _raw(self, start: float, count: int) -> Samples:
        out = np.zeros(count, dtype=np.int16)
        size = len(self._ring)
        with self._lock:
            if self._anchor is None:
                return out
            index, at = self._anchor
            first = index + round((start - at) * self.sample_rate)
            lo = max(first, self._written - size, 0)
            hi = min(first + count, self._written)
            if hi > lo:
                out[lo - first:hi - first] = self._ring[np.arange(lo, hi) % size]
        return out

    @property
    def last_time(self) -> float | None:
        """DAC time of the last block written (None before any)."""
        with self._lock:
            return None if self._anchor is None else self._anchor[1]


class EchoPath:
    """Cleans microphone blocks with the reference played at the same moment (live, from a
    :class:`ReferenceBuffer`; offline, given).

    ``converged`` becomes True once the canceller has taken at least ``converged_db`` off
    the echo over a second of the assistant's speech: until then (the first seconds of the
    first sentences) the caller should keep the microphone closed while speaking, as
    without a canceller.
    """

    def __init__(self, canceller: EchoCanceller, *, lead: float = REFERENCE_LEAD_S,
                 converged_db: float = 20.0) -> None:
        self.canceller = canceller
        self.lead = lead
        self.converged_db = converged_db
        self.converged = False
        self._mic_energy = 0.0
        self._out_energy = 0.0
        self._counted = 0.0  # seconds of loud reference in the current measure

    def clean(self, audio: bytes, reference: ReferenceBuffer, heard_to: float) -> bytes:
        """The block ``audio`` whose last sample was heard at ``heard_to`` (monotonic
        seconds), with the echo of what ``reference`` played taken out."""
        count = len(audio) // 2
        rate = self.canceller.sample_rate
        ref = reference.read(heard_to - count / rate - self.lead, count, rate)
        out = self.canceller.process(audio, ref.astype("<i2").tobytes())
        if not self.converged:
            self._measure(audio, ref, out)
        return out

    def feed(self, audio: bytes, reference: Samples) -> bytes:
        """Offline: clean ``audio`` against the given reference (same length)."""
        out = self.canceller.process(audio, reference.astype("<i2").tobytes())
        if not self.converged:
            self._measure(audio, reference, out)
        return out

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
            if 10 * np.log10(max(ratio, 1e-12)) >= self.converged_db:
                self.converged = True
                log.info("echo canceller converged")
            self._mic_energy = self._out_energy = self._counted = 0.0

    def reset(self) -> None:
        """Forget the echo path (and converge again)."""
        self.canceller.reset()
        self.converged = False
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
    "EchoCanceller",
    "EchoCancellerUnavailable",
    "EchoPath",
    "ReferenceBuffer",
    "SpeexEchoCanceller",
    "open_canceller",
]
