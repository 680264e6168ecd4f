"""Kingsbridge engine tests run the coach without its wall-clock caps: on a loaded machine a
cap would cut searches at different places from one run to the next, and what the tests
assert is the coach's choices (its timing is measured by the benchmarks, never asserted)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludivox.engines.kingsbridge import coach, planner


@pytest.fixture(autouse=True)
def _no_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(coach, "SEARCH_CAP", None)
    monkeypatch.setattr(planner, "CLOCK_CAP", None)
    yield
