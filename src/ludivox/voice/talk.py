"""Talk going on: an utterance with more voice than a command ends after a longer quiet.

Table talk without the player opens an utterance at each sentence after a pause longer than
the endpointer's trailing silence (0.65 s), whatever the detector: on the distant chatter
fixtures the energy detector and Silero open the same 3 utterances in 15 s. Nothing at a
start tells a far talker from the player (measured on the reverberated chatter fixture and
on commands through a near talker's room, direct-to-reverberant ratio 0 to +6 dB: the
steepest level fall in the first 0.4 s, 5-13 dB near vs 4-8 dB far, periodicity overlaps;
gating a start by the level of the last utterance nobody claimed loses a player who repeats
a command not understood: 23 to 46 of 47, margins 0 to +6 dB). What differs is length:
an utterance with more than ``TALK_AFTER_S`` of voice (speech frames) is rarely one command,
so it ends after ``TALK_SILENCE_MS`` of quiet instead: talk going on with pauses up to that
long stays one utterance. Known cost: 9 of the 120 in-grammar fixtures hold more than 2.0 s
of voice (up to 2.75 s: the longest moves, slow voices, 5 dB chatter); when not completed
early (then the short silence ends them as before) they end 0.45 s later. A command is
otherwise found as before; one said less than ``TALK_SILENCE_MS`` after long table talk is
merged into it (as one said into talk under way already is). Figures: ``benchmarks/vad.py``.
"""

from __future__ import annotations

TALK_AFTER_S = 2.0
"""An utterance with more voice than this (seconds of speech frames) is talk going on
(chosen on ``benchmarks/vad.py``: 2.0 and 1.5 s give the same figures; 3.0 s, above every
command, leaves the single-fixture chatter figure at the energy detector's: the first
chatter utterances hold 2.1-2.75 s of voice)."""
TALK_SILENCE_MS = 1100
"""... and ends after this much quiet (1.1 and 1.5 s gave the same figures: the pauses
between the fixtures' talkers are about 1 s, or over 2.5 s)."""


def talk_trail_frames(trail_frames: int, voiced_frames: int, frame_s: float,
                      talk_after_s: float | None, talk_silence_ms: int = TALK_SILENCE_MS
                      ) -> int:
    """Frames of quiet that end an utterance with ``voiced_frames`` of voice so far:
    ``trail_frames`` (the endpointer's trailing silence), or the longer ``talk_silence_ms``
    once the voice exceeds ``talk_after_s`` (None: never)."""
    if talk_after_s is None or voiced_frames * frame_s <= talk_after_s:
        return trail_frames
    return max(trail_frames, round(talk_silence_ms / 1000 / frame_s))


__all__ = ["TALK_AFTER_S", "TALK_SILENCE_MS", "talk_trail_frames"]
