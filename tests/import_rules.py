"""The dependency rule in tests: which modules of a package import what they must not."""

from __future__ import annotations

import ast
from pathlib import Path


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def forbidden_imports(folder: Path, forbidden: tuple[str, ...]) -> list[str]:
    """``"<file>: <module>"`` for every absolute import under ``folder`` of a module whose
    name starts with one of ``forbidden``."""
    return [
        f"{path.name}: {name}"
        for path in sorted(folder.rglob("*.py"))
        for name in _imports(path)
        if name.startswith(forbidden)
    ]
