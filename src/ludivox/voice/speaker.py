"""What the table talks to: the :class:`Speaker` protocol, spoken and text implementations.

``VoiceSpeaker`` synthesizes and plays on a worker thread so ``say`` never blocks and
``stop`` cuts the current sentence at once. Items follow each other without a gap: the next
one is synthesized and queued on the device as soon as the last samples of the one before
have been handed to it (not when they have sounded, which left the device's buffer, about
70 ms, silent between an earcon and the answer, or between two sentences). ``TextSpeaker``
writes lines instead (the fallback when there is no audio output). ``open_speaker`` picks
one and says which. Device errors are logged and handed to ``on_error`` (and kept in
``errors``), never dropped.
"""

from __future__ import annotations

import logging
import queue
import re
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol, TextIO

from ludivox.voice import earcons
from ludivox.voice.echo import ReferenceBuffer
from ludivox.voice.playback import (
    DEFAULT_SINK_RATE,
    AudioDeviceError,
    AudioSink,
    NoAudioDevice,
    Playback,
    SoundDeviceSink,
)
from ludivox.voice.tts import (
    DEFAULT_RATE_WPM,
    EspeakSynthesizer,
    SpeechUnavailable,
    Synthesizer,
    check_rate,
)

log = logging.getLogger(__name__)

AUDIO_UNAVAILABLE = "audio_unavailable"
"""Response key: there is no audio output; answers are written instead."""
SPEECH_UNAVAILABLE = "speech_unavailable"
"""Response key: speech synthesis (espeak-ng) cannot run; answers are written instead."""
AUDIO_FAILED = "audio_failed"
"""Response key: the audio output failed while in use (given to ``on_error`` callers)."""

# after sentence punctuation, unless a closing quote follows ("« répète ? », « aide »")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?![»”\")\]])")


class Speaker(Protocol):
    """Speaks answers in order and can be interrupted."""

    def say(self, text: str) -> None:
        """Queue ``text``; sentences are spoken in the order given. Returns at once."""
        ...

    def earcon(self, name: str) -> None:
        """Queue a short tone (see :mod:`ludivox.voice.earcons`) in order with speech."""
        ...

    def stop(self) -> None:
        """Cut the current sentence off now and drop everything queued."""
        ...

    def is_speaking(self) -> bool:
        """True while something is queued or sounding."""
        ...

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been spoken; False on timeout."""
        ...

    def set_rate(self, wpm: int) -> None:
        """Set the speech rate in words per minute (80..500); ValueError otherwise."""
        ...

    def set_volume(self, volume: float) -> None:
        """Set the voice's volume (0.0..1.0); ValueError otherwise."""
        ...

    def close(self) -> None:
        """Stop and release devices. Further ``say`` calls raise ``RuntimeError``."""
        ...


class SpeechFailed(RuntimeError):
    """Speaking one item failed; ``text`` is what the listener did not hear."""

    def __init__(self, text: str, cause: BaseException) -> None:
        super().__init__(f"could not speak {text!r}: {cause}")
        self.text = text
        self.cause = cause


def split_sentences(text: str) -> list[str]:
    """Split ``text`` after sentence punctuation so the first sentence starts sooner."""
    return [part for part in _SENTENCE_END.split(" ".join(text.split())) if part]


@dataclass(frozen=True)
class _Item:
    generation: int
    text: str | None = None
    earcon: str | None = None


_CLOSE = object()


