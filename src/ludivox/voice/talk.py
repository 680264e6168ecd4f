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
long stays one utterance. Unless its words say it is a command: when the recognizer's words
so far start a sentence that can be said now (the early endpointer's reading,
:mod:`ludivox.voice.early`) and are enough for that much voice (``COMMAND_WORDS_PER_S``),
the endpointer's usual trailing silence stays, however long the command. Without it, 9 of
the 120 in-grammar fixtures (more than 2.0 s of voice: the longest moves, slow voices, 5 dB
chatter) ended 0.45 s later whenever they were not ended early as whole commands; read as
commands that could still go on, none waits the longer quiet now (``benchmarks/
endpointing.py``, ``simulated_long_*``, partial results from the word timings). Talk's words
are no command: a French model's ``[unk]``, words that start no sentence, or too few for the
voice when a decoder held to the phrase list forces talk onto listed words (``korean_list_
chatter_*``). Known cost left: a command said less than ``TALK_SILENCE_MS`` after long table
talk is merged into it (as one said into talk under way already is). Figures:
``benchmarks/vad.py``, ``benchmarks/endpointing.py``.
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


COMMAND_WORDS_PER_S = 2.5
"""... unless its words so far start a sentence that can be said now, at least this many
per second of voice (a long command is not talk). Measured: the in-grammar fixtures with
more than 1.5 s of voice hold 3.4-6.3 words per second of it; table talk that a decoder
held to a phrase list forces onto listed words (the Korean model, which has no ``[unk]``,
with a Kingsbridge list given back in French: ``benchmarks/endpointing.py``,
``korean_list_chatter_*``) gave 0.4-2.2, and once 1 word for 2.75 s of voice that did
start a sentence ("tout"): counted as a command, it split that talk."""


def talk_trail_frames(trail_frames: int, voiced_frames: int, frame_s: float,
                      talk_after_s: float | None, talk_silence_ms: int = TALK_SILENCE_MS,
                      command_words: int = 0) -> int:
    """Frames of quiet that end an utterance with ``voiced_frames`` of voice so far:
    ``trail_frames`` (the endpointer's trailing silence), or the longer ``talk_silence_ms``
    once the voice exceeds ``talk_after_s`` (None: never), unless ``command_words`` (the
    words so far when they start a sentence of the moment, else 0) are enough for that
    voice (``COMMAND_WORDS_PER_S``)."""
    voice_s = voiced_frames * frame_s
    if (talk_after_s is None or voice_s <= talk_after_s
            or command_words >= COMMAND_WORDS_PER_S * voice_s):
        return trail_frames
    return max(trail_frames, round(talk_silence_ms / 1000 / frame_s))


__all__ = ["COMMAND_WORDS_PER_S", "TALK_AFTER_S", "TALK_SILENCE_MS", "talk_trail_frames"]
