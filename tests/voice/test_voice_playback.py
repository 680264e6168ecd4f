"""Playback through the real sounddevice/PortAudio into a PulseAudio null sink.

What is played into the sink is recorded from its monitor and compared with what was
meant to be heard. Assertions are on the recorded signal, not on our own timings.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np
import pytest
from voice_helpers import RECORD_RATE, Recorder, best_alignment, rms

from ludivox.voice.audio import resample
from ludivox.voice.earcons import earcon
from ludivox.voice.playback import SoundDeviceSink
from ludivox.voice.tts import EspeakSynthesizer

pytestmark = pytest.mark.audio

LONG = (
    "Voici une longue explication des règles : tu poses une carte sur une colonne, "
    "puis tu en tires une autre, et ainsi de suite jusqu'à la fin de la manche."
)


@pytest.fixture(scope="module")
def sink(recorder: Recorder) -> Iterator[SoundDeviceSink]:
    s = SoundDeviceSink()
    yield s
    s.close()


def test_played_speech_is_what_reaches_the_speaker(
    sink: SoundDeviceSink, recorder: Recorder, synth: EspeakSynthesizer
) -> None:
    pcm = synth.synthesize("Le valet de pique est posé sur la colonne deux.")
    recorder.clear()
    handle = sink.play(*pcm)
    assert handle.wait(pcm.duration + 5)
    time.sleep(0.3)
    recorded = recorder.signal()
    played = resample(pcm.samples, pcm.rate, RECORD_RATE).astype(np.float64)
    assert len(recorded) > len(played)
    assert best_alignment(recorded, played) > 0.9


def test_stop_cuts_the_sound_off(
    sink: SoundDeviceSink, recorder: Recorder, synth: EspeakSynthesizer
) -> None:
    pcm = synth.synthesize(LONG)
    assert pcm.duration > 4  # it would go on for seconds after the stop
    recorder.clear()
    handle = sink.play(*pcm)
    assert handle.wait_started(5)
    time.sleep(0.6)
    stopped_at = time.monotonic()
    sink.stop()
    assert not sink.is_playing()
    time.sleep(2.0)
    before = recorder.signal(before=stopped_at)
    after = recorder.signal(after=stopped_at + 0.3)
    assert rms(before) > 1000  # it was speaking
    assert len(after) > RECORD_RATE  # more than a second recorded after the stop ...
    assert rms(after) < 20  # ... and it is silent
    assert handle.cancelled and handle.done


def test_clips_play_one_after_the_other(sink: SoundDeviceSink, recorder: Recorder) -> None:
    first, second = earcon("your_turn"), earcon("refused")
    recorder.clear()
    a = sink.play(*first)
    b = sink.play(*second)
    assert sink.is_playing()
    assert sink.wait(5)
    assert not sink.is_playing()
    assert a.done and b.done and not a.cancelled
    assert a.started_at is not None and b.started_at is not None
    time.sleep(0.3)
    recorded = recorder.signal()

    def position(pcm_samples: np.ndarray, rate: int) -> int:
        x = resample(pcm_samples, rate, RECORD_RATE).astype(np.float64)
        return int(np.argmax(np.abs(np.correlate(recorded, x, "valid"))))

    assert position(*first) < position(*second)


def test_other_sample_rates_are_resampled(sink: SoundDeviceSink, recorder: Recorder) -> None:
    pcm = earcon("column_finished", 16000)
    recorder.clear()
    assert sink.play(*pcm).wait(5)
    time.sleep(0.3)
    assert best_alignment(recorder.signal(), pcm.samples.astype(np.float64)) > 0.9
