"""Fixtures of the ASR bench tests: the committed fixtures folder (the Korean model:
``ko_model_path`` in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludivox.asrbench.manifest import Manifest, load

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "audio_fixtures" / "fr" / "kingsbridge"


@pytest.fixture(scope="session")
def manifest() -> Manifest:
    """The committed French Kingsbridge fixtures' manifest."""
    return load(FIXTURES)
