"""Fixtures for the tests of the games' bindings (``bindings/<game>/``): whole turns
and questions of each game through ``Session.handle``. The conversation helpers are
tests/table's (``table_helpers``), put on the import path here."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))

from table_helpers import grammar

__all__ = ["grammar"]
