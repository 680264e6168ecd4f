"""The echo guard's recheck on the simulated room (real speexdsp, real espeak-ng).

After an underflow the echo path is suspect and a second of the assistant's speech is
rechecked. A player who talks then is not removed by the canceller (rightly): the recheck
must not take that for the canceller thrown off (:mod:`ludivox.voice.echo_guard`). The
underflow here is flagged by the output but moves nothing (PortAudio reports a late
callback that PulseAudio's buffer absorbed), so the canceller still works.
"""

from __future__ import annotations

import numpy as np
import pytest
from voice_helpers import ROOM_SENTENCES as SENTENCES

from ludivox.asrbench.barge_in import BLOCK, speech_16k
from ludivox.asrbench.dry_output import listen_live
from ludivox.asrbench.fresh_voice import FreshEspeak
from ludivox.asrbench.room import make_room, room_mix
from ludivox.voice.audio import RECOGNIZER_RATE
from ludivox.voice.echo import EchoPath, SpeexEchoCanceller
from ludivox.voice.echotrace import level_db

COMMAND = "je pose le sept sur la colonne trois"
CUT_TARGET_S = 0.1  # issue 13: speech cut at most 100 ms after the end of « chut »


@pytest.fixture(scope="module")
def reference(room_voice: FreshEspeak) -> np.ndarray:
    """The assistant's first sentences (the canceller learns on them), then more speech."""
    return speech_16k(room_voice, SENTENCES + SENTENCES[:4] + SENTENCES[4:])


def _suspect_at(reference: np.ndarray, room_voice: FreshEspeak) -> float:
    return len(speech_16k(room_voice, SENTENCES + SENTENCES[:4])) / RECOGNIZER_RATE + 2.0


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "level"), [(1, 0), (2, 0), (2, -10), (4, 0)])
def test_a_command_over_the_recheck_is_heard_and_keeps_it_full_duplex(
    room_voice: FreshEspeak, reference: np.ndarray, seed: int, level: int
) -> None:
    """Before: the player's voice counted as echo not removed (6-18 dB), the recheck sent
    the canceller half-duplex, and the command was never heard."""
    after = _suspect_at(reference, room_voice)
    said = speech_16k(room_voice, [COMMAND], gap_s=0.0)
    mix, run = listen_live(make_room(seed), reference, [(after, 0.0)], said, player_db=level,
                           player_at=after + 0.1)
    assert run.converged_at is not None and run.converged_at < after
    assert run.starts, f"room {seed}, {level} dB: the command over the recheck was not heard"
    assert mix.player_start - 0.05 <= run.starts[0] <= mix.player_end
    assert not run.relearnt  # never went half-duplex


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "word", "level", "delay"),
                         [(2, "chut", 0, 0.1), (1, "chut", -10, 0.4), (2, "chut", -10, 0.4)])
def test_chut_during_the_recheck_cuts_the_speech(
    room_voice: FreshEspeak, reference: np.ndarray, seed: int, word: str, level: int,
    delay: float
) -> None:
    """Before: every start during the recheck was dropped. Now a start whose audio left
    does not follow the reference is the player's. Known limit (measured, rooms 1, 2, 4,
    0/-10/-20 dB, said 0.1 or 0.4 s in): 11 of 36 chut/stop heard, the others still dropped
    (their share over the last 0.3 s not clearly under a leak's); these are some of the 11.
    « stop » at 0.4 s in rooms 1 and 4 was heard in some runs and not in others (the same
    audio: the decision sits on the threshold), so it is not asserted."""
    after = _suspect_at(reference, room_voice)
    said = speech_16k(room_voice, [word], gap_s=0.0)
    mix, run = listen_live(make_room(seed), reference, [(after, 0.0)], said, player_db=level,
                           player_at=after + delay)
    assert run.starts, f"« {word} » during the recheck was not heard"
    # the word's first start is often dropped and found again after it: 0.05-0.07 s after its
    # end here (the output's stop makes the cut about 130 ms, over the 100 ms target). The
    # bound is the target, not two blocks: CI's espeak-ng ended « chut » 16 ms earlier than
    # this machine's and the same start fell 13 ms past a two-block bound.
    assert mix.player_start - 0.05 <= run.starts[0] <= mix.player_end + CUT_TARGET_S
    assert not run.relearnt


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "word", "level", "delay"),
                         [(1, "stop", 0, 0.25), (2, "stop", -10, 0.1), (4, "stop", -20, 0.4)])
