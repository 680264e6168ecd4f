"""The bench's stand-in phrase lists (``asrbench/standin.py``) with the real Korean model: the
product's restricted decoding measured with a model that knows no French word."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludivox.asrbench.standin import StandInRecognizer, graph_words, stand_in_pool
from ludivox.voice.audio import pcm_to_chunks
from ludivox.voice.recognizer import UNKNOWN_WORD, VoskModel, VoskRecognizer

pytestmark = pytest.mark.vosk

FRENCH = ("je pose le sept sur la trois", "je pose le sept", "annule", "oui", "non")


@pytest.fixture(scope="module")
def pool(ko_model_path: Path) -> list[str]:
    return stand_in_pool(graph_words(ko_model_path / "graph" / "Gr.fst"), 40)


def test_stand_in_words_are_words_the_model_knows(ko_model: VoskModel, pool: list[str]) -> None:
    assert len(set(pool)) == 40
    assert ko_model.missing_words(pool) == []


def test_a_french_list_keeps_its_shape_one_word_for_one(ko_model: VoskModel,
                                                       pool: list[str]) -> None:
    rec = StandInRecognizer(VoskRecognizer(ko_model), pool)
    rec.set_phrases(FRENCH)
    assert rec.last_phrases is not None
    assert [len(p.split()) for p in rec.last_phrases] == [len(p.split()) for p in FRENCH]
    french_words = {w for p in FRENCH for w in p.split()}
    assert len({w for p in rec.last_phrases for w in p.split()}) == len(french_words)
    assert rec.last_phrases[1] == " ".join(rec.last_phrases[0].split()[:4])  # "le sept" kept


def test_speech_is_decoded_within_the_stand_in_list_not_free_form(
        ko_model: VoskModel, pool: list[str], korean_wavs: Any) -> None:
    speech = korean_wavs("오늘 날씨")
    rec = StandInRecognizer(VoskRecognizer(ko_model), pool)
    rec.set_phrases(FRENCH)
    assert rec.last_phrases is not None
    listed = {w for p in rec.last_phrases for w in p.split()} | {UNKNOWN_WORD}
    free = VoskRecognizer(ko_model)
    for chunk in pcm_to_chunks(speech, chunk_ms=100):
        free.accept(chunk)
    assert not set(free.finish().text.split()) <= listed  # free-form: other words
    for chunk in pcm_to_chunks(speech, chunk_ms=100):
        rec.accept(chunk)
    heard = rec.finish().text.split()
    assert set(heard) <= listed
    assert rec.cpu_s > 0.0
