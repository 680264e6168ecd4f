"""``ludivox bench asr`` end to end with the Korean model from PyPI.

The Korean model understands no French: these runs prove the plumbing (WAV -> 30 ms chunks
-> endpointing -> Vosk -> understanding -> session -> spoken answer) and that the report comes
out whole. Its accuracy is about 0 and is never French accuracy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludivox.asrbench import runner
from ludivox.asrbench.manifest import Manifest, select
from ludivox.cli import main

FIXTURES = Path(__file__).resolve().parents[2] / "audio_fixtures" / "fr" / "kingsbridge"


def test_bench_runs_every_kind_of_fixture_and_reports(
    tmp_path: Path, ko_model_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "asr.json"
    code = main(["bench", "asr", "--model", str(ko_model_path), "--fixtures", str(FIXTURES),
                 "--limit", "8", "--json", str(out), "--quiet"])
    printed = capsys.readouterr().out
    assert code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["fixtures_run"] == 8 and len(data["items"]) == 8
    overall = data["overall"]
    # Korean acoustic model on French speech: nothing right (plumbing only)
    assert overall["commands"] >= 5
    assert overall["command_accuracy"] <= 0.2
    assert overall["wer"] >= 0.8
    assert data["audio_s"] > 8 and data["rtf"] > 0  # timings are reported, not judged
    assert data["peak_rss_mb"] > 200  # the model is loaded
    # the --limit spread reaches clean and noisy files, several voices
    assert "clean" in data["by_noise"] and len(data["by_noise"]) >= 3
    assert len(data["by_voice"]) >= 3
    for item in data["items"]:
        if item["noise"] == "clean":  # in noise at 5 dB the endpointer may miss it
            assert item["utterances"] >= 1  # the endpointer found the speech
        if item["latency_ms"] is not None:  # a spoken answer: its delay was measured
            assert item["latency_ms"] > 0 and item["endpoint_delay_ms"] >= 0
    assert any(item["latency_ms"] is not None for item in data["items"])
    assert "cmd acc" in printed and "false acc" in printed and "RTF" in printed
    for label in [*data["by_voice"], *data["by_noise"]]:
        assert f" {label} " in printed  # one row per voice and per noise level


def test_what_was_heard_reaches_the_game(ko_model_path: Path, manifest: Manifest) -> None:
    """Each utterance goes to the session: Korean words are not understood, so the table
    answers "je n'ai pas compris" and the game does not change (and chatter is not acted on).
    """
    recognizer, _ = runner.open_recognizer(ko_model_path)
    chosen = [f for f in manifest.fixtures if f.noise["kind"] == "none"]
    chosen = [next(f for f in chosen if f.id.startswith("sept-sur-trois.")),
              next(f for f in chosen if f.id.startswith("cafe."))]
    result = runner.run(manifest, chosen, recognizer, use_audio=False)
    move, chatter = result.items
    assert move.heard and not move.verdict.correct
    assert not chatter.verdict.acted  # no false acceptance of the chatter
    assert result.latency_source == "synthesis"
    assert move.endpoint_delay_s is not None and move.endpoint_delay_s >= 0.6
    assert not move.cut  # ended by the trailing silence, not by the end of the file


def test_bad_model_folder_and_bad_fixtures_give_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "asr", "--model", str(tmp_path / "nope"),
                 "--fixtures", str(FIXTURES), "--limit", "1"]) == 1
    assert (f"Je ne trouve pas le dossier de modèle {tmp_path / 'nope'}."
            in capsys.readouterr().err)
    assert main(["bench", "asr", "--model", str(tmp_path),
                 "--fixtures", str(FIXTURES), "--limit", "1"]) == 1
    assert (f"Le dossier {tmp_path} n'est pas un modèle Vosk : il n'a pas de dossier am."
            in capsys.readouterr().err)
    assert main(["bench", "asr", "--model", str(tmp_path), "--fixtures",
                 str(tmp_path / "none")]) == 1
    assert (f"Je ne trouve pas de fichier manifest.json dans le dossier {tmp_path / 'none'}."
            in capsys.readouterr().err)
    assert main(["bench", "asr", "--model", str(tmp_path), "--fixtures", str(FIXTURES),
                 "--limit", "0"]) == 1
    assert "--limit doit valoir au moins 1." in capsys.readouterr().err


def test_without_model_option_the_variable_or_the_installed_model_is_used(
    tmp_path: Path, ko_model_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("LUDIVOX_VOSK_MODEL", raising=False)
    monkeypatch.chdir(tmp_path)  # far from the repository: the fixtures are still found
    assert main(["bench", "asr", "--limit", "1"]) == 1
    assert "ludivox models install fr" in capsys.readouterr().err  # nothing installed
    installed = tmp_path / "data" / "models" / "vosk-model-small-fr-0.22"
    (installed / "am").mkdir(parents=True)
    (installed / "am" / "final.mdl").write_bytes(b"cut short")
    assert main(["bench", "asr", "--limit", "1"]) == 1
    assert (f"Le modèle vosk-model-small-fr-0.22 installé dans {installed} est abîmé."
            in capsys.readouterr().err)
    monkeypatch.setenv("LUDIVOX_VOSK_MODEL", str(ko_model_path))
    out = tmp_path / "asr.json"
    assert main(["bench", "asr", "--limit", "1", "--no-audio", "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["model"] == str(ko_model_path)
    assert Path(data["fixtures"]) == FIXTURES and data["fixtures_run"] == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(("juste ", "FAUX "))


def test_limit_spreads_over_the_list(manifest: Manifest) -> None:
    picked = select(manifest.fixtures, 6)
    assert len(picked) == 6
    assert len({f.text for f in picked}) == 6
    assert select(manifest.fixtures, None) == manifest.fixtures
