"""Interactive play at the terminal: keyboard and microphone in, speech (or text) out.

The speaker is opened first, so that even the set-up questions (real cards or not, how many
players, their names) are spoken; any key press cuts the speech off; without an audio
device the answers are written, and a device failing mid-game switches to text without
losing a sentence. Voice commands ("chut", "plus vite", "moins fort") act on the speaker.

During the game the console is one loop over one queue: the keyboard reader (a thread) and
every input source (the microphone's :class:`~ludivox.shell.microphone.LiveListening`, the card
reader...) put inputs and announcements there, and only the loop's thread talks to the
session. Each player's settings (voice rate and volume, listening mode, headphones) are
applied when it is that player's turn or that player speaks.
"""

from __future__ import annotations

import logging
import queue
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from ludivox.shell.launch import default_names, new_session, player_settings
from ludivox.shell.sources import Announcement, InputSource
from ludivox.table import journal as journal_mod
from ludivox.table import new_game
from ludivox.table.io import (
    TABLE,
    Earcon,
    Heard,
    Input,
    Key,
    Output,
    Quit,
    Say,
    SetPhrases,
    SettingsChanged,
    SpeechControl,
    channel_seat,
)
from ludivox.table.session import Session
from ludivox.table.session_core import KEY_QUIT_NOW
from ludivox.table.settings import PlayerSettings, SettingsStore
from ludivox.voice.earcons import EARCON_NAMES
from ludivox.voice.tts import DEFAULT_RATE_WPM

log = logging.getLogger(__name__)

EXIT_OK = 0
LIKELY_KEYS = ("ok", "cancelled", "yes_no_expected", "help.confirm", "help.choose",
               "nothing_to_undo", "repeat_nothing", "answer.can_not", "live.spoken_over")
"""Fixed lines said often in any game: synthesized ahead when the game starts."""


@dataclass(frozen=True)
class _Typed:
    """A line typed at the keyboard (None: the input ended)."""

    line: str | None


def _render(output: Output, session: Session) -> str | None:
    """What the console says for an output (private lines are prefixed by the name)."""
    if not isinstance(output, Say):
        return None
    seat = channel_seat(output.channel)
    if output.channel == TABLE or seat is None:
        return output.text
    return f"{session.players[seat]} : {output.text}"


