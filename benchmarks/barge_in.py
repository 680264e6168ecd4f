"""Barge-in on a loudspeaker, on the simulated room (offline, real espeak-ng and speexdsp).

- ``cut_<word>_<level>_p50_ms`` / ``_p95_ms`` / ``_max_ms``: from the end of the player's
  "chut" / "stop" to the speech being cut, over 6 seeded rooms, at 0, -10 and -20 dB
  player-to-echo: the microphone block where the speech start is found, plus the output's
  stop delay (one output block and the device buffer, ``OUTPUT_STOP_MS``). Negative: cut
  while the word was still being said. ``missed_<word>_<level>``: rooms where it was not
  found.
- ``command_heard_<level>``: rooms (of 6) where a new command through the room was heard.
- ``self_triggers_10min``: speech starts found in 10 minutes of Ludivox's own speech
  through 5 rooms (2 minutes each), once the canceller has converged (before that the
  microphone is closed while Ludivox speaks, as before); ``self_triggers_10min_no_aec``:
  the same audio with the microphone open and no canceller (why it used to be closed).
- ``self_triggers_10min_dry``: the same 10 minutes through the live echo path
  (:func:`~ludivox.asrbench.dry_output.listen_live`) with the output running dry unnoticed
  for 46 ms every 10 s once the canceller has learnt (as a late output callback did on the
  loaded machine, PortAudio not flagging it); ``dry_duplex_pct``: the share of those 10
  minutes during which the microphone was open (learning included).
  ``self_triggers_10min_flagged`` / ``flagged_duplex_pct``: the same with the output
  running dry every 10 s for 12, 23, 46 and 100 ms in turn and saying so (PortAudio's
  underflow flag, :meth:`~ludivox.voice.reference.ReferenceBuffer.mark_gap`).
  ``LUDIVOX_BARGE_DRY_ONLY=1``: only these four.
- ``aec_cpu_pct``: the canceller's share of one core per second of audio.
- The recheck (:mod:`ludivox.voice.echo_guard`), through the live echo path of rooms 1-6,
  after an underflow the output reports but that moves nothing (the canceller still works):
  ``recheck_heard_<word>`` of 18 (0/-10/-20 dB, said 0.1/0.25/0.4 s into the recheck), the
  player's chut, stop or a command heard; ``recheck_halfduplex_<word>``: runs in which the
  recheck sent the canceller half-duplex (the microphone closed 1 s or more longer than
  without the player). ``recheck_self_triggers``: starts with no player when the
  underflow did move the echo (1 and 12 ms, flagged): 12 runs. ``LUDIVOX_BARGE_RECHECK_ONLY=1``:
  only these.
- An echo path that moves without a flag (the output plays 1 or 12 ms of silence that is
  not in the reference and reports nothing; :mod:`ludivox.voice.echo_watch`), rooms 1-6,
  2 s after the learning sentences: ``unflagged_self_triggers_<gap>`` (starts with no
  player, 6 runs), ``unflagged_chut_heard_<gap>`` (of 6: the player's « chut » 3 s after
  the move, at -10 dB, heard from its start to 0.1 s after its end, the only start),
  ``unflagged_followed_<gap>`` (runs where the reference was moved by exactly the gap),
  ``live_path_cpu_pct``: the live echo path (canceller, guard, watch, alignment) and the
  endpointer, share of one core per second of audio, over those runs (the room's
  simulation taken out). ``LUDIVOX_BARGE_UNFLAGGED_ONLY=1``: only these.

The assistant's voice is :class:`~ludivox.asrbench.fresh_voice.FreshEspeak` (each text as
a fresh espeak-ng says it), so the figures are the same run to run; they were made with
in-process synthesis before, whose audio depends on what was said earlier in the process:
those figures are not comparable with these.

Before this work a loudspeaker was half-duplex: "chut" said while Ludivox spoke was never
heard (only a key cut the speech).
"""

from __future__ import annotations

import os
import time

import numpy as np

from benchmarks._stats import percentile
from benchmarks.speech import SENTENCES
from ludivox.asrbench.barge_in import BLOCK, barge_in, listen_through, speech_16k
from ludivox.asrbench.dry_output import listen_live, played_with_gaps
from ludivox.asrbench.fresh_voice import FreshEspeak
from ludivox.asrbench.room import make_room, room_mix
from ludivox.voice.audio import RECOGNIZER_RATE
from ludivox.voice.echo import EchoPath, SpeexEchoCanceller
from ludivox.voice.endpoint import Endpointer, SpeechStart
from ludivox.voice.playback import DEFAULT_SINK_RATE, OUTPUT_BLOCK

