"""Characters that look like digits but are no number ("²", "⁵") never crash the table: a
typed answer, a script line or a saved position holding one is simply not a number."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ludivox.engines.base import InvalidAction
from ludivox.engines.kingsbridge import KingsbridgeEngine
from ludivox.grammars import Grammar
from ludivox.table.new_game import Again, read_count


def test_a_superscript_is_no_player_count() -> None:
    grammar = Grammar.load("kingsbridge")
    assert isinstance(read_count(grammar, "²"), Again)  # asked again, not a crash
    assert read_count(grammar, "3") == 3


def test_a_superscript_in_a_notation_is_an_invalid_action() -> None:
    engine = KingsbridgeEngine()
    with pytest.raises(InvalidAction):
        engine.parse_action("place ² 3")
    with pytest.raises(InvalidAction):
        engine.parse_action("place 7 ³")


def test_script_lines_with_superscripts_are_errors_or_not_understood() -> None:
    script = "@as ²\nje pose le ² sur la colonne ³\n@state\n"
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.cli", "play", "kingsbridge", "--players", "2",
         "--seed", "1", "--script", "-"],
        input=script, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert any(line.startswith("STATE ") for line in done.stdout.splitlines())
