"""YAML loading that remembers where each string came from (file and line)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ludivox.grammars.errors import GrammarError


class Located(str):
    """A string read from a YAML file, with its ``file`` and 1-based ``line``."""

    file: str
    line: int

    def __new__(cls, value: str, file: str = "", line: int = 0) -> Located:
        obj = super().__new__(cls, value)
        obj.file = file
        obj.line = line
        return obj


_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml if any


class _Loader(_Base):  # type: ignore[valid-type,misc]
    pass


def _construct_str(loader: _Loader, node: yaml.ScalarNode) -> Located:
    value = loader.construct_scalar(node)
    return Located(str(value), getattr(loader, "source_file", ""), node.start_mark.line + 1)


def _construct_bool(loader: _Loader, node: yaml.ScalarNode) -> bool | Located:
    """Only ``true`` and ``false`` are booleans: YAML 1.1 also reads ``on``, ``off``, ``yes``,
    ``no``, ``y`` and ``n`` so, which are words in a grammar (« on pose le neuf »)."""
    value = str(loader.construct_scalar(node))
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    return _construct_str(loader, node)


_Loader.add_constructor("tag:yaml.org,2002:str", _construct_str)
_Loader.add_constructor("tag:yaml.org,2002:bool", _construct_bool)


def load_yaml(path: Path) -> Any:
    """Parse ``path``; strings come back as :class:`Located`. Syntax errors say where."""
    try:
        with path.open(encoding="utf-8") as stream:
            loader = _Loader(stream)  # a (C)SafeLoader subclass
            loader.source_file = str(path)
            try:
                return loader.get_single_data()
            finally:
                loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        raise GrammarError(f"YAML syntax error: {exc.problem}", path, line) from exc
    except OSError as exc:
        raise GrammarError(f"cannot read: {exc.strerror}", path) from exc


def where(
    value: object, default_file: str | Path, default_line: int | None = None
) -> tuple[str, int | None]:
    """The file and line of ``value`` if it is :class:`Located`, else the defaults."""
    if isinstance(value, Located) and value.file:
        return value.file, value.line
    return str(default_file), default_line


def fail(message: str, at: object, file: str | Path, line: int | None = None) -> GrammarError:
    """A :class:`GrammarError` located at ``at`` (a :class:`Located` string) when possible."""
    f, ln = where(at, file, line)
    return GrammarError(message, f, ln)


__all__ = ["Located", "fail", "load_yaml", "where"]
