"""A late output callback costs the player about its own lateness, not seconds of silence.

Through PulseAudio's ALSA plugin an underflow made the output reconnect, and the idle sound
server slept through its 2 s idle latency first: the rest of the sentence came ~1.9 s late.
What reaches the (private null) sink is recorded from its monitor by a reader that asks a 2 s
latency of its own (a low-latency reader would itself keep the server awake and hide it).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from voice_helpers import RECORD_RATE, Recorder, wait_for

from ludivox.voice.playback import SoundDeviceSink
from ludivox.voice.tts import EspeakSynthesizer

pytestmark = pytest.mark.audio

RATE = 22050
LATE = 0.08
"""How long the one late callback sleeps (seconds)."""
SLACK = 0.25
"""Silence allowed beyond the measured lateness (other underflows under load, block edges);
without the keeper the 2 s reader still saw about 0.5 s."""


class LateOnceSink(SoundDeviceSink):
    """The real sink whose callback, once asked, sleeps before it fills its block."""

    def __init__(self) -> None:
        self.late_next = threading.Event()
        self.lateness = 0.0
        super().__init__(RATE)

    def _callback(self, outdata: Any, frames: int, time_info: Any, status: Any) -> None:
        if self.late_next.is_set():
            self.late_next.clear()
            start = time.monotonic()
            time.sleep(LATE)
            self.lateness += time.monotonic() - start
        super()._callback(outdata, frames, time_info, status)


@pytest.fixture()
def slow_reader(private_sink: str) -> Iterator[Recorder]:
    rec = Recorder(latency=2.0)
    yield rec
    rec.close()


def loud_span(signal: np.ndarray[Any, Any]) -> tuple[float, float]:
    """Seconds from the first to the last loud 10 ms block, and seconds of quiet blocks between."""
    block = RECORD_RATE // 100
    levels = np.abs(signal[: len(signal) // block * block]).reshape(-1, block).mean(axis=1)
    loud = np.flatnonzero(levels > 1000)
    if len(loud) == 0:
        return 0.0, 0.0
    first, last = int(loud[0]), int(loud[-1])
    quiet = int(np.count_nonzero(levels[first : last + 1] <= 1000))
    return (last - first + 1) / 100, quiet / 100


def test_a_late_callback_delays_the_sound_by_about_its_lateness(
    slow_reader: Recorder,
) -> None:
    sink = LateOnceSink()
    try:
        tone = (6000 * np.sin(2 * np.pi * 440 * np.arange(3 * RATE) / RATE)).astype(np.int16)
        slow_reader.clear()
        handle = sink.play(tone, RATE)
        assert handle.wait_started(5)
        time.sleep(1.0)
        sink.late_next.set()
        assert handle.wait(10)
        time.sleep(3.0)  # the reader delivers in large chunks
        span, quiet = loud_span(slow_reader.signal())
    finally:
        sink.close()
    assert sink.lateness > 0, "the late callback never ran"
    # PortAudio's recovery drops what the device held; under load (or after another module's
    # streams) up to 0.3 s of the tone was seen lost: only "the tone was heard" is asserted.
    assert span - quiet >= 2.5, f"the tone was not heard ({sink.underflows} underflows)"
    assert quiet <= sink.lateness + SLACK, (
        f"{quiet:.2f} s of silence inside the tone for {sink.lateness:.2f} s of lateness "
        f"({sink.underflows} underflows reported)"
    )


class LateSink(SoundDeviceSink):
    """The real sink whose next ``late`` callbacks each sleep :data:`LATE` first."""

    def __init__(self) -> None:
        self.late = 0
        super().__init__(RATE)

    def _callback(self, outdata: Any, frames: int, time_info: Any, status: Any) -> None:
        if self.late > 0:
            self.late -= 1
            time.sleep(LATE)
        super()._callback(outdata, frames, time_info, status)


STOP_SILENT_S = 0.25
"""A player hears Ludivox stop at once: silent this soon after ``stop()`` (one block in the
callback and the device's 46 ms buffer; measured 0.00-0.08 s on the null sink's monitor,
quiet, with 3 CPU burners and after 1-12 underflows)."""


@pytest.fixture()
def quick_reader(private_sink: str) -> Iterator[Recorder]:
    rec = Recorder(latency="low")
    yield rec
    rec.close()


def test_stop_silences_at_once_even_after_the_output_ran_dry(
    quick_reader: Recorder, synth: EspeakSynthesizer
) -> None:
    """Speech already handed to the sound server does not go on after ``stop()``, even once
    underflows made PulseAudio grow its buffers (the suspected cause of a player's « chut »
    lost under load: it was not)."""
    sink = LateSink()
    try:
        pcm = synth.synthesize("Voici une très longue phrase que je dis lentement, pour laisser "
                               "au joueur le temps de me couper la parole avant la fin.")
        assert pcm.duration > 4
        handle = sink.play(*pcm)
        assert handle.wait_started(5)
        time.sleep(0.8)
        before = sink.underflows
        quick_reader.clear()
        sink.late = 3
        assert wait_for(lambda: sink.late == 0, 5)
        time.sleep(0.5)
        stopped_at = time.monotonic()
        sink.stop()
        time.sleep(1.5)
        signal, heard_at = quick_reader.timed_signal()
    finally:
        sink.close()
    assert sink.underflows > before, "the late callbacks ran the output dry"
    loud = np.abs(signal) > 1000
    assert loud[heard_at < stopped_at].any(), "Ludivox was not heard before the stop"
    after = heard_at[loud & (heard_at >= stopped_at)]
    sounded = float(after[-1] - stopped_at) if len(after) else 0.0
    assert sounded < STOP_SILENT_S, f"still heard {sounded:.2f} s after stop()"
