"""PCM values and WAV helpers: read, write, resample, and replay a WAV as microphone chunks.

All audio inside ``ludivox.voice`` is mono signed 16-bit PCM held in a :class:`Pcm`
(numpy samples + sample rate). The recognizer side works on raw little-endian bytes at
:data:`RECOGNIZER_RATE`, the format a microphone stream delivers.
"""

from __future__ import annotations

import io
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

RECOGNIZER_RATE = 16000
"""Sample rate (Hz) of the chunks fed to the recognizer."""

Samples = NDArray[np.int16]


class Pcm(NamedTuple):
    """Mono int16 audio. Unpacks as ``(samples, rate)``."""

    samples: Samples
    rate: int

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return len(self.samples) / self.rate if self.rate else 0.0


class WavFormatError(ValueError):
    """A WAV file this module cannot read (not PCM, unsupported sample width, corrupt)."""


def as_samples(values: NDArray[np.generic] | list[int]) -> Samples:
    """Return ``values`` as a 1-D int16 array (clipping floats given in int16 units)."""
    arr = np.asarray(values)
    if arr.ndim != 1:
        raise ValueError(f"expected mono (1-D) samples, got shape {arr.shape}")
    if arr.dtype == np.int16:
        return arr
    return np.clip(np.round(arr.astype(np.float64)), -32768, 32767).astype(np.int16)


def silence(seconds: float, rate: int) -> Samples:
    """Return ``seconds`` of digital silence at ``rate``."""
    return np.zeros(max(0, round(seconds * rate)), dtype=np.int16)


def resample(samples: Samples, from_rate: int, to_rate: int) -> Samples:
    """Resample mono int16 audio with a band-limited (FFT) method.

    Good enough for speech and earcons; the whole signal is processed at once.
    """
    if from_rate <= 0 or to_rate <= 0:
        raise ValueError(f"sample rates must be positive, got {from_rate} -> {to_rate}")
    if from_rate == to_rate or len(samples) == 0:
        return samples
    n_in = len(samples)
    n_out = round(n_in * to_rate / from_rate)
    if n_out == 0:
        return np.zeros(0, dtype=np.int16)
    spectrum = np.fft.rfft(samples.astype(np.float64))
    out_spectrum = np.zeros(n_out // 2 + 1, dtype=np.complex128)
    keep = min(len(spectrum), len(out_spectrum))
    out_spectrum[:keep] = spectrum[:keep]
    if n_out < n_in and n_out % 2 == 0:
        # The new Nyquist bin must be real for irfft to be exact.
        out_spectrum[-1] = out_spectrum[-1].real
    out = np.fft.irfft(out_spectrum, n_out) * (n_out / n_in)
    return as_samples(out)


def _decode_frames(raw: bytes, width: int, channels: int) -> Samples:
    if width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    elif width == 1:
        data = (np.frombuffer(raw, dtype=np.uint8).astype(np.float64) - 128.0) * 256.0
    elif width == 4:
        data = np.frombuffer(raw, dtype="<i4").astype(np.float64) / 65536.0
    else:
        raise WavFormatError(f"unsupported sample width {width * 8} bits")
    if channels > 1:
        data = data[: len(data) - len(data) % channels].reshape(-1, channels).mean(axis=1)
    return as_samples(data)


def read_wav(source: str | Path | bytes) -> Pcm:
    """Read a PCM WAV (path or bytes) as mono int16; stereo is mixed down."""
    try:
        handle = io.BytesIO(source) if isinstance(source, bytes) else open(source, "rb")  # noqa: SIM115
    except OSError as exc:
        raise FileNotFoundError(f"cannot open WAV {source!r}: {exc}") from exc
    with handle:
        try:
            with wave.open(handle, "rb") as wav:
                if wav.getcomptype() != "NONE":
                    raise WavFormatError(f"compressed WAV ({wav.getcomptype()}) is not supported")
                raw = wav.readframes(wav.getnframes())
                samples = _decode_frames(raw, wav.getsampwidth(), wav.getnchannels())
                return Pcm(samples, wav.getframerate())
        except (wave.Error, EOFError) as exc:
            name = "<bytes>" if isinstance(source, bytes) else str(source)
            raise WavFormatError(f"not a readable PCM WAV: {name}: {exc}") from exc


def pcm_to_wav(pcm: Pcm) -> bytes:
    """Encode ``pcm`` as a mono 16-bit WAV file image."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(pcm.rate)
        wav.writeframes(as_samples(pcm.samples).astype("<i2").tobytes())
    return buffer.getvalue()


def write_wav(path: str | Path, pcm: Pcm) -> None:
    """Write ``pcm`` to ``path`` as a mono 16-bit WAV."""
    Path(path).write_bytes(pcm_to_wav(pcm))


def pcm_to_chunks(
    pcm: Pcm, chunk_ms: int = 100, rate: int = RECOGNIZER_RATE
) -> Iterator[bytes]:
    """Yield ``pcm`` as little-endian int16 byte chunks of ``chunk_ms`` at ``rate``."""
    if chunk_ms <= 0:
        raise ValueError(f"chunk_ms must be positive, got {chunk_ms}")
    samples = resample(pcm.samples, pcm.rate, rate).astype("<i2")
    step = max(1, rate * chunk_ms // 1000)
    for start in range(0, len(samples), step):
        yield samples[start : start + step].tobytes()


def wav_to_chunks(
    path: str | Path, chunk_ms: int = 100, rate: int = RECOGNIZER_RATE
) -> Iterator[bytes]:
    """Replay a WAV as a microphone would deliver it: 16 kHz mono int16 byte chunks."""
    yield from pcm_to_chunks(read_wav(path), chunk_ms=chunk_ms, rate=rate)
