"""The product's restricted decoding with a model that knows no French: a stand-in phrase list.

The game always decodes with the phrase list of the moment (Vosk's grammar argument). The
Korean model on these machines knows none of those French words, so the listener leaves
them all out and Vosk decodes free-form: a much costlier search than the product's. To
measure the path the product really runs, :class:`StandInRecognizer` gives Vosk a phrase
list of the same shape: every French word of the lists is replaced, one for one, by a word
the model knows (the same phrases, words per phrase and vocabulary size), taken from the
model's own vocabulary (:func:`graph_words`: the word symbols of its ``graph/Gr.fst``).
The words heard are then Korean and wrong; the timings are those of a list of that size.

It also counts the processor time spent in Vosk (``cpu_s``), :class:`TimedEndpointer` the
endpointer's (with its detector) and :class:`TimedDetector` the neural detector's, so a
bench can split the listening path's CPU.
"""

from __future__ import annotations

import re
import struct
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from ludivox.voice.endpoint import Endpointer, EndpointEvent
from ludivox.voice.recognizer import (
    UNKNOWN_WORD,
    Final,
    Partial,
    RecognitionUpdate,
    Result,
    VoskRecognizer,
)
from ludivox.voice.vad import VoiceDetector

FST_MAGIC = 2125659606
"""OpenFst's binary header magic number."""
SYMBOLS_MAGIC = 2125658996
"""OpenFst's symbol table magic number."""
HANGUL_WORD = re.compile("[\uac00-\ud7a3]{2,3}")
"""Stand-in words: two or three Hangul syllables (about the length of the French words)."""


