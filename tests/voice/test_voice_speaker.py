"""The Speaker the table talks to: spoken (real espeak-ng + sounddevice) and text fallback."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Iterator

import numpy as np
import pytest
from voice_helpers import RECORD_RATE, Recorder, best_alignment, rms

from ludivox.voice.audio import resample
from ludivox.voice.earcons import earcon
from ludivox.voice.playback import SoundDeviceSink
from ludivox.voice.speaker import (
    SpeechFailed,
    TextSpeaker,
    VoiceSpeaker,
    open_speaker,
    split_sentences,
)
from ludivox.voice.tts import EspeakSynthesizer

LONG = (
    "Voici une longue explication des règles : tu poses une carte sur une colonne, "
    "puis tu en tires une autre, et ainsi de suite jusqu'à la fin de la manche."
)


# -- text fallback ------------------------------------------------------------------------


def test_text_speaker_writes_each_sentence_on_its_own_line() -> None:
    out = io.StringIO()
    speaker = TextSpeaker(out)
    speaker.say("Tu joues le sept. C'est à Paul !")
    speaker.say("  Colonne   trois ?  ")
    speaker.say("   ")
    assert out.getvalue() == "Tu joues le sept.\nC'est à Paul !\nColonne trois ?\n"
    assert not speaker.is_speaking()
    assert speaker.wait_idle(0)


def test_text_speaker_writes_earcons_only_when_given_a_line() -> None:
    out = io.StringIO()
    speaker = TextSpeaker(out, earcon_lines={"your_turn": "(à toi)"})
    speaker.earcon("your_turn")
    speaker.earcon("listening")
    assert out.getvalue() == "(à toi)\n"
    with pytest.raises(KeyError):
        speaker.earcon("fanfare")


def test_text_speaker_keeps_the_rate_for_later_and_refuses_bad_ones() -> None:
    speaker = TextSpeaker(io.StringIO(), rate_wpm=300)
    with pytest.raises(ValueError, match="rate"):
        speaker.set_rate(1000)
    assert speaker.rate_wpm == 300
    speaker.close()
    with pytest.raises(RuntimeError, match="closed"):
        speaker.say("Encore ?")


def test_sentences_are_split_after_their_punctuation() -> None:
    assert split_sentences("Non. Tu ne peux pas ! Essaie le huit… ou le neuf ?") == [
        "Non.",
        "Tu ne peux pas !",
        "Essaie le huit…",
        "ou le neuf ?",
    ]
    assert split_sentences("Le 7.5 reste") == ["Le 7.5 reste"]


# -- spoken -------------------------------------------------------------------------------


class Started:
    """Collects on_started reports."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, text: str, at: float) -> None:
        with self.lock:
            self.texts.append(text)

    def wait_for(self, count: int, timeout: float = 10) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.texts) >= count:
                    return True
            time.sleep(0.01)
        return False


@pytest.fixture(scope="module")
def started() -> Started:
    return Started()


@pytest.fixture(scope="module")
def voice(
    recorder: Recorder, synth: EspeakSynthesizer, started: Started
) -> Iterator[VoiceSpeaker]:
    speaker = VoiceSpeaker(synth, SoundDeviceSink(), on_started=started)
    yield speaker
    speaker.close()


@pytest.mark.audio
def test_sentences_are_spoken_in_the_order_given(
    voice: VoiceSpeaker, recorder: Recorder, started: Started
) -> None:
    started.texts.clear()
    recorder.clear()
    voice.say("Première phrase. Deuxième phrase.")
    voice.say("Troisième.")
    assert voice.is_speaking()
    assert voice.wait_idle(20)
    assert not voice.is_speaking()
    assert started.texts == ["Première phrase.", "Deuxième phrase.", "Troisième."]
    assert rms(recorder.signal()) > 500


@pytest.mark.audio
def test_stop_cuts_the_sentence_and_clears_the_queue(
    voice: VoiceSpeaker, recorder: Recorder, started: Started
) -> None:
    started.texts.clear()
    recorder.clear()
    voice.say(LONG)
    voice.say("Cette phrase ne doit jamais être entendue.")
    assert started.wait_for(1)
    time.sleep(0.6)
    stopped_at = time.monotonic()
    voice.stop()
    time.sleep(2.0)
    assert not voice.is_speaking()
    assert rms(recorder.signal(before=stopped_at)) > 1000
    assert rms(recorder.signal(after=stopped_at + 0.3)) < 20
    assert started.texts == [LONG]  # the second sentence never started
    # Still usable afterwards.
    voice.say("Encore là.")
    assert voice.wait_idle(10)
    assert started.texts[-1] == "Encore là."


