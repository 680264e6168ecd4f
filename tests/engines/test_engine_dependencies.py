"""The engines are pure: they import only the standard library's pure parts and each other,
never a device, a file, the clock, a language or the table; and no module anywhere in
``src/`` reaches into another module's private names."""

from __future__ import annotations

import ast
from pathlib import Path

from import_rules import forbidden_imports

SRC = Path(__file__).resolve().parents[2] / "src" / "ludivox"
ENGINES = SRC / "engines"
IMPURE = (
    "ludivox.table", "ludivox.grammars", "ludivox.voice", "ludivox.nfc", "ludivox.cli",
    "ludivox.commands", "ludivox.asrbench", "ludivox.gamedata", "ludivox.paths",
    "ludivox.jsonfile", "os", "io", "sys", "pathlib", "time", "datetime", "socket",
    "threading", "subprocess", "logging", "json", "yaml", "secrets", "uuid",
)


def test_engines_import_nothing_impure() -> None:
    assert forbidden_imports(ENGINES, IMPURE) == []


def _private_imports(path: Path) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(
            "ludivox"
        ):
            found.extend(
                f"{path.relative_to(SRC)}: {node.module}.{alias.name}"
                for alias in node.names
                if alias.name.startswith("_") and not alias.name.startswith("__")
            )
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    found = [hit for path in sorted(SRC.rglob("*.py")) for hit in _private_imports(path)]
    assert found == []
