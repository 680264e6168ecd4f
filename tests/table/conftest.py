"""Fixtures for the table tests (helpers live in table_helpers.py; the Korean model's
fixtures, ``ko_model`` and ``ko_model_path``, in tests/conftest.py)."""

from __future__ import annotations

import pytest

from ludivox.grammars.grammar import Grammar


@pytest.fixture(scope="session")
def grammar() -> Grammar:
    """The real French Kingsbridge grammar."""
    return Grammar.load("kingsbridge", "fr")
