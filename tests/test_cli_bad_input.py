"""Bad input at the command line and in script files: a clear French message, nothing changed,
never a traceback (issue 11, items 8, 9 and 12)."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludivox.bindings.registry import GAMES, REGISTRY
from ludivox.cli import main
from ludivox.digits import MAX_DIGITS, small_int
from ludivox.grammars.grammar import Grammar
from ludivox.nfc.payload import BadPayload, parse_payload
from ludivox.shell.script import ScriptFileError, read_script

# Words of argparse's and Python's English that must never reach a French player's screen.
ENGLISH = re.compile(
    r"\b(error|invalid|unrecognized|usage|arguments?|expected|choose from|required|"
    r"traceback|players?|got|must|between|value|not a|needs?)\b", re.IGNORECASE)

OPTION_NAMES = re.compile(r"--?[\w-]+|\{[^}]*\}|'[\w-]+'")

BAD_COMMAND_LINES = [
    ["play"],
    ["play", "monopoly"],
    ["play", "kingsbridge", "--players", "deux"],
    ["play", "kingsbridge", "--players", "9"],
    ["play", "seven-kingdoms", "--players", "1"],
    ["play", "kingdom-builder", "--players", "5"],
    ["play", "kingdom-builder", "--layout", "tavern,castle,oasis,farm"],
    ["play", "kingdom-builder", "--cards", "lords,pirates"],
    ["play", "kingsbridge", "--variant", "solo", "--players", "2"],
    ["play", "kingsbridge", "--variant", "coop", "--players", "1"],
    ["play", "kingsbridge", "--variant", "bogus"],
    ["play", "kingsbridge", "--bogus"],
    ["play", "kingsbridge", "--seed", "x"],
    ["play", "kingsbridge", "--seed"],
    ["play", "kingsbridge", "--rate", "10000"],
    ["play", "kingsbridge", "--mode", "reel"],
    ["play", "kingsbridge", "--computer", "9", "--players", "2"],
    ["play", "kingsbridge", "--script", "/nonexistent/partie.txt"],
    ["resume", "/nonexistent/save.jsonl"],
    ["frobnicate"],
    ["nfc", "write"],
    ["nfc", "write", "monopoly"],
    ["models"],
    ["models", "install"],
    ["bench", "asr", "--limit", "beaucoup"],
]


@pytest.mark.parametrize("argv", BAD_COMMAND_LINES, ids=" ".join)
def test_every_command_line_mistake_is_answered_in_french(
        argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path))
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code
    out = capsys.readouterr()
    assert code not in (0, None)
    text = out.out + out.err
    assert text.strip(), "a refused command line says why"
    assert "Traceback" not in text
    prose = OPTION_NAMES.sub(" ", text)  # option names and choice lists are commands, not prose
    assert not ENGLISH.search(prose), text
    assert "Bienvenue" not in text, "nothing is said before the command line is checked"


def test_play_help_lists_every_game_of_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    help_text = capsys.readouterr().out
    for game in GAMES:
        assert game in help_text
    assert "utilisation" in help_text and "usage" not in help_text


def test_player_counts_come_from_the_engines() -> None:
    for entry in REGISTRY:
        fewest, most = entry.players
        assert 1 <= fewest <= most <= 6, entry.name


# --- script files (item 8) -----------------------------------------------------------------


def test_a_utf8_bom_is_not_part_of_the_first_line(tmp_path: Path) -> None:
    script = tmp_path / "bom.txt"
    script.write_bytes(codecs.BOM_UTF8 + b"je pose le neuf\n@state\n")
    assert read_script(script) == ["je pose le neuf", "@state"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_its_bom_is_read(tmp_path: Path, encoding: str) -> None:
    script = tmp_path / "u16.txt"
    text = "je pose le dix-sept, Hélène\nqu'y a-t-il à côté ?\n"
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(encoding, b"")
    script.write_bytes(bom + text.encode(encoding))
    assert read_script(script) == text.splitlines()


def test_latin1_is_refused_in_french_with_the_line(tmp_path: Path) -> None:
    script = tmp_path / "latin.txt"
    script.write_bytes("bonjour\nje pose le neuf, Hélène\n".encode("latin-1"))
    with pytest.raises(ScriptFileError, match=r"n'est pas en UTF-8.*ligne 2"):
        read_script(script)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_are_read_or_refused_in_french(tmp_path_factory: pytest.TempPathFactory,
                                                  data: bytes) -> None:
    script = tmp_path_factory.mktemp("fuzz") / "script.txt"
    script.write_bytes(data)
    try:
        lines = read_script(script)
    except ScriptFileError as exc:
        assert not ENGLISH.search(str(exc)), str(exc)
    else:
        assert all("\n" not in line and "\ufeff" not in line[:1] for line in lines)


def test_a_badly_encoded_script_stops_before_the_welcome(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path))
    script = tmp_path / "latin.txt"
    script.write_bytes("je pose le neuf, été\n".encode("latin-1"))
    journal = tmp_path / "partie.jsonl"
    code = main(["play", "kingsbridge", "--players", "2", "--script", str(script),
                 "--journal", str(journal)])
    out = capsys.readouterr()
    assert code == 2
    assert "UTF-8" in out.err and "Bienvenue" not in out.out
    assert not journal.exists(), "nothing is created for a script that cannot be read"


# --- numbers of any length (item 9) --------------------------------------------------------


@given(st.text(alphabet="0123456789٠١٢٣٤٥٦٧٨٩", min_size=1, max_size=6000))
@settings(max_examples=200, deadline=None)
def test_small_int_bounds_every_digit_run(digits: str) -> None:
    value = small_int(digits)
    if len(digits) > MAX_DIGITS:
        assert value is None
    else:
        assert value == int(digits)


@pytest.mark.parametrize("length", [10, 4301, 5000, 20000])
def test_a_huge_number_in_a_payload_is_a_malformed_tag(length: int) -> None:
    digits = "7" * length
    for payload in (f"ludivox:kingsbridge/event/{digits}", f"kingsbridge:{digits}",
                    f"ludivox:seven-kingdoms/card/{digits}"):
        assert isinstance(parse_payload(payload), BadPayload)


@pytest.mark.parametrize("game", ["common", "kingsbridge", "seven_kingdoms", "kingdom_builder"])
@given(st.integers(min_value=MAX_DIGITS + 1, max_value=6000),
       st.sampled_from(["je pose le {n}", "je joue le {n}", "je construis en {n} {n}",
                        "{n}", "la colonne {n}", "les places {n} et {n}"]))
@settings(max_examples=25, deadline=None)
def test_a_huge_spoken_number_is_never_a_crash(game: str, length: int, template: str) -> None:
    grammar = Grammar.load(game)
    results = grammar.understand(template.format(n="7" * length))
    for result in results:  # whatever is read, no slot carries the huge number
        assert all("7" * (MAX_DIGITS + 1) not in str(v) for v in result.slots.values())


def test_output_read_by_head_ends_quietly(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = dict(os.environ, LUDIVOX_DATA_DIR=str(tmp_path))
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludivox.cli", "play", "kingsbridge", "--players", "2",
         "--script", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None and proc.stdin is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    proc.stdin.write(b"lis les colonnes\n" * 200)
    proc.stdin.close()
    err = proc.stderr.read().decode()
    proc.wait(60)
    assert "Traceback" not in err and "BrokenPipe" not in err, err
