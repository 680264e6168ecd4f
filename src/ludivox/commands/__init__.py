"""Tool subcommands of ``ludivox`` beyond playing (``models``, ``nfc``, ``bench``...).

Each module of this package is one subcommand and exports::

    def register(subparsers: argparse._SubParsersAction) -> None

which adds its parser and sets ``func=<callable(args) -> int>`` as the parser's default; the
callable returns the exit code. :func:`ludivox.cliargs.build_parser` registers every module found
here, in name order, so a new tool needs no edit of ``cli.py``.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from typing import Any


def register_all(subparsers: Any) -> None:
    """Register every subcommand module of this package on ``subparsers``."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        module.register(subparsers)


def run(args: argparse.Namespace) -> int | None:
    """Run a registered subcommand; None when ``args`` is not one of them."""
    func = getattr(args, "func", None)
    if func is None:
        return None
    code: int = func(args)
    return code


__all__ = ["register_all", "run"]
