"""Voice detector bench: the energy endpointer alone vs Silero VAD in front of it.

- ``<setup>_false_starts_per_min_<kind>``: speech starts found per minute of each noise
  fixture (``audio_fixtures/noise``: knocks, cards, dice, fan, music, distant chatter; no
  player speaks there);
- ``<setup>_clipped`` / ``_missed`` / ``_split``: speech fixtures (a spread subset of the
  Kingsbridge set, clean and noisy) whose first word is cut from the audio handed to the
  recognizer, that are not found at all, or that come out as several utterances;
- ``session_<setup>_false_starts_per_min_<kind>`` / ``_clipped`` / ``_missed`` /
  ``_split``: the same over one stream where each speech fixture is followed by 5 s of a
  noise (kinds in turn) and nothing is reset, as in a hands-free game: what the endpointer
  learns from the player is at work (``silero``: the listening endpointer, whose starts
  are gated while distant talk goes on by the level of accepted commands,
  ``PLAYER_GAP_DB``; ``silero_no_player``: the same without that gate, the previous
  default; ``silero_gate``: instead of it, starts gated by the loudest recent voice,
  ``VOICE_GAP_DB``, not used by default; a command merged into table talk already under way
  counts as missed). The listener's part is played: an utterance that starts in a command
  is an accepted command (``Endpointer.heard_player``), one that starts in a noise is not;
- ``back_to_back_<setup>_missed`` / ``_clipped`` / ``_split``: the speech fixtures 1.5 s
  apart in silence (a player saying command after command, the level learned at work);
- ``<setup>_cpu_pct``: endpointer (+ detector) processor time per second of audio, in %
  of one core (the whole listening path adds Vosk: see ``listening_cpu_pct`` in
  ``benchmarks/endpointing.py``).

Setups: ``energy`` (the energy endpointer alone), ``silero`` (Silero and the energy gate:
``listening_endpointer``, the default), ``silero_no_talk`` (the same without keeping talk
going on as one utterance, ``talk_after_s=None``: the previous default), ``silero_only``
(Silero above near-silence only). Noise kinds: ``chatter`` is distant talk heard through a
room (reverberated), ``chatter_dry`` the same babble without it (the fixture before).
``LUDIVOX_VAD_ALL=1`` runs every in-grammar speech fixture instead of a spread 48. Nothing is
asserted.
"""

from __future__ import annotations

import os
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "audio_fixtures" / "fr" / "kingsbridge"
NOISE = Path(__file__).resolve().parents[1] / "audio_fixtures" / "noise"
LIMIT = 48


def run() -> dict[str, float]:
    """The figures of each set-up (see the module docstring)."""
    from ludivox.asrbench.detector import measure, measure_session, noise_fixtures
    from ludivox.asrbench.manifest import load, select
    from ludivox.voice.endpoint import (
        NEURAL_ONSET_MS,
        VOICE_GAP_DB,
        Endpointer,
        listening_endpointer,
    )
    from ludivox.voice.vad import SileroDetector

    manifest = load(FIXTURES)
    limit = None if os.environ.get("LUDIVOX_VAD_ALL") else LIMIT
    speech = select([f for f in manifest.fixtures if f.in_grammar], limit)
    noise = noise_fixtures(NOISE)
    setups = {
        "energy": lambda: Endpointer(),
        "silero": listening_endpointer,
        "silero_no_talk": lambda: listening_endpointer(talk_after_s=None),
        "silero_only": lambda: Endpointer(detector=SileroDetector(), gate="neural",
                                          onset_ms=NEURAL_ONSET_MS),
    }
    figures: dict[str, float] = {"speech_fixtures": float(len(speech))}
    for name, make in setups.items():
        got = measure(make, manifest, speech, noise)
        for item in got.noise:
            figures[f"{name}_false_starts_per_min_{item.kind}"] = item.per_minute
        figures[f"{name}_clipped"] = float(got.speech.clipped)
        figures[f"{name}_missed"] = float(got.speech.missed)
        figures[f"{name}_split"] = float(got.speech.split)
        figures[f"{name}_cpu_pct"] = 100.0 * got.cpu_per_audio_s
    sessions = {
        "energy": lambda: Endpointer(),
        "silero": listening_endpointer,
        "silero_no_talk": lambda: listening_endpointer(talk_after_s=None),
        "silero_no_player": lambda: listening_endpointer(player_gap_db=None),
        "silero_gate": lambda: listening_endpointer(player_gap_db=None,
                                                    voice_gap_db=VOICE_GAP_DB),
    }
    for name, make in sessions.items():
        game = measure_session(make, manifest, speech, noise)
        for item in game.noise:
            figures[f"session_{name}_false_starts_per_min_{item.kind}"] = item.per_minute
        figures[f"session_{name}_clipped"] = float(game.speech.clipped)
        figures[f"session_{name}_missed"] = float(game.speech.missed)
        figures[f"session_{name}_split"] = float(game.speech.split)
    # command after command, 1.5 s of silence between (the player's level at work)
    for name, make in (("silero", listening_endpointer),
                       ("silero_no_player", lambda: listening_endpointer(player_gap_db=None))):
        game = measure_session(make, manifest, speech, [], gap_s=1.5)
        figures[f"back_to_back_{name}_clipped"] = float(game.speech.clipped)
        figures[f"back_to_back_{name}_missed"] = float(game.speech.missed)
        figures[f"back_to_back_{name}_split"] = float(game.speech.split)
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:45s} {value:10.3f}")
