"""The keyboard (the first key cuts the speech; Tab is the talk key) and the console's loop
(input sources, device announcements, each player's settings)."""

from __future__ import annotations

import io
import os
import pty
import termios
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from table_helpers import make_table

from ludivox.engines.kingsbridge import new_virtual_game
from ludivox.grammars.grammar import Grammar
from ludivox.shell.console import Console
from ludivox.shell.keyboard import LineReader
from ludivox.shell.microphone import LiveListening
from ludivox.shell.sources import Announcement
from ludivox.table.io import SettingsChanged, SpeechControl
from ludivox.table.settings import PlayerSettings, SettingsStore
from ludivox.voice.listener import StreamListener
from ludivox.voice.microphone import Microphone
from ludivox.voice.recognizer import VoskRecognizer


def _reader_on_pty(keys: bytes) -> tuple[str | None, list[str], bytes, bool]:
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    calls: list[str] = []
    echo = io.StringIO()
    with os.fdopen(slave, "rb", buffering=0, closefd=False) as stdin:
        reader = LineReader(stdin, echo, on_key=lambda: calls.append("key"))
        result: list[str | None] = []
        t = threading.Thread(target=lambda: result.append(reader.read_line()))
        t.start()
        for _ in range(500):  # type once the reader is in cbreak mode, as a person would
            if not termios.tcgetattr(slave)[3] & termios.ICANON:
                break
            time.sleep(0.01)
        os.write(master, keys)
        t.join(5)
    restored = termios.tcgetattr(slave) == before
    os.close(slave)
    os.close(master)
    return result[0] if result else "TIMEOUT", calls, echo.getvalue().encode(), restored


def test_first_key_calls_back_once_and_line_is_returned() -> None:
    line, calls, _, _ = _reader_on_pty(b"je pose le sept\n")
    assert line == "je pose le sept"
    assert calls == ["key"]


def test_backspace_edits_and_accents_survive() -> None:
    line, _, echo, _ = _reader_on_pty("répèteX\x7f\n".encode())
    assert line == "répète"
    assert "répète".encode() in echo
    assert b"\b \b" in echo


def test_terminal_settings_are_restored() -> None:
    _, _, _, restored = _reader_on_pty(b"oui\n")
    assert restored


def test_ctrl_d_on_empty_line_is_end_of_input() -> None:
    line, _, _, _ = _reader_on_pty(b"\x04")
    assert line is None


def test_pipe_input_reads_plain_lines() -> None:
    r, w = os.pipe()
    os.write(w, "aide\nrépète\n".encode())
    os.close(w)
    with os.fdopen(r, "r", encoding="utf-8") as stdin:
        reader = LineReader(stdin, io.StringIO())
        assert not reader.is_tty
        assert reader.read_line() == "aide"
        assert reader.read_line() == "répète"
        assert reader.read_line() is None


# -- the talk key (push-to-talk) ---------------------------------------------------------------


def _talk_on_pty(keys: bytes) -> tuple[str | None, list[str]]:
    master, slave = pty.openpty()
    calls: list[str] = []
    with os.fdopen(slave, "rb", buffering=0, closefd=False) as stdin:
        reader = LineReader(stdin, io.StringIO(), on_key=lambda: calls.append("key"),
                            on_talk=lambda: calls.append("talk"))
        result: list[str | None] = []
        t = threading.Thread(target=lambda: result.append(reader.read_line()))
        t.start()
        for _ in range(500):
            if not termios.tcgetattr(slave)[3] & termios.ICANON:
                break
            time.sleep(0.01)
        os.write(master, keys)
        t.join(5)
        if t.is_alive():
            reader.cancel()
            t.join(5)
    os.close(slave)
    os.close(master)
    return (result[0] if result else "TIMEOUT"), calls


def test_tab_is_the_talk_key_and_is_not_typed() -> None:
    line, calls = _talk_on_pty(b"\tchut\n")
    assert line == "chut"
    assert calls == ["talk", "key"]


def test_space_on_an_empty_line_is_the_talk_key_but_not_inside_a_line() -> None:
    line, calls = _talk_on_pty(b" je pose le sept\n")
    assert line == "je pose le sept"
    assert calls == ["talk", "key"]


def test_a_read_in_progress_can_be_cancelled_and_the_terminal_is_restored() -> None:
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    with os.fdopen(slave, "rb", buffering=0, closefd=False) as stdin:
        reader = LineReader(stdin, io.StringIO())
        result: list[str | None] = []
        t = threading.Thread(target=lambda: result.append(reader.read_line()))
        t.start()
        time.sleep(0.3)
        reader.cancel()
        t.join(5)
    restored = termios.tcgetattr(slave) == before
    os.close(slave)
    os.close(master)
    assert result == [None] and restored


# -- the console's loop: sources, announcements, each player's settings ------------------------


def _no_microphone() -> Microphone:
    return Microphone("no-such-microphone")  # the real device layer: NoMicrophone


