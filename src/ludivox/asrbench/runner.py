"""Run the fixtures through the real listening pipeline and game, and time the answers.

For each fixture: a session in its set-up (:mod:`ludivox.asrbench.game`); the WAV replayed
as microphone chunks of 30 ms into a :class:`~ludivox.voice.listener.StreamListener`
(endpointing -> Vosk with the session's phrase list of the moment); each utterance handed
to the session as the live loop does; what the loudspeaker would say synthesized and played
for real (espeak-ng -> sounddevice), to time its first sample.

Latency of an answer = endpoint delay in audio time (``t_endpoint - t_speech_end``: the
trailing silence the endpointer waits for) + wall time from the moment the chunk that
completed the endpoint was handed to the listener (as a live microphone would deliver it)
to the first sample of the answer leaving the audio device (PortAudio's estimate, as in
``benchmarks/speech.py``). Without an audio device, the second part stops when the first
sentence is synthesized (``latency_source`` says which). Utterances the endpointer did not
close by itself (cut at the end of the file, in steady noise) are not timed; the report
counts them.

Early end (:mod:`ludivox.voice.early`): the listener reads each partial result against the
game's sentences of the moment; ``early`` runs end complete commands after the short
silence. ``complete`` marks fixtures whose whole text is such a command; ``half`` an
utterance ended early while words of the fixture were still to come (a player cut off).
"""

from __future__ import annotations

import resource
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludivox.asrbench.game import Verdict, audible, judge, prepare
from ludivox.asrbench.manifest import Fixture, Manifest
from ludivox.asrbench.metrics import Outcome, wer
from ludivox.asrbench.voice_end import voice_end_s
from ludivox.table.io import Heard, Output, Say, SetPhrases
from ludivox.voice.audio import RECOGNIZER_RATE, read_wav, wav_to_chunks
from ludivox.voice.early import GrammarReader
from ludivox.voice.endpoint import Endpointer, listening_endpointer
from ludivox.voice.listener import StreamListener, Utterance
from ludivox.voice.recognizer import Recognizer

CHUNK_MS = 30
FIRST_AUDIO_TIMEOUT_S = 10.0


@dataclass
class ItemResult:
    """One fixture's run."""

    fixture: Fixture
    heard: str
    verdict: Verdict
    utterances: int
    latency_s: float | None
    endpoint_delay_s: float | None
    cut: bool
    audio_s: float
    processing_s: float
    cpu_s: float = 0.0
    complete: bool = False
    early: bool = False
    half: bool = False
    stages: dict[str, float] = field(default_factory=dict)
    voice_latency_s: float | None = None
    """The same latency timed from when the voice really stops (the clean recording's last
    sound, :mod:`ludivox.asrbench.voice_end`) instead of the detector's last loud frame;
    None when unknown (human recordings)."""
    """Where the timed answer's wait went (s): ``endpoint`` (the silence waited for, audio
    time), ``decode`` (the listener's work on the chunk that ended it: final result),
    ``understand`` (``Session.handle``), ``synthesis`` (the first sentence's), ``output``
    (from its samples given to the device to their first one heard); and ``mic_block``, not
    in the latency: the rest of the microphone block after the frame that ended the
    utterance (a live microphone hands audio on a block at a time, so the decision waits
    for the block's end)."""

    def outcome(self) -> Outcome:
        """The fixture as the figures see it."""
        return Outcome(self.fixture.in_grammar, self.verdict.correct, self.verdict.acted,
                       self.fixture.text, self.heard, self.latency_s)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "id": self.fixture.id, "path": self.fixture.path, "voice": self.fixture.voice,
            "noise": self.fixture.noise_label, "expected": self.fixture.text,
            "heard": self.heard, "correct": self.verdict.correct,
            "acted": self.verdict.acted, "detail": self.verdict.detail,
            "wer": wer(self.fixture.text, self.heard), "utterances": self.utterances,
            "latency_ms": None if self.latency_s is None else self.latency_s * 1000,
            "endpoint_delay_ms": None if self.endpoint_delay_s is None
            else self.endpoint_delay_s * 1000,
            "cut": self.cut, "complete": self.complete, "early": self.early,
            "half": self.half,
        }


@dataclass
class RunResult:
    """All fixtures' runs and the resource figures."""

    items: list[ItemResult] = field(default_factory=list)
    latency_source: str = "audio"
    model_load_s: float = 0.0

    @property
    def audio_s(self) -> float:
        """Seconds of audio replayed."""
        return sum(i.audio_s for i in self.items)

    @property
    def rtf(self) -> float | None:
        """Real-time factor of the listening pipeline (endpointing + recognition)."""
        audio = self.audio_s
        return sum(i.processing_s for i in self.items) / audio if audio else None

    @property
    def cpu_share(self) -> float | None:
        """Processor time of the listening pipeline (detector, endpointer, recognizer) per
        second of audio."""
        audio = self.audio_s
        return sum(i.cpu_s for i in self.items) / audio if audio else None

    @property
    def peak_rss_mb(self) -> float:
        """Peak resident memory of this process so far, in MB."""
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