@pytest.mark.audio
def test_earcons_are_played_in_line_with_speech(
    voice: VoiceSpeaker, recorder: Recorder, started: Started
) -> None:
    started.texts.clear()
    recorder.clear()
    voice.earcon("your_turn")
    assert voice.wait_idle(10)
    time.sleep(0.3)
    tone = earcon("your_turn")
    played = resample(tone.samples, tone.rate, RECORD_RATE).astype(np.float64)
    assert best_alignment(recorder.signal(), played) > 0.9
    assert started.texts == ["<earcon your_turn>"]


@pytest.mark.audio
def test_rate_change_makes_speech_faster(voice: VoiceSpeaker, synth: EspeakSynthesizer) -> None:
    voice.set_rate(400)
    try:
        assert synth.rate_wpm == 400
        with pytest.raises(ValueError):
            voice.set_rate(20)
        assert voice.rate_wpm == 400
    finally:
        voice.set_rate(175)


@pytest.mark.audio
def test_device_failure_is_reported_with_the_unspoken_text(
    recorder: Recorder, synth: EspeakSynthesizer
) -> None:
    failures: list[SpeechFailed] = []
    sink = SoundDeviceSink()
    speaker = VoiceSpeaker(synth, sink, on_error=failures.append)
    sink.close()  # the device goes away under the speaker
    speaker.say("Tu as gagné la manche.")
    assert speaker.wait_idle(10)
    assert [f.text for f in failures] == ["Tu as gagné la manche."]
    assert speaker.errors.get_nowait() is failures[0]
    assert "closed" in str(failures[0])
    speaker.close()


@pytest.mark.audio
def test_open_speaker_speaks_aloud_when_audio_works(recorder: Recorder) -> None:
    opened = open_speaker()
    try:
        assert isinstance(opened.speaker, VoiceSpeaker)
        assert opened.fallback_key is None
    finally:
        opened.speaker.close()


def test_sentences_are_not_split_inside_quotes() -> None:
    from ludivox.voice.speaker import split_sentences

    text = "Dis « qu'est-ce que j'ai en main ? », ou « aide ». Puis joue !"
    assert split_sentences(text) == [
        "Dis « qu'est-ce que j'ai en main ? », ou « aide ».", "Puis joue !"
    ]


@pytest.mark.audio
def test_an_answer_follows_the_earcon_before_it_without_the_device_buffer_of_silence(
    recorder: Recorder, synth: EspeakSynthesizer
) -> None:
    # the talk key's closing earcon, then the answer: the answer is queued on the device
    # while the earcon still sounds, so no silence as long as the device's buffer (about
    # 70 ms here) is heard between them, as when each item waited for the one before to
    # finish sounding; a loaded machine may delay one try, so the best of three counts
    starts: dict[str, float] = {}

    def on_started(text: str, at: float) -> None:
        starts.setdefault(text, at)

    sink = SoundDeviceSink()
    speaker = VoiceSpeaker(synth, sink, on_started=on_started)
    tone = earcon("listening_stopped")
    try:
        synth.synthesize("Colonne un : le huit.")  # ready: synthesis is not what is tested
        gaps = []
        for _ in range(3):
            starts.clear()
            speaker.earcon("listening_stopped")
            speaker.say("Colonne un : le huit.")
            assert speaker.wait_idle(10)
            ended = starts["<earcon listening_stopped>"] + len(tone.samples) / tone.rate
            gaps.append(starts["Colonne un : le huit."] - ended)
        assert min(gaps) < sink.output_latency
    finally:
        speaker.close()


@pytest.mark.audio
def test_the_speaker_counts_as_talking_until_its_sentence_has_sounded(
    recorder: Recorder, synth: EspeakSynthesizer
) -> None:
    # live listening keeps the microphone closed while the assistant talks: it must not be
    # told the sentence is over while its last samples are still in the device
    sink = SoundDeviceSink()
    speaker = VoiceSpeaker(synth, sink)
    try:
        speaker.say("Tu as dix-sept cartes en main.")
        deadline = time.monotonic() + 10
        while speaker.is_talking() and time.monotonic() < deadline:
            time.sleep(0.002)
        assert not speaker.is_talking()
        assert not sink.is_playing()
    finally:
        speaker.close()
