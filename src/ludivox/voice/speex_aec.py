"""speexdsp's echo canceller, loaded through ctypes (see :mod:`ludivox.voice.echo`).

- :class:`EchoCanceller` is the protocol: ``process(mic, reference) -> clean`` on 16 kHz
  mono int16 bytes of the same length.
- :class:`SpeexEchoCanceller` is speexdsp's MDF canceller plus its residual echo
  suppressor, loaded from Debian's ``libspeexdsp1`` (no build step). It also keeps the
  last 0.3 s of its echo estimate, which :mod:`ludivox.voice.echo_watch` watches.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from ludivox.voice.audio import RECOGNIZER_RATE, Samples

FRAME_SAMPLES = 160
"""Samples per canceller frame (10 ms at 16 kHz)."""
FILTER_MS = 500
"""Length of the echo the adaptive filter models: the output-to-input misalignment plus the
room's reverberation it needs to cancel (200 ms left 23-25 dB of echo return loss
enhancement in the simulated rooms with RT60 near 0.5 s; 500 ms gives 30-34 dB)."""

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

    Its output is one frame (10 ms) late: the suppressor works on overlapping frames.
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
        self._last_rec = 0.0  # energy of the previous microphone frame
        self._tail = round(0.3 * sample_rate)
        self._heard = np.zeros(0, dtype=np.int16)
        self._estimate = np.zeros(0, dtype=np.int16)

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
        estimates: list[NDArray[np.int32]] = []
        for start in range(0, whole, step):
            rec = np.frombuffer(self._mic_rest[start:start + step], dtype="<i2").copy()
            play = np.frombuffer(self._ref_rest[start:start + step], dtype="<i2").copy()
            lib.speex_echo_cancellation(self._echo, rec.ctypes.data, play.ctypes.data,
                                        self._out.ctypes.data)
            estimates.append(rec.astype(np.int32) - self._out)
            lib.speex_preprocess_run(self._pre, self._out.ctypes.data)
            self._ready += self._no_louder(rec).tobytes()
        if whole:
            heard = np.frombuffer(self._mic_rest[:whole], dtype="<i2")
            self._heard = np.concatenate([self._heard, heard])[-self._tail:]
            estimate = np.clip(np.concatenate(estimates), -32768, 32767).astype(np.int16)
            self._estimate = np.concatenate([self._estimate, estimate])[-self._tail:]
        self._mic_rest = self._mic_rest[whole:]
        self._ref_rest = self._ref_rest[whole:]
        if len(self._ready) < len(mic):
            self._ready[:0] = bytes(len(mic) - len(self._ready))
        out = bytes(self._ready[:len(mic)])
        del self._ready[:len(mic)]
        return out

    def recent(self) -> tuple[Samples, Samples]:
        """The last 0.3 s of microphone audio processed and the filter's estimate of its
        echo (the microphone minus the cancelled output, before the residual suppressor),
        sample for sample (:mod:`ludivox.voice.echo_watch`)."""
        return self._heard, self._estimate

    def _no_louder(self, rec: Samples) -> Samples:
        """The frame just cleaned, scaled down when it is louder than the microphone's audio
        it can hold (this frame and the one before: the output is a frame late). speexdsp
        does that after the echo moves: a 1 ms shift of the echo in a learnt room gave
        frames up to 4 dB louder than the microphone (it subtracts an echo that is not
        there any more); what comes out is never more than what came in."""
        energy = float(np.sum(self._out.astype(np.float64) ** 2))
        allowed = max(float(np.sum(rec.astype(np.float64) ** 2)), self._last_rec)
        self._last_rec = float(np.sum(rec.astype(np.float64) ** 2))
        if energy <= allowed:
            return self._out
        scaled = self._out.astype(np.float64) * np.sqrt(allowed / energy)
        return np.asarray(np.round(scaled), dtype="<i2")

    def reset(self) -> None:
        """Forget the learnt echo path."""
        self._lib.speex_echo_state_reset(self._echo)
        self._last_rec = 0.0
        self._mic_rest = self._ref_rest = b""
        self._ready.clear()
        self._heard = self._estimate = np.zeros(0, dtype=np.int16)

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


__all__ = ["FILTER_MS", "FRAME_SAMPLES", "EchoCanceller", "EchoCancellerUnavailable",
           "SpeexEchoCanceller"]
