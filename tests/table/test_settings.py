"""Players' settings survive between games, and a damaged file loses nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludivox.table.settings import PlayerSettings, SettingsStore


def test_a_players_settings_come_back_in_the_next_game(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    SettingsStore(path).update("Anne", rate_wpm=450, verbosity="short", headphones=True)
    again = SettingsStore(path)
    assert again.get("anne ") == PlayerSettings(rate_wpm=450, verbosity="short",
                                                headphones=True)
    assert again.get("Bruno") == PlayerSettings()  # someone new: defaults
    assert again.problem is None


def test_out_of_range_values_are_refused_and_nothing_changes(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.update("Anne", rate_wpm=300)
    with pytest.raises(ValueError, match="rate_wpm"):
        store.update("Anne", rate_wpm=900)
    with pytest.raises(ValueError, match="confirm"):
        store.update("Anne", confirm="parfois")
    assert SettingsStore(tmp_path / "settings.json").get("Anne").rate_wpm == 300


def test_a_damaged_file_is_set_aside_and_defaults_are_used(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"anne": {"rate_wpm": 4', "utf-8")
    store = SettingsStore(path)
    assert store.problem == "damaged"
    assert store.get("Anne") == PlayerSettings()
    assert (tmp_path / "settings.json.damaged").read_text("utf-8") == '{"anne": {"rate_wpm": 4'
    store.update("Anne", volume=0.6)  # the game goes on and saves again
    assert json.loads(path.read_text("utf-8"))["anne"]["volume"] == 0.6


def test_a_bad_value_in_the_file_counts_as_damage(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"anne": {"rate_wpm": 5000}}), "utf-8")
    assert SettingsStore(path).problem == "damaged"


def test_unknown_keys_from_a_newer_version_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"anne": {"rate_wpm": 250, "future": 1}}), "utf-8")
    assert SettingsStore(path).get("Anne").rate_wpm == 250


def test_in_memory_store_writes_nothing(tmp_path: Path) -> None:
    store = SettingsStore(None)
    store.update("Anne", verbosity="short")
    assert store.get("Anne").verbosity == "short"
    assert list(tmp_path.iterdir()) == []
