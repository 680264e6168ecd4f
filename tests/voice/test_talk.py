"""Talk going on stays one utterance (``talk_after_s``, on in the listening endpointer): an
utterance with more voice than any command ends after a longer quiet, so distant table talk
opens fewer utterances than with the energy detector, while a player's command is found as
before.

Real Silero VAD and endpointer, the committed noise fixtures (``chatter``: distant talkers
through a room; ``chatter_dry``: the same babble without it) and Kingsbridge speech fixtures.
The words of a command that start a sentence of the moment keep the endpointer's usual
trailing silence however long it is: French partial results from the fixtures' word timings
(``asrbench/timed_words.py``: no French model runs here), the real Korean model held to a
Kingsbridge phrase list (stand-in words given back in French) for table talk.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ludivox.asrbench.detector import CHUNK_BYTES, noise_fixtures, onset_clipped, replay
from ludivox.asrbench.game import prepare
from ludivox.asrbench.manifest import Manifest, load
from ludivox.asrbench.standin import FrenchStandIn, graph_words, stand_in_pool
from ludivox.asrbench.timed_words import TimedWordsRecognizer
from ludivox.grammars.grammar import Grammar
from ludivox.voice.audio import RECOGNIZER_RATE, read_wav
from ludivox.voice.early import CommandReader, GrammarReader, Reading
from ludivox.voice.endpoint import (
    Endpointer,
    EndpointEvent,
    SpeechAudio,
    SpeechStart,
    listening_endpointer,
)
from ludivox.voice.listener import SpeechStarted, StreamListener, Utterance
from ludivox.voice.recognizer import Recognizer, VoskModel, VoskRecognizer
from ludivox.voice.talk import TALK_SILENCE_MS, talk_trail_frames

ROOT = Path(__file__).resolve().parents[2]
NOISE = dict(noise_fixtures(ROOT / "audio_fixtures" / "noise"))
SPEECH = ROOT / "audio_fixtures" / "fr" / "kingsbridge"
COMMANDS = ("colonne-deux-sur-cinq.fr.s175.p70", "sept-sur-trois.fr.s150.p35",
            "oui.fr_m3.s150.p50", "sept-sur-trois.chatter.20db")
LONG = ("quatre-cinq-six-sur-un.fr_m3.s175.p35", "quatre-cinq-six-sur-un.chatter.5db")
"""Commands with more voice than ``TALK_AFTER_S`` (2.1 and 2.75 s): the longer quiet."""


@pytest.fixture(scope="module")
def speech() -> Manifest:
    return load(SPEECH)


def _audio(path: Path) -> bytes:
    return read_wav(path).samples.astype("<i2").tobytes()


def _events(endpointer: Endpointer, audio: bytes) -> list[EndpointEvent]:
    endpointer.reset()
    events: list[EndpointEvent] = []
    for i in range(0, len(audio), CHUNK_BYTES):
        events += endpointer.feed(audio[i:i + CHUNK_BYTES])
    return [e for e in events + endpointer.flush() if not isinstance(e, SpeechAudio)]


@pytest.mark.parametrize("kind", ["chatter", "chatter_dry"])
def test_distant_chatter_opens_fewer_utterances_than_with_the_energy_detector(
        kind: str) -> None:
    audio = _audio(NOISE[kind])
    energy = replay(Endpointer(), audio).starts
    assert len(replay(listening_endpointer(talk_after_s=None), audio).starts) >= len(energy), \
        "the chatter no longer fools the detector without keeping talk as one utterance"
    assert len(replay(listening_endpointer(), audio).starts) < len(energy)


def test_a_command_is_found_as_before(speech: Manifest) -> None:
    # same events; the longest (LONG) are still found whole from their first word
    for fid in COMMANDS + LONG:
        fixture = next(f for f in speech.fixtures if f.id == fid)
        assert fixture.speech is not None
        audio = _audio(speech.wav(fixture))
        endpointer = listening_endpointer()
        events = _events(endpointer, audio)
        starts = [e.t for e in events if isinstance(e, SpeechStart)]
        assert len(starts) == 1, fid
        assert not onset_clipped(starts[0], 0.3, fixture.speech["start"], endpointer.frame_s)
        if fid not in LONG:
            assert events == _events(listening_endpointer(talk_after_s=None), audio), fid


def test_a_command_said_after_table_talk_is_heard_from_its_first_word(
        speech: Manifest) -> None:
    fixture = next(f for f in speech.fixtures if f.id == "sept-sur-trois.fr.s150.p35")
    assert fixture.speech is not None
    talk = _audio(NOISE["chatter"]) + bytes(2 * round(1.5 * RECOGNIZER_RATE))
    endpointer = listening_endpointer()
    run = replay(endpointer, talk + _audio(speech.wav(fixture)))
    at = len(talk) / 2 / RECOGNIZER_RATE
    later = [t - at for t in run.starts if t >= at - 0.3]
    assert len(later) == 1
    assert not onset_clipped(later[0], 0.3, fixture.speech["start"], endpointer.frame_s)


def test_the_long_quiet_applies_only_past_the_voice_of_a_command() -> None:
    frame_s = 0.032
    assert talk_trail_frames(20, 60, frame_s, 2.0, 1100) == 20  # 1.9 s of voice
    assert talk_trail_frames(20, 63, frame_s, 2.0, 1100) == 34  # 2.0 s and more
    assert talk_trail_frames(20, 500, frame_s, None, 1100) == 20  # off
    assert talk_trail_frames(40, 500, frame_s, 2.0, 1100) == 40  # never shorter
    # the words so far start a sentence of the moment, enough of them for the voice
    assert talk_trail_frames(20, 78, frame_s, 2.0, 1100, command_words=7) == 20  # 2.5 s
    assert talk_trail_frames(20, 78, frame_s, 2.0, 1100, command_words=1) == 34  # "tout"


class _MayGoOn:
    """The grammar's reading, but as if any command could still go on (never ended early
    after the short silence): a long command the player might continue."""

    def __init__(self, reader: GrammarReader) -> None:
        self.reader = reader

    def read(self, text: str, vocabulary: object = None) -> Reading:
        reading = self.reader.read(text, None)
        return replace(reading, extendable=reading.extendable or reading.complete)


@pytest.fixture(scope="module")
def reader() -> GrammarReader:
    return GrammarReader(Grammar.load("kingsbridge"))


def _listen(recognizer: Recognizer | None, reader: CommandReader | None, audio: bytes,
            endpointer: Endpointer | None = None) -> list[object]:
    endpointer = endpointer or listening_endpointer()
    listener = StreamListener(recognizer or TimedWordsRecognizer(lambda: endpointer.time),
                              endpointer, reader=reader)
    events: list[object] = []
    for i in range(0, len(audio), CHUNK_BYTES):
        events += listener.feed(audio[i:i + CHUNK_BYTES])
    return events + listener.flush()


def test_a_long_command_is_not_held_by_the_quiet_of_talk(
        speech: Manifest, reader: GrammarReader) -> None:
    """2.5 s of voice, more than ``TALK_AFTER_S``: its words start a sentence of the moment,
    so it ends after the endpointer's trailing silence, not talk's longer quiet."""
    fixture = next(f for f in speech.fixtures
                   if f.id == "quatre-cinq-six-sur-un.fr-ch.s150.p50")
    audio = _audio(speech.wav(fixture)) + bytes(2 * round(1.5 * RECOGNIZER_RATE))
    said = " ".join(w for w, _ in fixture.words).replace(",", "")
    ends = {}
    for name, read in (("words", _MayGoOn(reader)), ("unread", None)):
        endpointer = listening_endpointer()
        recognizer = TimedWordsRecognizer(lambda ep=endpointer: ep.time, lag_s=0.1)
        recognizer.load(fixture.words)
        (utterance,) = [e for e in _listen(recognizer, read, audio, endpointer)
                        if isinstance(e, Utterance)]
        assert utterance.text == said and not utterance.early and not utterance.cut
        ends[name] = utterance.t_endpoint - utterance.t_speech_end
    quiet = TALK_SILENCE_MS / 1000
    assert ends["unread"] >= quiet - 0.05  # nothing read: it may be talk
    assert ends["words"] < quiet - 0.3  # the usual trailing silence (0.65 s)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["chatter", "chatter_dry"])
def test_table_talk_forced_onto_the_words_of_the_moment_stays_one_utterance(
        kind: str, ko_model: VoskModel, ko_model_path: Path, speech: Manifest) -> None:
    """The real Vosk path, at its worst for reading talk: held to a Kingsbridge phrase list
    with no ``[unk]`` (the Korean model's stand-in words, given back in French), it forces
    table talk onto listed words, once "tout" (a sentence starts with it) for 2.75 s of
    voice: too few words for that voice, talk going on keeps its longer quiet: as few
    utterances as the endpointer alone opens, fewer than the energy detector."""
    fixture = next(f for f in speech.fixtures if f.in_grammar and f.words)
    session = prepare(speech, fixture).session
    reader = GrammarReader(session.grammar, session.announcer.intents_now())
    phrases = session.phrases_now()
    session.close()
    pool = stand_in_pool(graph_words(ko_model_path / "graph" / "Gr.fst"), 2000)
    recognizer = FrenchStandIn(VoskRecognizer(ko_model), pool)
    endpointer = listening_endpointer()
    listener = StreamListener(recognizer, endpointer, reader=reader)
    listener.set_phrases(phrases)
    audio = _audio(NOISE[kind])
    events: list[object] = []
    for i in range(0, len(audio), CHUNK_BYTES):
        events += listener.feed(audio[i:i + CHUNK_BYTES])
    events += listener.flush()
    assert any(isinstance(e, Utterance) and e.text for e in events)  # words were forced
    starts = [e for e in events if isinstance(e, SpeechStarted)]
    alone = replay(listening_endpointer(), audio).starts
    assert len(starts) == len(alone)
    assert len(alone) < len(replay(Endpointer(), audio).starts)
