"""Endpointing: where utterances start and end, on synthetic signals and real espeak-ng speech."""

from __future__ import annotations

import numpy as np
import pytest

from ludivox.voice.audio import Pcm, Samples, as_samples, pcm_to_chunks, resample, silence
from ludivox.voice.endpoint import (
    SHORT_SILENCE_MS,
    Endpointer,
    EndpointEvent,
    SpeechAudio,
    SpeechEnd,
    SpeechPause,
    SpeechStart,
)
from ludivox.voice.tts import EspeakSynthesizer

RATE = 16000


def tone(seconds: float, freq: float = 220.0, amplitude: float = 8000.0) -> Samples:
    """A voiced-like harmonic tone."""
    t = np.arange(round(seconds * RATE)) / RATE
    wave = np.zeros_like(t)
    for k in (1, 2, 3):
        wave += np.sin(2 * np.pi * freq * k * t) / k
    return as_samples(amplitude * wave / 1.8)


def noise(seconds: float, amplitude: float, seed: int = 0) -> Samples:
    return as_samples(np.random.default_rng(seed).normal(0, amplitude, round(seconds * RATE)))


def run(samples: Samples, chunk_ms: int = 30, **options: float) -> list[EndpointEvent]:
    ep = Endpointer(sample_rate=RATE, **options)  # type: ignore[arg-type]
    events: list[EndpointEvent] = []
    for chunk in pcm_to_chunks(Pcm(samples, RATE), chunk_ms=chunk_ms):
        events.extend(ep.feed(chunk))
    events.extend(ep.flush())
    return events


def utterances(events: list[EndpointEvent]) -> list[tuple[SpeechStart, bytes, SpeechEnd]]:
    """(start, all audio of the utterance, end) for each utterance found."""
    out = []
    start: SpeechStart | None = None
    audio = b""
    for event in events:
        if isinstance(event, SpeechStart):
            start, audio = event, event.audio
        elif isinstance(event, SpeechAudio):
            audio += event.audio
        elif isinstance(event, SpeechEnd):
            assert start is not None
            out.append((start, audio, event))
            start = None
    return out


def speech(synth: EspeakSynthesizer, text: str) -> Samples:
    pcm = synth.synthesize(text)
    return resample(pcm.samples, pcm.rate, RATE)


def test_a_tone_between_silences_is_one_utterance_with_its_bounds() -> None:
    signal = np.concatenate([silence(1.0, RATE), tone(1.0), silence(1.5, RATE)])
    found = utterances(run(signal))
    assert len(found) == 1
    start, audio, end = found[0]
    assert start.t == pytest.approx(1.0, abs=0.06)
    assert end.t_speech_end == pytest.approx(2.0, abs=0.06)
    assert not end.cut
    # the endpoint comes after the trailing silence, not at the end of the stream
    assert end.t_speech_end + 0.5 < end.t_endpoint < 3.4
    # pre-roll: the audio handed over starts about 0.3 s before the speech
    assert len(audio) / 2 / RATE == pytest.approx(end.t_endpoint - start.t + 0.3, abs=0.07)


def test_the_pre_roll_keeps_a_soft_beginning() -> None:
    soft = tone(0.2, amplitude=60.0)  # below the start threshold: a weak first syllable
    signal = np.concatenate([silence(1.0, RATE), soft, tone(0.8), silence(1.0, RATE)])
    (start, audio, _end), = utterances(run(signal))
    assert start.t == pytest.approx(1.2, abs=0.06)  # loud part starts it
    samples = np.frombuffer(audio, dtype="<i2")
    # ... but the soft part is in the audio handed to the recognizer
    assert np.abs(samples[: int(0.3 * RATE)]).max() > 40


def test_a_pause_longer_than_the_trailing_silence_splits_two_utterances() -> None:
    signal = np.concatenate([silence(0.5, RATE), tone(0.6), silence(1.0, RATE), tone(0.6),
                             silence(1.0, RATE)])
    found = utterances(run(signal))
    assert [round(s.t, 1) for s, _, _ in found] == [0.5, 2.1]
    # a short pause inside an utterance does not split it
    signal = np.concatenate([silence(0.5, RATE), tone(0.6), silence(0.3, RATE), tone(0.6),
                             silence(1.0, RATE)])
    assert len(utterances(run(signal))) == 1


def test_the_trailing_silence_is_configurable() -> None:
    signal = np.concatenate([silence(0.5, RATE), tone(0.6), silence(2.0, RATE)])
    (_, _, short), = utterances(run(signal, trailing_silence_ms=300))
    (_, _, long), = utterances(run(signal, trailing_silence_ms=1200))
    assert short.t_endpoint - short.t_speech_end == pytest.approx(0.3, abs=0.04)
    assert long.t_endpoint - long.t_speech_end == pytest.approx(1.2, abs=0.04)


def test_a_short_click_is_ignored() -> None:
    click = as_samples(np.full(round(0.015 * RATE), 20000))
    signal = np.concatenate([silence(1.0, RATE), click, silence(1.0, RATE)])
    assert run(signal) == []


def test_a_long_utterance_is_cut_at_the_maximum_length() -> None:
    signal = np.concatenate([silence(0.5, RATE), tone(5.0), silence(1.0, RATE)])
    found = utterances(run(signal, max_utterance_s=2.0))
    first = found[0][2]
    assert first.cut
    assert first.t_endpoint == pytest.approx(2.5, abs=0.1)