class _TimedSynth:
    """A synthesizer that notes when its first synthesis since ``first = None`` ran."""

    def __init__(self, synth: Any) -> None:
        self._synth = synth
        self.first: tuple[float, float] | None = None

    def synthesize(self, text: str) -> Any:
        start = time.monotonic()
        pcm = self._synth.synthesize(text)
        if self.first is None:
            self.first = (start, time.monotonic())
        return pcm

    def __getattr__(self, name: str) -> Any:
        return getattr(self._synth, name)


class AnswerClock:
    """Speaks answers and reports when their first sample sounded (or was synthesized).

    With an audio device: a :class:`~ludivox.voice.speaker.VoiceSpeaker` over the default
    output (the PulseAudio null sink in tests); otherwise the synthesizer alone.
    """

    def __init__(self, use_audio: bool = True, *, cache: bool = True) -> None:
        from ludivox.voice.tts import EspeakSynthesizer

        self._synth = _TimedSynth(EspeakSynthesizer(language="fr",
                                                    cache_size=128 if cache else 0))
        self._event = threading.Event()
        self._started: float | None = None
        self._speaker: Any = None
        self.source = "synthesis"
        if use_audio:
            from ludivox.voice.playback import NoAudioDevice, SoundDeviceSink
            from ludivox.voice.speaker import VoiceSpeaker

            try:
                sink = SoundDeviceSink()
            except NoAudioDevice:
                sink = None
            if sink is not None:
                self._speaker = VoiceSpeaker(self._synth, sink, on_started=self._on_started)
                self.source = "audio"

    def _on_started(self, text: str, at: float) -> None:
        if self._started is None:
            self._started = at
        self._event.set()

    def first_audio(self, texts: Sequence[str]) -> float | None:
        """Say ``texts``; the ``time.monotonic()`` of their first sample (None: silent)."""
        texts = [t for t in texts if t.strip()]
        if not texts:
            return None
        if self._speaker is None:
            self._synth.synthesize(texts[0])
            return time.monotonic()
        self._started = None
        self._event.clear()
        self._synth.first = None
        for text in texts:
            self._speaker.say(text)
        started = self._event.wait(FIRST_AUDIO_TIMEOUT_S)
        self._speaker.stop()
        self._speaker.wait_idle(5)
        return self._started if started else None

    @property
    def synthesis(self) -> tuple[float, float] | None:
        """When the first sentence of the last answer was synthesized: ``(start, end)`` in
        ``time.monotonic()`` time (None: not yet)."""
        return self._synth.first

    def close(self) -> None:
        """Release the audio device."""
        if self._speaker is not None:
            self._speaker.close()
        self._synth.close()


def _spoken(outputs: Sequence[Output], asker: int | None) -> list[str]:
    """What the loudspeaker says for these outputs."""
    return [o.text for o in audible(outputs, asker) if isinstance(o, Say)]


def _reader(session: Any) -> GrammarReader:
    """The reading of partial results against the session's sentences of the moment."""
    return GrammarReader(session.grammar, session.announcer.intents_now())


