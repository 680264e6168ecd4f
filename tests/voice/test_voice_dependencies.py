"""The dependency rule: the voice package stands alone (never imports ``table`` or an engine)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludivox.voice
from import_rules import forbidden_imports
from ludivox.paths import DATA_DIR_ENV
from ludivox.voice.modelstore import models_dir

FORBIDDEN = ("ludivox.table", "ludivox.engines", "ludivox.nfc")


def test_voice_modules_import_neither_table_nor_engines_nor_nfc() -> None:
    folder = Path(ludivox.voice.__file__).parent
    assert forbidden_imports(folder, FORBIDDEN) == []


def test_the_models_folder_follows_the_data_folder_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    assert models_dir() == tmp_path / "models"
