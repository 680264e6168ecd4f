"""No library noise on the screen a screen reader reads (issue 11, item 13): ALSA's own
diagnostics and pyttsx3's "Exception ignored in DriverProxy.__del__" at exit. Real
libraries, in fresh processes (what a player's terminal would show)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

OPEN_BOGUS_PCM = """
import ctypes, ctypes.util
{prepare}
alsa = ctypes.CDLL(ctypes.util.find_library("asound") or "libasound.so.2")
pcm = ctypes.c_void_p()
alsa.snd_pcm_open(ctypes.byref(pcm), b"no-such-pcm-device", 0, 0)
"""


def _stderr(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stderr


def test_alsa_messages_go_to_the_log_not_the_screen() -> None:
    noisy = _stderr(OPEN_BOGUS_PCM.format(prepare=""))
    if "ALSA lib" not in noisy:
        pytest.skip("this ALSA build prints nothing for an unknown device")
    quiet = _stderr(OPEN_BOGUS_PCM.format(
        prepare="from ludivox.voice.portaudio import quiet_alsa; assert quiet_alsa()"))
    assert "ALSA lib" not in quiet, quiet


@pytest.mark.slow
def test_a_spoken_game_leaves_nothing_on_stderr(tmp_path: Path) -> None:
    # a short game through the real speaker (the null sink under make test): before, ALSA's
    # "underrun occurred" lines reached the terminal here
    env = dict(os.environ, LUDIVOX_DATA_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.cli", "play", "kingsbridge", "--players", "2",
         "--listen", "off", "--reader", "off"],
        input="lis les colonnes\nqu'est-ce que j'ai en main ?\n", capture_output=True,
        text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ALSA lib" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