OUTPUT_STOP_MS = 1000 * 3 * OUTPUT_BLOCK / DEFAULT_SINK_RATE
"""The speech stops sounding at most one output block plus the device buffer (two blocks,
as PortAudio reports it here) after ``stop()``. Measured on the null sink's monitor (stop at
a random point of a long sentence, 10 tries each): p50 45-57 ms, max 62-77 ms quiet, with 2
or 3 CPU burners (load 6), after 1-3 underflows and after a storm of 11-12 (PulseAudio then
holding 190-270 ms in the keeper's stream): nothing handed to the sound server sounds on
(``test_stop_silences_at_once_even_after_the_output_ran_dry``)."""
LEVELS = (0, -10, -20)
ROOMS = range(1, 7)
COMMAND = "je pose le sept sur la colonne trois"
GAPS = (0.012, 0.023, 0.046, 0.1)
"""Flagged underflows: half an output block to four blocks."""


def _cuts(synth: FreshEspeak) -> dict[str, float]:
    warm = speech_16k(synth, SENTENCES[:16])  # 35 s: the canceller converges on it
    speech = speech_16k(synth, SENTENCES[16:22])
    figures: dict[str, float] = {}
    for word in ("chut", "stop", COMMAND):
        said = speech_16k(synth, [word], gap_s=0.0)
        for level in LEVELS:
            cuts: list[float] = []
            for seed in ROOMS:
                mix, run = barge_in(make_room(seed), speech, said, player_db=level,
                                    command_at=2.0 + 0.37 * seed, warm=warm)
                found = [t for t in run.starts if t >= mix.player_start - 0.05]
                if found:
                    cuts.append((found[0] - mix.player_end) * 1000 + OUTPUT_STOP_MS)
            name = f"{level}dB".replace("-", "m")
            if word == COMMAND:
                figures[f"command_heard_{name}"] = float(len(cuts))
                continue
            figures[f"missed_{word}_{name}"] = float(len(ROOMS) - len(cuts))
            if cuts:
                figures[f"cut_{word}_{name}_p50_ms"] = percentile(cuts, 50)
                figures[f"cut_{word}_{name}_p95_ms"] = percentile(cuts, 95)
                figures[f"cut_{word}_{name}_max_ms"] = max(cuts)
    return figures


def _own_speech(synth: FreshEspeak, seconds: float) -> np.ndarray:
    parts = []
    total = 0.0
    rates = (175, 250, 350, 450)
    n = 0
    while total < seconds:
        synth.set_rate(rates[n % len(rates)])
        part = speech_16k(synth, SENTENCES[n % 3::3], gap_s=0.2 + 0.1 * (n % 3))
        parts.append(part)
        total += len(part) / RECOGNIZER_RATE
        n += 1
    synth.set_rate(175)
    joined = np.concatenate(parts)
    return joined[: round(seconds * RECOGNIZER_RATE)]


def _self_triggers(synth: FreshEspeak) -> dict[str, float]:
    speech = _own_speech(synth, 120.0)
    with_aec = without = 0
    spent = 0.0
    for seed in range(11, 16):
        mix = room_mix(make_room(seed), speech)
        start = time.process_time()
        run = listen_through(mix, speech)
        spent += time.process_time() - start
        with_aec += len(run.starts)
        raw = Endpointer()
        for first in range(0, len(mix.mic) - BLOCK + 1, BLOCK):
            block = mix.mic[first:first + BLOCK].astype("<i2").tobytes()
            without += sum(isinstance(e, SpeechStart) for e in raw.feed(block))
    aec = EchoPath(SpeexEchoCanceller())
    start = time.process_time()
    for first in range(0, len(speech) - BLOCK + 1, BLOCK):
        aec.feed(mix.mic[first:first + BLOCK].astype("<i2").tobytes(),
                 speech[first:first + BLOCK])
    aec_cpu = (time.process_time() - start) / (len(speech) / RECOGNIZER_RATE)
    return {
        "self_triggers_10min": float(with_aec),
        "self_triggers_10min_no_aec": float(without),
        "aec_cpu_pct": 100 * aec_cpu,
        "listen_path_cpu_pct": 100 * spent / (5 * len(speech) / RECOGNIZER_RATE),
    }


def _dry_self_triggers(synth: FreshEspeak) -> dict[str, float]:
    speech = _own_speech(synth, 120.0)
    starts = 0
    duplex = 0.0
    for seed in range(11, 16):
        dry = [(at, 0.046) for at in range(40, 120, 10)]
        _, run = listen_live(make_room(seed), speech, dry, flagged=False)
        starts += len(run.starts)
        duplex += run.duplex_s
    return {"self_triggers_10min_dry": float(starts),
            "dry_duplex_pct": 100 * duplex / (5 * 120.0)}


