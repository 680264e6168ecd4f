"""Where the players' settings live: the data folder for interactive games, memory for
scripts (changed there with ``@set``), and a damaged file said once."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ludivox.shell.launch import new_session, player_settings
from ludivox.shell.script import run_script
from ludivox.table.io import Heard
from ludivox.table.settings import SettingsStore


def test_an_interactive_game_keeps_settings_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path))
    first = new_session("kingsbridge", players=2, names="Anne,Paul", mode="virtual", seed=3,
                        state_file=None, journal_path=None, settings=player_settings())
    first.handle(Heard("mode expert"))
    first.handle(Heard("moins vite"))
    assert (tmp_path / "settings.json").exists()
    again = new_session("kingsbridge", players=2, names="anne,Paul", mode="virtual", seed=4,
                        state_file=None, journal_path=None, settings=player_settings())
    assert again.prefs(0).verbosity == "short" and again.prefs(0).rate_wpm == 125
    assert again.prefs(1).verbosity == "full"


def test_a_damaged_settings_file_is_said_once_at_the_start(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{ pas du json", "utf-8")
    session = new_session("kingsbridge", players=2, names="Anne,Paul", mode="virtual", seed=3,
                          state_file=None, journal_path=None, settings=SettingsStore(path))
    said = [getattr(o, "key", "") for o in session.start()]
    assert said.count("settings.store_damaged") == 1


def test_script_mode_sets_settings_with_at_set() -> None:
    session = new_session("kingsbridge", players=2, names="Anne,Paul", mode="virtual", seed=3,
                          state_file=None, journal_path=None)
    out = io.StringIO()
    result = run_script(session, [
        "@set confirm=never scan_check=always",
        "@as Paul",
        "@set verbosity=short rate_wpm=300 headphones=true",
        "@set rate_wpm=9000",        # out of range: an error, nothing changed
        "@set couleur=bleu",         # not a setting
        "@set headphones=peut-être",
    ], out)
    assert result.errors == 3
    anne, paul = session.prefs(0), session.prefs(1)
    assert (anne.confirm, anne.scan_check, anne.verbosity) == ("never", "always", "full")
    assert (paul.confirm, paul.verbosity, paul.rate_wpm, paul.headphones) == (
        "never", "short", 300, True)
    errors = [line for line in out.getvalue().splitlines() if line.startswith("ERROR")]
    assert errors[0].startswith("ERROR line 4: ") and "rate_wpm" in errors[0]
    assert "couleur" in errors[1] and "peut-être" in errors[2]
