"""Fixtures for the voice tests: real espeak-ng, real Vosk, real sounddevice.

Audio tests run through a PulseAudio null sink (``scripts/with-audio.sh`` starts the
server). Each audio test module loads its own private null sink and points PortAudio at it
(PULSE_SINK / PULSE_SOURCE), so sounds from other tests or programs sharing the server
cannot leak into the recordings.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from voice_helpers import Recorder, null_sink_env

from ludivox.asrbench.fresh_voice import FreshEspeak
from ludivox.voice.audio import Pcm, read_wav
from ludivox.voice.tts import EspeakSynthesizer


@pytest.fixture(scope="session")
def synth() -> Iterator[EspeakSynthesizer]:
    """The French synthesizer (real espeak-ng through pyttsx3)."""
    s = EspeakSynthesizer(language="fr")
    yield s
    s.close()


@pytest.fixture(scope="session")
def room_voice() -> FreshEspeak:
    """The assistant's voice in the simulated rooms: real espeak-ng, each text as a fresh
    espeak-ng says it, so that what a barge-in test hears never depends on the tests that
    ran before it (in-process synthesis carries state from one text to the next)."""
    return FreshEspeak()


@pytest.fixture(scope="module")
def private_sink() -> Iterator[str]:
    """A private 16 kHz mono null sink made the default output and input of this process."""
    with null_sink_env("ludivox_voice") as name:
        yield name


@pytest.fixture(scope="module")
def recorder(private_sink: str) -> Iterator[Recorder]:
    """A running recording of the private sink's monitor."""
    rec = Recorder()
    yield rec
    rec.close()


# -- Vosk (the Korean model itself: ko_model, ko_model_path in tests/conftest.py) ---------


@pytest.fixture(scope="session")
def korean_wavs(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Make (and cache) WAVs of Korean phrases with espeak-ng's Korean voice (22050 Hz)."""
    folder = tmp_path_factory.mktemp("korean")
    made: dict[str, Pcm] = {}

    def make(phrase: str) -> Pcm:
        if phrase not in made:
            path = folder / f"{len(made)}.wav"
            subprocess.run(["espeak-ng", "-v", "ko", "-w", str(path), phrase], check=True,
                           timeout=30)
            made[phrase] = read_wav(path)
        return made[phrase]

    return make
