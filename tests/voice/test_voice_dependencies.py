"""The dependency rule: the voice package stands alone (never imports ``table`` or an engine)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ludivox.voice
from ludivox.paths import DATA_DIR_ENV
from ludivox.voice.modelstore import models_dir

FORBIDDEN = ("ludivox.table", "ludivox.engines", "ludivox.nfc")


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_voice_modules_import_neither_table_nor_engines_nor_nfc() -> None:
    folder = Path(ludivox.voice.__file__).parent
    offenders = [
        f"{path.name}: {name}"
        for path in sorted(folder.rglob("*.py"))
        for name in _imports(path)
        if name.startswith(FORBIDDEN)
    ]
    assert offenders == []


def test_the_models_folder_follows_the_data_folder_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    assert models_dir() == tmp_path / "models"
