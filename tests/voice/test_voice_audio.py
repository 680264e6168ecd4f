"""WAV reading/writing, resampling and replaying a WAV as microphone chunks."""

from __future__ import annotations

import io
import wave
from pathlib import Path

import numpy as np
import pytest

from ludivox.voice.audio import (
    Pcm,
    WavFormatError,
    pcm_to_wav,
    read_wav,
    resample,
    wav_to_chunks,
    write_wav,
)


def tone(freq: float, seconds: float, rate: int) -> np.ndarray:
    t = np.arange(round(seconds * rate)) / rate
    return (np.sin(2 * np.pi * freq * t) * 10000).astype(np.int16)


def dominant_frequency(samples: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples.astype(np.float64)))
    return float(np.argmax(spectrum) * rate / len(samples))


def test_wav_round_trip_keeps_samples_and_rate(tmp_path: Path) -> None:
    pcm = Pcm(tone(440, 0.5, 22050), 22050)
    write_wav(tmp_path / "a.wav", pcm)
    back = read_wav(tmp_path / "a.wav")
    assert back.rate == 22050
    assert np.array_equal(back.samples, pcm.samples)
    assert read_wav(pcm_to_wav(pcm)).samples.tolist() == pcm.samples.tolist()


def test_stereo_wav_is_mixed_to_mono() -> None:
    left = tone(440, 0.1, 16000)
    stereo = np.stack([left, left], axis=1).reshape(-1)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(stereo.astype("<i2").tobytes())
    pcm = read_wav(buffer.getvalue())
    assert pcm.samples.tolist() == left.tolist()


def test_not_a_wav_gives_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"this is not audio")
    with pytest.raises(WavFormatError, match=r"bad\.wav"):
        read_wav(bad)
    with pytest.raises(FileNotFoundError, match="missing"):
        read_wav(tmp_path / "missing.wav")


def test_resampling_keeps_pitch_and_duration() -> None:
    samples = tone(440, 1.0, 22050)
    out = resample(samples, 22050, 16000)
    assert len(out) == 16000
    assert dominant_frequency(out, 16000) == pytest.approx(440, abs=2)
    back_up = resample(out, 16000, 44100)
    assert len(back_up) == 44100
    assert dominant_frequency(back_up, 44100) == pytest.approx(440, abs=2)


def test_wav_replays_as_16k_chunks_of_the_asked_length(tmp_path: Path) -> None:
    write_wav(tmp_path / "s.wav", Pcm(tone(300, 1.0, 22050), 22050))
    chunks = list(wav_to_chunks(tmp_path / "s.wav", chunk_ms=100))
    assert len(chunks) == 10
    assert all(len(c) == 3200 for c in chunks)  # 100 ms of 16 kHz int16
    joined = np.frombuffer(b"".join(chunks), dtype="<i2")
    assert dominant_frequency(joined, 16000) == pytest.approx(300, abs=2)
    with pytest.raises(ValueError, match="chunk_ms"):
        list(wav_to_chunks(tmp_path / "s.wav", chunk_ms=0))
