"""Live listening through the real audio path: speech played into a PulseAudio null sink is
captured by our Microphone from its monitor, endpointed, recognised by Vosk (the Korean
model: this proves the plumbing, not French accuracy) and reaches the console and the game.

Each test module loads private null sinks and points PortAudio at them (PULSE_SINK /
PULSE_SOURCE), so other tests' sounds cannot leak in. Run under ``scripts/with-audio.sh``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "voice"))

from table_helpers import make_table
from voice_helpers import (
    CountingRecognizer,
    flowing_microphone,
    load_null_sink,
    pulse_env_kept,
    pulse_reachable,
    unload_module,
    wait_for,
)

from ludivox.engines.kingsbridge import new_virtual_game
from ludivox.grammars.grammar import Grammar
from ludivox.shell.console import Console
from ludivox.shell.keyboard import LineReader
from ludivox.shell.microphone import LiveListening
from ludivox.shell.sources import Announcement
from ludivox.table.io import Heard
from ludivox.table.settings import ListenMode, SettingsStore
from ludivox.voice.audio import Pcm, read_wav, resample, silence
from ludivox.voice.listener import StreamListener
from ludivox.voice.playback import SoundDeviceSink
from ludivox.voice.recognizer import VoskModel, VoskRecognizer
from ludivox.voice.speaker import TextSpeaker, VoiceSpeaker
from ludivox.voice.tts import EspeakSynthesizer

pytestmark = pytest.mark.audio

RATE = 16000
EARCON_LINES = {"listening": "<micro ouvert>", "listening_stopped": "<micro fermé>"}
LONG_SENTENCE = ("Voici une très longue phrase que je dis lentement, pour laisser au joueur le "
                 "temps de me couper la parole avant la fin, et encore quelques mots de plus.")


# -- fixtures: private sinks, the Korean model, Korean speech --------------------------------


@pytest.fixture(scope="module")
def sinks() -> Iterator[Callable[[], str]]:
    """Makes private null sinks; the first one made is this process's default in and out."""
    if not pulse_reachable():
        pytest.skip("no PulseAudio server: run under scripts/with-audio.sh")
    modules: list[str] = []

    def make() -> str:
        name, module = load_null_sink("ludivox_live")
        modules.append(module)
        return name

    try:
        with pulse_env_kept():
            yield make
    finally:
        for module in modules:
            unload_module(module)


def use(sink: str, *, output: bool = True, source: bool = True) -> None:
    """Point the streams opened from now on at ``sink`` (and its monitor)."""
    if output:
        os.environ["PULSE_SINK"] = sink
    if source:
        os.environ["PULSE_SOURCE"] = f"{sink}.monitor"


@pytest.fixture(scope="module")
def room(sinks: Callable[[], str]) -> str:
    """One sink: the loudspeaker and the microphone share the room."""
    name = sinks()
    use(name)
    return name


@pytest.fixture(scope="module")
def korean(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Pcm]:
    folder = tmp_path_factory.mktemp("korean")

    def make(phrase: str) -> Pcm:
        path = folder / f"{uuid.uuid4().hex[:6]}.wav"
        subprocess.run(["espeak-ng", "-v", "ko", "-w", str(path), phrase], check=True,
                       timeout=30)
        pcm = read_wav(path)
        return Pcm(resample(pcm.samples, pcm.rate, RATE), RATE)

    return make


def _fed_or_silent(spy: CountingRecognizer, speaker: VoiceSpeaker) -> bool:
    return spy.fed > 0 or not speaker.is_speaking()


def padded(pcm: Pcm) -> Any:
    """Speech with silence around it (a new output stream loses its first instants)."""
    return np.concatenate([silence(0.4, RATE), pcm.samples, silence(1.0, RATE)])


# -- tests -----------------------------------------------------------------------------------


