"""Echo cancellation (real speexdsp) and barge-in on the simulated room (real espeak-ng).

The assistant's voice goes through a seeded room (delay, reverberation) to the microphone,
with or without a player's command mixed in; the blocks go through the canceller and the
endpointer as live listening does (``ludivox.asrbench.barge_in``).
"""

from __future__ import annotations

import numpy as np
import pytest
from voice_helpers import ROOM_SENTENCES as SENTENCES

from ludivox.asrbench.barge_in import BLOCK, barge_in, listen_through, speech_16k
from ludivox.asrbench.dry_output import listen_live
from ludivox.asrbench.fresh_voice import FreshEspeak
from ludivox.asrbench.room import make_room, rms_db, room_mix
from ludivox.voice.audio import RECOGNIZER_RATE, resample
from ludivox.voice.echo import FRAME_SAMPLES, EchoPath, ReferenceBuffer, SpeexEchoCanceller


@pytest.fixture(scope="module")
def warm(room_voice: FreshEspeak) -> np.ndarray:
    """The assistant's first sentences (33 s): the canceller learns the room on them."""
    return speech_16k(room_voice, SENTENCES + SENTENCES[:4])


@pytest.fixture(scope="module")
def speech(room_voice: FreshEspeak) -> np.ndarray:
    """What the assistant is saying when the player cuts in."""
    return speech_16k(room_voice, SENTENCES[4:])


@pytest.mark.slow
def test_the_canceller_takes_the_echo_out_of_every_room(speech: np.ndarray,
                                                       warm: np.ndarray) -> None:
    both = np.concatenate([warm, speech])
    for seed in (1, 2, 3):  # short and long reverberation
        mix = room_mix(make_room(seed), both)
        run = listen_through(mix, both, keep_clean=True)
        assert run.clean is not None
        after = len(warm)  # once it has learnt the room
        removed = rms_db(mix.mic[after:len(run.clean)]) - rms_db(run.clean[after:])
        assert removed > 28, f"room {seed}: only {removed:.1f} dB of echo removed"
        assert run.converged_at is not None and run.converged_at < len(warm) / RECOGNIZER_RATE


@pytest.mark.slow
def test_its_own_speech_through_the_room_never_triggers(speech: np.ndarray,
                                                        warm: np.ndarray) -> None:
    both = np.concatenate([warm, speech])
    for seed in (2, 4):
        run = listen_through(room_mix(make_room(seed), both), both)
        assert run.converged_at is not None  # the microphone did open while it spoke
        assert run.starts == [], f"room {seed}: its own voice was taken for a player"


@pytest.mark.slow
@pytest.mark.parametrize("level", [0, -10, -20])
@pytest.mark.parametrize("word", ["chut", "stop"])
def test_chut_through_the_room_cuts_the_speech(
    room_voice: FreshEspeak, speech: np.ndarray, warm: np.ndarray, word: str, level: int
) -> None:
    said = speech_16k(room_voice, [word], gap_s=0.0)
    mix, run = barge_in(make_room(2), speech, said, player_db=level, command_at=2.3, warm=warm)
    assert run.converged_at is not None and run.converged_at < len(warm) / RECOGNIZER_RATE
    assert run.starts, f"« {word} » at {level} dB was not heard"
    first = run.starts[0]
    # found from the word on, and at the latest one block after it ends
    assert mix.player_start - 0.05 <= first <= mix.player_end + BLOCK / RECOGNIZER_RATE


@pytest.mark.slow
def test_a_new_command_through_the_room_is_heard_with_its_words(
    room_voice: FreshEspeak, speech: np.ndarray, warm: np.ndarray
) -> None:
    said = speech_16k(room_voice, ["je pose le sept sur la colonne trois"], gap_s=0.0)
    mix, run = barge_in(make_room(3), speech, said, player_db=-10, command_at=1.0, warm=warm)
    assert run.starts and mix.player_start - 0.05 <= run.starts[0] <= mix.player_end
    # what the recognizer gets is the player's voice, not the assistant's (the
    # canceller's output is one 10 ms frame late)
    run = listen_through(mix, np.concatenate([warm, speech]), keep_clean=True)
    assert run.clean is not None
    alone = room_mix(make_room(3), np.zeros(len(mix.mic), dtype=np.int16), said,
                     player_db=-10, player_at=mix.player_start)
    a, b = round(mix.player_start * RECOGNIZER_RATE), round(mix.player_end * RECOGNIZER_RATE)
    lag = FRAME_SAMPLES
    heard = run.clean[a + lag:b + lag].astype(float)
    assert np.corrcoef(heard, alone.mic[a:b].astype(float))[0, 1] > 0.9


def test_the_canceller_gives_back_as_much_audio_as_it_is_given() -> None:
    aec = SpeexEchoCanceller()
    noise = np.random.default_rng(0).integers(-3000, 3000, 1000).astype("<i2").tobytes()
    sizes = [len(aec.process(noise[:n], noise[:n])) for n in (2, 480, 962, 320)]
    assert sizes == [2, 480, 962, 320]
    with pytest.raises(ValueError):
        aec.process(noise[:480], noise[:320])


