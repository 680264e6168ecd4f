"""The microphone through the PulseAudio null sink: what is played into the sink is captured
by our Microphone (its monitor is the default input), endpointed and recognised."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludivox.voice.audio import resample, silence
from ludivox.voice.listener import StreamListener, Utterance
from ludivox.voice.microphone import Microphone, NoMicrophone
from ludivox.voice.playback import SoundDeviceSink
from ludivox.voice.recognizer import VoskRecognizer

RATE = 16000


@pytest.fixture(scope="module")
def sink(private_sink: str) -> Iterator[SoundDeviceSink]:
    s = SoundDeviceSink(RATE)
    yield s
    s.close()


@pytest.fixture
def mic(private_sink: str) -> Iterator[Microphone]:
    m = Microphone()
    assert m.wait_flowing(10.0), "the microphone stream never started"
    yield m
    m.close()


def collect(mic: Microphone, seconds: float) -> bytes:
    """Everything the microphone captures during ``seconds``."""
    audio = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        chunk = mic.read(timeout=0.2)
        if chunk is not None:
            audio += chunk.audio
    return audio


def test_blocks_are_about_30_ms_of_16_khz_mono(mic: Microphone) -> None:
    chunk = mic.read(timeout=5.0)
    assert chunk is not None
    assert len(chunk.audio) == 2 * 480
    assert chunk.at <= time.monotonic()


@pytest.mark.vosk
def test_speech_played_into_the_room_is_captured_endpointed_and_recognised(
    sink: SoundDeviceSink, mic: Microphone, ko_model: Any, korean_wavs: Any
) -> None:
    pcm = korean_wavs("안녕하세요")
    speech = resample(pcm.samples, pcm.rate, RATE)
    mic.drain()
    sink.play(np.concatenate([silence(0.5, RATE), speech, silence(1.2, RATE)]), RATE)
    listener = StreamListener(VoskRecognizer(ko_model))
    listener.set_phrases(["안녕하세요", "오늘 날씨", "시작"])
    heard: list[Utterance] = []
    deadline = time.monotonic() + 15.0
    while not heard and time.monotonic() < deadline:
        chunk = mic.read(timeout=0.2)
        if chunk is not None:
            heard += [e for e in listener.feed(chunk.audio) if isinstance(e, Utterance)]
    assert [u.text for u in heard] == ["안녕하세요"]
    assert mic.dropped == 0


def test_close_is_idempotent_and_stops_capturing(private_sink: str) -> None:
    m = Microphone()
    m.close()
    m.close()
    assert m.closed
    m.drain()
    assert m.read(timeout=0.3) is None


def test_an_unknown_device_name_is_a_clear_error(private_sink: str) -> None:
    with pytest.raises(NoMicrophone, match="no-such-mic"):
        Microphone("no-such-mic")


NO_SERVER = textwrap.dedent(
    """
    import json
    from ludivox.voice.microphone import Microphone, NoMicrophone
    try:
        Microphone()
        print(json.dumps({"opened": True}))
    except NoMicrophone as exc:
        print(json.dumps({"opened": False, "message": str(exc)}))
    """
)


def test_without_a_sound_server_there_is_no_microphone(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PULSE_")}
    env["PULSE_SERVER"] = f"unix:{tmp_path / 'no-such-socket'}"
    env["XDG_RUNTIME_DIR"] = str(tmp_path)
    run = subprocess.run([sys.executable, "-c", NO_SERVER], env=env, capture_output=True,
                         text=True, timeout=120, check=True)
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["opened"] is False
    assert "microphone" in report["message"] or "input" in report["message"]


def test_a_stream_that_will_not_start_is_closed_and_reported(
    private_sink: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sounddevice as sd

    closed: list[bool] = []

    class RefusingStream(sd.RawInputStream):  # type: ignore[misc]
        """The real PortAudio stream, made to fail at start (a device taken meanwhile)."""

        def start(self) -> None:
            raise sd.PortAudioError("Device unavailable", -9985)

        def close(self, ignore_errors: bool = True) -> None:
            closed.append(True)
            super().close(ignore_errors)

    monkeypatch.setattr(sd, "RawInputStream", RefusingStream)
    with pytest.raises(NoMicrophone, match="would not start"):
        Microphone()
    assert closed == [True]  # the device the stream held is released
