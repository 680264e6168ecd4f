"""The player's level learned from accepted commands (``player_gap_db``, on in the listening
endpointer): while distant table talk goes on, it opens fewer utterances, while the player
is heard as before.

Real Silero VAD and endpointer, the committed Kingsbridge speech fixtures and the distant
chatter noise fixture (``audio_fixtures/noise``). The listener's part (an utterance that
read as a whole command is the player's) is played by hand: :meth:`Endpointer.heard_player`
after each of the player's utterances."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from voice_helpers import QUIET_PLAYER, quiet_player_audio

from ludivox.asrbench.detector import CHUNK_BYTES, noise_fixtures, onset_clipped
from ludivox.asrbench.manifest import Fixture, Manifest, load
from ludivox.voice.audio import RECOGNIZER_RATE, read_wav
from ludivox.voice.endpoint import Endpointer, SpeechEnd, SpeechStart, listening_endpointer

ROOT = Path(__file__).resolve().parents[2]
SPEECH = ROOT / "audio_fixtures" / "fr" / "kingsbridge"
CHATTER = dict(noise_fixtures(ROOT / "audio_fixtures" / "noise"))["chatter"]
COMMANDS = ("sept-sur-trois.fr.s150.p35", "echange-deux-neuf.fr.s220.p70",
            "repete.fr_m3.s220.p50")
NEXT = "echange-deux-neuf.fr-ch.s175.p35"


@pytest.fixture(scope="module")
def speech() -> Manifest:
    return load(SPEECH)


def _audio(path: Path, gain_db: float = 0.0) -> bytes:
    samples = read_wav(path).samples.astype(np.float64) * 10.0 ** (gain_db / 20.0)
    return np.clip(np.round(samples), -32768, 32767).astype("<i2").tobytes()


def _silence(seconds: float) -> bytes:
    return bytes(2 * round(seconds * RECOGNIZER_RATE))


def _fixture(manifest: Manifest, fid: str) -> Fixture:
    return next(f for f in manifest.fixtures if f.id == fid)


def _play(endpointer: Endpointer, parts: list[tuple[bytes, bool]]) -> list[list[float]]:
    """Feed each part in turn (30 ms chunks); an utterance that starts in a part marked
    True is an accepted command (``heard_player``, as the listener does). The starts found
    in each part, in seconds from the part's beginning."""
    endpointer.reset()
    found: list[list[float]] = []
    at = 0.0
    player = False
    for audio, mine in parts:
        found.append([])
        for i in range(0, len(audio), CHUNK_BYTES):
            for event in endpointer.feed(audio[i:i + CHUNK_BYTES]):
                if isinstance(event, SpeechStart):
                    found[-1].append(event.t - at)
                    player = mine
                elif isinstance(event, SpeechEnd) and player:
                    endpointer.heard_player(command=True)
        at += len(audio) / 2 / RECOGNIZER_RATE
    endpointer.flush()
    return found


def _from_first_word(starts: list[float], fixture: Fixture, endpointer: Endpointer) -> bool:
    assert fixture.speech is not None
    return bool(starts) and not onset_clipped(starts[0], 0.3, fixture.speech["start"],
                                              endpointer.frame_s)


def _game(speech: Manifest, gain_db: float = 0.0) -> list[tuple[bytes, bool]]:
    """Three commands, 15 s of distant table talk (three bursts), 1 s of quiet, a command
    ``gain_db`` louder than the usual."""
    return [*((_audio(speech.wav(_fixture(speech, fid))) + _silence(1.0), True)
              for fid in COMMANDS),
            (_audio(CHATTER) + _silence(1.0), False),
            (_audio(speech.wav(_fixture(speech, NEXT)), gain_db), True)]


def test_table_talk_after_commands_opens_fewer_utterances_and_the_next_command_is_heard(
        speech: Manifest) -> None:
    parts = _game(speech)
    old = listening_endpointer(player_gap_db=None)
    new = listening_endpointer()
    before, after = _play(old, parts), _play(new, parts)
    assert len(before[3]) >= 3, "the chatter no longer fools the detector without the gate"
    assert len(after[3]) < len(before[3])
    assert new.player_level_db() is not None
    for endpointer, found in ((old, before), (new, after)):
        for fid, starts in zip((*COMMANDS, NEXT), (*found[:3], found[4]), strict=True):
            assert _from_first_word(starts, _fixture(speech, fid), endpointer), fid


def test_a_quiet_player_in_a_quiet_moment_after_loud_commands_is_heard(
        speech: Manifest) -> None:
    # this "oui" is 22 dB under the loudest player (the loudest-voice gate, VOICE_GAP_DB,
    # loses it): no distant talk goes on, so the player gate lets it through
    quiet = _fixture(speech, QUIET_PLAYER)
    endpointer = listening_endpointer()
    found = _play(endpointer, [*((_audio(speech.wav(_fixture(speech, fid))) + _silence(1.0),
                                  True) for fid in COMMANDS),
                               (quiet_player_audio(speech.wav(quiet)), True)])
    assert _from_first_word(found[3], quiet, endpointer)


def test_nothing_is_gated_before_a_command_is_accepted(speech: Manifest) -> None:
    # no utterance known as the player's (the recognizer heard no command): as before
    parts = [(audio, False) for audio, _ in _game(speech)]
    assert _play(listening_endpointer(), parts) == _play(
        listening_endpointer(player_gap_db=None), parts)


def test_the_player_level_is_forgotten_at_reset(speech: Manifest) -> None:
    endpointer = listening_endpointer()
    _play(endpointer, _game(speech))
    assert endpointer.player_level_db() is not None
    endpointer.reset()
    assert endpointer.player_level_db() is None
    assert endpointer.start_level_db() == endpointer.voice_min_db


@pytest.mark.xfail(strict=True, reason="known cost of the player gate: a command 10 dB "
                   "quieter than the last accepted one, said 1 s after distant talk at that "
                   "level, is not heard (6 dB quieter: its first words are clipped); the "
                   "sessions of benchmarks/vad.py lose no command to it")
def test_a_much_quieter_command_right_after_table_talk_is_heard(speech: Manifest) -> None:
    endpointer = listening_endpointer()
    found = _play(endpointer, _game(speech, -10.0))
    assert _from_first_word(found[4], _fixture(speech, NEXT), endpointer)
