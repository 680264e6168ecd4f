"""The listening pipeline (endpointer + real Vosk, Korean model): utterances out of a stream."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from voice_helpers import CountingRecognizer

from ludivox.voice.audio import Pcm, Samples, pcm_to_chunks, resample, silence
from ludivox.voice.early import Reading
from ludivox.voice.endpoint import Endpointer, listening_endpointer
from ludivox.voice.listener import (
    ListenEvent,
    PartialText,
    SpeechStarted,
    StreamListener,
    Utterance,
)
from ludivox.voice.recognizer import VoskRecognizer

pytestmark = pytest.mark.vosk

RATE = 16000
GREETINGS = ("안녕하세요", "오늘 날씨", "시작")  # "hello", "today's weather", "start"
OTHERS = ("취소", "고양이", "부산")  # "cancel", "cat", "Busan"


def korean(korean_wavs: Any, phrase: str) -> Samples:
    pcm = korean_wavs(phrase)
    return resample(pcm.samples, pcm.rate, RATE)


def stream(listener: StreamListener, samples: Samples, chunk_ms: int = 30) -> list[ListenEvent]:
    events: list[ListenEvent] = []
    for chunk in pcm_to_chunks(Pcm(samples, RATE), chunk_ms=chunk_ms):
        events.extend(listener.feed(chunk))
    events.extend(listener.flush())
    return events


def test_two_utterances_in_one_stream_are_recognised_in_turn(
    ko_model: Any, korean_wavs: Any
) -> None:
    spy = CountingRecognizer(VoskRecognizer(ko_model))
    listener = StreamListener(spy, Endpointer(sample_rate=RATE))
    listener.set_phrases(GREETINGS + OTHERS)
    signal = np.concatenate([
        silence(2.0, RATE), korean(korean_wavs, "안녕하세요"), silence(1.5, RATE),
        korean(korean_wavs, "고양이"), silence(3.0, RATE),
    ])
    events = stream(listener, signal)
    said = [e for e in events if isinstance(e, Utterance)]
    assert [u.text for u in said] == ["안녕하세요", "고양이"]
    starts = [e for e in events if isinstance(e, SpeechStarted)]
    assert len(starts) == 2 and starts[0].t > 1.5
    assert any(isinstance(e, PartialText) for e in events)
    for u in said:
        assert u.t_start < u.t_speech_end < u.t_endpoint
    # the long silences never reached the recognizer
    assert spy.fed < len(signal) - 4.0 * RATE


def test_a_new_phrase_list_applies_from_the_next_utterance(
    ko_model: Any, korean_wavs: Any
) -> None:
    spy = CountingRecognizer(VoskRecognizer(ko_model))
    listener = StreamListener(spy)
    listener.set_phrases(GREETINGS)
    hello = korean(korean_wavs, "안녕하세요")
    first = [e for e in stream(listener, np.concatenate([silence(1.0, RATE), hello,
                                                         silence(1.0, RATE)]))
             if isinstance(e, Utterance)]
    assert first[0].text == "안녕하세요"
    listener.set_phrases(OTHERS)
    listener.set_phrases(OTHERS)  # the same list again is not re-applied
    listener.endpointer.reset()
    second = [e for e in stream(listener, np.concatenate([silence(1.0, RATE), hello,
                                                          silence(1.0, RATE)]))
              if isinstance(e, Utterance)]
    assert set(second[0].text.split()) <= set(OTHERS)
    assert spy.applied == [GREETINGS, OTHERS]


def test_words_the_model_lacks_are_left_out_of_the_list(ko_model: Any) -> None:
    listener = StreamListener(VoskRecognizer(ko_model))
    listener.set_phrases(["안녕하세요 bonjour", "répète", "시작"])
    # the French words are not in the Korean model; "[unk]" is not either
    assert listener.phrases == ("안녕하세요", "시작")
    assert not ko_model.has_word("[unk]")
    listener.set_phrases(["répète"])
    assert listener.phrases is None  # nothing sayable: free-form rather than an empty list


def test_a_click_and_silence_give_nothing_and_feed_nothing(ko_model: Any) -> None:
    spy = CountingRecognizer(VoskRecognizer(ko_model))
    listener = StreamListener(spy)
    click = np.full(240, 20000, dtype=np.int16)
    events = stream(listener, np.concatenate([silence(1.0, RATE), click, silence(1.0, RATE)]))
    assert events == [] and spy.fed == 0


def test_speech_cut_by_the_end_of_the_stream_is_still_an_utterance(
    ko_model: Any, korean_wavs: Any
) -> None:
    listener = StreamListener(VoskRecognizer(ko_model))
    listener.set_phrases(GREETINGS)
    events = stream(listener, np.concatenate([silence(0.5, RATE),
                                              korean(korean_wavs, "오늘 날씨")]))
    (last,) = [e for e in events if isinstance(e, Utterance)]
    assert last.text == "오늘 날씨"


class _Commands:
    """A command reader for which each of ``whole`` is a whole command."""

    def __init__(self, whole: tuple[str, ...]) -> None:
        self.whole = whole

    def read(self, text: str, vocabulary: Any = None) -> Reading:
        return Reading(text, complete=text in self.whole, extendable=False)


def test_an_accepted_command_teaches_the_endpointer_the_players_level(
    ko_model: Any, korean_wavs: Any
) -> None:
    # the player gate of the listening endpointer learns only from commands the listener
    # read as whole (a noise or talk it heard nothing in teaches nothing)
    listener = StreamListener(VoskRecognizer(ko_model), listening_endpointer(RATE),
                              reader=_Commands(GREETINGS))
    listener.set_phrases(GREETINGS + OTHERS)
    assert listener.endpointer.player_level_db() is None
    events = stream(listener, np.concatenate([
        silence(1.0, RATE), korean(korean_wavs, "안녕하세요"), silence(1.5, RATE)]))
    assert [e.text for e in events if isinstance(e, Utterance)] == ["안녕하세요"]
    assert listener.endpointer.player_level_db() is not None
