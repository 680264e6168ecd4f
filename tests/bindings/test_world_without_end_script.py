"""Un monde sans fin through the command line in a real process (`ludivox play monde-sans-fin
... --script -`): a virtual round, a table-mode round, practising against the computer, a
journaled game resumed, and bad options explained in French."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

LINE = re.compile(r"^(SAY (table|seat:\d) \S.*|STATE \{.*\}|ERROR line \d+: .+)$")


def ludivox(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["LUDIVOX_DATA_DIR"] = str(tmp_path / "data")
    return subprocess.run([sys.executable, "-m", "ludivox.cli", *args], capture_output=True,
                          text=True, env=env, timeout=120, input=stdin)


def run(tmp_path: Path, script: str, *args: str) -> list[str]:
    done = ludivox(tmp_path, "play", "monde-sans-fin", *args, "--script", "-", stdin=script)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert all(LINE.match(line) for line in lines), lines
    return lines


def states(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line[6:]) for line in lines if line.startswith("STATE ")]


def said_on(lines: list[str], channel: str) -> list[str]:
    prefix = f"SAY {channel} "
    return [line[len(prefix):] for line in lines if line.startswith(prefix)]


# Seed 3, two players: the first card is the wool-for-gold exchange (provisional data).
VIRTUAL_ROUND = """\
@as Anne
j'échange
@as Paul
je n'échange pas
@as Anne
tourne pour que j'aie la pierre
mon stock
je joue le blé
je défausse le don
@as Paul
je prends une pierre
je défausse la faveur
@state
"""


def test_a_virtual_round_by_script(tmp_path: Path) -> None:
    lines = run(tmp_path, VIRTUAL_ROUND, "--players", "2", "--names", "Anne,Paul",
                "--seed", "3")
    table = said_on(lines, "table")
    assert table[0].startswith("Bienvenue ! On joue à Un monde sans fin")
    assert "Anne tourne la flèche vers sa place." in table
    assert any(t.startswith("Revenus : Anne une pierre") for t in table)
    assert "Anne joue le blé." in table
    assert "Anne défausse face cachée." in table
    assert "Paul joue le matériau de construction : une pierre." in table
    assert not [t for t in table if "le don" in t or "Derrière ton écran" in t]
    private = said_on(lines, "seat:1")
    assert "Derrière ton écran, Anne : moins une laine et plus trois or." in private
    assert "Derrière ton écran : une pierre et cinq or." in private
    (state,) = states(lines)
    assert state["round"] == 2 and state["names"] == ["Anne", "Paul"]
    assert state["seats"][0]["discards"] == ["don"] and state["seats"][1]["played"] == [
        "materiau"]


def test_a_table_round_said_by_the_players(tmp_path: Path) -> None:
    script = """\
j'ai tiré la carte événement trois
lis la carte
la flèche vers moi
@state
"""
    lines = run(tmp_path, script, "--players", "2", "--mode", "table")
    table = said_on(lines, "table")
    assert any(t.startswith("Joueur 1, tire la carte événement") for t in table)
    assert any(t.startswith("Carte événement trois") for t in table)
    assert any("tourne la carte pour que sa flèche rouge pointe vers toi" in t
               for t in said_on(lines, "seat:1"))
    (state,) = states(lines)
    assert state["mode"] == "table" and state["drawn"] == [3] and state["phase"] == "action"


def test_refusals_are_said_with_their_reason(tmp_path: Path) -> None:
    lines = run(tmp_path, "@as 2\nje joue le blé\n@as 1\nje fais un don pour le palais\n",
                "--players", "2", "--seed", "3")
    assert said_on(lines, "seat:2") == ["Ce n'est pas ton tour, Joueur 2 : c'est à Joueur 1 "
                                        "de jouer."]
    refused = said_on(lines, "seat:1")
    assert refused and refused[0].startswith("Ce n'est pas le moment de jouer une carte action")


def test_practising_alone_against_the_computer(tmp_path: Path) -> None:
    lines = run(tmp_path, "@state\n", "--players", "3", "--seed", "5", "--computer", "2,3",
                "--strength", "expert", "--names", "Léa,Robot,Robotte")
    assert not said_on(lines, "seat:2") and not said_on(lines, "seat:3")
    (state,) = states(lines)
    now = state["pending"][0] if state["pending"] else state["active"]
    assert state["queue"] or now == 0


def test_a_journaled_game_resumes_where_it_was(tmp_path: Path) -> None:
    journal = tmp_path / "partie.jsonl"
    done = ludivox(tmp_path, "play", "monde-sans-fin", "--players", "2", "--seed", "3",
                   "--journal", str(journal), "--script", "-",
                   stdin="j'échange\n@as 2\nje n'échange pas\n@state\n")
    assert done.returncode == 0, done.stderr
    (before,) = states(done.stdout.splitlines())
    again = ludivox(tmp_path, "resume", str(journal), "--script", "-", stdin="@state\n")
    assert again.returncode == 0, again.stderr
    (after,) = states(again.stdout.splitlines())
    assert after == before and after["phase"] == "orient"


def test_the_first_game_rule_plays_the_six_starred_cards_without_discards(
        tmp_path: Path) -> None:
    lines = run(tmp_path, "@state\n", "--players", "2", "--seed", "3", "--rules", "premiere")
    (state,) = states(lines)
    assert state["rules"] == "first"
    assert sorted(state["seats"][0]["hand"]) == sorted(
        ["ble", "piete", "materiau", "projet", "vente", "privilege"])


@pytest.mark.slow  # three processes, each reading the grammar (~20 s); run by `make test`
def test_bad_options_are_explained_in_french(tmp_path: Path) -> None:
    for game, args, message in (
        ("monde-sans-fin", ("--players", "5"), "se joue de 2 à 4 joueurs"),
        ("monde-sans-fin", ("--players", "2", "--computer", "2", "--strength", "champion"),
         "niveau inconnu"),
        ("kingsbridge", ("--rules", "premiere"), "seulement pour monde-sans-fin"),
    ):
        done = ludivox(tmp_path, "play", game, *args, "--script", "-")
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)