class Console:
    """Interactive play: keyboard in, speech (or text) out.

    The speaker is opened first, so the set-up questions are spoken too; a game's session is
    attached by :meth:`run`. ``rate`` is the voice's speed until then: in the game each
    player's stored settings rule (the CLI writes ``--rate``, ``--listen`` and
    ``--headphones`` into them).
    """

    def __init__(self, grammar: Any, text_only: bool, rate: int | None,
                 out: TextIO | None = None, *, sources: Sequence[InputSource] = (),
                 settings: SettingsStore | None = None) -> None:
        from ludivox.voice.speaker import TextSpeaker, open_speaker

        self.grammar = grammar
        self.session: Session | None = None
        self.out = out or sys.stdout
        self.sources: list[InputSource] = list(sources)
        self.settings = settings
        self._failed = threading.Lock()
        self._queue: queue.Queue[Input | Announcement | _Typed] = queue.Queue()
        notice: str | None = None
        if text_only:
            self.speaker: Any = TextSpeaker(self.out)
        else:
            opened = open_speaker(
                text_stream=self.out,
                rate_wpm=rate or DEFAULT_RATE_WPM,
                on_error=self._speech_failed,
            )
            self.speaker = opened.speaker
            if opened.fallback_key is not None:
                notice = grammar.say(opened.fallback_key)
        if rate and text_only:
            self.speaker.set_rate(rate)
        if notice is not None:
            self.speaker.say(notice)  # once, before anything else
        self._reader: Any = None
        self._unanswered = 0
        """Typed lines not answered yet: the next prompt waits for them (guarded by
        ``_answered``)."""
        self._answered = threading.Condition()
        self.prompt_wait = 5.0
        """Seconds the next prompt waits for the answer before showing anyway."""

    def add_source(self, source: InputSource) -> None:
        """Another device feeding the loop (started by :meth:`run`)."""
        self.sources.append(source)

    def reader_connected(self) -> bool:
        """Whether a card reader answers now (a source with a ``connected`` state)."""
        return any(getattr(source, "connected", False) for source in self.sources)

    @property
    def reader(self) -> Any:
        """The keyboard (opened on first use); the first key cuts the speech off."""
        from ludivox.shell.keyboard import LineReader

        if self._reader is None:
            self._reader = LineReader(sys.stdin, self.out, on_key=self._cut,
                                      on_talk=self._talk)
        return self._reader

    def _cut(self) -> None:
        """A key was pressed: stop talking at once."""
        self.speaker.stop()

    def _talk(self) -> None:
        """The talk key: cut the speech; the microphone opens (or closes) if there is one."""
        self.speaker.stop()
        for source in self.sources:
            toggle = getattr(source, "toggle", None)
            if callable(toggle):
                toggle()

    def ask(self, text: str) -> str | None:
        """Say ``text`` and read the answer (None at the end of input)."""
        self.speaker.say(text)
        answer: str | None = self.reader.read_line("> " if self.reader.is_tty else "")
        return answer

    def _speech_failed(self, failure: Any) -> None:
        """The audio device failed mid-game: write from now on, and lose no sentence.

        Called on the speaker's worker thread; the first failure switches to text and says
        so once, and every sentence that was not heard is written.
        """
        from ludivox.voice.speaker import TextSpeaker

        with self._failed:
            if not isinstance(self.speaker, TextSpeaker):
                broken = self.speaker
                self.speaker = TextSpeaker(self.out)
                self.speaker.say(self.grammar.say("audio_failed"))
                threading.Thread(target=broken.close, daemon=True).start()
            self.speaker.say(failure.text)

    def perform(self, outputs: Sequence[Output], asker: int | None = None) -> bool:
        """Speak the outputs ``asker``'s input produced; True when the session is over.

        One loudspeaker serves the whole table, so a line for one player's private channel
        is spoken only when that player asked for it (their own question, move or refusal,
        ``asker``), or when a single human plays. Unsolicited private lines (the hands dealt,
        the cards drawn) are kept for when the player asks ("qu'est-ce que j'ai en main ?").
        When nothing of what an input produced can be said aloud, a neutral line tells the
        table it was noted ("C'est noté, Paul."), so the player knows it worked.
        """
        session = self.session
        assert session is not None, "perform() needs a session: call run()"
        done = False
        spoken = False
        kept: set[int] = set()  # seats whose private lines were kept silent
        for output in outputs:
            text = _render(output, session)
            if text is not None and isinstance(output, Say):
                if self._audible(output, asker):
                    self.speaker.say(text)
                    spoken = True
                else:
                    kept.add(channel_seat(output.channel) or 0)
            elif isinstance(output, Quit):
                done = True
            elif isinstance(output, SpeechControl) and output.command == "stop":
                self.speaker.stop()  # "chut"
            elif isinstance(output, Earcon):
                if output.name in EARCON_NAMES:
                    self.speaker.earcon(output.name)
            elif isinstance(output, SetPhrases):
                self._set_phrases(output.phrases)
            elif isinstance(output, SettingsChanged):
                self._settings_changed(output, asker)
        noted = asker if asker is not None else (min(kept) if len(kept) == 1 else None)
        if kept and not spoken and noted is not None and noted in kept:
            self.speaker.say(self.grammar.say("private_noted", player=session.players[noted]))
        return done

    def _audible(self, output: Say, asker: int | None) -> bool:
        """May this line be said aloud at the table (see :meth:`perform`)?"""
        session = self.session
        assert session is not None
        seat = channel_seat(output.channel)
        if output.channel == TABLE or seat is None:
            return True
        if len(session.players) - len(session.computers) <= 1:
            return True  # one human: nobody else to keep it from
        return seat == asker and not output.key.startswith("event.")

    # -- per-player settings ---------------------------------------------------------

    def _store(self) -> SettingsStore:
        if self.settings is None:
            shared = getattr(self.session, "settings", None)
            self.settings = shared if isinstance(shared, SettingsStore) else (
                SettingsStore.default())
        return self.settings

    def _settings_of(self, seat: int) -> PlayerSettings:
        session = self.session
        assert session is not None
        return self._store().get(session.players[seat])

    def _apply(self, seat: int | None, settings: PlayerSettings | None = None,
               voice: bool = True, listening: bool = True) -> None:
        """Use ``seat``'s settings (rate, volume; listening mode, headphones)."""
        session = self.session
        if session is None or seat is None or not 0 <= seat < len(session.players):
            return
        if seat in session.computers:
            return
        if settings is None:
            settings = self._settings_of(seat)
        if voice:
            if self.speaker.rate_wpm != settings.rate_wpm:
                self.speaker.set_rate(settings.rate_wpm)
            if self.speaker.volume != settings.volume:
                self.speaker.set_volume(settings.volume)
        if listening:
            for source in self.sources:
                set_headphones = getattr(source, "set_headphones", None)
                if callable(set_headphones):
                    set_headphones(settings.headphones)
                set_mode = getattr(source, "set_mode", None)
                if callable(set_mode):
                    set_mode(settings.listen)

    def _settings_changed(self, output: SettingsChanged, asker: int | None) -> None:
        """A player changed a setting by voice: it concerns the devices when it is that
        player's line (they asked, or it is their turn)."""
        session = self.session
        assert session is not None
        seat = output.seat
        if seat in (asker, session.acting_seat) or len(session.players) == 1:
            self._apply(seat, output.settings)

    def _set_phrases(self, phrases: Sequence[str]) -> None:
        for source in self.sources:
            set_phrases = getattr(source, "set_phrases", None)
            if callable(set_phrases):
                set_phrases(list(phrases))

    # -- the loop ----------------------------------------------------------------------

    def _announce(self, item: Announcement) -> None:
        """A device speaks about itself (privacy rule of :meth:`perform` applies)."""
        if item.earcon is not None and item.earcon in EARCON_NAMES:
            self.speaker.earcon(item.earcon)
        text = self.grammar.say(item.key, **dict(item.params))
        say = Say(item.channel, text, item.key)
        if self.session is None or self._audible(say, None):
            rendered = _render(say, self.session) if self.session is not None else text
            self.speaker.say(rendered or text)

    def _read_keyboard(self) -> None:
        """The keyboard thread: every line typed goes to the queue; None at the end."""
        try:
            while True:
                # the prompt comes after the answer to the previous line, not inside it
                with self._answered:
                    self._answered.wait_for(lambda: self._unanswered == 0, self.prompt_wait)
                line = self.reader.read_line("> " if self.reader.is_tty else "")
                if line is not None and line.strip():
                    with self._answered:
                        self._unanswered += 1
                self._queue.put(_Typed(line))
                if line is None:
                    return
        except Exception as exc:  # the keyboard died: end the game cleanly, saved
            log.error("keyboard input failed: %s", exc)
            self._queue.put(_Typed(None))

    def _line_answered(self) -> None:
        """A typed line was answered: the next prompt may be shown."""
        with self._answered:
            self._unanswered = max(0, self._unanswered - 1)
            self._answered.notify_all()

    def run(self, session: Session, opening: Sequence[Output]) -> int:
        """The game loop for ``session``, until quit or end of the keyboard input."""
        self.session = session
        keyboard = threading.Thread(target=self._read_keyboard, name="ludivox-keyboard",
                                    daemon=True)
        try:
            self._apply(session.acting_seat if session.acting_seat is not None else 0)
            for source in self.sources:
                source.start(self._queue.put)
            self._set_phrases(session.phrases_now())
            self._prepare_likely()
            if self.perform(opening):
                return EXIT_OK
            keyboard.start()
            while True:
                item = self._queue.get()
                if isinstance(item, Announcement):
                    self._announce(item)
                    continue
                if isinstance(item, _Typed):
                    if item.line is None:
                        self.perform(session.handle(Key(KEY_QUIT_NOW)))
                        break
                    if item.line.strip():
                        if self._handle(session, Heard(item.line)):
                            break
                        self._line_answered()
                    continue
                if self._handle(session, item):
                    break
        except KeyboardInterrupt:
            # Ctrl-C: every move is already in the journal; say so, and how to come back
            self.perform(session.handle(Key(KEY_QUIT_NOW)))
        finally:
            if self._reader is not None:
                self._reader.cancel()
                if self._reader.is_tty and keyboard.is_alive():
                    keyboard.join(1.0)  # it restores the terminal's settings on its way out
            for source in self.sources:
                try:
                    source.close()
                except Exception:
                    log.exception("closing an input source failed")
            self.close()
            session.close()
        return EXIT_OK

    def _prepare_likely(self) -> None:
        """Synthesize ahead the fixed lines said most often (first audio sooner)."""
        prepare = getattr(self.speaker, "prepare", None)
        if callable(prepare):
            lines = []
            for key in LIKELY_KEYS:
                try:
                    if not self.grammar.response_params(key):
                        lines.append(self.grammar.say(key))
                except KeyError:  # not a response of this game's grammar
                    continue
            prepare(lines)

    def _handle(self, session: Session, inp: Input) -> bool:
        """One input to the session; True when the session is over."""
        seat = getattr(inp, "seat", None)
        asker = seat if seat is not None else session.acting_seat
        self._apply(asker, listening=False)
        session.reader_connected = self.reader_connected()
        outputs = session.handle(inp)
        # whose input it was is known once the session has handled it (a card scanned by
        # the player who just drew, a name answering "c'est la carte de qui ?")
        asker = session.last_seat
        if asker is not None and asker != seat:
            self._apply(asker, listening=False)
        done = self.perform(outputs, asker)
        if not done:
            now = session.acting_seat
            self._apply(now if now is not None else asker, voice=False)
        return done

    def close(self) -> None:
        """Let the last sentence finish, then release the audio device."""
        self.speaker.wait_idle(10)
        self.speaker.close()


def ask_new_game(game: str, console: Console) -> Session | None:
    """Ask, by voice and keyboard: real cards or not, how many players, their names
    (:mod:`ludivox.table.new_game`). None when the input ends or the player leaves during
    the questions (nothing is created)."""
    grammar = console.grammar
    answers = new_game.ask_new_game(
        grammar, console.ask, console.speaker.say,
        default_names(grammar, new_game.MOST_PLAYERS),
    )
    if answers is None:
        return None
    path = journal_mod.new_save_path(game)
    names = ",".join(name.replace(",", " ") for name in answers.names)
    return new_session(game, players=len(answers.names), names=names,
                       mode="table" if answers.table else "virtual", seed=None,
                       state_file=None, journal_path=path, settings=player_settings())
