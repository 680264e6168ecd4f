"""Recorded speech as input: a WAV replayed through the listening pipeline as a microphone.

The WAV goes through the same pipeline as the live microphone, built by the same function
(:func:`~ludivox.voice.listener.game_listener`: the listening endpointer with its voice
detector, the early end read against the game's sentences, then the recognizer with the
phrase list the session last asked for), so a recording is heard exactly as the same speech
said at the table. Used by the testers' script mode (``@wav FILE``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard
from ludivox.voice.audio import wav_to_chunks
from ludivox.voice.listener import Utterance, game_listener
from ludivox.voice.recognizer import Recognizer, VoskModel, VoskRecognizer

CHUNK_MS = 30


class WavListener:
    """Turns WAV files into :class:`Heard` inputs through the listening pipeline of
    ``grammar``'s game (the live microphone's, see :func:`game_listener`)."""

    def __init__(self, recognizer: Recognizer, grammar: Grammar) -> None:
        self.recognizer = recognizer
        self.stream = game_listener(recognizer, grammar)

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Remember what can be said now; applied before the next utterance.

        Words the model does not know are left out (Vosk would drop them itself, with a
        warning each time; they were reported once when the model was loaded).
        """
        self.stream.set_phrases(phrases)

    def hear(self, path: Path, seat: int | None = None) -> Heard:
        """Recognise the speech in ``path`` (raises OSError / WavFormatError).

        Several utterances in one recording (pauses longer than the endpointer's trailing
        silence) are joined: the recording is one thing said.
        """
        chunks = list(wav_to_chunks(path, chunk_ms=CHUNK_MS, rate=self.recognizer.sample_rate))
        self.stream.cancel()  # each recording starts a fresh stream
        said: list[Utterance] = []
        for chunk in chunks:
            said += [e for e in self.stream.feed(chunk) if isinstance(e, Utterance)]
        said += [e for e in self.stream.flush() if isinstance(e, Utterance)]
        said = [u for u in said if u.text]
        if not said:
            return Heard("", seat=seat)
        text = " ".join(u.text for u in said)
        alternatives = said[-1].alternatives
        if len(said) > 1:
            head = " ".join(u.text for u in said[:-1])
            alternatives = tuple(f"{head} {a}" for a in alternatives)
        return Heard(text, alternatives, seat=seat)


def open_listener(
    model_path: Path, grammar: Grammar
) -> tuple[WavListener, Callable[[str], bool]]:
    """Load a Vosk model; the listener for ``grammar``'s game and the model's word check
    (raises ModelNotFound, ModelLoadError)."""
    model = VoskModel(model_path)
    return WavListener(VoskRecognizer(model), grammar), model.has_word


__all__ = ["CHUNK_MS", "WavListener", "open_listener"]
