"""Recorded speech as input: a WAV replayed through the recognizer as a microphone would.

The listener keeps the phrase list the session last asked for (``SetPhrases``) and applies
it before each utterance, so the recognizer is restricted to what can be said now. Used by
the testers' script mode (``@wav FILE``); the live microphone uses the same recognizer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from ludivox.table.io import Heard
from ludivox.voice.audio import wav_to_chunks
from ludivox.voice.recognizer import Final, Recognizer, Result, VoskModel, VoskRecognizer

CHUNK_MS = 100


class WavListener:
    """Turns WAV files into :class:`Heard` inputs through a :class:`Recognizer`."""

    def __init__(
        self, recognizer: Recognizer, known: Callable[[str], bool] | None = None
    ) -> None:
        self.recognizer = recognizer
        self.known = known
        self._wanted: tuple[str, ...] | None = None
        self._applied: tuple[str, ...] | None = None

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Remember what can be said now; applied before the next utterance.

        Words the model does not know are left out (Vosk would drop them itself, with a
        warning each time; they were reported once when the model was loaded).
        """
        if self.known is not None:
            known = self.known
            kept = (" ".join(w for w in p.split() if known(w)) for p in phrases)
            phrases = list(dict.fromkeys(p for p in kept if p))
        self._wanted = tuple(phrases)

    def hear(self, path: Path, seat: int | None = None) -> Heard:
        """Recognise one utterance from ``path`` (raises OSError / WavFormatError)."""
        if self._wanted and self._wanted != self._applied:
            self.recognizer.set_phrases(self._wanted)
            self._applied = self._wanted
        self.recognizer.reset()
        finals: list[Result] = []
        for chunk in wav_to_chunks(path, chunk_ms=CHUNK_MS, rate=self.recognizer.sample_rate):
            update = self.recognizer.accept(chunk)
            if isinstance(update, Final) and not update.result.is_empty:
                finals.append(update.result)  # an endpoint inside the recording
        last = self.recognizer.finish()
        if not last.is_empty:
            finals.append(last)
        if not finals:
            return Heard("", seat=seat)
        # a pause inside one recording splits it; the utterance is all of it
        text = " ".join(r.text for r in finals)
        alternatives = tuple(a for a in finals[-1].alternatives if a != finals[-1].text)
        if len(finals) > 1:
            head = " ".join(r.text for r in finals[:-1])
            alternatives = tuple(f"{head} {a}" for a in alternatives)
        return Heard(text, alternatives, seat=seat)


def open_listener(model_path: Path) -> tuple[WavListener, Callable[[str], bool]]:
    """Load a Vosk model; the listener and the model's word check (raises ModelNotFound...)."""
    model = VoskModel(model_path)
    return WavListener(VoskRecognizer(model), model.has_word), model.has_word


__all__ = ["CHUNK_MS", "WavListener", "open_listener"]
