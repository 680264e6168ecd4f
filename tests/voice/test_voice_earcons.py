"""Earcons: short tones a player can tell apart."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from voice_helpers import rms

from ludivox.voice.earcons import EARCON_NAMES, earcon


def test_the_cues_exist() -> None:
    assert set(EARCON_NAMES) == {"your_turn", "refused", "column_finished", "listening",
                                 "listening_stopped"}


@pytest.mark.parametrize("name", EARCON_NAMES)
def test_each_earcon_is_short_audible_and_click_free(name: str) -> None:
    samples, rate = earcon(name)
    assert 0.04 < len(samples) / rate < 0.8
    assert rms(samples.astype(np.float64)) > 2000
    # Faded in and out: no click at either end.
    assert abs(int(samples[0])) < 500 and abs(int(samples[-1])) < 500


def max_normalised_xcorr(a: np.ndarray, b: np.ndarray) -> float:
    a = a.astype(np.float64) / np.linalg.norm(a)
    b = b.astype(np.float64) / np.linalg.norm(b)
    return float(np.max(np.abs(np.correlate(a, b, "full"))))


@pytest.mark.parametrize(("first", "second"), list(itertools.combinations(EARCON_NAMES, 2)))
def test_earcons_are_distinct(first: str, second: str) -> None:
    # However one is shifted against the other, they never line up.
    assert max_normalised_xcorr(earcon(first).samples, earcon(second).samples) < 0.5


def test_earcon_at_another_rate_keeps_its_length() -> None:
    a = earcon("your_turn")
    b = earcon("your_turn", 16000)
    assert b.rate == 16000
    assert b.duration == pytest.approx(a.duration, abs=0.01)


def test_unknown_earcon_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="your_turn"):
        earcon("fanfare")


def dominant_pitch(signal: np.ndarray) -> float:
    """Frequency (Hz at 22 050 Hz) of the strongest spectral peak."""
    spectrum = np.abs(np.fft.rfft(signal.astype(np.float64) * np.hanning(len(signal)), 8192))
    return float(np.argmax(spectrum)) * 22050 / 8192


def test_the_microphone_closing_cue_is_brief_and_falls_where_the_opening_rises() -> None:
    # It comes right before the answer to a push-to-talk command: the answer waits for it.
    closing = earcon("listening_stopped").samples
    opening = earcon("listening").samples
    assert len(closing) / 22050 <= 0.06
    half = len(closing) // 2
    assert dominant_pitch(closing[:half]) > dominant_pitch(closing[half:]) * 1.2
    half = len(opening) // 2
    assert dominant_pitch(opening[:half]) * 1.2 < dominant_pitch(opening[half:])
