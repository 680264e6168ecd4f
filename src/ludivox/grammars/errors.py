"""Authoring errors in grammar files, reported with the file and line."""

from __future__ import annotations

from pathlib import Path


class GrammarError(ValueError):
    """A grammar, list, rule, response or test file is wrong; says where.

    ``file`` and ``line`` (1-based) point at the faulty entry when known.
    """

    def __init__(self, message: str, file: str | Path | None = None, line: int | None = None):
        self.message = message
        self.file = str(file) if file is not None else None
        self.line = line
        where = ""
        if self.file is not None:
            where = f"{self.file}:{line}: " if line is not None else f"{self.file}: "
        super().__init__(where + message)


__all__ = ["GrammarError"]
