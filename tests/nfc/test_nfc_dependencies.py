"""The dependency rule for the NFC package: it never imports an engine or the table, and it
finds the data folder through ``ludivox.paths`` like every other part (no copy of that logic)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludivox.nfc
from import_rules import forbidden_imports
from ludivox.nfc.progress import tagging_dir
from ludivox.nfc.registry import default_path
from ludivox.paths import DATA_DIR_ENV

FORBIDDEN = ("ludivox.table", "ludivox.engines", "ludivox.voice", "platformdirs")


def test_nfc_modules_import_no_engine_table_voice_or_their_own_data_folder() -> None:
    folder = Path(ludivox.nfc.__file__).parent
    assert forbidden_imports(folder, FORBIDDEN) == []
    sources = "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.py"))
    assert DATA_DIR_ENV not in sources.replace("``$LUDIVOX_DATA_DIR``", "")


def test_the_registry_and_the_tagging_progress_follow_the_data_folder_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    assert default_path() == tmp_path / "nfc_uids.json"
    assert tagging_dir() == tmp_path / "tagging"
