"""Where Ludivox keeps its data on this computer.

One place for every part (saves, settings, speech models, NFC registry): ``$LUDIVOX_DATA_DIR``
when set, else the user data folder ``ludivox`` (``platformdirs``). This module imports
nothing of ours, so ``voice``, ``nfc`` and ``table`` may all use it.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DATA_DIR_ENV = "LUDIVOX_DATA_DIR"


def data_dir() -> Path:
    """Where Ludivox keeps its data (``$LUDIVOX_DATA_DIR`` or the user data dir)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("ludivox", appauthor=False))


__all__ = ["DATA_DIR_ENV", "data_dir"]
