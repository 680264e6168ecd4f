"""Fixtures for the tests of the shell (the console, the microphone, WAV replay, the card
reader) around real sessions. The conversation helpers are tests/table's
(``table_helpers``, ``test_scan_check``), put on the import path here."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))

from table_helpers import grammar

__all__ = ["grammar"]
