"""The rooms of the code: the conversation core (``table``) knows no device and no game, the
games' folders (``bindings``) know no device, and the shell holds no game rule."""

from __future__ import annotations

from pathlib import Path

import ludivox
from import_rules import forbidden_imports

SRC = Path(ludivox.__file__).parent
DEVICES = (
    "ludivox.shell", "ludivox.nfc.reader", "ludivox.nfc.writer", "ludivox.voice.microphone",
    "ludivox.voice.speaker", "ludivox.voice.recognizer", "ludivox.voice.listener",
    "sounddevice", "vosk", "nfc", "pyttsx3", "threading.Thread",
)
GAMES = (
    "ludivox.bindings", "ludivox.engines.kingsbridge", "ludivox.engines.seven_kingdoms",
    "ludivox.engines.kingdom_builder", "ludivox.engines.world_without_end",
)


def test_the_conversation_core_imports_no_device_and_no_game() -> None:
    assert forbidden_imports(SRC / "table", DEVICES + GAMES) == []


def test_the_games_folders_import_no_device() -> None:
    assert forbidden_imports(SRC / "bindings", DEVICES) == []


def test_the_shell_judges_no_move() -> None:
    rules = ("ludivox.engines.kingsbridge.refusals", "ludivox.engines.kingsbridge.legal",
             "ludivox.engines.seven_kingdoms.refusals", "ludivox.engines.kingdom_builder.rules",
             "ludivox.engines.world_without_end.legal")
    assert forbidden_imports(SRC / "shell", rules) == []


def test_every_game_has_its_folder_and_nothing_else_sits_in_the_core() -> None:
    core = sorted(p.stem for p in (SRC / "table").glob("*.py"))
    assert core == [
        "__init__", "afterthoughts", "announcer", "binding", "chain_reads", "compound",
        "counted", "cuts", "deliberation", "described", "history", "io", "journal",
        "judge",
        "match", "move_advice", "move_question", "moves", "new_game", "next_player",
        "only_these", "questions", "repeat_part", "scan_check", "session", "session_asides",
        "session_asked", "session_core", "session_pairs", "session_yes_no",
        "settings", "slots", "state_reasons", "topic_answer", "voice_settings", "yes_rest",
    ]
    folders = sorted(p.name for p in (SRC / "bindings").iterdir() if (p / "__init__.py").exists())
    assert folders == ["kingdom_builder", "kingsbridge", "seven_kingdoms", "world_without_end"]


def test_the_grammars_import_no_engine_no_table_and_no_device() -> None:
    assert forbidden_imports(
        SRC / "grammars", ("ludivox.engines", "ludivox.table", *DEVICES, *GAMES)
    ) == []