def test_the_reference_is_what_was_played_at_that_time() -> None:
    rate = 22050
    buffer = ReferenceBuffer(rate, seconds=2.0)
    tone = (8000 * np.sin(2 * np.pi * 440 * np.arange(rate) / rate)).astype(np.int16)
    t0 = 100.0
    for first in range(0, rate, 256):  # as the output callback writes it
        buffer.write(tone[first:first + 256], t0 + first / rate)
    assert np.array_equal(buffer.read(t0 + 0.5, 100), tone[rate // 2: rate // 2 + 100])
    assert not buffer.read(t0 - 1.0, 100).any()  # before anything was played: silence
    got = buffer.read(t0 + 0.2, 4800, RECOGNIZER_RATE)  # the microphone's rate
    want = resample(tone, rate, RECOGNIZER_RATE)[3200:8000]
    assert np.corrcoef(got.astype(float), want.astype(float))[0, 1] > 0.99


def test_an_echo_path_starts_half_duplex_until_it_has_learnt() -> None:
    path = EchoPath(SpeexEchoCanceller())
    assert not path.converged
    silent = np.zeros(BLOCK, dtype=np.int16)
    for _ in range(100):  # Ludivox silent: nothing to learn from
        path.feed(silent.tobytes(), silent)
    assert not path.converged


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 4])
def test_an_output_that_runs_dry_never_makes_its_own_voice_trigger(
    speech: np.ndarray, warm: np.ndarray, seed: int
) -> None:
    """On a loaded machine the output's callback is late: the device plays silence that is
    not in the reference, and the echo comes later than the canceller expects. Live, that
    leak cut the assistant's speech. Now the block after a flagged underflow tells by its
    DAC time how long the silence was, and the reference buffer puts it in: the learnt room
    serves on (``ReferenceBuffer.retimed``).

    This was a known limit: the same sentences synthesized in-process after 0-7 other
    texts (espeak-ng's audio then differs by a few samples) self-triggered in 2 of 48 runs
    (room 2, 12 ms: under the clocks' resync, and the canceller leaks); over rooms 1-6 and
    gaps of 12 / 23 / 46 / 100 ms, 9 of 192. The class is tested, over deterministic
    variants of the voice, in ``test_echo_gap.py``. Still open: an output that drops what it
    was given (the echo earlier; PulseAudio did so after a short late callback) and gaps
    never flagged (``test_its_own_voice_leaking_through_is_never_taken_for_a_player``)."""
    reference = np.concatenate([warm, speech, speech])
    after = len(warm) / RECOGNIZER_RATE + 2.0
    for gap in (0.012, 0.046, 0.1):  # half a block to four blocks of the output
        dry = [(after, gap), (after + 5.0, gap)]
        _, run = listen_live(make_room(seed), reference, dry)
        assert run.converged_at is not None and run.converged_at < after
        assert run.starts == [], f"room {seed}, {gap * 1000:.0f} ms dry: it heard itself"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 3])
def test_its_own_voice_leaking_through_is_never_taken_for_a_player(
    speech: np.ndarray, warm: np.ndarray, seed: int
) -> None:
    """The output ran dry and did not say so (PortAudio through PulseAudio seldom flags
    it): the echo leaks through the canceller, and a speech start that follows what was
    played is its own voice. Known limit, measured: after an unflagged gap of 12 or 23 ms
    the leak is too unlike the reference (likeness under 0.15) to be told from a player
    in 3 rooms of 4 without dropping players' words (see ``LEAK_LIKENESS``)."""
    reference = np.concatenate([warm, speech, speech])
    after = len(warm) / RECOGNIZER_RATE + 2.0
    for gap in (0.046, 0.1):
        dry = [(after, gap), (after + 5.0, gap)]
        _, run = listen_live(make_room(seed), reference, dry, flagged=False)
        assert run.converged_at is not None and run.converged_at < after
        assert run.starts == [], f"room {seed}, {gap * 1000:.0f} ms dry: it heard itself"


@pytest.mark.slow
def test_chut_is_heard_again_once_the_canceller_has_relearnt(
    room_voice: FreshEspeak, speech: np.ndarray, warm: np.ndarray
) -> None:
    """A flagged gap the output's times do not show (its DAC time after it says nothing
    moved), so the reference is not re-timed: the canceller learns again, then hears.
    (A gap they show is put in the reference and nothing is relearnt: test_echo_gap.py.)"""
    reference = np.concatenate([warm, speech, speech, speech])
    after = len(warm) / RECOGNIZER_RATE + 2.0
    chut = speech_16k(room_voice, ["chut"], gap_s=0.0)
    say_at = len(reference) / RECOGNIZER_RATE - 3.0
    mix, run = listen_live(make_room(4), reference, [(after, 0.046)], chut, player_db=-10,
                           player_at=say_at, misjudged=-0.046)
    assert run.relearnt and after < run.relearnt[0] < say_at
    assert run.starts and mix.player_start - 0.05 <= run.starts[0] <= mix.player_end + 0.03