def test_a_steady_noise_floor_is_learnt_and_speech_above_it_still_found() -> None:
    # (a steady sound from the first instant is taken for the room's noise)
    room = noise(4.0, 300.0)
    signal = room.copy()
    signal[int(2.0 * RATE): int(2.8 * RATE)] += tone(0.8)
    found = utterances(run(signal))
    assert len(found) == 1
    assert found[0][0].t == pytest.approx(2.0, abs=0.1)


def syllables(seconds: float) -> Samples:
    """A tone whose loudness rises and falls four times a second, as speech does."""
    t = np.arange(round(seconds * RATE)) / RATE
    return as_samples(tone(seconds) * (0.55 + 0.45 * np.cos(2 * np.pi * 4 * t)))


def test_speech_from_the_first_sample_is_found() -> None:
    for signal in (syllables(1.0), np.concatenate([tone(0.1, amplitude=60.0), tone(0.9)])):
        (start, _audio, end), = utterances(run(np.concatenate([signal, silence(1.0, RATE)])))
        assert start.t < 0.15 and end.t_speech_end == pytest.approx(1.0, abs=0.06)


def test_a_loud_mains_hum_does_not_hide_quieter_speech() -> None:
    t = np.arange(4 * RATE) / RATE
    hum = 10000 * np.sin(2 * np.pi * 50 * t) + 3000 * np.sin(2 * np.pi * 150 * t)
    voice = np.zeros_like(t)
    voice[2 * RATE: int(2.8 * RATE)] = tone(0.8, freq=440.0, amplitude=2500.0)
    (start, _audio, end), = utterances(run(as_samples(hum + voice)))
    assert start.t == pytest.approx(2.0, abs=0.1)
    assert end.t_speech_end == pytest.approx(2.8, abs=0.1)


def test_the_same_stream_gives_the_same_events_whatever_the_chunk_size() -> None:
    signal = np.concatenate([noise(0.7, 100.0), tone(0.6), silence(0.9, RATE), tone(0.4),
                             noise(1.0, 100.0, seed=1)])
    by_30 = run(signal, chunk_ms=30)
    by_7 = run(signal, chunk_ms=7)
    by_100 = run(signal, chunk_ms=100)

    def summary(events: list[EndpointEvent]) -> list[tuple[float, bytes, float, float]]:
        return [(s.t, a, e.t_speech_end, e.t_endpoint) for s, a, e in utterances(events)]

    assert summary(by_30) == summary(by_7) == summary(by_100)
    assert len(summary(by_30)) == 2


def test_real_speech_keeps_its_first_syllable(synth: EspeakSynthesizer) -> None:
    words = speech(synth, "pose le sept sur la trois")
    lead = np.flatnonzero(np.abs(words.astype(np.int32)) > 500)
    first_sound = lead[0] / RATE
    signal = np.concatenate([silence(1.0, RATE), words, silence(1.5, RATE)])
    (_start, audio, end), = utterances(run(signal))
    # the audio handed on starts before the first audible sample of the speech
    handed_from = end.t_endpoint - len(audio) / 2 / RATE
    assert handed_from < 1.0 + first_sound
    last_sound = lead[-1] / RATE
    assert end.t_speech_end == pytest.approx(1.0 + last_sound, abs=0.1)


def test_real_speech_two_sentences_with_a_pause_are_two_utterances(
    synth: EspeakSynthesizer,
) -> None:
    one = speech(synth, "je pose le dix")
    two = speech(synth, "répète s'il te plaît")
    signal = np.concatenate([silence(0.5, RATE), one, silence(1.2, RATE), two,
                             silence(1.0, RATE)])
    assert len(utterances(run(signal))) == 2


def test_a_short_pause_is_reported_and_a_complete_command_ends_after_it() -> None:
    """SpeechPause after the short silence; with set_short_end the utterance ends after
    it (early), without it only after the long silence."""
    signal = np.concatenate([silence(0.5, RATE), tone(0.8), silence(1.5, RATE)])
    audio = signal.astype("<i2").tobytes()
    for short in (False, True):
        ep = Endpointer(RATE)
        events: list[EndpointEvent] = []
        for i in range(0, len(audio), 960):
            for event in ep.feed(audio[i:i + 960]):
                events.append(event)
                if isinstance(event, SpeechPause) and short:
                    ep.set_short_end(True)
        (end,) = [e for e in events if isinstance(e, SpeechEnd)]
        pauses = [e for e in events if isinstance(e, SpeechPause)]
        # every short silence of the pause is reported until the end
        assert pauses and pauses[0].t - end.t_speech_end == pytest.approx(
            SHORT_SILENCE_MS / 1000, abs=0.035)
        assert all(p.t <= end.t_endpoint for p in pauses)
        delay = end.t_endpoint - end.t_speech_end
        if short:
            assert end.early and delay < 0.25
        else:
            assert not end.early and delay > 0.6


def test_the_short_end_is_forgotten_at_the_next_utterance() -> None:
    signal = np.concatenate([silence(0.5, RATE), tone(0.6), silence(1.0, RATE), tone(0.6),
                             silence(1.5, RATE)])
    audio = signal.astype("<i2").tobytes()
    ep = Endpointer(RATE)
    ends: list[SpeechEnd] = []
    for i in range(0, len(audio), 960):
        for event in ep.feed(audio[i:i + 960]):
            if isinstance(event, SpeechEnd):
                ends.append(event)
            if isinstance(event, SpeechPause) and not ends:
                ep.set_short_end(True)  # only the first utterance is a whole command
    assert [e.early for e in ends] == [True, False]