def test_push_to_talk_speech_reaches_the_game_through_the_console(
    room: str, ko_model: VoskModel, korean: Callable[[str], Pcm], grammar: Grammar
) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    session = table.session
    before = session.state
    out = io.StringIO()
    console = Console(grammar, text_only=True, rate=None, out=out,
                      settings=SettingsStore(None))
    console.speaker = TextSpeaker(out, earcon_lines=EARCON_LINES)
    live = LiveListening(StreamListener(VoskRecognizer(ko_model)), lambda: console.speaker,
                         mode="push_to_talk", open_microphone=flowing_microphone)
    console.add_source(live)
    keys_r, keys_w = os.pipe()  # the keyboard: nothing typed until the end
    console._reader = LineReader(os.fdopen(keys_r, "r", encoding="utf-8"), out)
    player = SoundDeviceSink(RATE)
    runner = threading.Thread(target=console.run, args=(session, []), daemon=True)
    try:
        runner.start()
        # how to speak is said once at the start
        assert wait_for(lambda: live.available and "Tabulation" in out.getvalue())
        console._talk()  # the talk key
        assert live.listening and "<micro ouvert>" in out.getvalue()
        player.play(padded(korean("안녕하세요")), RATE)
        # the utterance ends by itself: the microphone closes, the game answers
        assert wait_for(lambda: "<micro fermé>" in out.getvalue() and
                        "Je n'ai pas compris" in out.getvalue())
        assert not live.listening
    finally:
        os.close(keys_w)  # end of the keyboard input: the game ends
        runner.join(20)
        player.close()
    lines = out.getvalue().splitlines()
    opened, closed = lines.index("<micro ouvert>"), lines.index("<micro fermé>")
    answer = next(i for i, line in enumerate(lines) if "Je n'ai pas compris" in line)
    assert opened < closed < answer
    assert session.state == before  # Korean speech is not a French move: nothing changed
    assert not runner.is_alive()


def test_without_echo_cancellation_the_assistant_is_not_heard_unless_headphones(
    room: str, ko_model: VoskModel
) -> None:
    speaker = VoiceSpeaker(EspeakSynthesizer(language="fr"), SoundDeviceSink(22050))
    witness = flowing_microphone()  # a second microphone: the room does hear the voice
    heard: list[Any] = []
    try:
        for headphones in (False, True):
            spy = CountingRecognizer(VoskRecognizer(ko_model))
            live = LiveListening(StreamListener(spy), speaker, mode="hands_free",
                                 headphones=headphones, open_microphone=flowing_microphone,
                                 echo_cancel=False)
            live.start(heard.append)
            try:
                witness.drain()
                speaker.say("Tu as posé le sept sur la colonne trois. À toi, Paul.")
                # the assistant is speaking (or, with headphones, was cut off by its own
                # voice: a loudspeaker is no headphones)
                assert wait_for(partial(_fed_or_silent, spy, speaker), 30)
                captured, until = b"", time.monotonic()
                while (chunk := witness.read(timeout=1.0)) is not None and chunk.at < until:
                    captured += chunk.audio
                level = np.abs(np.frombuffer(captured, dtype="<i2")).max(initial=0)
                assert level > 3000  # the microphone heard the voice
                if headphones:
                    assert spy.fed > 0
                else:
                    time.sleep(0.6)  # its echo's tail is not heard either
                    assert spy.fed == 0
                    assert not [h for h in heard if isinstance(h, Heard)]
            finally:
                speaker.stop()
                live.close()
    finally:
        witness.close()
        speaker.close()


