"""Saves at start and on Ctrl-C (issue 11, items 10 and 11): a damaged save is named and kept
and never hides the other unfinished games; Ctrl-C says the game is saved and how to resume.
Real processes, real files; no sound device (PulseAudio out of reach), so everything said is
written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["LUDIVOX_DATA_DIR"] = str(tmp_path / "data")
    env["PULSE_SERVER"] = f"unix:{tmp_path / 'no-such-socket'}"
    return env


def ludivox(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ludivox.cli", *args], input=stdin,
                          capture_output=True, text=True, env=_env(tmp_path), timeout=90)


def _saves(tmp_path: Path) -> Path:
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _new_save(tmp_path: Path, name: str, *play: str) -> Path:
    journal = _saves(tmp_path) / f"{name}.journal.jsonl"
    done = ludivox(tmp_path, "play", *play, "--journal", str(journal), "--script", "-",
                   stdin="c'est à qui ?\n")
    assert done.returncode == 0, done.stderr
    return journal


def _damage(journal: Path) -> bytes:
    data = bytearray(journal.read_bytes())
    data[30] ^= 0x01
    journal.write_bytes(bytes(data))
    return bytes(data)


@pytest.fixture
def three_saves(tmp_path: Path) -> tuple[Path, Path, Path, bytes]:
    """An unfinished Kingsbridge and 7 Kingdoms game, and a damaged Kingsbridge save."""
    kingsbridge = _new_save(tmp_path, "a", "kingsbridge", "--players", "2", "--names",
                            "Anne,Paul", "--seed", "1")
    seven = _new_save(tmp_path, "b", "seven-kingdoms", "--players", "3", "--names",
                      "Léa,Jean,Zoé", "--seed", "1")
    broken = _new_save(tmp_path, "c", "kingsbridge", "--players", "2", "--seed", "2")
    os.utime(seven, (time.time() + 5, time.time() + 5))  # the newest of the three
    return kingsbridge, seven, broken, _damage(broken)


@pytest.mark.slow
def test_a_damaged_save_is_named_and_the_other_games_are_offered(
        tmp_path: Path, three_saves: tuple[Path, Path, Path, bytes]) -> None:
    _, _, broken, damaged = three_saves
    done = ludivox(tmp_path, stdin="la deuxième\nqu'y a-t-il dans ma main ?\non arrête\noui\n")
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "« c.journal.jsonl » est abîmée" in out and "je la garde de côté" in out
    assert "nouvelle partie" not in out.split("Il y a deux parties")[0]  # nothing promised
    assert "Il y a deux parties en cours" in out
    assert "7 Kingdoms avec Léa, Jean et Zoé" in out and "Kingsbridge avec Anne et Paul" in out
    assert "On reprend la partie de Kingsbridge" in out  # the second one offered
    assert broken.read_bytes() == damaged  # kept as it was
    assert not done.stderr.strip(), done.stderr
    # told once: the next start offers the games without naming it again
    again = ludivox(tmp_path, stdin="nouvelle\n")
    assert "abîmée" not in again.stdout and "Il y a deux parties" in again.stdout
    assert "Aucune partie en cours" not in again.stdout


@pytest.mark.slow
def test_resume_of_a_damaged_file_says_so_and_promises_nothing(tmp_path: Path) -> None:
    journal = _new_save(tmp_path, "a", "kingsbridge", "--seed", "3")
    damaged = _damage(journal)
    done = ludivox(tmp_path, "resume", str(journal), "--script", "-", stdin="@state\n")
    assert done.returncode == 1
    assert "est abîmée" in done.stdout and "nouvelle" not in done.stdout
    assert not done.stderr.strip()
    assert journal.read_bytes() == damaged


@pytest.mark.parametrize("content", [b"hello\n", b"", "liste de courses\n".encode("latin-1"),
                                     b'{"format": "autre"}\n'])
def test_a_file_that_is_no_save_is_not_called_damaged(tmp_path: Path, content: bytes) -> None:
    other = tmp_path / "notes.txt"
    other.write_bytes(content)
    done = ludivox(tmp_path, "resume", str(other), "--script", "-", stdin="@state\n")
    assert done.returncode == 1
    if content:
        assert "n'est pas une sauvegarde de Ludivox" in done.stdout
    assert "Traceback" not in done.stderr
    assert other.read_bytes() == content


@pytest.mark.slow
def test_ctrl_c_says_the_game_is_saved_and_how_to_resume(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludivox.cli", "play", "kingsbridge", "--players", "2",
         "--names", "Anne,Paul", "--seed", "4", "--listen", "off", "--reader", "off"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=_env(tmp_path))
    assert proc.stdout is not None
    try:
        for line in proc.stdout:  # wait until the game runs
            if "À toi, Anne" in line:
                break
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert "La partie est sauvegardée" in out and "ludivox" in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    resumed = ludivox(tmp_path, "resume", "--script", "-", stdin="@state\n")
    assert resumed.returncode == 0 and "On reprend la partie de Kingsbridge" in resumed.stdout
