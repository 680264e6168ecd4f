"""Small statistics shared by the benchmarks (not a benchmark: the leading underscore keeps
``python -m benchmarks`` from running it)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def percentile(values: Sequence[float], q: float, scale: float = 1.0) -> float:
    """The ``q``-th percentile (0..100, linear interpolation) of ``values`` times ``scale``."""
    return float(np.percentile(np.asarray(values, dtype=float) * scale, q))