def _flagged_self_triggers(synth: FreshEspeak) -> dict[str, float]:
    speech = _own_speech(synth, 120.0)
    starts = 0
    duplex = 0.0
    for seed in range(11, 16):
        dry = [(at, GAPS[n % len(GAPS)]) for n, at in enumerate(range(40, 120, 10))]
        _, run = listen_live(make_room(seed), speech, dry)
        starts += len(run.starts)
        duplex += run.duplex_s
    return {"self_triggers_10min_flagged": float(starts),
            "flagged_duplex_pct": 100 * duplex / (5 * 120.0)}


def _recheck(synth: FreshEspeak) -> dict[str, float]:
    warm = speech_16k(synth, SENTENCES[:16])
    reference = np.concatenate([warm, speech_16k(synth, SENTENCES[16:22])])
    after = len(warm) / RECOGNIZER_RATE + 2.0
    figures: dict[str, float] = {"recheck_self_triggers": 0.0}
    alone = {}
    for seed in ROOMS:
        alone[seed] = listen_live(make_room(seed), reference, [(after, 0.0)])[1].duplex_s
    for seed in ROOMS:
        for gap in (0.001, 0.012):
            _, run = listen_live(make_room(seed), reference, [(after, gap)])
            figures["recheck_self_triggers"] += len(run.starts)
    for word in ("chut", "stop", COMMAND):
        said = speech_16k(synth, [word], gap_s=0.0)
        name = "command" if word == COMMAND else word
        heard = closed = 0
        for seed in ROOMS:
            for level in LEVELS:
                delay = (0.1, 0.25, 0.4)[(seed + level // 10) % 3]
                mix, run = listen_live(make_room(seed), reference, [(after, 0.0)], said,
                                       player_db=level, player_at=after + delay)
                heard += any(mix.player_start - 0.05 <= t <= mix.player_end + 0.1
                             for t in run.starts)
                closed += run.duplex_s < alone[seed] - 1.0
        figures[f"recheck_heard_{name}"] = float(heard)
        figures[f"recheck_halfduplex_{name}"] = float(closed)
    return figures


def _unflagged(synth: FreshEspeak) -> dict[str, float]:
    reference = speech_16k(synth, SENTENCES[:16] + SENTENCES[16:22])
    after = len(speech_16k(synth, SENTENCES[:16])) / RECOGNIZER_RATE + 2.0
    chut = speech_16k(synth, ["chut"], gap_s=0.0)
    figures: dict[str, float] = {}
    spent = audio = 0.0
    for gap in (0.001, 0.012):
        name = f"{round(gap * 1000)}ms"
        starts = heard = followed = 0
        for seed in ROOMS:
            played = played_with_gaps(reference, [(after, gap)])
            start = time.process_time()
            room_mix(make_room(seed), played)  # the simulation's own cost, taken out
            simulated = time.process_time() - start
            start = time.process_time()
            mix, run = listen_live(make_room(seed), reference, [(after, gap)], flagged=False)
            spent += time.process_time() - start - simulated
            audio += len(mix.mic) / RECOGNIZER_RATE
            starts += len(run.starts)
            moves = getattr(run, "moves", [])  # (none before the watch)
            followed += bool(moves) and moves[0] == round(gap * RECOGNIZER_RATE)
            mix, run = listen_live(make_room(seed), reference, [(after, gap)], chut,
                                   player_db=-10, player_at=after + 3.0, flagged=False)
            heard += bool(run.starts) and all(
                mix.player_start - 0.05 <= t <= mix.player_end + 0.1 for t in run.starts)
        figures[f"unflagged_self_triggers_{name}"] = float(starts)
        figures[f"unflagged_chut_heard_{name}"] = float(heard)
        figures[f"unflagged_followed_{name}"] = float(followed)
    figures["live_path_cpu_pct"] = 100 * spent / audio
    return figures


def run() -> dict[str, float]:
    """All barge-in figures (see the module docstring)."""
    synth = FreshEspeak()
    if os.environ.get("LUDIVOX_BARGE_DRY_ONLY") == "1":
        return {**_dry_self_triggers(synth), **_flagged_self_triggers(synth)}
    if os.environ.get("LUDIVOX_BARGE_RECHECK_ONLY") == "1":
        return _recheck(synth)
    if os.environ.get("LUDIVOX_BARGE_UNFLAGGED_ONLY") == "1":
        return _unflagged(synth)
    figures = {"output_stop_ms": OUTPUT_STOP_MS}
    figures.update(_unflagged(synth))
    figures.update(_dry_self_triggers(synth))
    figures.update(_flagged_self_triggers(synth))
    figures.update(_recheck(synth))
    figures.update(_cuts(synth))
    figures.update(_self_triggers(synth))
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:40s} {value:10.3f}")
