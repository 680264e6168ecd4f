"""Recorded speech through the whole pipeline: WAV -> Vosk (phrase list of the moment) ->
understanding -> the game, with the real Korean model from PyPI.

This proves the plumbing (phrase lists reach the recognizer, what it hears reaches the
conversation, words the model lacks are reported), not French accuracy: no French model can
be installed on these machines, and the French accuracy tests belong to the fixtures bench.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ludivox.grammars.grammar import Grammar
from ludivox.shell.wav_replay import WavListener
from ludivox.voice.audio import write_wav
from ludivox.voice.recognizer import VoskRecognizer

pytestmark = pytest.mark.vosk

GREETINGS = ("안녕하세요", "오늘 날씨", "시작")  # "hello", "today's weather", "start"


def test_the_listener_applies_the_phrase_list_of_the_moment(
    ko_model: Any, korean_wavs: Any, tmp_path: Path
) -> None:
    listener = WavListener(VoskRecognizer(ko_model), Grammar.load("kingsbridge"))
    wav = tmp_path / "bonjour.wav"
    write_wav(wav, korean_wavs("안녕하세요"))
    listener.set_phrases(GREETINGS)
    heard = listener.hear(wav, seat=1)
    assert heard.text == "안녕하세요"
    assert heard.seat == 1
    # another moment, another list: the same words can no longer come out
    others = ("취소", "고양이", "부산")
    listener.set_phrases(others)
    assert set(listener.hear(wav).text.split()) <= set(others)


def test_a_recording_reaches_the_game_through_the_script_mode(
    ko_model_path: Path, korean_wavs: Any, tmp_path: Path
) -> None:
    wav = tmp_path / "parole.wav"
    write_wav(wav, korean_wavs("오늘 날씨"))
    script = tmp_path / "script.txt"
    script.write_text(f"@state\n@wav {wav}\n@wav {tmp_path / 'absent.wav'}\n@state\n",
                      encoding="utf-8")
    env = dict(os.environ, LUDIVOX_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.cli", "play", "kingsbridge", "--players", "2",
         "--seed", "1", "--model", str(ko_model_path), "--script", str(script)],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # Vosk would silently drop the French words: they are reported at load
    report = re.search(r"ne connaît pas (\d+) mot", done.stderr)
    assert report is not None and int(report.group(1)) > 100, done.stderr
    heard = [line for line in lines if line.startswith("HEARD ")]
    assert len(heard) == 1 and heard[0] != "HEARD "  # Korean speech, heard as Korean words
    after = lines[lines.index(heard[0]) + 1]
    assert after.startswith("SAY seat:1 Je n'ai pas compris")
    assert any(line.startswith("ERROR line 3: @wav") for line in lines)
    states = [line for line in lines if line.startswith("STATE ")]
    assert len(states) == 2 and states[0] == states[1]  # nothing changed


def test_a_missing_model_folder_is_a_clear_message(tmp_path: Path) -> None:
    env = dict(os.environ, LUDIVOX_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.cli", "play", "kingsbridge", "--players", "2",
         "--model", str(tmp_path / "nulle-part"), "--script", "-"],
        input="", capture_output=True, text=True, env=env, timeout=60,
    )
    assert done.returncode == 2
    assert (f"Je ne trouve pas le dossier {tmp_path / 'nulle-part'}, donné comme modèle de "
            "reconnaissance vocale" in done.stdout)  # the folder, said in French
    assert "ludivox models install fr" in done.stdout  # and what to do