def test_with_headphones_the_player_speaking_cuts_the_assistant_off(
    sinks: Callable[[], str], ko_model: VoskModel, korean: Callable[[str], Pcm]
) -> None:
    # the assistant speaks into the headphones; the player's voice reaches the microphone
    headphones, mouth = sinks(), sinks()
    use(headphones, source=False)
    speaker = VoiceSpeaker(EspeakSynthesizer(language="fr", rate_wpm=120),
                           SoundDeviceSink(22050))
    use(mouth)
    player = SoundDeviceSink(RATE)
    heard: list[Any] = []
    live = LiveListening(StreamListener(VoskRecognizer(ko_model)), speaker, mode="hands_free",
                         headphones=True, open_microphone=flowing_microphone)
    live.set_phrases(["안녕하세요", "오늘 날씨", "시작"])
    try:
        live.start(heard.append)
        speaker.say(LONG_SENTENCE)
        assert wait_for(speaker.is_speaking)
        player.play(padded(korean("오늘 날씨")), RATE)
        assert wait_for(lambda: not speaker.is_speaking(), 8)  # cut off, long before its end
        assert wait_for(lambda: any(isinstance(h, Heard) for h in heard))
        assert [h.text for h in heard if isinstance(h, Heard)] == ["오늘 날씨"]
    finally:
        live.close()
        player.close()
        speaker.close()
        use(headphones)


def test_push_to_talk_key_toggles_with_earcons_and_closes_by_itself(
    room: str, ko_model: VoskModel
) -> None:
    out = io.StringIO()
    speaker = TextSpeaker(out, earcon_lines=EARCON_LINES)
    put: list[Any] = []
    live = LiveListening(StreamListener(VoskRecognizer(ko_model)), speaker,
                         mode="push_to_talk", open_microphone=flowing_microphone,
                         push_to_talk_timeout=1.0)
    live.start(put.append)
    try:
        assert [a.key for a in put if isinstance(a, Announcement)] == ["live.push_to_talk"]
        assert not live.listening
        live.toggle()
        assert live.listening
        live.toggle()
        assert not live.listening
        assert out.getvalue().splitlines() == ["<micro ouvert>", "<micro fermé>"]
        live.toggle()  # nobody speaks: it closes by itself
        assert wait_for(lambda: not live.listening, 10)
        assert out.getvalue().splitlines()[-2:] == ["<micro ouvert>", "<micro fermé>"]
        live.set_mode("hands_free")  # hands-free: always listening, the key only cuts speech
        assert live.listening
        live.toggle()
        assert live.listening
        live.set_mode("off")
        assert not live.listening
    finally:
        live.close()
    assert not [h for h in put if isinstance(h, Heard)]  # silence was never taken for speech


def _trimmed(pcm: Pcm) -> Any:
    """Speech from its first audible sample (espeak-ng starts with a little silence)."""
    loud = np.flatnonzero(np.abs(pcm.samples.astype(np.int32)) > 500)
    return pcm.samples[int(loud[0]):] if len(loud) else pcm.samples


def _has_earcon_since(speaker: VoiceSpeaker, pressed: float) -> bool:
    return _earcon_since(speaker, pressed) is not None


def _earcon_since(speaker: VoiceSpeaker, pressed: float) -> float | None:
    """When the first earcon started after ``pressed`` ends (monotonic time), or None."""
    ends = [end for start, end in speaker.earcon_spans() if start >= pressed]
    return min(ends) if ends else None


