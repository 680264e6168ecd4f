"""Gating starts by the loudest recent voice's level (``voice_gap_db``): distant table talk
opens fewer utterances once a player has spoken, but a quiet player said after a loud one
is lost, so the listening endpointer does not use it (``VOICE_GAP_DB``).

Real Silero VAD and endpointer, the committed Kingsbridge speech fixtures and the distant
chatter noise fixture (``audio_fixtures/noise``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from voice_helpers import QUIET_PLAYER, quiet_player_audio

from ludivox.asrbench.detector import noise_fixtures, onset_clipped, replay
from ludivox.asrbench.manifest import Fixture, Manifest, load, select
from ludivox.voice.audio import RECOGNIZER_RATE, read_wav
from ludivox.voice.endpoint import VOICE_GAP_DB, Endpointer, listening_endpointer

ROOT = Path(__file__).resolve().parents[2]
SPEECH = ROOT / "audio_fixtures" / "fr" / "kingsbridge"
CHATTER = dict(noise_fixtures(ROOT / "audio_fixtures" / "noise"))["chatter"]
COMMAND = "sept-sur-trois.fr.s150.p35"
COMMANDS = (COMMAND, "oui.fr_m3.s150.p50", "echange-deux-neuf.fr.s220.p70")


@pytest.fixture(scope="module")
def speech() -> Manifest:
    return load(SPEECH)


def _audio(path: Path) -> bytes:
    return read_wav(path).samples.astype("<i2").tobytes()


def _silence(seconds: float) -> bytes:
    return bytes(2 * round(seconds * RECOGNIZER_RATE))


def _fixture(manifest: Manifest, fid: str) -> Fixture:
    return next(f for f in manifest.fixtures if f.id == fid)


def _starts_after(endpointer: Endpointer, first: bytes, then: bytes) -> list[float]:
    """Starts found in ``then``, heard right after ``first`` (seconds into ``then``)."""
    offset = len(first) / 2 / RECOGNIZER_RATE
    return [t - offset for t in replay(endpointer, first + then).starts if t >= offset]


def test_with_chatter_between_commands_fewer_false_starts_and_no_word_lost(
        speech: Manifest) -> None:
    # a hands-free game: three players' commands, distant table talk between them (which
    # pauses before each command: a command said into talk under way is merged with it)
    chatter = _audio(CHATTER) + _silence(1.0)
    said = [_fixture(speech, fid) for fid in COMMANDS]
    stream = b"".join(_audio(speech.wav(f)) + chatter for f in said)
    found = {}
    for name, endpointer in (("gate", listening_endpointer(voice_gap_db=VOICE_GAP_DB)),
                             ("no_gate", listening_endpointer())):
        starts = replay(endpointer, stream).starts
        at, false, first = 0.0, 0, []
        for fixture in said:
            assert fixture.speech is not None
            length = len(_audio(speech.wav(fixture))) / 2 / RECOGNIZER_RATE
            mine = [t - at for t in starts if at <= t < at + length]
            first.append(bool(mine) and not onset_clipped(
                mine[0], 0.3, fixture.speech["start"], endpointer.frame_s))
            talk = len(chatter) / 2 / RECOGNIZER_RATE
            false += sum(at + length <= t < at + length + talk for t in starts)
            at += length + talk
        found[name] = (false, first)
    assert found["no_gate"][0] >= 4, "the chatter no longer fools the detector without the gate"
    assert found["gate"][0] < found["no_gate"][0]
    assert found["gate"][1] == [True, True, True]  # each command from its first word


def test_the_learned_level_fades_with_time_and_is_forgotten_at_reset(
        speech: Manifest) -> None:
    endpointer = listening_endpointer(voice_gap_db=VOICE_GAP_DB)
    assert endpointer.start_level_db() == endpointer.voice_min_db  # nothing learned yet
    replay(endpointer, _audio(speech.wav(_fixture(speech, COMMAND))) + _silence(1.0))
    # replay() resets first, then feeds: the command's level is learned
    gated = endpointer.start_level_db()
    assert gated > endpointer.voice_min_db + 10
    endpointer.feed(_silence(30.0))
    assert endpointer.start_level_db() < gated
    endpointer.reset()
    assert endpointer.start_level_db() == endpointer.voice_min_db


def _heard_after(endpointer: Endpointer, first: bytes, audio: bytes, fixture: Fixture) -> bool:
    """True when ``fixture``'s speech, said right after ``first``, is found from its first
    word."""
    assert fixture.speech is not None
    starts = _starts_after(endpointer, first, audio)
    return bool(starts) and not onset_clipped(starts[0], 0.3, fixture.speech["start"],
                                              endpointer.frame_s)


LOUD_CHECKED = 24
"""Fixtures said after the loudest player (one in five, spread over sentences, voices and
noises: all 120 took 46-112 s)."""


@pytest.mark.slow
def test_no_command_loses_its_first_word_after_the_loudest_player(speech: Manifest) -> None:
    # in-grammar fixtures said right after the loudest clean command are heard from their
    # first word whenever they are after as much silence: the same 32 ms frame grid, since
    # where the grid falls decides some onsets in heavy noise (next test)
    commands = [f for f in speech.fixtures if f.in_grammar and f.speech is not None]
    levels = {f.id: float(np.abs(read_wav(speech.wav(f)).samples).max()) for f in commands
              if ".fr" in f.id}
    fixtures = select(commands, LOUD_CHECKED)
    loudest = _audio(speech.wav(_fixture(speech, max(levels, key=levels.__getitem__))))
    first = loudest + _silence(1.0)
    quiet = bytes(len(first))
    lost = [f.id for f in fixtures
            if _heard_after(listening_endpointer(), quiet, _audio(speech.wav(f)), f)
            and not _heard_after(listening_endpointer(), first, _audio(speech.wav(f)), f)]
    assert lost == []


@pytest.mark.xfail(strict=True, reason="known: Silero's probability on this short 'non' in "
                   "room noise at 5 dB hovers about its 0.4 start threshold, so whether it is "
                   "found depends on where the 32 ms frame grid falls (missed at 7 of 16 "
                   "offsets after silence, 3 of 16 after the loudest player)")
def test_a_short_word_in_loud_noise_is_found_wherever_the_frame_grid_falls(
        speech: Manifest) -> None:
    fixture = _fixture(speech, "non.room.5db")
    audio = _audio(speech.wav(fixture))
    missed = [lead for lead in range(0, 512, 64)
              if not _heard_after(listening_endpointer(), bytes(2 * (RECOGNIZER_RATE + lead)),
                                  audio, fixture)]
    assert missed == []


def test_the_level_gate_would_lose_a_quiet_player_after_a_loud_one(speech: Manifest) -> None:
    # why the listening endpointer does not gate by level: this "oui" is 22 dB under the
    # loudest player (as quiet as the distant chatter)
    quiet = _fixture(speech, QUIET_PLAYER)
    loud = _audio(speech.wav(_fixture(speech, COMMAND))) + _silence(1.0)
    audio = quiet_player_audio(speech.wav(quiet))
    assert _heard_after(listening_endpointer(), loud, audio, quiet)
    assert not _heard_after(listening_endpointer(voice_gap_db=VOICE_GAP_DB), loud, audio, quiet)
