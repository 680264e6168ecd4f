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

THINKING_SECONDS = 1.0
"""Wall-clock thinking per question or computer turn: a guard for a slow or busy machine, not
the usual pace. The engine's fixed work budget ends almost every turn first (solo seeds 0-99,
processor time a turn p50 0.12 s, p95 0.43 s, 0.25 % of turns over 1 s; issue 14: p95 <= 0.5
s, max <= 2 s). At 0.4 s the clock cut about 6 % of turns, and a cut turn plays a weaker plan
that sends the rest of the game elsewhere: 100 solo games on a quiet machine, mean 11.85, min
-15 (seed 4, one turn cut), against 12.36, min -2 with no clock."""


def deadline(seconds: float | None = THINKING_SECONDS) -> Stop | None:
    """A stop condition true ``seconds`` from now (``None``: no clock, the engine's fixed
    work budget only: deterministic answers)."""
    if seconds is None:
        return None
    end = time.perf_counter() + seconds

    def stop() -> bool:
        return time.perf_counter() > end

    return stop
