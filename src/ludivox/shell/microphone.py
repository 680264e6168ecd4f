"""Live listening: the microphone, through the :class:`StreamListener`, into the console.

An :class:`~ludivox.shell.sources.InputSource`: a worker thread reads the microphone, feeds
the listening pipeline (endpointing, then the recognizer with the phrase list of the moment)
and puts each utterance into the console's queue as a :class:`Heard`.

Modes (the player's ``listen`` setting):

- ``push_to_talk``: the talk key (Tab, or the space bar on an empty line, read by the
  console) opens the microphone with the ``listening`` earcon; the utterance ends by itself
  at the endpoint (``listening_stopped`` earcon), or when the key is pressed again (what was
  said so far is taken). A terminal cannot see a key being released, so "held" is a toggle.
  Opening the microphone cuts the assistant's speech. With no speech for
  ``push_to_talk_timeout`` seconds the microphone closes by itself.
- ``hands_free``: always listening; the endpointer cuts utterances. Speech outside the
  phrase list (only ``[unk]``) and noises are ignored silently: that is table talk.
- ``off``: the microphone stays closed (keyboard only).

Half-duplex by default: while the assistant speaks (and ``echo_tail`` seconds after), the
microphone's audio is not given to the recognizer, so it never hears its own voice; an
utterance under way is dropped and the player is asked to say it again (``live.spoken_over``;
in hands-free only when it sounded like something that can be said). An earcon does not
close the microphone: only the blocks holding its sound are dropped, so speaking right
after the "listening" signal is heard from the first word.

With ``headphones`` the microphone stays open and the player starting to speak cuts the
assistant at once (barge-in). On a loudspeaker the same holds once echo cancellation works
(:mod:`ludivox.voice.echo`): every microphone block is cleaned of what the speaker played
at that moment, and after the canceller has converged (a few seconds of the assistant's
first sentences, half-duplex meanwhile) the microphone stays open while it speaks, so
"chut", "stop" or a new command cut it. Without a canceller (``echo_cancel=False``, or
libspeexdsp missing: said once) a loudspeaker stays half-duplex and barge-in is by key (any
key cuts the speech; the talk key cuts it and opens the microphone).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from ludivox.shell.sources import Announcement, Put
from ludivox.table.io import Heard
from ludivox.table.settings import LISTEN_MODES, ListenMode
from ludivox.voice.echo import EchoPath, ReferenceBuffer, open_canceller
from ludivox.voice.echotrace import echo_trace
from ludivox.voice.listener import (
    PartialText,
    SpeechStarted,
    StreamListener,
    Utterance,
)
from ludivox.voice.microphone import Microphone, MicrophoneFailed, NoMicrophone
from ludivox.voice.recognizer import UNKNOWN_WORD

log = logging.getLogger(__name__)

EARCON_OPEN = "listening"
EARCON_CLOSE = "listening_stopped"
NO_MICROPHONE = "no_microphone"
"""Response key: no microphone, the game goes on by keyboard (said once)."""
MICROPHONE_FAILED = "live.microphone_failed"
"""Response key: the microphone stopped during the game."""
ECHO_UNAVAILABLE = "live.echo_unavailable"
"""Response key: no echo canceller, so on a loudspeaker the microphone closes while the
assistant speaks (said once)."""
SPOKEN_OVER = "live.spoken_over"
"""Response key: the assistant made a sound over an utterance, which was dropped: say it
again."""
HOW_TO_SPEAK: dict[tuple[str, bool], str] = {
    ("push_to_talk", False): "live.push_to_talk",
    ("hands_free", False): "live.hands_free",
    ("push_to_talk", True): "live.push_to_talk_headphones",
    ("hands_free", True): "live.hands_free_headphones",
}
"""Response keys said once when listening starts, by mode and headphones. On a loudspeaker
they say that only a key cuts the assistant off: "chut" / "stop" cannot be heard while it
speaks (the microphone is closed to keep its own voice out)."""
HOW_TO_SPEAK_ECHO: dict[str, str] = {
    "push_to_talk": "live.push_to_talk_echo",
    "hands_free": "live.hands_free_echo",
}
"""On a loudspeaker with echo cancellation: the microphone stays open while it speaks."""


class LiveListening:
    """The microphone as an input source (see the module docstring).

    ``speaker`` is the console's speaker (a zero-argument callable returning it, when the
    console may swap it for a text one): earcons go through it, half-duplex watches it,
    barge-in stops it. ``open_microphone`` opens the device (default: :class:`Microphone`
    on ``device``). ``echo_cancel`` cleans the microphone of the speaker's own sound
    (``make_canceller`` makes the canceller, None when it cannot run here).
    """

    def __init__(
        self,
        listener: StreamListener,
        speaker: Any,
        *,
        mode: ListenMode = "push_to_talk",
        headphones: bool = False,
        device: int | str | None = None,
        open_microphone: Callable[[], Microphone] | None = None,
        echo_tail: float = 0.35,
        earcon_margin: float = 0.05,
        push_to_talk_timeout: float = 8.0,
        echo_cancel: bool = True,
        make_canceller: Callable[[], Any] = open_canceller,
    ) -> None:
        self.listener = listener
        self._speaker: Callable[[], Any] = (
            (lambda: speaker) if hasattr(speaker, "is_speaking") else speaker
        )
        self._open = open_microphone or (lambda: Microphone(device))
        self.echo_tail = echo_tail
        self.earcon_margin = earcon_margin
        self._partial = ""
        self.push_to_talk_timeout = push_to_talk_timeout
        self._lock = threading.RLock()
        self._mode: ListenMode = _check_mode(mode)
        self._headphones = headphones
        self._listening = False
        self._opened_at = 0.0
        self._last_spoke = 0.0
        self._put: Put | None = None
        self.microphone: Microphone | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._no_microphone = False
        self.fed_seconds = 0.0
        """Seconds of microphone audio given to the recognizer (for tests and logs)."""
        self._echo_cancel = echo_cancel
        self._make_canceller = make_canceller
        self.echo: EchoPath | None = None
        """The echo canceller at work (None: half-duplex on a loudspeaker)."""
        self._trace = echo_trace()

    # -- state, from any thread ------------------------------------------------------

    @property
    def mode(self) -> ListenMode:
        """The listening mode in force."""
        return self._mode

    @property
    def headphones(self) -> bool:
        """True when the microphone stays open while the assistant speaks."""
        return self._headphones

    @property
    def full_duplex(self) -> bool:
        """True when the microphone stays open while the assistant speaks: headphones, or
        a loudspeaker with a converged echo canceller."""
        with self._lock:
            return self._headphones or (self.echo is not None and self.echo.converged)

    @property
    def listening(self) -> bool:
        """True while the microphone's audio goes to the recognizer (unless it is gated
        because the assistant speaks)."""
        with self._lock:
            return self._listening and self.microphone is not None

    @property
    def available(self) -> bool:
        """True when a microphone is open."""
        return self.microphone is not None

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """What can be said now; applied from the next utterance."""
        with self._lock:
            self.listener.set_phrases(phrases)

    def set_headphones(self, headphones: bool) -> None:
        """Headphones on: no half-duplex, and barge-in by voice."""
        with self._lock:
            self._headphones = headphones

    def set_mode(self, mode: ListenMode) -> None:
        """Change the listening mode (with the earcon of the microphone opening or closing).

        A microphone not opened yet (the game began with listening off) is opened now."""
        mode = _check_mode(mode)
        with self._lock:
            if mode == self._mode:
                return
            self._mode = mode
            if (mode != "off" and self.microphone is None and self._put is not None
                    and not self._open_microphone(self._put)):
                return
            self._set_listening(mode == "hands_free")

    def toggle(self) -> None:
        """The talk key: open the microphone (cutting the assistant off), or close it, taking
        what was said so far. In hands-free mode it only cuts the assistant off."""
        with self._lock:
            if self.microphone is None or self._mode == "off":
                return
            if self._mode == "hands_free":
                self._speaker().stop()
                return
            if self._listening:
                self._finish_now()
                self._set_listening(False)
            else:
                self._speaker().stop()
                self._set_listening(True)

    # -- InputSource -----------------------------------------------------------------

    def start(self, put: Put) -> None:
        """Open the microphone and start listening (never raises: a missing microphone
        is announced once and the game goes on by keyboard). How to speak is said once."""
        self._put = put
        if self._mode == "off":
            return
        with self._lock:
            if not self._open_microphone(put):
                return
            if self._mode == "hands_free":
                self._set_listening(True)
        audible = isinstance(getattr(self._speaker(), "reference", None), ReferenceBuffer)
        if self._headphones or not audible:
            put(Announcement(HOW_TO_SPEAK[self._mode, self._headphones]))
        elif self.echo is not None:
            put(Announcement(HOW_TO_SPEAK_ECHO[self._mode]))
        else:
            if self._echo_cancel:
                put(Announcement(ECHO_UNAVAILABLE))
            put(Announcement(HOW_TO_SPEAK[self._mode, False]))

    def _open_microphone(self, put: Put) -> bool:
        """Open the device and start the worker; False (said once) when there is none."""
        if self._no_microphone:
            return False
        try:
            self.microphone = self._open()
        except NoMicrophone as exc:
            log.warning("voice input off: %s", exc)
            self._no_microphone = True
            put(Announcement(NO_MICROPHONE))
            return False
        if self._echo_cancel and self.echo is None:
            canceller = self._make_canceller()
            if canceller is not None:
                self.echo = EchoPath(canceller)
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="ludivox-listen", daemon=True)
        self._thread.start()
        return True

    def close(self) -> None:
        """Stop listening and release the microphone (idempotent)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        with self._lock:
            self._listening = False
            mic, self.microphone = self.microphone, None
        if mic is not None:
            mic.close()

    # -- worker ----------------------------------------------------------------------

    def _run(self) -> None:
        mic = self.microphone
        assert mic is not None
        while not self._stop.is_set():
            try:
                chunk = mic.read(timeout=0.1)
            except MicrophoneFailed as exc:
                self._failed(exc)
                return
            try:
                self._step(None if chunk is None else (chunk.audio, chunk.at))
            except Exception:  # a recognizer error must not kill listening silently
                log.exception("listening failed on a chunk; utterance dropped")
                with self._lock:
                    self.listener.cancel()

    def _step(self, chunk: tuple[bytes, float] | None) -> None:
        with self._lock:
            now = time.monotonic()
            speaker = self._speaker()
            if _talking(speaker):
                self._last_spoke = now
            if chunk is not None:
                chunk = self._cancel_echo(speaker, *chunk)
            if not self._listening:
                if self.listener.in_speech:
                    self.listener.cancel()
                return
            if (self._mode == "push_to_talk" and not self.listener.in_speech
                    and now - self._opened_at > self.push_to_talk_timeout):
                self._set_listening(False)  # nobody spoke: close by itself
                return
            if chunk is None:
                return
            audio, at = chunk
            seconds = len(audio) / 2 / self.listener.endpointer.sample_rate
            duplex = self._headphones or (self.echo is not None and self.echo.converged)
            if not duplex and (at <= self._last_spoke + self.echo_tail
                               or self._earcon_heard(speaker, at, seconds)):
                if self.listener.in_speech:
                    self._spoken_over()
                return
            self.fed_seconds += seconds
            events = self.listener.feed(audio)
            for event in events:
                if isinstance(event, SpeechStarted):
                    self._partial = ""
                    if self._trace is not None:
                        level, prob = getattr(self.listener.endpointer, "last_frame", (0, 0))
                        self._trace.write("speech_started", duplex=int(duplex),
                                          speaking=int(speaker.is_speaking()), prob=prob,
                                          level=level, at=f"{at:.4f}")
                    if duplex and speaker.is_speaking():
                        if self._own_echo():
                            break
                        if self._trace is not None:
                            self._trace.write("barge_in", leak=self._leak())
                        speaker.stop()  # barge-in: the player speaks, the assistant stops
                elif isinstance(event, PartialText):
                    self._partial = event.text
                elif isinstance(event, Utterance):
                    if self._trace is not None:
                        self._trace.write("utterance", text=repr(event.text))
                    self._heard(event)

    def _cancel_echo(self, speaker: Any, audio: bytes, at: float) -> tuple[bytes, float]:
        """The block with the speaker's own sound taken out (on a loudspeaker, when there is
        a converged canceller and the speaker keeps what it played). Runs on every block,
        listening or not, so the canceller keeps learning the room while the assistant
        speaks."""
        if self.echo is None or self._headphones:
            return audio, at
        reference = getattr(speaker, "reference", None)
        if not isinstance(reference, ReferenceBuffer):
            return audio, at
        latency = self.microphone.latency if self.microphone is not None else 0.0
        clean = self.echo.clean(audio, reference, at - latency)
        # until it has converged the microphone is half-duplex: the recognizer gets the
        # audio as it came (the canceller's suppressor would colour the player's voice)
        return (clean if self.echo.converged else audio), at

    def _own_echo(self) -> bool:
        """A speech start while the assistant speaks that is its own voice getting through
        the canceller: dropped (the echo path decides whether to go half-duplex)."""
        if self._headphones or self.echo is None or not self.echo.leaking():
            return False
        if self._trace is not None:
            self._trace.write("own_echo", leak=self._leak())
        self.listener.cancel()
        return True

    def _leak(self) -> float:
        return 0.0 if self.echo is None else self.echo.leak()

    def _earcon_heard(self, speaker: Any, at: float, seconds: float) -> bool:
        """True when the block stamped ``at`` (``seconds`` long) holds an earcon's sound.

        Only speech closes the microphone for ``echo_tail``: an earcon is short and its
        times are known, so just the blocks it covers (give or take ``earcon_margin``) are
        dropped; a player who speaks right after the "listening" signal loses nothing."""
        spans = getattr(speaker, "earcon_spans", None)
        if not callable(spans):
            return False
        latency = self.microphone.latency if self.microphone is not None else 0.0
        heard_to = at - latency
        heard_from = heard_to - seconds
        margin = self.earcon_margin
        return any(heard_from <= end + margin and heard_to >= start - margin
                   for start, end in spans())

    def _spoken_over(self) -> None:
        """The assistant made a sound in the middle of an utterance: its audio is gone, so
        the utterance is dropped, and the player is asked to say it again (in hands-free,
        only when it had begun to sound like something that can be said now)."""
        self.listener.cancel()
        meant = self._mode == "push_to_talk" or any(
            word != UNKNOWN_WORD for word in self._partial.split())
        log.info("an utterance was spoken over by the assistant and dropped (%r)", self._partial)
        self._partial = ""
        if meant and self._put is not None:
            self._put(Announcement(SPOKEN_OVER))

    def _heard(self, utterance: Utterance) -> None:
        """An utterance ended: hand it to the console (in hands-free, not mere chatter)."""
        if self._mode == "push_to_talk":
            self._set_listening(False)
        elif utterance.is_unknown:
            log.info("hands-free: ignored %r", utterance.text)
            return
        log.info("heard %r (alternatives %s)", utterance.text, utterance.alternatives)
        if self._put is not None:
            self._put(Heard(utterance.text, utterance.alternatives))

    def _finish_now(self) -> None:
        """The talk key pressed during speech: take what was said so far."""
        if not self.listener.in_speech:
            return
        for event in self.listener.flush():
            if isinstance(event, Utterance):
                self._heard(event)

    def _set_listening(self, on: bool) -> None:
        """Open or close the microphone's path to the recognizer, with its earcon."""
        if on == self._listening or self.microphone is None:
            return
        self._listening = on
        self.listener.cancel()
        if on:
            self._opened_at = time.monotonic()
            dropped = self.microphone.drain()  # nothing said before the key counts
            if self.echo is not None:
                self.echo.skip(dropped * self.microphone.blocksize)
        self._earcon(EARCON_OPEN if on else EARCON_CLOSE)

    def _earcon(self, name: str) -> None:
        try:
            self._speaker().earcon(name)
        except RuntimeError as exc:  # speaker closed at the end of the game
            log.debug("earcon %s not played: %s", name, exc)

    def _failed(self, exc: Exception) -> None:
        log.error("voice input off: %s", exc)
        with self._lock:
            self._no_microphone = True
            self._listening = False
            mic, self.microphone = self.microphone, None
        if mic is not None:
            mic.close()
        if self._put is not None:
            self._put(Announcement(MICROPHONE_FAILED))


def _talking(speaker: Any) -> bool:
    """True while the assistant speaks a sentence (earcons aside, when the speaker can tell
    them apart: see :meth:`LiveListening._earcon_heard`)."""
    talking = getattr(speaker, "is_talking", None)
    return bool(talking() if callable(talking) else speaker.is_speaking())


def _check_mode(mode: ListenMode) -> ListenMode:
    if mode not in LISTEN_MODES:
        raise ValueError(f"listen mode {mode!r} not one of {', '.join(LISTEN_MODES)}")
    return mode


__all__ = [
    "EARCON_CLOSE",
    "EARCON_OPEN",
    "ECHO_UNAVAILABLE",
    "MICROPHONE_FAILED",
    "NO_MICROPHONE",
    "SPOKEN_OVER",
    "LiveListening",
]