def run_fixture(
    manifest: Manifest, fixture: Fixture, listener: StreamListener, clock: AnswerClock,
    *, early: bool = True,
) -> ItemResult:
    """Replay one fixture through the pipeline and the game (``early``: with early end)."""
    prepared = prepare(manifest, fixture)
    session = prepared.session
    pcm = read_wav(manifest.wav(fixture))
    chunks = list(wav_to_chunks(manifest.wav(fixture), chunk_ms=CHUNK_MS,
                                rate=RECOGNIZER_RATE))
    listener.cancel()  # a fresh stream: new noise floor, no leftover audio
    listener.set_phrases(session.phrases_now())
    reader = _reader(session)
    listener.set_reader(reader if early else None)
    spoken = " ".join(w for w, _ in fixture.words)
    complete = bool(spoken) and reader.read(spoken.replace(",", "")).final
    last_word = fixture.words[-1][1] if fixture.words else None
    voice_end = voice_end_s(manifest, fixture)
    voice_latency: float | None = None
    outputs: list[Output] = []
    heard: list[str] = []
    latency: float | None = None
    endpoint_delay: float | None = None
    utterances = 0
    cut = ended_early = half = False
    processing = cpu = 0.0
    stages: dict[str, float] = {}
    fed = 0.0  # seconds of audio handed to the listener, as a live microphone would

    def handle(events: Sequence[Any], arrived: float, decoded: float) -> None:
        nonlocal latency, voice_latency, endpoint_delay, utterances, cut, ended_early, half
        for event in events:
            if not isinstance(event, Utterance):
                continue
            utterances += 1
            cut = cut or event.cut
            if event.early:
                ended_early = True
                half = half or (last_word is not None and event.t_endpoint < last_word)
            if not event.text:
                continue  # a noise: nothing recognised, nothing to hand on
            heard.append(event.text)
            asker = session.acting_seat
            understood = time.monotonic()
            said = session.handle(Heard(event.text, event.alternatives))
            understood_end = time.monotonic()
            outputs.extend(said)
            for output in said:
                if isinstance(output, SetPhrases):
                    listener.set_phrases(output.phrases)
                    if early:
                        listener.set_reader(_reader(session))
            first = clock.first_audio(_spoken(said, asker))
            # an utterance cut by the end of the file has no real endpoint (at the table
            # the noise would have kept it open up to the maximum length): not timed
            if first is not None and latency is None and not event.cut:
                endpoint_delay = event.t_endpoint - event.t_speech_end
                latency = endpoint_delay + (first - arrived)
                if voice_end is not None:
                    voice_latency = event.t_endpoint - voice_end + (first - arrived)
                synthesis = clock.synthesis or (understood_end, understood_end)
                stages.update(endpoint=endpoint_delay, decode=decoded - arrived,
                              understand=understood_end - understood,
                              synthesis=synthesis[1] - understood_end,
                              output=first - synthesis[1],
                              mic_block=max(0.0, fed - event.t_endpoint))

    for chunk in chunks:
        fed += len(chunk) / 2 / RECOGNIZER_RATE
        arrived, used = time.monotonic(), time.thread_time()
        events = listener.feed(chunk)
        decoded = time.monotonic()
        processing += decoded - arrived
        cpu += time.thread_time() - used
        handle(events, arrived, decoded)
    arrived = time.monotonic()
    events = listener.flush()
    decoded = time.monotonic()
    processing += decoded - arrived
    handle(events, arrived, decoded)
    verdict = judge(fixture, prepared, outputs)
    session.close()
    return ItemResult(fixture, " ".join(heard), verdict, utterances, latency, endpoint_delay,
                      cut, pcm.duration, processing, cpu, complete, ended_early, half, stages,
                      voice_latency)


def open_recognizer(model_dir: Path) -> tuple[Recognizer, float]:
    """A Vosk recognizer on ``model_dir`` and the model's load time (raises ModelNotFound,
    ModelLoadError)."""
    from ludivox.voice.recognizer import VoskModel, VoskRecognizer

    start = time.perf_counter()
    model = VoskModel(model_dir)
    return VoskRecognizer(model), time.perf_counter() - start


def run(
    manifest: Manifest,
    fixtures: Sequence[Fixture],
    recognizer: Recognizer,
    *,
    use_audio: bool = True,
    progress: Callable[[ItemResult], None] | None = None,
    endpointer: Endpointer | None = None,
    early: bool = True,
    before: Callable[[Fixture], None] | None = None,
    confirm_at_pause: bool = True,
    cache: bool = True,
) -> RunResult:
    """Run ``fixtures`` of ``manifest`` with ``recognizer``; every answer is really spoken
    when an audio device is there (``use_audio``). ``endpointer``: default the listening
    one (Silero VAD when installed); ``early``: end complete commands after the short
    silence (``confirm_at_pause``: also asking the final result at the first short pause);
    ``before``: called with each fixture before it is replayed; ``cache``: answers said
    before are kept synthesized (False: every answer synthesized anew, as at a table where
    the same answer seldom comes twice)."""
    listener = StreamListener(recognizer,
                              endpointer or listening_endpointer(recognizer.sample_rate),
                              confirm_at_pause=confirm_at_pause)
    clock = AnswerClock(use_audio, cache=cache)
    result = RunResult(latency_source=clock.source)
    clock.first_audio(["Bonjour."])  # a new output stream stalls once: not the player's wait
    try:
        for fixture in fixtures:
            if before is not None:
                before(fixture)
            item = run_fixture(manifest, fixture, listener, clock, early=early)
            result.items.append(item)
            if progress is not None:
                progress(item)
    finally:
        clock.close()
    return result


__all__ = ["CHUNK_MS", "AnswerClock", "ItemResult", "RunResult", "open_recognizer", "run",
           "run_fixture"]
