"""The listening pipeline: audio chunks -> endpointing -> recognizer -> utterances.

One :class:`StreamListener` is shared by the live microphone, WAV replay (``@wav`` in script
mode) and the ASR bench, so all three hear exactly alike::

    listener = StreamListener(recognizer, Endpointer(sample_rate=16000))
    listener.set_phrases(["je pose le sept", "répète"])
    for chunk in chunks:
        for event in listener.feed(chunk):
            ...   # SpeechStarted, PartialText, Utterance
    events = listener.flush()   # end of the stream

Early end: with a :class:`~ludivox.voice.early.CommandReader` (``reader``), each partial
result is read against what can be said now (restricted to the words of the phrase list of
the moment); while the words so far are a whole command that nothing can continue, the
endpointer ends the utterance after its short silence instead of the long one. Each
:class:`PartialText` carries that reading, so the answer can be prepared while the player
still speaks. A recognizer's partial results lag the speech (about 0.4 s for Vosk here), so
at the first short pause the listener also asks for the final result of the words so far
(``confirm_at_pause``, about 10 ms): a whole command ends there; otherwise the audio of the
utterance is decoded again from its start (context kept, as if nothing had been asked) and
the long silence stays.

Talk going on (:mod:`ludivox.voice.talk`): an utterance with more voice than a command
ends after a longer quiet, unless the reading says its words start a sentence of the moment
(and are enough for the voice): the listener hands the endpointer that word count with the
early end's choice.

The player's level: an utterance in which the recognizer heard words of the moment is the
player's (:meth:`~ludivox.voice.endpoint.Endpointer.heard_player`), and when it reads as a
whole command its level is learned; distant table talk, much quieter than that, then opens
no utterance while it goes on (``PLAYER_GAP_DB``). Nothing is learned from an utterance
where nothing was recognised.

The recognizer only hears audio inside speech (with the endpointer's pre-roll), and the
phrase list last given to :meth:`StreamListener.set_phrases` is applied before each
utterance (never in the middle of one). Words the model does not know are left out of the
list (Vosk drops them itself, with a warning each time); ``[unk]`` is added by the Vosk
adapter when the model has it, so speech outside the list comes out as ``[unk]`` instead of
being forced onto a listed sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ludivox.grammars.grammar import Grammar
from ludivox.voice.early import CommandReader, GrammarReader, Reading
from ludivox.voice.endpoint import (
    Endpointer,
    EndpointEvent,
    SpeechAudio,
    SpeechEnd,
    SpeechPause,
    SpeechStart,
    listening_endpointer,
)
from ludivox.voice.recognizer import UNKNOWN_WORD, Final, Partial, Recognizer, Result


@dataclass(frozen=True)
class SpeechStarted:
    """Someone started speaking ``t`` seconds into the stream."""

    t: float


@dataclass(frozen=True)
class PartialText:
    """The recognizer's current guess while speech goes on (the whole utterance so far),
    and its reading against what can be said (None without a reader)."""

    text: str
    reading: Reading | None = None


@dataclass(frozen=True)
class Utterance:
    """One utterance, recognised.

    ``text`` is empty when nothing was recognised (a noise). ``alternatives`` are other
    readings, best first, without ``text``. ``t_speech_end`` is when the speech stopped,
    ``t_endpoint`` when the endpointer decided it was over (seconds of audio fed);
    ``t_start`` when it began. ``cut`` is True when it was stopped at the maximum length
    or by the end of the stream; ``early`` when it ended after the short silence of a
    complete command.
    """

    text: str
    alternatives: tuple[str, ...]
    t_speech_end: float
    t_endpoint: float
    t_start: float = 0.0
    cut: bool = False
    early: bool = False

    @property
    def is_unknown(self) -> bool:
        """True when nothing in the list was recognised (empty, or only ``[unk]``)."""
        return all(word == UNKNOWN_WORD for word in self.text.split())


ListenEvent = SpeechStarted | PartialText | Utterance


def _word_check(recognizer: Recognizer) -> Callable[[str], bool] | None:
    """The recognizer's vocabulary check when it has one (Vosk's does)."""
    for owner in (recognizer, getattr(recognizer, "model", None)):
        check: Any = getattr(owner, "has_word", None)
        if callable(check):
            return cast(Callable[[str], bool], check)
    return None


class StreamListener:
    """Turns a stream of 16 kHz mono int16 chunks into :data:`ListenEvent` values.

    ``known`` tells whether the model knows a word (default: asked to the recognizer, e.g.
    Vosk's vocabulary); phrases are cut down to known words. ``reader`` reads partial
    results for the early end (None: always the long silence). The default endpointer is
    :func:`~ludivox.voice.endpoint.listening_endpointer` (Silero VAD when installed). Not
    thread-safe: one thread feeds it.
    """

    def __init__(
        self,
        recognizer: Recognizer,
        endpointer: Endpointer | None = None,
        *,
        known: Callable[[str], bool] | None = None,
        reader: CommandReader | None = None,
        confirm_at_pause: bool = True,
    ) -> None:
        self.recognizer = recognizer
        self.endpointer = endpointer or listening_endpointer(recognizer.sample_rate)
        if self.endpointer.sample_rate != recognizer.sample_rate:
            raise ValueError(
                f"endpointer rate {self.endpointer.sample_rate} Hz differs from the "
                f"recognizer's {recognizer.sample_rate} Hz"
            )
        self.known = known if known is not None else _word_check(recognizer)
        self._wanted: tuple[str, ...] | None = None
        self._applied: tuple[str, ...] | None = None
        self._finals: list[Result] = []
        self._start = 0.0
        self._reader_wanted = reader
        self._reader = reader
        self._vocabulary: frozenset[str] | None = None
        self.confirm_at_pause = confirm_at_pause
        self._ended_early = False
        self._audio: list[bytes] = []
        self.reading: Reading | None = None
        """The reading of the utterance in progress (None before its first partial)."""

    @property
    def phrases(self) -> tuple[str, ...] | None:
        """The phrase list that the next utterance will use (None: free-form)."""
        return self._wanted

    @property
    def in_speech(self) -> bool:
        """True while an utterance is open."""
        return self.endpointer.in_speech

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """What can be said now (None: free-form); applied before the next utterance."""
        if phrases is None:
            self._wanted = None
            return
        if isinstance(phrases, str):
            raise TypeError("phrases must be a sequence of strings, not one string")
        if self.known is not None:
            known = self.known
            kept = (
                " ".join(w for w in p.split() if w == UNKNOWN_WORD or known(w)) for p in phrases
            )
            phrases = [p for p in kept if p]
        cleaned = tuple(dict.fromkeys(" ".join(p.split()) for p in phrases if p.strip()))
        # nothing the model can say: free-form is better than an empty list
        self._wanted = cleaned or None

    @property
    def reader(self) -> CommandReader | None:
        """How partial results are read for the early end (from the next utterance)."""
        return self._reader_wanted

    def set_reader(self, reader: CommandReader | None) -> None:
        """How partial results are read for the early end; applied from the next utterance
        (with the phrase list)."""
        self._reader_wanted = reader

    def feed(self, chunk: bytes) -> list[ListenEvent]:
        """Process a chunk of audio; the events it brings (often none)."""
        out: list[ListenEvent] = []
        for event in self.endpointer.feed(chunk):
            if self._ended_early and not isinstance(event, SpeechStart):
                continue  # the rest of a pause that already ended the utterance
            self._handle(event, out)
        return out

    def flush(self) -> list[ListenEvent]:
        """End of the stream: the utterance still open, if any, is finished now."""
        out: list[ListenEvent] = []
        for event in self.endpointer.flush():
            if self._ended_early and not isinstance(event, SpeechStart):
                continue
            self._handle(event, out)
        return out

    def cancel(self) -> None:
        """Drop the utterance in progress (nothing is reported for it) and restart the
        endpointer's clock and noise floor (e.g. when the microphone is reopened)."""
        if self.endpointer.in_speech:
            self.recognizer.reset()
        self._finals = []
        self._ended_early = False
        self.endpointer.reset()

    def _handle(self, event: EndpointEvent, out: list[ListenEvent]) -> None:
        if isinstance(event, SpeechStart):
            self._begin()
            self._start = event.t
            out.append(SpeechStarted(event.t))
            self._accept(event.audio, out)
        elif isinstance(event, SpeechAudio):
            self._accept(event.audio, out)
        elif isinstance(event, SpeechPause):
            if self._pause():
                end = self.endpointer.end_now()
                if end is not None:
                    out.append(self._finish(end))
                    self._ended_early = True
        else:
            out.append(self._finish(event))

    def _begin(self) -> None:
        self._ended_early = False
        self._finals = []
        self._audio = []
        self.reading = None
        self._reader = self._reader_wanted
        if self._wanted != self._applied:
            self.recognizer.set_phrases(self._wanted)
            self._applied = self._wanted
            self._vocabulary = (None if self._wanted is None else frozenset(
                w for p in self._wanted for w in p.split()))

    def _accept(self, audio: bytes, out: list[ListenEvent]) -> None:
        self._audio.append(audio)
        update = self.recognizer.accept(audio)
        if isinstance(update, Partial):
            text = " ".join([*(r.text for r in self._finals), update.text])
            out.append(PartialText(text, self._read(text)))
        elif isinstance(update, Final) and not update.result.is_empty:
            self._finals.append(update.result)  # the recognizer's own endpoint inside speech
            self._read(" ".join(r.text for r in self._finals))

    def _pause(self) -> bool:
        """A short pause: is what was said so far a whole command (True: end now)? Asked
        of the final result (partial results lag); if not, the utterance is decoded again
        from its start so the recognizer keeps its context."""
        if self._reader is None:
            return False
        if self.reading is not None and self.reading.final:
            return True
        if not self.confirm_at_pause or (self.reading is not None and not (
                self.reading.complete or self.reading.extendable)):
            return False  # not asked, or the words so far begin no sentence: nothing to gain
        result = self.recognizer.finish()
        finals = [*self._finals, *([result] if not result.is_empty else [])]
        reading = self._reader.read(" ".join(r.text for r in finals), self._vocabulary)
        if reading.final:
            self._finals = finals
            self.reading = reading
            return True
        self._finals = []
        audio, self._audio = self._audio, []
        for chunk in audio:  # the same audio again: the same decoding as without the pause
            self._audio.append(chunk)
            update = self.recognizer.accept(chunk)
            if isinstance(update, Final) and not update.result.is_empty:
                self._finals.append(update.result)
        return False

    def _read(self, text: str) -> Reading | None:
        """Read the words so far; a whole command nobody can continue ends early."""
        if self._reader is None:
            return None
        self.reading = self._reader.read(text, self._vocabulary)
        self.endpointer.set_short_end(self.reading.final,
                                      len(text.split()) if self.reading.begun else 0)
        return self.reading

    def _finish(self, end: SpeechEnd) -> Utterance:
        self._audio = []
        last = self.recognizer.finish()
        finals = self._finals + ([last] if not last.is_empty else [])
        self._finals = []
        text = ""
        alternatives: tuple[str, ...] = ()
        if finals:
            # a pause the recognizer took for an end splits the text: the utterance is all
            text = " ".join(r.text for r in finals)
            tail = finals[-1]
            alternatives = tuple(a for a in tail.alternatives if a != tail.text)
            if len(finals) > 1:
                head = " ".join(r.text for r in finals[:-1])
                alternatives = tuple(f"{head} {a}" for a in alternatives)
        utterance = Utterance(
            text, alternatives, end.t_speech_end, end.t_endpoint, self._start, end.cut,
            end.early,
        )
        if not utterance.is_unknown:  # words of the moment: the player, not table talk
            reading = self.reading  # already read at the pause check or the last partial
            if self._reader is not None and (reading is None or reading.text != text):
                reading = self._reader.read(text, self._vocabulary)
            command = self._reader is not None and reading is not None and reading.complete
            self.endpointer.heard_player(command=command)
        return utterance


def game_listener(recognizer: Recognizer, grammar: Grammar) -> StreamListener:
    """The listening pipeline of a game, the one rule for everything that hears a player:
    the live microphone (``shell/microphone.py``) and ``@wav`` replay (``shell/wav_replay.py``)
    both build theirs here, so a recording is heard exactly as the same speech said at the
    table: :func:`~ludivox.voice.endpoint.listening_endpointer` (Silero VAD when installed)
    and the early end read against ``grammar``'s sentences."""
    return StreamListener(recognizer, listening_endpointer(recognizer.sample_rate),
                          reader=GrammarReader(grammar))


__all__ = [
    "ListenEvent",
    "PartialText",
    "SpeechStarted",
    "StreamListener",
    "Utterance",
    "game_listener",
]
