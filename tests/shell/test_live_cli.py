"""Playing without a microphone or without a speech model: the table is told once, and the
game goes on by keyboard. Real processes; the missing microphone is real (PulseAudio is
pointed at a socket that does not exist, so PortAudio finds no input)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

LUDIVOX = [sys.executable, "-m", "ludivox.cli"]
NO_MIC = "Je ne trouve pas de micro"
NO_MODEL = "Aucun modèle de reconnaissance vocale n'est installé"


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PULSE_") and k != "LUDIVOX_VOSK_MODEL"}
    env["LUDIVOX_DATA_DIR"] = str(tmp_path / "data")
    env["PULSE_SERVER"] = f"unix:{tmp_path / 'no-such-socket'}"
    env["XDG_RUNTIME_DIR"] = str(tmp_path)
    return env


def _play(tmp_path: Path, *options: str) -> list[str]:
    done = subprocess.run(
        [*LUDIVOX, "play", "kingsbridge", "--players", "2", "--names", "Anne,Paul",
         "--seed", "1", "--text", *options],
        input="c'est à qui ?\n", capture_output=True, text=True, env=_env(tmp_path),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _answered(lines: list[str]) -> bool:
    """The typed question got its answer (the keyboard works)."""
    return "Anne : C'est à toi, Anne." in lines


def test_without_a_speech_model_it_is_said_once_and_the_keyboard_plays(tmp_path: Path) -> None:
    lines = _play(tmp_path)
    assert sum(NO_MODEL in line for line in lines) == 1
    assert any("ludivox models install fr" in line for line in lines)  # what to do about it
    assert _answered(lines)


def test_listening_off_loads_no_model_and_says_nothing_about_it(tmp_path: Path) -> None:
    lines = _play(tmp_path, "--listen", "off")
    assert not any(NO_MODEL in line or NO_MIC in line for line in lines)
    assert _answered(lines)


@pytest.mark.vosk
def test_without_a_microphone_it_is_said_once_and_the_keyboard_plays(
    tmp_path: Path, ko_model_path: Path
) -> None:
    lines = _play(tmp_path, "--model", str(ko_model_path), "--listen", "hands_free")
    assert sum(NO_MIC in line for line in lines) == 1
    assert not any(NO_MODEL in line for line in lines)
    assert _answered(lines)
    # the reason is in the log for whoever helps, not on the player's screen reader
    log = (tmp_path / "data" / "ludivox.log").read_text(encoding="utf-8")
    assert "voice input off" in log


def _said_once(lines: list[str], first: str, *then: str) -> str:
    """The message starting with ``first`` (said exactly once), up to its command: the
    text speaker writes one sentence a line, so it is read from the joined lines."""
    text = " ".join(lines)
    assert text.count(first) == 1, lines
    message = text[text.index(first):]
    message = message[:message.index("ludivox models install") + 40]
    assert all(part in message for part in then), message
    return message


def test_a_folder_that_is_not_a_model_is_named_with_what_to_do(tmp_path: Path) -> None:
    folder = tmp_path / "Téléchargements"
    folder.mkdir()
    (folder / "vosk-model-small-fr-0.22.zip").write_bytes(b"PK")  # the archive, not unpacked
    lines = _play(tmp_path, "--model", str(folder))
    _said_once(lines, f"Le dossier {folder}", "n'est pas un modèle Vosk", "am, conf et graph",
               "ludivox models install fr")
    assert not any(NO_MODEL in x for x in lines)
    assert _answered(lines)


def test_a_model_folder_that_does_not_exist_is_named(tmp_path: Path) -> None:
    lines = _play(tmp_path, "--model", str(tmp_path / "no-such-model"))
    _said_once(lines, f"Je ne trouve pas le dossier {tmp_path / 'no-such-model'}",
               "ludivox models install fr")
    assert _answered(lines)


def test_a_damaged_installed_model_is_told_apart_from_no_model(tmp_path: Path) -> None:
    installed = tmp_path / "data" / "models" / "vosk-model-small-fr-0.22"
    (installed / "am").mkdir(parents=True)
    (installed / "am" / "final.mdl").write_bytes(b"cut short by a full disk")
    lines = _play(tmp_path)
    _said_once(lines, "Le modèle de reconnaissance vocale vosk-model-small-fr-0.22",
               f"installé dans {installed} est abîmé", "ludivox models install fr --force")
    assert not any(NO_MODEL in x for x in lines)
    assert _answered(lines)
