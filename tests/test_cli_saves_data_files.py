"""A game whose data file is broken at start-up (issue: the start-up survey of saves): only
that game's saves are set aside for this run, its problems said once in French; the other
games' saves are still offered, and no save is called damaged or marked."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludivox.cli import main
from ludivox.gamedata import seven_kingdoms as loader
from ludivox.shell.launch import survey_saves

BROKEN = loader.data_path().read_text(encoding="utf-8").replace(
    "{number: 2, rank: roi, blason: 2}", "{number: 2, rank: roi, blason: 1}")
HEADER = "les données de 7 Kingdoms sont à corriger (2 problèmes) :"
# a real start-up of `ludivox` (what `make run` does) with the 7 Kingdoms data file at argv[1]
START = ("import sys; from pathlib import Path; import ludivox.gamedata.seven_kingdoms as l; "
         "l.data_path = lambda: Path(sys.argv[1]); from ludivox.cli import main; "
         "sys.exit(main(sys.argv[2:]))")


def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """Two unfinished 7 Kingdoms games and a Kingsbridge one (the oldest), by file name."""
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    script = tmp_path / "rien.txt"
    script.write_text("@state\n", encoding="utf-8")
    games = (("a", ["kingsbridge", "--names", "Anne,Paul"]),
             ("b", ["seven-kingdoms", "--players", "3", "--names", "Léa,Jean,Zoé"]),
             ("c", ["seven-kingdoms", "--players", "3"]))
    for age, (name, play) in enumerate(games):
        save = folder / f"{name}.journal.jsonl"
        assert main(["play", *play, "--seed", "3", "--script", str(script), "--journal",
                     str(save)]) == 0
        os.utime(save, (time.time() + age, time.time() + age))
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def _unchanged(tmp_path: Path, kept: dict[str, bytes]) -> None:
    """No save marked or added; the 7 Kingdoms saves (set aside) untouched."""
    folder = tmp_path / "data" / "saves"
    assert sorted(p.name for p in folder.iterdir()) == sorted(kept), "nothing marked"
    for name in ("b.journal.jsonl", "c.journal.jsonl"):
        assert (folder / name).read_bytes() == kept[name]


@pytest.mark.slow
def test_only_the_broken_games_saves_are_set_aside_and_its_problems_said_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = _saves(tmp_path, monkeypatch)
    broken = tmp_path / "seven_kingdoms.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(loader, "data_path", lambda: broken)
        found = survey_saves()
        assert [s.header.game for s in found.unfinished] == ["kingsbridge"]
        assert found.damaged == ()
        assert len(found.data_problems) == 1  # two saves of that game, said once
        assert found.data_problems[0].startswith(HEADER)
        assert f"{broken}:" in found.data_problems[0]
        script = tmp_path / "etat.txt"
        script.write_text("@state\n", encoding="utf-8")
        capsys.readouterr()
        assert main(["resume", "--script", str(script)]) == 0  # the other game goes on
        out = capsys.readouterr().out
        assert out.count("les données de 7 Kingdoms sont à corriger") == 1
        assert "On reprend la partie de Kingsbridge" in out
        assert "abîmée" not in out
    _unchanged(tmp_path, kept)
    # the file corrected, the 7 Kingdoms games are offered again
    found = survey_saves()
    assert sorted(s.header.game for s in found.unfinished) == [
        "kingsbridge", "seven-kingdoms", "seven-kingdoms"]
    assert found.data_problems == ()


@pytest.mark.slow
def test_at_start_up_the_other_games_are_still_offered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _saves(tmp_path, monkeypatch)
    broken = tmp_path / "seven_kingdoms.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    env = dict(os.environ, LUDIVOX_DATA_DIR=str(tmp_path / "data"),
               PULSE_SERVER=f"unix:{tmp_path / 'no-such-socket'}")
    done = subprocess.run([sys.executable, "-c", START, str(broken)],
                          input="c'est à qui ?\non arrête\noui\n", capture_output=True,
                          text=True, env=env, timeout=90)
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert out.count(HEADER) == 1
    assert "On reprend la partie de Kingsbridge" in out
    assert "abîmée" not in out and "Traceback" not in out
    _unchanged(tmp_path, kept)
