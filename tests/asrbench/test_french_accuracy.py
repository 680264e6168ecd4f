"""French recognition accuracy on the fixtures, when a French Vosk model is configured.

``LUDIVOX_VOSK_MODEL`` must name a French model folder (e.g. vosk-model-small-fr-0.22,
installed by ``ludivox models install fr``); otherwise these tests are skipped, visibly.

Floors, on the clean fixtures only (synthetic espeak-ng voices, no noise):

- command accuracy >= 0.6: vosk-model-small-fr-0.22 is published at 19-24 % WER on free
  speech; here decoding is restricted to the phrase list of the moment and the grammar
  matches the N-best against legal actions, so a clean command should be recognised far
  more often than a free sentence is transcribed word-perfectly. 0.6 leaves room for
  espeak-ng's robotic voices, which the model was not trained on;
- false acceptances on chatter <= 0.25: with a phrase list Vosk tends to force chatter onto
  listed words; at most 2 of the 8 chatter sentences may be taken for something (e.g.
  "c'est à qui de distribuer" heard as "c'est à qui", an answer to a real question).

Noisy fixtures are measured and printed, not judged (no French model was available to
choose floors honestly).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ludivox.asrbench import report, runner
from ludivox.asrbench.manifest import Manifest
from ludivox.asrbench.metrics import figures
from ludivox.voice.recognizer import Recognizer

SKIP = "French Vosk model not configured: set LUDIVOX_VOSK_MODEL=… (ludivox models install fr)"
FRENCH_WORDS = ("colonne", "sept", "pose", "répète")


@pytest.fixture(scope="module")
def french_recognizer() -> Recognizer:
    value = os.environ.get("LUDIVOX_VOSK_MODEL")
    if not value:
        pytest.skip(SKIP)
    path = Path(value)
    recognizer, _ = runner.open_recognizer(path)
    model = getattr(recognizer, "model", None)
    french = model is not None and all(model.has_word(w) for w in FRENCH_WORDS)
    if not french and "fr" not in path.name.lower().split("-"):
        pytest.skip(f"LUDIVOX_VOSK_MODEL={value} is not a French model "
                    f"(it lacks {', '.join(FRENCH_WORDS)}): " + SKIP)
    return recognizer


@pytest.fixture(scope="module")
def clean_run(french_recognizer: Recognizer, manifest: Manifest) -> runner.RunResult:
    clean = [f for f in manifest.fixtures if f.noise["kind"] == "none"]
    return runner.run(manifest, clean, french_recognizer, use_audio=False)


def test_french_commands_are_recognised_on_clean_fixtures(
    clean_run: runner.RunResult,
) -> None:
    got = figures([i.outcome() for i in clean_run.items])
    print(report.table(report.summary(clean_run, {"model": "LUDIVOX_VOSK_MODEL"})))
    assert got.command_accuracy is not None and got.command_accuracy >= 0.6


def test_french_chatter_is_rarely_acted_on(clean_run: runner.RunResult) -> None:
    got = figures([i.outcome() for i in clean_run.items])
    acted = [i.fixture.id for i in clean_run.items if not i.fixture.in_grammar
             and i.verdict.acted]
    assert got.false_acceptance is not None and got.false_acceptance <= 0.25, acted


def test_french_noisy_fixtures_are_measured(
    french_recognizer: Recognizer, manifest: Manifest
) -> None:
    noisy = [f for f in manifest.fixtures if f.noise["kind"] != "none"]
    result = runner.run(manifest, noisy, french_recognizer, use_audio=False)
    data = report.summary(result, {"model": "LUDIVOX_VOSK_MODEL"})
    print(report.table(data))
    assert data["fixtures_run"] == len(noisy)
    assert set(data["by_noise"]) == {f"{k} {s} dB" for k in ("chatter", "room")
                                     for s in (20, 10, 5)}
