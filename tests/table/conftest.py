"""Fixtures for the table tests (helpers live in table_helpers.py; the Korean model's
fixtures, ``ko_model`` and ``ko_model_path``, in tests/conftest.py)."""

from __future__ import annotations

from table_helpers import grammar

__all__ = ["grammar"]
