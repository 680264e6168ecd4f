"""Talk going on stays one utterance (``talk_after_s``, on in the listening endpointer): an
utterance with more voice than any command ends after a longer quiet, so distant table talk
opens fewer utterances than with the energy detector, while a player's command is found as
before.

Real Silero VAD and endpointer, the committed noise fixtures (``chatter``: distant talkers
through a room; ``chatter_dry``: the same babble without it) and Kingsbridge speech fixtures.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludivox.asrbench.detector import CHUNK_BYTES, noise_fixtures, onset_clipped, replay
from ludivox.asrbench.manifest import Manifest, load
from ludivox.voice.audio import RECOGNIZER_RATE, read_wav
from ludivox.voice.endpoint import (
    Endpointer,
    EndpointEvent,
    SpeechAudio,
    SpeechStart,
    listening_endpointer,
)
from ludivox.voice.talk import talk_trail_frames

ROOT = Path(__file__).resolve().parents[2]
NOISE = dict(noise_fixtures(ROOT / "audio_fixtures" / "noise"))
SPEECH = ROOT / "audio_fixtures" / "fr" / "kingsbridge"
COMMANDS = ("colonne-deux-sur-cinq.fr.s175.p70", "sept-sur-trois.fr.s150.p35",
            "oui.fr_m3.s150.p50", "sept-sur-trois.chatter.20db")
LONG = ("quatre-cinq-six-sur-un.fr_m3.s175.p35", "quatre-cinq-six-sur-un.chatter.5db")
"""Commands with more voice than ``TALK_AFTER_S`` (2.1 and 2.75 s): the longer quiet."""


@pytest.fixture(scope="module")
def speech() -> Manifest:
    return load(SPEECH)


def _audio(path: Path) -> bytes:
    return read_wav(path).samples.astype("<i2").tobytes()


def _events(endpointer: Endpointer, audio: bytes) -> list[EndpointEvent]:
    endpointer.reset()
    events: list[EndpointEvent] = []
    for i in range(0, len(audio), CHUNK_BYTES):
        events += endpointer.feed(audio[i:i + CHUNK_BYTES])
    return [e for e in events + endpointer.flush() if not isinstance(e, SpeechAudio)]


@pytest.mark.parametrize("kind", ["chatter", "chatter_dry"])
def test_distant_chatter_opens_fewer_utterances_than_with_the_energy_detector(
        kind: str) -> None:
    audio = _audio(NOISE[kind])
    energy = replay(Endpointer(), audio).starts
    assert len(replay(listening_endpointer(talk_after_s=None), audio).starts) >= len(energy), \
        "the chatter no longer fools the detector without keeping talk as one utterance"
    assert len(replay(listening_endpointer(), audio).starts) < len(energy)


def test_a_command_is_found_as_before(speech: Manifest) -> None:
    # same events; the longest (LONG) are still found whole from their first word
    for fid in COMMANDS + LONG:
        fixture = next(f for f in speech.fixtures if f.id == fid)
        assert fixture.speech is not None
        audio = _audio(speech.wav(fixture))
        endpointer = listening_endpointer()
        events = _events(endpointer, audio)
        starts = [e.t for e in events if isinstance(e, SpeechStart)]
        assert len(starts) == 1, fid
        assert not onset_clipped(starts[0], 0.3, fixture.speech["start"], endpointer.frame_s)
        if fid not in LONG:
            assert events == _events(listening_endpointer(talk_after_s=None), audio), fid


def test_a_command_said_after_table_talk_is_heard_from_its_first_word(
        speech: Manifest) -> None:
    fixture = next(f for f in speech.fixtures if f.id == "sept-sur-trois.fr.s150.p35")
    assert fixture.speech is not None
    talk = _audio(NOISE["chatter"]) + bytes(2 * round(1.5 * RECOGNIZER_RATE))
    endpointer = listening_endpointer()
    run = replay(endpointer, talk + _audio(speech.wav(fixture)))
    at = len(talk) / 2 / RECOGNIZER_RATE
    later = [t - at for t in run.starts if t >= at - 0.3]
    assert len(later) == 1
    assert not onset_clipped(later[0], 0.3, fixture.speech["start"], endpointer.frame_s)


def test_the_long_quiet_applies_only_past_the_voice_of_a_command() -> None:
    frame_s = 0.032
    assert talk_trail_frames(20, 60, frame_s, 2.0, 1100) == 20  # 1.9 s of voice
    assert talk_trail_frames(20, 63, frame_s, 2.0, 1100) == 34  # 2.0 s and more
    assert talk_trail_frames(20, 500, frame_s, None, 1100) == 20  # off
    assert talk_trail_frames(40, 500, frame_s, 2.0, 1100) == 40  # never shorter