class VoiceSpeaker:
    """Speech through a :class:`Synthesizer` and an :class:`AudioSink`, on a worker thread.

    ``on_error(SpeechFailed)`` is called from the worker thread when an item cannot be
    spoken (the exception carries the text, so nothing is lost); errors are also logged
    and put on :attr:`errors`. ``on_started(text, at)`` reports when the first sample of
    each item reached the device (``time.monotonic()`` estimate).
    """

    def __init__(
        self,
        synth: Synthesizer,
        sink: AudioSink,
        *,
        on_error: Callable[[SpeechFailed], None] | None = None,
        on_started: Callable[[str, float], None] | None = None,
        split: bool = True,
    ) -> None:
        self._synth = synth
        self._sink = sink
        self._on_error = on_error
        self._on_started = on_started
        self._split = split
        self.errors: queue.SimpleQueue[SpeechFailed] = queue.SimpleQueue()
        self._queue: queue.SimpleQueue[_Item | object] = queue.SimpleQueue()
        self._cond = threading.Condition()
        self._pending = 0
        self._pending_speech = 0  # sentences among the pending items (not earcons)
        self._earcons: deque[Playback] = deque(maxlen=4)  # the last earcons given to the sink
        self._talk_until = 0.0  # when the last sentence handed to the device stops sounding
        self._generation = 0
        self._closed = False
        self._worker = threading.Thread(target=self._run, name="ludivox-speaker", daemon=True)
        self._worker.start()

    # -- public API ------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Queue ``text``; returns at once. Blank text is ignored."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        parts = split_sentences(text) if self._split else [" ".join(text.split())]
        self._enqueue([_Item(0, text=p) for p in parts if p])

    def earcon(self, name: str) -> None:
        """Queue the earcon ``name``; unknown names raise ``KeyError`` at once."""
        earcons.earcon(name)  # validate now, in the caller's thread
        self._enqueue([_Item(0, earcon=name)])

    def _enqueue(self, items: list[_Item]) -> None:
        if not items:
            return
        with self._cond:
            if self._closed:
                raise RuntimeError("speaker is closed")
            self._pending += len(items)
            self._pending_speech += sum(1 for item in items if item.earcon is None)
            generation = self._generation
        for item in items:
            self._queue.put(_Item(generation, item.text, item.earcon))

    def stop(self) -> None:
        """Cut the current sentence and drop everything queued."""
        with self._cond:
            self._generation += 1
            self._talk_until = 0.0
            self._sink.stop()
        log.debug("speech stopped")

    def is_speaking(self) -> bool:
        """True while an item is queued, being synthesized, or sounding."""
        with self._cond:
            return self._pending > 0 or self._sink.is_playing()

    def is_talking(self) -> bool:
        """True while a sentence (not an earcon) is queued, being synthesized, or sounding.

        Live listening closes the microphone only for this: an earcon is short and its
        length known, so it gates only its own samples."""
        with self._cond:
            return self._pending_speech > 0 or time.monotonic() < self._talk_until

    @property
    def reference(self) -> ReferenceBuffer | None:
        """What the audio output played, with when (the echo canceller's reference); None
        when the sink does not keep it."""
        ref = getattr(self._sink, "reference", None)
        return ref if isinstance(ref, ReferenceBuffer) else None

    def earcon_spans(self) -> list[tuple[float, float]]:
        """When the last earcons sounded (or will): ``(start, end)`` in ``time.monotonic()``
        time, for those that reached the device. Lets live listening drop just the
        microphone audio an earcon covers."""
        with self._cond:
            handles = list(self._earcons)
        return [(p.started_at, p.started_at + p.duration) for p in handles
                if p.started_at is not None]

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until every queued item has been spoken (or dropped); False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._pending > 0:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._cond.wait(remaining)
        remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
        return self._sink.wait(remaining)

    def prepare(self, texts: Sequence[str]) -> None:
        """Synthesize the lines likely said next ahead (when the synthesizer can)."""
        prepare = getattr(self._synth, "prepare", None)
        if callable(prepare):
            prepare([part for text in texts for part in split_sentences(text)])

    def set_rate(self, wpm: int) -> None:
        """Set the speech rate (80..500 wpm) for the next sentences."""
        self._synth.set_rate(check_rate(wpm))

    @property
    def rate_wpm(self) -> int:
        """Current speech rate."""
        return self._synth.rate_wpm

    def set_volume(self, volume: float) -> None:
        """Set the volume (0.0..1.0) for the next sentences."""
        self._synth.set_volume(volume)

    @property
    def volume(self) -> float:
        """Current volume."""
        return self._synth.volume

    def close(self) -> None:
        """Stop speaking, end the worker and close the sink."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
        self.stop()
        self._queue.put(_CLOSE)
        self._worker.join(timeout=5)
        self._sink.close()

    # -- worker ----------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _CLOSE:
                return
            assert isinstance(item, _Item)
            try:
                self._speak(item)
            except Exception as exc:  # reported, never swallowed
                self._report(item, exc)
            finally:
                with self._cond:
                    self._pending -= 1
                    if item.earcon is None:
                        self._pending_speech -= 1
                    self._cond.notify_all()

    def _stale(self, item: _Item) -> bool:
        return item.generation != self._generation

    def _speak(self, item: _Item) -> None:
        with self._cond:
            if self._stale(item):
                return
        if item.earcon is not None:
            samples, rate = earcons.earcon(item.earcon)
        else:
            assert item.text is not None
            samples, rate = self._synth.synthesize(item.text)
        with self._cond:
            # Checked and started under the lock: a stop() cannot slip in between.
            if self._stale(item):
                return
            playback = self._sink.play(samples, rate)
            if item.earcon is not None:
                self._earcons.append(playback)
        label = item.text if item.text is not None else f"<earcon {item.earcon}>"
        if self._on_started is not None and playback.wait_started(5.0) and not playback.cancelled:
            assert playback.started_at is not None
            self._on_started(label, playback.started_at)
        # Bounded wait: a device that stops pulling audio must not hang the queue forever.
        # Until the last samples are in the device only: the next item then follows at once.
        if not playback.wait_fed(playback.duration + 5.0):
            raise AudioDeviceError("audio output did not finish playing (device stalled?)")
        with self._cond:
            if playback.cancelled and not self._stale(item):
                raise AudioDeviceError("the audio output dropped the clip (device failure)")
            if item.earcon is None and playback.ends_at is not None and not playback.cancelled:
                self._talk_until = max(self._talk_until, playback.ends_at)

    def _report(self, item: _Item, exc: Exception) -> None:
        text = item.text if item.text is not None else f"<earcon {item.earcon}>"
        failure = SpeechFailed(text, exc)
        log.error("speech failed: %s", failure, exc_info=exc)
        self.errors.put(failure)
        if self._on_error is not None:
            try:
                self._on_error(failure)
            except Exception:
                log.exception("on_error callback failed")


class TextSpeaker:
    """Text-only fallback: writes each sentence as one line on ``stream`` (stdout).

    ``earcon_lines`` maps earcon names to the line to write for them (player-facing text
    comes from the grammar); earcons without a line are not written.
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        earcon_lines: Mapping[str, str] | None = None,
        rate_wpm: int = DEFAULT_RATE_WPM,
    ) -> None:
        self._stream = stream if stream is not None else sys.stdout
        self._earcon_lines = dict(earcon_lines or {})
        self._rate = check_rate(rate_wpm)
        self._volume = 1.0
        self._lock = threading.Lock()
        self._closed = False

    def say(self, text: str) -> None:
        """Write each sentence of ``text`` on its own line."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        self._write(split_sentences(text))

    def earcon(self, name: str) -> None:
        """Write the line configured for earcon ``name``, if any."""
        earcons.earcon(name)  # same validation as the spoken speaker
        line = self._earcon_lines.get(name)
        if line:
            self._write([line])

    def _write(self, lines: list[str]) -> None:
        if not lines:
            return
        with self._lock:
            if self._closed:
                raise RuntimeError("speaker is closed")
            for line in lines:
                self._stream.write(line + "\n")
            self._stream.flush()

    def stop(self) -> None:
        """Nothing to cut: text is written at once."""

    def is_speaking(self) -> bool:
        """Text is never pending."""
        return False

    def is_talking(self) -> bool:
        """Text is never pending."""
        return False

    def earcon_spans(self) -> list[tuple[float, float]]:
        """Written earcons make no sound."""
        return []

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Always idle."""
        return True

    def set_rate(self, wpm: int) -> None:
        """Validate and remember the rate (kept for when audio comes back)."""
        self._rate = check_rate(wpm)

    @property
    def rate_wpm(self) -> int:
        """Remembered speech rate."""
        return self._rate

    def set_volume(self, volume: float) -> None:
        """Validate and remember the volume (kept for when audio comes back)."""
        if not 0.0 <= volume <= 1.0:
            raise ValueError(f"volume must be within 0.0..1.0, got {volume!r}")
        self._volume = volume

    @property
    def volume(self) -> float:
        """Remembered volume."""
        return self._volume

    def close(self) -> None:
        """Flush; further writes raise."""
        with self._lock:
            self._closed = True
            self._stream.flush()


