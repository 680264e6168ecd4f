"""The card reader at a real game: ``ludivox play ... --reader``, in a real process, with the
real nfcpy reader code against an emulated NTAG213 card over the ``udp`` driver."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "nfc"))

from nfc_emulators import NTAG213, Ntag2Emulator

from ludivox.nfc.tagformat import encode

LUDIVOX = [sys.executable, "-m", "ludivox.cli"]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "LUDIVOX_VOSK_MODEL"}
    env["LUDIVOX_DATA_DIR"] = str(tmp_path / "data")
    return env


def _start(tmp_path: Path, *options: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*LUDIVOX, "play", "kingsbridge", "--players", "1", "--names", "Anne", "--seed", "3",
         "--text", "--listen", "off", *options],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=_env(tmp_path),
    )


def _lines(proc: subprocess.Popen[str]) -> queue.Queue[str]:
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=pump, daemon=True).start()
    return lines


def _wait_for(lines: queue.Queue[str], needle: str, timeout_s: float = 20.0) -> list[str]:
    seen: list[str] = []
    while True:
        line = lines.get(timeout=timeout_s)  # queue.Empty: the test fails, never hangs
        seen.append(line)
        if needle in line:
            return seen


def test_a_card_put_on_the_reader_is_said_in_the_game(tmp_path: Path) -> None:
    with Ntag2Emulator(NTAG213, present=False) as reader:
        proc = _start(tmp_path, "--reader", reader.path)
        try:
            lines = _lines(proc)
            _wait_for(lines, "À toi, Anne.")  # the game has started
            reader.put(NTAG213, message=encode("ludivox:kingsbridge/event/13", "treize"))
            said = _wait_for(lines, "treize")
            assert not any("lecteur" in line for line in said)  # the reader was there
        finally:
            assert proc.stdin is not None
            proc.stdin.close()  # end of keyboard input: save and stop
            proc.wait(timeout=30)
    assert proc.returncode == 0


def test_no_reader_at_the_table_is_not_news(tmp_path: Path) -> None:
    done = subprocess.run(
        [*LUDIVOX, "play", "kingsbridge", "--players", "1", "--names", "Anne", "--seed", "3",
         "--text", "--listen", "off"],  # --reader auto: USB readers only, none here
        input="c'est à qui ?\n", capture_output=True, text=True, env=_env(tmp_path),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "C'est à toi, Anne." in done.stdout
    assert "lecteur" not in done.stdout


def test_a_reader_path_that_is_no_reader_is_a_usage_error(tmp_path: Path) -> None:
    done = subprocess.run([*LUDIVOX, "play", "kingsbridge", "--reader", "bluetooth:1",
                           "--text"], capture_output=True, text=True, env=_env(tmp_path),
                          timeout=60)
    assert done.returncode == 2
    assert "--reader" in done.stderr


def _type(proc: subprocess.Popen[str], line: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def test_two_players_at_one_reader_the_drawn_cards_go_to_who_drew_them(
    tmp_path: Path,
) -> None:
    with Ntag2Emulator(NTAG213, present=False) as reader:
        proc = subprocess.Popen(
            [*LUDIVOX, "play", "kingsbridge", "--players", "2", "--names", "Anne,Paul",
             "--mode", "table", "--text", "--listen", "off", "--reader", reader.path],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=_env(tmp_path),
        )
        try:
            lines = _lines(proc)
            _type(proc, "les colonnes sont cinq, huit, douze, un, trois et sept")
            _wait_for(lines, "Anne, dis-moi les cartes de ta main")  # said aloud
            _type(proc, "j'ai un deux, un quatre, un six, un huit, un dix et un onze")
            _wait_for(lines, "C'est noté, Anne.")
            _type(proc, "je pose le six sur la colonne un")
            _type(proc, "sans scanner")  # the settings' scan check, skipped
            _wait_for(lines, "Anne pose le six sur la colonne un.")
            _type(proc, "j'ai fini")
            _type(proc, "oui")  # confirmed: Anne draws a card; Paul's turn
            _wait_for(lines, "Paul, dis-moi les cartes de ta main")
            _type(proc, "j'ai un deux, un trois, un quatre, un dix, un onze et un treize")
            _wait_for(lines, "C'est noté, Paul.")
            # Paul plays; Anne puts the card she drew on the reader
            reader.put(NTAG213, message=encode("ludivox:kingsbridge/event/5", "cinq"))
            said = _wait_for(lines, "C'est noté")
            assert said[-1].endswith("C'est noté, Anne.")
            assert not any("cinq" in line for line in said)  # the table does not hear it
        finally:
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait(timeout=30)
    assert proc.returncode == 0