@pytest.fixture
def live(ko_model: Any) -> Iterator[LiveListening]:
    source = LiveListening(StreamListener(VoskRecognizer(ko_model)), lambda: None,
                           open_microphone=_no_microphone)
    yield source
    source.close()


def _console(grammar: Grammar, store: SettingsStore,
             live: LiveListening) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    console = Console(grammar, text_only=True, rate=None, out=out, sources=[live],
                      settings=store)
    return console, out


def _run_typed(console: Console, session: Any, typed: str) -> None:
    """Run the console's loop with ``typed`` as the keyboard's whole input."""
    r, w = os.pipe()
    os.write(w, typed.encode())
    os.close(w)
    console._reader = LineReader(os.fdopen(r, "r", encoding="utf-8"), console.out)
    console.run(session, session.start())


@pytest.mark.vosk
def test_the_first_players_settings_apply_and_a_missing_microphone_is_said_once(
    grammar: Grammar, live: LiveListening
) -> None:
    store = SettingsStore(None)
    store.put("Anne", PlayerSettings(rate_wpm=320, volume=0.6, listen="hands_free"))
    table = make_table(grammar, new_virtual_game(2, 5))
    console, out = _console(grammar, store, live)
    speaker = console.speaker
    _run_typed(console, table.session, "c'est à qui ?\n")
    lines = out.getvalue().splitlines()
    assert speaker.rate_wpm == 320 and speaker.volume == 0.6
    assert live.mode == "hands_free"
    assert sum("Je ne trouve pas de micro" in line for line in lines) == 1
    assert "Anne : C'est à toi, Anne." in lines  # the keyboard still plays


@pytest.mark.vosk
def test_settings_changed_by_a_player_apply_to_the_voice_and_the_microphone(
    grammar: Grammar, live: LiveListening
) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    console, out = _console(grammar, SettingsStore(None), live)
    console.session = table.session
    changed = PlayerSettings(rate_wpm=400, volume=0.4, listen="hands_free", headphones=True)
    console.perform([SettingsChanged(0, changed)], asker=0)
    assert console.speaker.rate_wpm == 400 and console.speaker.volume == 0.4
    assert live.mode == "hands_free" and live.headphones
    # "chut" still stops the speech; a device's announcement is said on its channel
    console.perform([SpeechControl("stop")], asker=0)
    console._announce(Announcement("live.microphone_failed"))
    assert out.getvalue().splitlines()[-1].startswith("Le micro ne répond plus")


def test_a_private_announcement_follows_the_loudspeaker_rule(grammar: Grammar) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    out = io.StringIO()
    console = Console(grammar, text_only=True, rate=None, out=out,
                      settings=SettingsStore(None))
    console.session = table.session
    console._announce(Announcement("live.microphone_failed", channel="seat:2"))
    assert out.getvalue() == ""  # Paul's private line is not said aloud unasked
    console._announce(Announcement("live.microphone_failed"))
    assert out.getvalue().startswith("Le micro ne répond plus")


# -- the prompt comes after the answer --------------------------------------------------------


class _SlowFirstAnswer:
    """The session, with its first answer to a typed line taking ``delay`` seconds."""

    def __init__(self, session: Any, delay: float) -> None:
        self.session = session
        self.delay = delay

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)

    def handle(self, inp: Any) -> Any:
        if self.delay:
            time.sleep(self.delay)
            self.delay = 0.0
        return self.session.handle(inp)


def test_after_a_slow_answer_each_prompt_still_comes_after_its_answer(
    grammar: Grammar,
) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    out = io.StringIO()
    console = Console(grammar, text_only=True, rate=None, out=out,
                      settings=SettingsStore(None))
    console.prompt_wait = 1.0  # the first answer takes longer than that: the prompt shows
    master, slave = pty.openpty()
    with os.fdopen(slave, "rb", buffering=0, closefd=False) as stdin:
        console._reader = LineReader(stdin, out)
        session: Any = _SlowFirstAnswer(table.session, 1.5)
        loop = threading.Thread(target=console.run, args=(session, table.session.start()))
        loop.start()
        prompts = 0
        for line in [b"c'est a qui ?\n"] * 5 + [b"\x04"]:  # typed at each new prompt
            for _ in range(1000):
                if out.getvalue().count("> ") > prompts:
                    break
                time.sleep(0.01)
            prompts = out.getvalue().count("> ")
            time.sleep(0.05)
            os.write(master, line)
        loop.join(10)
    os.close(slave)
    os.close(master)
    assert not loop.is_alive()
    # the second prompt came before the slow answer; from then on, every prompt comes after
    # the answer to the line before it (then the line typed, then its answer)
    segments = out.getvalue().split("> ")
    answers = [s.count("C'est à toi, Anne.") for s in segments]
    assert sum(answers) == 5
    assert answers[3:] == [1, 1, 1, 0], segments[1:]  # the last prompt: Ctrl-D, goodbye
