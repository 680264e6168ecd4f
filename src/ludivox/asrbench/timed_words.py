"""Partial results as a French model would give them, from a fixture's known word timings.

No French speech model runs on the project's machines, so the endpointing decision on the
French fixtures is driven by what was really said and when (the manifest's ``words``, from
espeak-ng): a word appears in the partial text ``lag_s`` after its sound ends (the lag of a
real model's partial results, measured on the Korean model by ``benchmarks/endpointing.py``),
and the final result is every word whose sound ended before the utterance did. Everything
else (the detector, the endpointer, the reading of the partial, the game, synthesis and
playback) is real. This is a :class:`~ludivox.voice.recognizer.Recognizer` for the bench and
its tests only; it is labelled as simulated wherever its figures are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludivox.voice.audio import RECOGNIZER_RATE
from ludivox.voice.recognizer import Partial, RecognitionUpdate, Result


class TimedWordsRecognizer:
    """Reports the words of :meth:`load` as their sound ends (plus ``lag_s``).

    ``clock`` gives the stream time (seconds of audio fed so far, e.g. the endpointer's).
    An utterance holds the words that end inside the audio given since the last
    :meth:`finish` or :meth:`reset` (audio given again after a finish is decoded again).
    """

    def __init__(self, clock: Callable[[], float], lag_s: float = 0.0) -> None:
        self.clock = clock
        self.lag_s = lag_s
        self._words: tuple[tuple[str, float], ...] = ()
        self._shown = 0
        self._fed = 0.0  # seconds of audio given since the last finish or reset

    @property
    def sample_rate(self) -> int:
        """16 kHz, as the listening pipeline."""
        return RECOGNIZER_RATE

    def load(self, words: Sequence[tuple[str, float]]) -> None:
        """The words of the next stream and when each one's sound ends (s)."""
        self._words = tuple((w.replace(",", "").strip(), end) for w, end in words)
        self.reset()

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """The phrase list does not change what was said."""
        self.reset()

    def _heard(self, lag: float) -> list[str]:
        now = self.clock()
        start = now - self._fed
        return [w for w, end in self._words if start < end <= now - lag + 1e-9 and w]

    def accept(self, chunk: bytes) -> RecognitionUpdate | None:
        """A new partial text when another word has become known."""
        self._fed += len(chunk) / 2 / RECOGNIZER_RATE
        words = self._heard(self.lag_s)
        if len(words) > self._shown:
            self._shown = len(words)
            return Partial(" ".join(words))
        return None

    def finish(self) -> Result:
        """Every word whose sound ended in this utterance's audio."""
        text = " ".join(self._heard(0.0))
        self.reset()
        return Result(text, (text,) if text else (), 1.0 if text else 0.0)

    def reset(self) -> None:
        """Drop the current utterance."""
        self._shown = 0
        self._fed = 0.0


__all__ = ["TimedWordsRecognizer"]
