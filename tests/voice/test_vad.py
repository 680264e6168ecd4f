"""The neural voice detector (real Silero VAD) in front of the energy endpointer, on the
committed noise fixtures (no player speaks there) and the Kingsbridge speech fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest
from voice_helpers import QUIET_PLAYER, quiet_player_audio

from ludivox.asrbench.detector import noise_fixtures, onset_clipped, replay
from ludivox.asrbench.manifest import Manifest, load
from ludivox.voice.audio import read_wav
from ludivox.voice.endpoint import Endpointer, listening_endpointer
from ludivox.voice.vad import SileroDetector

ROOT = Path(__file__).resolve().parents[2]
NOISE = ROOT / "audio_fixtures" / "noise"
SPEECH = ROOT / "audio_fixtures" / "fr" / "kingsbridge"


@pytest.fixture(scope="module")
def speech() -> Manifest:
    return load(SPEECH)


def _audio(path: Path) -> bytes:
    return read_wav(path).samples.astype("<i2").tobytes()


@pytest.mark.parametrize("kind", ["knocks", "cards", "dice", "fan", "music"])
def test_noises_the_energy_detector_takes_for_speech_start_nothing_with_the_neural_one(
        kind: str) -> None:
    path = dict(noise_fixtures(NOISE))[kind]
    audio = _audio(path)
    assert replay(Endpointer(), audio).starts, "the fixture no longer fools the energy detector"
    assert replay(listening_endpointer(), audio).starts == ()


def test_distant_chatter_starts_no_more_often_than_with_the_energy_detector() -> None:
    audio = _audio(dict(noise_fixtures(NOISE))["chatter"])
    assert len(replay(listening_endpointer(), audio).starts) <= len(
        replay(Endpointer(), audio).starts)


def test_the_listening_endpointer_uses_silero_with_32_ms_frames() -> None:
    endpointer = listening_endpointer()
    assert isinstance(endpointer.detector, SileroDetector)
    assert endpointer.frame_samples == 512
    assert listening_endpointer(neural=False).detector is None


def test_a_command_is_found_whole_from_its_first_word(speech: Manifest) -> None:
    endpointer = listening_endpointer()
    for fid in ("sept-sur-trois.fr.s150.p35", "oui.fr_m3.s150.p50", "chut.fr_f2.s150.p35",
                "la-premiere.room.10db", "oui.chatter.20db"):
        fixture = next(f for f in speech.fixtures if f.id == fid)
        assert fixture.speech is not None
        run = replay(endpointer, _audio(speech.wav(fixture)))
        assert run.utterances == 1, fid
        assert not onset_clipped(run.starts[0], 0.3, fixture.speech["start"],
                                 endpointer.frame_s), fid


def test_events_do_not_depend_on_the_chunk_sizes(speech: Manifest) -> None:
    """The detector's state runs frame by frame: any chunking gives the same events."""
    fixture = next(f for f in speech.fixtures if f.id == "sept-sur-trois.chatter.20db")
    audio = _audio(speech.wav(fixture))
    runs = []
    for size in (320, 1024, 2222, 9600):
        endpointer = listening_endpointer()
        events = [e for i in range(0, len(audio), size) for e in endpointer.feed(
            audio[i:i + size])] + endpointer.flush()
        runs.append([(type(e).__name__, getattr(e, "t", None), getattr(e, "t_endpoint", None))
                     for e in events if type(e).__name__ != "SpeechAudio"])
    assert all(r == runs[0] for r in runs)


@pytest.mark.slow
def test_no_speech_fixture_is_missed_and_clipped_onsets_are_no_more_than_energy(
        speech: Manifest) -> None:
    neural, energy = listening_endpointer(), Endpointer()
    clipped = {"neural": 0, "energy": 0}
    for fixture in speech.fixtures:
        if not fixture.in_grammar or fixture.speech is None:
            continue
        audio = _audio(speech.wav(fixture))
        for name, endpointer in (("neural", neural), ("energy", energy)):
            run = replay(endpointer, audio)
            assert run.starts, (name, fixture.id)
            clipped[name] += onset_clipped(run.starts[0], 0.3, fixture.speech["start"],
                                           endpointer.frame_s)
    assert clipped["neural"] <= clipped["energy"]


def test_a_quiet_player_answering_after_a_loud_one_is_heard_from_the_first_word(
        speech: Manifest) -> None:
    """One stream, never reset: a loud command, then a quiet "oui" (22 dB quieter, the
    quietest command of the tests): any gate learnt from earlier voices must not lose it."""
    loud = next(f for f in speech.fixtures if f.id == "sept-sur-trois.fr.s150.p35")
    quiet = next(f for f in speech.fixtures if f.id == QUIET_PLAYER)
    assert quiet.speech is not None
    first, second = _audio(speech.wav(loud)), quiet_player_audio(speech.wav(quiet))
    endpointer = listening_endpointer()
    run = replay(endpointer, first + second)
    at = len(first) / 2 / 16000
    later = [t for t in run.starts if t >= at]
    assert run.utterances == 2 and len(later) == 1
    assert not onset_clipped(later[0] - at, 0.3, quiet.speech["start"], endpointer.frame_s)
