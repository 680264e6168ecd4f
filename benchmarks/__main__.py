"""Run every benchmark module and print one table of figures.

``python -m benchmarks [name ...]`` runs ``benchmarks/<name>.py`` for each module found (or
only those named). A module that is missing, fails to import, or fails while running is
reported in the table; it never stops the others.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path

EXPECTED = ("engine_kingsbridge", "understanding", "speech", "conversation")


def discover() -> list[str]:
    """Benchmark module names beside this file, plus the expected ones (even if missing)."""
    here = Path(__file__).parent
    found = {m.name for m in pkgutil.iter_modules([str(here)]) if not m.name.startswith("_")}
    return sorted(found | set(EXPECTED))


def run_one(name: str) -> tuple[str, Mapping[str, float] | str, float]:
    """(name, figures or an error message, seconds spent)."""
    start = time.perf_counter()
    try:
        module = importlib.import_module(f"benchmarks.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"benchmarks.{name}":
            return name, "missing", 0.0
        return name, f"import failed: {exc}", time.perf_counter() - start
    except Exception as exc:
        return name, f"import failed: {exc!r}", time.perf_counter() - start
    run: Callable[[], Mapping[str, float]] | None = getattr(module, "run", None)
    if run is None:
        return name, "no run() function", time.perf_counter() - start
    try:
        figures = run()
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        return name, f"failed: {exc!r}", time.perf_counter() - start
    return name, dict(figures), time.perf_counter() - start


def format_table(results: list[tuple[str, Mapping[str, float] | str, float]]) -> str:
    """A plain-text table: one row per figure, problems reported in place of figures."""
    rows: list[tuple[str, str, str]] = []
    for name, figures, _ in results:
        if isinstance(figures, str):
            rows.append((name, "-", figures))
            continue
        if not figures:
            rows.append((name, "-", "no figures"))
        for key, value in figures.items():
            rows.append((name, key, f"{value:.4g}"))
    widths = [max(len(r[i]) for r in [("benchmark", "figure", "value"), *rows]) for i in range(3)]
    lines = []
    for row in [("benchmark", "figure", "value"), *rows]:
        lines.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks named in ``argv`` (all by default) and print the table."""
    names = (argv if argv is not None else sys.argv[1:]) or discover()
    results = []
    for name in names:
        print(f"running {name}...", file=sys.stderr, flush=True)
        results.append(run_one(name))
    print(format_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