def test_stop_during_the_recheck_is_heard_at_its_first_start(
    room_voice: FreshEspeak, reference: np.ndarray, seed: int, word: str, level: float,
    delay: float
) -> None:
    """Before: « stop » during the recheck was never heard (0 of 18 in the bench) and most
    « chut » were dropped: the start was judged by the echo share over the last 0.3 s, 0.09
    to 1.26 for the players' words (the peak over 6,400 lags, where two unrelated voices
    always line up somewhere). Now by the canceller's error against its own estimate at
    the one lag it uses (:meth:`~ludivox.voice.echo_watch.PathWatch.talked_over`). Known
    limit: in a pause of the assistant's speech its estimate is too faint to tell, and the
    echo share decides as before (room 1, « chut » at -20 dB 0.4 s in: dropped)."""
    after = _suspect_at(reference, room_voice)
    said = speech_16k(room_voice, [word], gap_s=0.0)
    mix, run = listen_live(make_room(seed), reference, [(after, 0.0)], said, player_db=level,
                           player_at=after + delay)
    assert run.starts, f"« {word} » during the recheck was not heard"
    # its first start, not one found again after the detector was reset: measured 0.1-0.26 s
    # before the word's end here, bounded at the word's end
    assert mix.player_start - 0.05 <= run.starts[0] <= mix.player_end
    assert not run.relearnt


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 4])
def test_its_own_voice_alone_during_the_recheck_never_triggers(
    room_voice: FreshEspeak, reference: np.ndarray, seed: int
) -> None:
    """A flagged underflow that did move the echo (1 or 12 ms): the canceller is thrown off,
    what is left is its own voice (echo share 0.68-1.16), no start gets through and the
    recheck sends it half-duplex (it passed before too: every start was dropped)."""
    after = _suspect_at(reference, room_voice)
    for gap in (0.001, 0.012):
        _, run = listen_live(make_room(seed), reference, [(after, gap)])
        assert run.converged_at is not None and run.converged_at < after
        assert run.starts == [], f"room {seed}, {gap * 1000:.0f} ms: it heard itself"


@pytest.mark.slow
def test_the_cleaned_audio_is_never_louder_than_the_microphone(
    reference: np.ndarray,
) -> None:
    """Once learnt, the echo moved by 1 ms (16 samples): speexdsp subtracts an echo that is
    not there any more and gave blocks up to 4 dB louder than the microphone."""
    mix = room_mix(make_room(4), reference)
    path = EchoPath(SpeexEchoCanceller())
    moved_at = round(30.0 * RECOGNIZER_RATE) // BLOCK * BLOCK
    played = np.concatenate([reference[:moved_at], reference[moved_at - 16:]])[:len(mix.mic)]
    worst = -100.0
    previous = np.zeros(FRAME, dtype=np.int16)
    learnt = False
    for first in range(0, len(mix.mic) - BLOCK + 1, BLOCK):
        if first == moved_at:
            learnt = path.converged
        mic = mix.mic[first:first + BLOCK]
        out = np.frombuffer(path.feed(mic.astype("<i2").tobytes(), played[first:first + BLOCK]),
                            dtype="<i2")
        if first >= moved_at and level_db(mic) > -60:
            held = np.concatenate([previous, mic])  # the output is a frame late
            worst = max(worst, level_db(out) - level_db(held) - 10 * np.log10(
                len(held) / len(mic)))
        previous = mic[-FRAME:]
    # (learnt when the echo moved: offline nothing moves the reference, so the watch then
    # sends it back to learning, rightly)
    assert learnt
    assert worst <= 0.05, f"a cleaned block {worst:.1f} dB louder than the microphone"


FRAME = 160
