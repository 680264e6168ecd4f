"""Understanding measured on natural sentences nobody wrote for the grammar (issue 16).

Plays every case of ``corpus/natural/*.yaml`` on a fresh session of its game and reports, per
game, the share understood at once, asked (the intended reading offered, or not), not
understood, and the count of harmful readings (a different action carried out). Typed text:
no speech model is involved (the figures are for the understanding layer alone).
"""

from __future__ import annotations

from ludivox.asrbench import natural


def run() -> dict[str, float]:
    """Measure; no assertion on the figures."""
    return natural.summary([natural.run(c) for c in natural.load_all()])