def test_push_to_talk_hears_speech_that_starts_right_after_the_signal(
    room: str, ko_model: VoskModel, korean: Callable[[str], Pcm]
) -> None:
    # the real speaker plays the "listening" earcon into the room; the player starts
    # speaking 0.2 s after the key: the earcon's sound is left out, not the first word
    speaker = VoiceSpeaker(EspeakSynthesizer(language="fr"), SoundDeviceSink(22050))
    # the player's mouth: an output with the former 512-frame blocks (about 100 ms from
    # play to sound), so the voice reaches the microphone when this test was written for,
    # just as the earcon ends; with our faster output it came 40 ms sooner, over the beep
    player = SoundDeviceSink(RATE, blocksize=512, latency="low")
    heard: list[Any] = []
    live = LiveListening(StreamListener(VoskRecognizer(ko_model)), speaker,
                         mode="push_to_talk", open_microphone=flowing_microphone)
    # "날씨" alone is what a clipped start would be taken for
    live.set_phrases(["오늘 날씨", "날씨", "안녕하세요", "시작"])
    speech = np.concatenate([_trimmed(korean("오늘 날씨")), silence(1.2, RATE)])
    try:
        live.start(heard.append)
        for attempt in range(2):
            pressed = time.monotonic()
            live.toggle()
            # the player speaks as soon as the signal has sounded (on an idle machine 0.2 s
            # after the key, about 25 ms after the earcon ends): timed from the earcon itself,
            # so a busy machine that plays it late does not make the player talk over it
            assert wait_for(partial(_has_earcon_since, speaker, pressed), 5)
            end = _earcon_since(speaker, pressed) or pressed
            time.sleep(max(0.0, end + 0.025 - time.monotonic()))
            player.play(speech, RATE)
            assert wait_for(lambda: not live.listening, 15)  # the utterance ended by itself
            utterances = [h.text for h in heard if isinstance(h, Heard)]
            assert utterances == ["오늘 날씨"] * (attempt + 1)
            time.sleep(0.3)
        assert not [a for a in heard if isinstance(a, Announcement)
                    and a.key == "live.spoken_over"]
    finally:
        live.close()
        player.close()
        speaker.close()


def test_speech_cut_by_the_assistant_talking_is_asked_again(
    room: str, ko_model: VoskModel, korean: Callable[[str], Pcm]
) -> None:
    # push-to-talk: the player speaks, and the assistant starts talking over them (a card
    # reader's announcement): what they said is lost, so they are asked to say it again
    speaker = VoiceSpeaker(EspeakSynthesizer(language="fr"), SoundDeviceSink(22050))
    player = SoundDeviceSink(RATE)
    heard: list[Any] = []
    live = LiveListening(StreamListener(VoskRecognizer(ko_model)), speaker,
                         mode="push_to_talk", open_microphone=flowing_microphone,
                         echo_cancel=False)
    live.set_phrases(["오늘 날씨 안녕하세요 시작", "시작"])
    speech = korean("오늘 날씨 안녕하세요 시작")
    try:
        live.start(heard.append)
        live.toggle()
        time.sleep(0.5)
        player.play(speech.samples, RATE)
        assert wait_for(lambda: live.listener.in_speech, 5)
        speaker.say("Le lecteur de cartes est branché.")
        assert wait_for(lambda: any(isinstance(a, Announcement) and a.key == "live.spoken_over"
                                    for a in heard), 10)
        speaker.wait_idle(10)
        time.sleep(0.5)
        assert not [h for h in heard if isinstance(h, Heard)]  # nothing half-heard is acted on
    finally:
        live.close()
        player.close()
        speaker.close()



def test_how_to_speak_says_how_to_cut_the_assistant_off_on_a_loudspeaker_or_headphones(
    room: str, ko_model: VoskModel, grammar: Grammar
) -> None:
    said: dict[tuple[str, bool], str] = {}
    modes: tuple[ListenMode, ...] = ("push_to_talk", "hands_free")
    for mode in modes:
        for headphones in (False, True):
            put: list[Any] = []
            live = LiveListening(StreamListener(VoskRecognizer(ko_model)),
                                 TextSpeaker(io.StringIO()), mode=mode, headphones=headphones,
                                 open_microphone=flowing_microphone)
            try:
                live.start(put.append)
            finally:
                live.close()
            [notice] = [a for a in put if isinstance(a, Announcement)]
            said[mode, headphones] = grammar.say(notice.key, **dict(notice.params))
    for mode in modes:
        # a loudspeaker: only a key cuts it off, and the player is told "chut" is not heard
        assert "n'importe quelle touche" in said[mode, False]
        assert "je n'entends pas « chut » ni « stop »" in said[mode, False]
        assert "chut" not in said[mode, True]
    assert "il suffit de parler pour me couper la parole" in said["hands_free", True]
