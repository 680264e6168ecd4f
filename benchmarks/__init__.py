"""Ludivox benchmarks: ``python -m benchmarks`` runs every ``benchmarks/<name>.py``.

Each module exposes ``run() -> dict[str, float]`` (figure name -> value; names end with their
unit, for example ``place_p50_ms``). Timings live here, never in tests.
"""