class _Reader:
    """Little-endian OpenFst fields from a byte string."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def int32(self) -> int:
        value = int(struct.unpack_from("<i", self.data, self.at)[0])
        self.at += 4
        return value

    def int64(self) -> int:
        value = int(struct.unpack_from("<q", self.data, self.at)[0])
        self.at += 8
        return value

    def text(self) -> str:
        size = self.int32()
        value = self.data[self.at:self.at + size].decode("utf-8")
        self.at += size
        return value


def graph_words(fst: Path) -> list[str]:
    """The word symbols stored in an OpenFst binary file (Vosk's ``graph/Gr.fst``), in the
    order stored; ValueError when the file holds no symbol table."""
    data = _Reader(fst.read_bytes())
    if data.int32() != FST_MAGIC:
        raise ValueError(f"{fst} is not an OpenFst binary file")
    data.text(), data.text()  # fst type, arc type
    data.int32()  # version
    flags = data.int32()
    for _ in range(4):  # properties, start, states, arcs
        data.int64()
    if not flags & 3:
        raise ValueError(f"{fst} holds no symbol table")
    if data.int32() != SYMBOLS_MAGIC:
        raise ValueError(f"{fst}: unexpected symbol table")
    data.text()  # the table's name
    data.int64()  # next free key
    size = data.int64()
    words = []
    for _ in range(size):
        words.append(data.text())
        data.int64()
    return words


def stand_in_pool(words: Iterable[str], count: int) -> list[str]:
    """``count`` short Hangul words spread evenly over ``words`` (deterministic)."""
    fit = sorted(w for w in set(words) if HANGUL_WORD.fullmatch(w))
    if len(fit) < count:
        raise ValueError(f"only {len(fit)} stand-in words for {count}")
    step = len(fit) / count
    return [fit[int(i * step)] for i in range(count)]


class StandInRecognizer:
    """A :class:`VoskRecognizer` whose phrase lists are translated word for word into words
    the model knows (the first French word seen gets the pool's first word, and so on)."""

    def __init__(self, recognizer: VoskRecognizer, pool: Sequence[str]) -> None:
        self.recognizer = recognizer
        self.pool = tuple(pool)
        self.mapping: dict[str, str] = {}
        self.cpu_s = 0.0
        self.last_phrases: tuple[str, ...] | None = None

    @property
    def sample_rate(self) -> int:
        """The wrapped recognizer's rate."""
        return self.recognizer.sample_rate

    def has_word(self, word: str) -> bool:
        """Every word has a stand-in (while the pool lasts)."""
        return word == UNKNOWN_WORD or word in self.mapping or len(self.mapping) < len(
            self.pool)

    def _stand_in(self, word: str) -> str:
        if word == UNKNOWN_WORD:
            return word
        if word not in self.mapping:
            self.mapping[word] = self.pool[len(self.mapping)]
        return self.mapping[word]

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """The same phrases with each word replaced by its stand-in."""
        listed = None if phrases is None else tuple(
            " ".join(self._stand_in(w) for w in p.split()) for p in phrases)
        self.last_phrases = listed
        used = time.thread_time()
        self.recognizer.set_phrases(listed)
        self.cpu_s += time.thread_time() - used

    def accept(self, chunk: bytes) -> RecognitionUpdate | None:
        """Vosk's update (timed)."""
        used = time.thread_time()
        try:
            return self.recognizer.accept(chunk)
        finally:
            self.cpu_s += time.thread_time() - used

    def finish(self) -> Result:
        """Vosk's final result (timed)."""
        used = time.thread_time()
        try:
            return self.recognizer.finish()
        finally:
            self.cpu_s += time.thread_time() - used

    def reset(self) -> None:
        """Drop the utterance (timed)."""
        used = time.thread_time()
        self.recognizer.reset()
        self.cpu_s += time.thread_time() - used


class FrenchStandIn(StandInRecognizer):
    """A :class:`StandInRecognizer` whose words come back in French (each stand-in replaced
    by the French word it stands for): the phrases the restricted decoder chose, as the game
    would read them. The sounds were not those words: this measures what a decoder held to
    the list makes of speech that is no command (table talk), never accuracy."""

    def _french(self, text: str) -> str:
        back = {korean: french for french, korean in self.mapping.items()}
        return " ".join(back.get(w, UNKNOWN_WORD) for w in text.split())

    def _result(self, result: Result) -> Result:
        return Result(self._french(result.text),
                      tuple(self._french(a) for a in result.alternatives), result.confidence)

    def accept(self, chunk: bytes) -> RecognitionUpdate | None:
        """Vosk's update, in French."""
        update = super().accept(chunk)
        if isinstance(update, Partial):
            return Partial(self._french(update.text))
        if isinstance(update, Final):
            return Final(self._result(update.result))
        return update

    def finish(self) -> Result:
        """Vosk's final result, in French."""
        return self._result(super().finish())


class TimedEndpointer(Endpointer):
    """An :class:`Endpointer` that adds up the processor time of its ``feed`` and ``flush``
    (``cpu_s``, its detector's included)."""

    cpu_s = 0.0

    def feed(self, chunk: bytes) -> list[EndpointEvent]:
        """The endpointer's events (timed)."""
        used = time.thread_time()
        try:
            return super().feed(chunk)
        finally:
            self.cpu_s += time.thread_time() - used

    def flush(self) -> list[EndpointEvent]:
        """The endpointer's last events (timed)."""
        used = time.thread_time()
        try:
            return super().flush()
        finally:
            self.cpu_s += time.thread_time() - used


class TimedDetector:
    """A :class:`VoiceDetector` that adds up its processor time (``cpu_s``)."""

    def __init__(self, detector: VoiceDetector) -> None:
        self.detector = detector
        self.cpu_s = 0.0

    @property
    def frame_samples(self) -> int:
        """The wrapped detector's frame."""
        return self.detector.frame_samples

    def speech_probability(self, frame: bytes) -> float:
        """The wrapped detector's probability (timed)."""
        used = time.thread_time()
        try:
            return self.detector.speech_probability(frame)
        finally:
            self.cpu_s += time.thread_time() - used

    def reset(self) -> None:
        """Reset the wrapped detector."""
        self.detector.reset()


__all__ = ["FrenchStandIn", "StandInRecognizer", "TimedDetector", "TimedEndpointer",
           "graph_words", "stand_in_pool"]
