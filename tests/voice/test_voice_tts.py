"""French speech synthesis through pyttsx3 and the real espeak-ng."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from voice_helpers import rms

from ludivox.voice.audio import read_wav
from ludivox.voice.tts import (
    EspeakSynthesizer,
    VoiceInfo,
    VoiceNotFound,
    pick_voice,
)

SENTENCE = "Le sept de cœur va sur la troisième colonne, puis tu passes ton tour."
REPO = Path(__file__).resolve().parents[2]


def spoken_wpm(text: str, seconds: float) -> float:
    return len(text.split()) / seconds * 60


def test_french_sentence_becomes_audible_speech_of_plausible_length(
    synth: EspeakSynthesizer,
) -> None:
    assert any(lang.startswith("fr") for lang in synth.voice.languages)
    pcm = synth.synthesize(SENTENCE)
    assert pcm.rate == 22050
    assert rms(pcm.samples.astype(np.float64)) > 1000  # clearly not silence
    # At the default 175 wpm a listener hears roughly 100..300 words a minute.
    assert 100 < spoken_wpm(SENTENCE, pcm.duration) < 300


def test_audio_is_as_long_as_what_espeak_ng_itself_produces(
    synth: EspeakSynthesizer, tmp_path: Path
) -> None:
    # Nothing cut at either end by the adapter. (espeak-ng's rendering of a sentence depends
    # on the sentence spoken before it, by up to ~11 %, so samples are not compared.)
    wav = tmp_path / "cli.wav"
    subprocess.run(
        ["espeak-ng", "-v", synth.voice.id, "-s", str(synth.rate_wpm), "-w", str(wav), SENTENCE],
        check=True,
    )
    cli = read_wav(wav)
    ours = synth.synthesize(SENTENCE)
    assert ours.rate == cli.rate
    assert ours.duration == pytest.approx(cli.duration, rel=0.15)


def test_many_syntheses_in_a_row_all_produce_audio() -> None:
    # espeak-ng runs on its own thread; through pyttsx3's save_to_file/runAndWait about one
    # synthesis in 150 came back empty, cut short or at the previous rate.
    fresh = EspeakSynthesizer(cache_size=0)
    first: dict[tuple[str, int], float] = {}
    for n in range(120):
        rate = 175 + 25 * (n % 3)
        text = f"Colonne {n % 4}, carte {n % 5 + 1}."
        fresh.set_rate(rate)
        duration = fresh.synthesize(text).duration
        expected = first.setdefault((text, rate), duration)
        assert duration == pytest.approx(expected, rel=0.15), (n, text, rate)


def test_higher_rate_gives_shorter_audio() -> None:
    fast_synth = EspeakSynthesizer(rate_wpm=175)
    normal = fast_synth.synthesize(SENTENCE).duration
    fast_synth.set_rate(350)
    fast = fast_synth.synthesize(SENTENCE).duration
    fast_synth.set_rate(500)
    fastest = fast_synth.synthesize(SENTENCE).duration
    assert fast < 0.7 * normal
    assert fastest < fast


def test_out_of_range_rate_is_refused_and_changes_nothing(synth: EspeakSynthesizer) -> None:
    before = synth.rate_wpm
    for bad in (79, 501, 0, -3, 200.5, "fast"):
        with pytest.raises(ValueError, match="rate"):
            synth.set_rate(bad)  # type: ignore[arg-type]
    assert synth.rate_wpm == before


def test_blank_text_is_empty_audio(synth: EspeakSynthesizer) -> None:
    assert len(synth.synthesize("   \n ").samples) == 0


def test_synthesis_writes_nothing_on_stdout(
    synth: EspeakSynthesizer, capfd: pytest.CaptureFixture[str]
) -> None:
    # pyttsx3's driver prints "Audio saved to ..." for each file it writes; text output
    # (the fallback speaker writes on stdout) must stay clean.
    synth.synthesize("Une phrase jamais dite auparavant pour ce test.")
    assert capfd.readouterr().out == ""


def test_repeated_short_phrase_is_served_from_the_cache(synth: EspeakSynthesizer) -> None:
    first = synth.synthesize("Répète, s'il te plaît.")
    again = synth.synthesize("Répète,  s'il te plaît.")
    assert again.samples is first.samples
    with pytest.raises(ValueError):
        first.samples[0] = 1  # shared audio cannot be altered by a caller


def test_concurrent_callers_get_the_same_speech_as_one_caller(synth: EspeakSynthesizer) -> None:
    texts = [f"Colonne {n}, carte {n + 1}." for n in range(8)]
    synth.clear_cache()
    expected = {t: synth.synthesize(t).duration for t in texts}
    synth.clear_cache()
    results: dict[str, float] = {}
    errors: list[BaseException] = []

    def work(chunk: list[str]) -> None:
        try:
            for t in chunk:
                results[t] = synth.synthesize(t).duration
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(texts[i::4],)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    assert not errors
    # Same sentences, same lengths (within espeak-ng's own dependence on the previous one).
    assert all(results[t] == pytest.approx(expected[t], rel=0.15) for t in texts)


def test_voice_is_chosen_by_language_not_by_position() -> None:
    voices = [
        VoiceInfo("roa/fr-be", "French (Belgium)", ("fr-be",)),
        VoiceInfo("gmw/en", "English", ("en-gb",)),
        VoiceInfo("roa/fr", "French (France)", ("fr-fr",)),
    ]
    assert pick_voice(voices, "fr").id == "roa/fr"
    assert pick_voice(voices, "fr-be").id == "roa/fr-be"
    assert pick_voice(voices[:2], "fr").id == "roa/fr-be"
    with pytest.raises(VoiceNotFound, match="fr-be"):
        pick_voice(voices, "ko")


def test_missing_voice_gives_our_clear_error() -> None:
    with pytest.raises(VoiceNotFound, match="'zz'"):
        EspeakSynthesizer(language="zz")
    with pytest.raises(VoiceNotFound, match="not installed"):
        EspeakSynthesizer(voice_id="roa/nonexistent")


def test_missing_espeak_library_gives_our_clear_error() -> None:
    # The lowest boundary: the dynamic loader cannot find libespeak-ng, as on a machine
    # without espeak-ng. Run in a fresh interpreter (espeak-ng is process-global).
    script = textwrap.dedent(
        """
        import ctypes, json
        real = ctypes.cdll.LoadLibrary
        def load(name, *a, **k):
            if "espeak" in str(name):
                raise OSError(f"{name}: cannot open shared object file")
            return real(name, *a, **k)
        ctypes.cdll.LoadLibrary = load
        from ludivox.voice.tts import EspeakSynthesizer, SpeechUnavailable
        try:
            EspeakSynthesizer()
        except SpeechUnavailable as exc:
            print(json.dumps({"error": type(exc).__name__, "message": str(exc)}))
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=REPO,
        check=True,
    ).stdout
    report = json.loads(out.strip().splitlines()[-1])
    assert report["error"] == "SpeechUnavailable"
    assert "espeak-ng" in report["message"]


def test_a_lower_volume_gives_quieter_speech() -> None:
    import numpy as np

    from ludivox.voice.tts import EspeakSynthesizer

    synth = EspeakSynthesizer(cache_size=0)
    loud = synth.synthesize("Colonne trois : le sept.").samples.astype(np.float64)
    synth.set_volume(0.4)
    quiet = synth.synthesize("Colonne trois : le sept.").samples.astype(np.float64)
    assert np.sqrt(np.mean(quiet**2)) < 0.6 * np.sqrt(np.mean(loud**2))
    synth.close()


def test_lines_synthesized_ahead_are_said_from_the_cache() -> None:
    synth = EspeakSynthesizer(language="fr")
    lines = ["D'accord, c'est noté.", "Annulé, rien n'a changé.", "Oui ou non, Paul ?"]
    assert not any(synth.is_cached(text) for text in lines)
    synth.prepare(lines)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not all(synth.is_cached(t) for t in lines):
        time.sleep(0.01)
    assert all(synth.is_cached(text) for text in lines)
    first = synth.synthesize(lines[0])
    assert synth.synthesize(lines[0]) is first  # said from the cache, not synthesized again
    synth.close()
