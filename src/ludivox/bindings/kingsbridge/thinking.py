"""How long the Kingsbridge coach may think, at the table and for a computer seat.

The engine has no clock: its search takes an injected stop condition
(:data:`ludivox.engines.kingsbridge.search.Stop`). This is where the wall clock comes in:
:func:`deadline` gives one stop condition for one whole question or computer turn (both
searches, with and without characters, and the judging of the plans), so a slow machine
still answers in time; the answer then says "recherche limitée".
"""

from __future__ import annotations

import time

from ludivox.engines.kingsbridge.search import Stop

THINKING_SECONDS = 0.4  # wall-clock thinking per question or computer turn (issue 14: p95 <= 0.5 s)


def deadline(seconds: float | None = THINKING_SECONDS) -> Stop | None:
    """A stop condition true ``seconds`` from now (``None``: no clock, the engine's fixed
    work budget only: deterministic answers)."""
    if seconds is None:
        return None
    end = time.perf_counter() + seconds

    def stop() -> bool:
        return time.perf_counter() > end

    return stop
