"""Noise mixing: the SNR asked for is the SNR in the files, and the two noises differ."""

from __future__ import annotations

import numpy as np
import pytest

from ludivox.asrbench import noise
from ludivox.asrbench.fixtures import speak
from ludivox.asrbench.manifest import Manifest
from ludivox.voice.audio import RECOGNIZER_RATE, read_wav


def _measured_snr(clean: np.ndarray, noisy: np.ndarray, span: tuple[int, int]) -> float:
    """SNR read back from a clean file and its noisy twin (the mix may have been scaled)."""
    a, b = span
    c = clean.astype(np.float64)
    n = noisy.astype(np.float64)
    scale = float(np.dot(c[a:b], n[a:b]) / np.dot(c[a:b], c[a:b]))  # least squares
    speech = scale * c
    return noise.snr_db(speech[a:b], (n - speech)[a:b])


@pytest.mark.parametrize("snr", [20.0, 10.0, 5.0, 0.0])
def test_mix_gives_the_requested_snr(snr: float) -> None:
    rng = np.random.default_rng(3)
    clean = np.concatenate([np.zeros(1600), 8000 * np.sin(np.arange(16000) / 7.0),
                            np.zeros(4000)])
    bed = noise.room_noise(9, 3.0)
    segment = noise.noise_segment(bed, len(clean), rng)
    mixed, scale = noise.mix(clean, segment, snr, (1600, 17600))
    assert np.max(np.abs(mixed)) <= 32000.0
    measured = noise.snr_db(scale * clean[1600:17600], (mixed - scale * clean)[1600:17600])
    assert measured == pytest.approx(snr, abs=1e-6)


def test_committed_noisy_files_have_their_snr(manifest: Manifest) -> None:
    noisy = [f for f in manifest.fixtures if f.noise["kind"] in noise.NOISE_KINDS]
    assert len(noisy) == 84
    clean_by_path = {f.path: f for f in manifest.fixtures if f.noise["kind"] == "none"}
    for fixture in noisy:
        assert fixture.speech is not None
        twin = clean_by_path[fixture.noise["clean"]]
        assert twin.speech is not None
        clean = read_wav(manifest.wav(twin)).samples
        mixed = read_wav(manifest.wav(fixture)).samples
        # the noisy file starts with more room noise: align the clean twin on the words
        shift = round((fixture.speech["start"] - twin.speech["start"]) * RECOGNIZER_RATE)
        assert shift >= 0
        clean = np.concatenate([np.zeros(shift, dtype=clean.dtype), clean])
        assert len(clean) == len(mixed)
        span = (round(fixture.speech["start"] * RECOGNIZER_RATE),
                round(fixture.speech["end"] * RECOGNIZER_RATE))
        measured = _measured_snr(clean, mixed, span)
        assert measured == pytest.approx(fixture.noise["snr_db"], abs=0.3), fixture.id


def _band_share(signal: np.ndarray, low: float, high: float) -> float:
    spectrum = np.abs(np.fft.rfft(signal)) ** 2
    freqs = np.fft.rfftfreq(len(signal), 1 / RECOGNIZER_RATE)
    return float(spectrum[(freqs >= low) & (freqs < high)].sum() / spectrum.sum())


def test_chatter_is_band_limited_voices_and_room_noise_has_low_rumble_and_hum() -> None:
    chatter = noise.chatter_noise(5, 6.0, speak)
    room = noise.room_noise(5, 6.0)
    assert _band_share(chatter, 150, 3800) > 0.999  # nothing outside the voice band
    # pink/brown: the power per hertz falls with frequency (1/f or steeper)
    low = _band_share(room, 100, 200) / 100
    high = _band_share(room, 2000, 4000) / 2000
    assert low > 10 * high
    spectrum = np.abs(np.fft.rfft(room))
    freqs = np.fft.rfftfreq(len(room), 1 / RECOGNIZER_RATE)
    hum = spectrum[np.argmin(np.abs(freqs - 50.0))]
    around = np.median(spectrum[(freqs > 40) & (freqs < 60)])
    assert hum > 5 * around  # the mains hum stands out of the noise around it
    assert np.sqrt(np.mean(chatter**2)) == pytest.approx(1.0)  # unit RMS before mixing


def test_noise_depends_only_on_its_seed() -> None:
    assert np.array_equal(noise.room_noise(1, 1.0), noise.room_noise(1, 1.0))
    assert not np.array_equal(noise.room_noise(1, 1.0), noise.room_noise(2, 1.0))
