"""A recorded fixture through the real audio path, end to end.

A WAV file of ``audio_fixtures/fr/kingsbridge`` (from its manifest) is played into a private
PulseAudio null sink; our :class:`Microphone` captures the sink's monitor with sounddevice;
:class:`LiveListening` and the :class:`StreamListener` endpoint it and recognise it with Vosk;
the console hands it to the session of the fixture's set-up, and the answer is written.

With the Korean model from PyPI the words cannot be French: the test asserts what is honest
(one utterance spanning the words, the session hears it, answers "je n'ai pas compris" and
the game does not change). When ``LUDIVOX_VOSK_MODEL`` names a French model, the second test
asserts the manifest's expected effect on the game; it is skipped, visibly, otherwise.
Run under ``scripts/with-audio.sh``.
"""

from __future__ import annotations

import io
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "voice"))

from voice_helpers import flowing_microphone, null_sink_env, wait_for

from ludivox.asrbench.game import Prepared, judge, prepare
from ludivox.asrbench.manifest import Fixture, Manifest, load
from ludivox.shell.console import Console
from ludivox.shell.keyboard import LineReader
from ludivox.shell.microphone import LiveListening
from ludivox.table.settings import SettingsStore
from ludivox.voice.audio import read_wav, silence
from ludivox.voice.listener import ListenEvent, StreamListener, Utterance
from ludivox.voice.modelstore import MODEL_ENV
from ludivox.voice.playback import SoundDeviceSink
from ludivox.voice.recognizer import ModelLoadError, ModelNotFound, VoskModel, VoskRecognizer
from ludivox.voice.speaker import TextSpeaker

pytestmark = pytest.mark.audio

FIXTURES = Path(__file__).resolve().parents[2] / "audio_fixtures" / "fr" / "kingsbridge"
EARCON_LINES = {"listening": "<micro ouvert>", "listening_stopped": "<micro fermé>"}
NOT_UNDERSTOOD = "Je n'ai pas compris"


@pytest.fixture(scope="module")
def room() -> Iterator[str]:
    """A private null sink: the loudspeaker and the microphone (its monitor) share it."""
    with null_sink_env("ludivox_fixture") as name:
        yield name


@pytest.fixture(scope="module")
def manifest() -> Manifest:
    return load(FIXTURES)


def _clean_move(manifest: Manifest) -> Fixture:
    """The first clean recording of a move, as the manifest lists it."""
    return next(f for f in manifest.fixtures
                if f.category == "move" and f.noise.get("kind") == "none"
                and f.expect["kind"] == "action")


class RecordingListener(StreamListener):
    """The real listener, keeping the utterances it reports (a spy, not a fake)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.utterances: list[Utterance] = []

    def _keep(self, events: list[ListenEvent]) -> list[ListenEvent]:
        self.utterances.extend(e for e in events if isinstance(e, Utterance))
        return events

    def feed(self, chunk: bytes) -> list[ListenEvent]:
        return self._keep(super().feed(chunk))

    def flush(self) -> list[ListenEvent]:
        return self._keep(super().flush())


def _play_fixture(manifest: Manifest, fixture: Fixture, model: VoskModel
                  ) -> tuple[Prepared, RecordingListener, str]:
    """Play ``fixture``'s WAV into the room after the talk key, through the whole console;
    what the session was, what the listener found, and what the console wrote."""
    prepared = prepare(manifest, fixture)
    session = prepared.session
    out = io.StringIO()
    console = Console(session.grammar, text_only=True, rate=None, out=out,
                      settings=SettingsStore(None))
    console.speaker = TextSpeaker(out, earcon_lines=EARCON_LINES)
    listener = RecordingListener(VoskRecognizer(model))
    live = LiveListening(listener, lambda: console.speaker, mode="push_to_talk",
                         open_microphone=flowing_microphone)
    console.add_source(live)
    keys_r, keys_w = os.pipe()  # the keyboard: nothing typed until the end
    console._reader = LineReader(os.fdopen(keys_r, "r", encoding="utf-8"), out)
    wav = read_wav(manifest.wav(fixture))
    assert wav.rate == 16000
    player = SoundDeviceSink(wav.rate)
    runner = threading.Thread(target=console.run, args=(session, []), daemon=True)
    try:
        runner.start()
        assert wait_for(lambda: live.available and "Tabulation" in out.getvalue(), 30.0)
        console._talk()  # the talk key, then the recording is "said" into the room
        assert live.listening
        player.play(wav.samples, wav.rate)
        player.play(silence(1.5, wav.rate), wav.rate)
        # the utterance ends by itself (the recording's trailing silence)
        assert wait_for(lambda: "<micro fermé>" in out.getvalue(), 30.0)
        assert wait_for(lambda: out.getvalue().rstrip().splitlines()[-1] != "<micro fermé>",
                        10)  # and the game answered
    finally:
        os.close(keys_w)  # end of the keyboard input: the game ends
        runner.join(20)
        player.close()
    assert not runner.is_alive()
    return prepared, listener, out.getvalue()


def test_a_recorded_move_played_into_the_room_reaches_the_session(
    room: str, manifest: Manifest, ko_model: VoskModel
) -> None:
    fixture = _clean_move(manifest)
    prepared, listener, written = _play_fixture(manifest, fixture, ko_model)
    # one utterance, spanning the words (not cut in two, not clipped to a fragment)
    assert len(listener.utterances) == 1
    heard = listener.utterances[0]
    assert fixture.speech is not None  # the manifest says where the words are in the file
    spoken = fixture.speech["end"] - fixture.speech["start"]
    assert heard.t_speech_end - heard.t_start >= 0.8 * spoken
    assert not heard.cut
    # the session heard it; Korean words are no French move: not understood, nothing changed
    lines = written.splitlines()
    assert lines.index("<micro ouvert>") < lines.index("<micro fermé>")
    assert NOT_UNDERSTOOD in written.split("<micro fermé>", 1)[1]
    assert prepared.session.state == prepared.before


def _french_model() -> VoskModel:
    folder = os.environ.get(MODEL_ENV, "").strip()
    if not folder:
        pytest.skip(f"French accuracy end to end: set {MODEL_ENV} to a French Vosk model "
                    "(ludivox models install fr) to run it")
    try:
        model = VoskModel(folder)
    except (ModelNotFound, ModelLoadError) as exc:
        pytest.skip(f"{MODEL_ENV}={folder} is not a loadable Vosk model: {exc}")
    if not all(model.has_word(w) for w in ("sept", "colonne", "trois")):
        pytest.skip(f"{MODEL_ENV}={folder} is not a French model")
    return model


def test_a_recorded_move_played_into_the_room_is_played_with_a_french_model(
    room: str, manifest: Manifest
) -> None:
    model = _french_model()
    fixture = _clean_move(manifest)
    prepared, listener, written = _play_fixture(manifest, fixture, model)
    assert len(listener.utterances) == 1
    verdict = judge(fixture, prepared, [])
    assert verdict.correct, (fixture.expect, listener.utterances[0].text, written)