class OpenedSpeaker(NamedTuple):
    """Result of :func:`open_speaker`."""

    speaker: Speaker
    fallback_key: str | None
    """None when speaking aloud; else the response key to announce once (in French)."""
    detail: str | None
    """Developer detail of why audio is unavailable (for logs, never spoken)."""


def open_speaker(
    *,
    language: str = "fr",
    rate_wpm: int = DEFAULT_RATE_WPM,
    volume: float = 1.0,
    device: int | str | None = None,
    text_stream: TextIO | None = None,
    earcon_lines: Mapping[str, str] | None = None,
    on_error: Callable[[SpeechFailed], None] | None = None,
) -> OpenedSpeaker:
    """Open the spoken speaker, or fall back to :class:`TextSpeaker` and say why.

    The caller announces ``fallback_key`` once, from the grammar's responses.
    """
    check_rate(rate_wpm)
    try:
        synth = EspeakSynthesizer(language=language, rate_wpm=rate_wpm, volume=volume)
    except SpeechUnavailable as exc:
        log.warning("speech unavailable, writing text instead: %s", exc)
        text = TextSpeaker(text_stream, earcon_lines=earcon_lines, rate_wpm=rate_wpm)
        return OpenedSpeaker(text, SPEECH_UNAVAILABLE, str(exc))
    try:
        sink = SoundDeviceSink(DEFAULT_SINK_RATE, device=device)
    except NoAudioDevice as exc:
        synth.close()
        log.warning("no audio output, writing text instead: %s", exc)
        text = TextSpeaker(text_stream, earcon_lines=earcon_lines, rate_wpm=rate_wpm)
        return OpenedSpeaker(text, AUDIO_UNAVAILABLE, str(exc))
    return OpenedSpeaker(VoiceSpeaker(synth, sink, on_error=on_error), None, None)
