"""7 Kingdoms by script through the real ``ludivox`` command (``play seven-kingdoms``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsTableEngine
from ludivox.grammars.grammar import Grammar

ENGINE = SevenKingdomsTableEngine()
GRAMMAR = Grammar.load("seven_kingdoms", "fr")
LINE = re.compile(r"^(SAY (table|seat:[1-4]) \S.*|STATE \{.*\}|ERROR line \d+: .+)$")
EXAMPLE = (
    "7k first=3 turn=3 row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
    "s0=hand:2,3,44 s1=hand:4,5,38 s2=hand:6,7,18 s3=hand:8,10,28"
)
ROUND = """\
# the rulebook's example: D (first player) 28, A 44, B 38, C 18
# (the players chose not to confirm their moves: validated cards are not asked about)
@set confirm=never
c'est à qui ?
je joue le vingt-huit
@as A
je joue le quarante-quatre
je joue le quarante-quatre
je joue mon marchand
je joue le dix-huit
qu'y a-t-il sous les blasons ?
je prends le un
dans mon royaume
je prends la place trois
en main
je prends le neuf et le vingt-cinq
je garde le neuf en main et je valide le vingt-cinq
@state
je prends le quarante-neuf
je prends le trente-trois
je valide tout
@as B
ma main
les royaumes
les majorités
quel est le score ?
@state
"""


def ludivox(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["LUDIVOX_DATA_DIR"] = str(tmp_path / "data")
    return subprocess.run([sys.executable, "-m", "ludivox.cli", *args], capture_output=True,
                          text=True, env=env, timeout=60)


def example_file(tmp_path: Path) -> Path:
    path = tmp_path / "example.json"
    path.write_text(json.dumps(ENGINE.to_json(ENGINE.loads(EXAMPLE))), encoding="utf-8")
    return path


def run(tmp_path: Path, script: str, *args: str) -> list[str]:
    path = tmp_path / "script.txt"
    path.write_text(script, encoding="utf-8")
    done = ludivox(tmp_path, "play", "seven-kingdoms", *args, "--script", str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert all(LINE.match(line) for line in lines), lines
    return lines


def states(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line[6:]) for line in lines if line.startswith("STATE ")]


def said_on(lines: list[str], channel: str) -> list[str]:
    prefix = f"SAY {channel} "
    return [line[len(prefix):] for line in lines if line.startswith(prefix)]


def card_words(card: int) -> str:
    return GRAMMAR.say("action.play", card=card).removeprefix("jouer ")


def test_the_rulebook_round_by_script(tmp_path: Path) -> None:
    lines = run(tmp_path, ROUND, "--names", "A,B,C,D", "--state", str(example_file(tmp_path)))
    table = said_on(lines, "table")
    expected = [
        "D joue le vingt-huit, la princesse.",
        "A joue le quarante-quatre, le paysan.",
        "B joue le trente-huit, le marchand.",
        "C joue le dix-huit, le général.",
        "A place le quarante-quatre au-dessus du blason un.",
        "A prend le un et le valide dans son royaume.",
        "B place le trente-huit au-dessus du blason deux.",
        "B prend le dix-sept et le garde en main.",
        "D prend le neuf et le vingt-cinq : le neuf en main, le vingt-cinq dans son royaume.",
        "C prend le trente-trois et le valide dans son royaume.",
        "Manche deux : A commence.",  # the pawn passed to A: said once, by this line
    ]
    positions = [table.index(line) for line in expected]
    assert positions == sorted(positions)
    assert ("Fin de manche : la nouvelle ligne sous les blasons commence par le quarante-quatre,"
            " le trente-huit, le vingt-huit, le dix-huit, le quarante-neuf et le "
            "quarante-et-un.") in table
    # B tried A's card: refused privately, saying where the card is
    assert ("SAY seat:2 Tu n'as pas le quarante-quatre en main : A l'a joué. Demande « qu'est-ce"
            " que j'ai en main ? » pour entendre tes cartes.") in lines
    # the Général must take the whole window: why, and what would work
    assert ("SAY seat:3 Par contre, tu peux prendre le trente-trois et le quarante-neuf et tout "
            "valider ou prendre le quarante-et-un et le quarante-neuf et tout valider.") in lines
    # questions are answered to whoever asked
    assert "SAY seat:4 C'est à D de jouer une carte ; D a commencé la manche." in lines
    assert any(line.startswith("SAY seat:1 Place un, blason un : le neuf. Place deux, blason "
                               "deux : le un.") for line in lines)
    middle, final = states(lines)
    assert middle["phase"] == "take" and middle["order"] == [2]
    assert [s["kingdom"] for s in final["seats"]] == [[1], [], [33], [25]]
    assert [s["name"] for s in final["seats"]] == ["A", "B", "C", "D"]
    assert final["row"][:6] == [44, 38, 28, 18, 49, 41] and final["round"] == 2
    assert final["scores"] == [2, 0, 1, 1]  # the Roi 1 is worth two points
    # the answers to B
    assert "Tu as en main le quatre, le cinq et le dix-sept." in said_on(lines, "seat:2")
    # nothing on the table names a card still secret in a hand
    secret = [c for s in final["seats"] for c in s["hand"] if c not in s["seen"]]
    for text in table:
        assert "en main le" not in text, text
        for card in secret:
            assert not re.search(rf"\ble {card_words(card)}(?![-\w])", text), (card, text)


def test_refusals_and_turns_by_script(tmp_path: Path) -> None:
    script = ("je joue le quarante-quatre\n@as A\nje joue le deux\nje joue le cinquante\n"
              "je joue le vingt-huit\nje prends le neuf\n@state\n")
    lines = run(tmp_path, script, "--names", "A,B,C,D", "--state", str(example_file(tmp_path)))
    assert ("SAY seat:4 Tu n'as pas le quarante-quatre en main : je ne le vois nulle part sur "
            "la table. Demande « qu'est-ce que j'ai en main ? » pour entendre tes cartes."
            ) in lines
    assert "SAY seat:1 Ce n'est pas ton tour, A : c'est à D de jouer." in lines
    assert any(line.startswith("SAY seat:4 Je n'ai pas compris.") for line in lines)
    assert any(line.startswith("SAY seat:1 Ce n'est pas le moment de prendre des cartes")
               for line in lines)
    (state,) = states(lines)
    assert state["seats"][3]["played"] == 28 and state["turn"] == 0


def test_practising_alone_against_computer_players(tmp_path: Path) -> None:
    seed = 12
    start = ENGINE.new_virtual_game(3, seed)
    first_human_turn = start.turn == 0
    script = "ma main\n@state\n"
    lines = run(tmp_path, script, "--players", "3", "--seed", str(seed), "--computer", "2,3",
                "--strength", "debutant", "--names", "Léa,Robot,Robotte")
    table = said_on(lines, "table")
    assert not said_on(lines, "seat:2") and not said_on(lines, "seat:3")
    assert not [text for text in table if text.startswith(("Robot, à toi", "Robotte, à toi"))]
    (state,) = states(lines)
    assert state["turn"] == 0 and state["phase"] == "play"
    played = [s["played"] for s in state["seats"]]
    if not first_human_turn:
        assert any(text.startswith(("Robot joue le", "Robotte joue le")) for text in table)
    assert played[0] is None
    assert said_on(lines, "seat:1")[-1].startswith("Tu as en main")


def test_a_bad_computer_option_is_explained(tmp_path: Path) -> None:
    for args, message in (
        (("--computer", "5"), "il n'y a pas de joueur 5"),
        (("--computer", "2", "--strength", "champion"), "niveau inconnu"),
        (("--computer", "2", "--mode", "table"), "partie virtuelle"),
    ):
        done = ludivox(tmp_path, "play", "seven-kingdoms", "--players", "2", *args,
                       "--script", "-")
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)


def test_a_game_with_computers_resumes_with_them(tmp_path: Path) -> None:
    journal = tmp_path / "partie.jsonl"
    seed = 3
    hand = ENGINE.new_virtual_game(2, seed).seats[0].hand
    script = tmp_path / "one.txt"
    script.write_text(f"je joue le {hand[0]}\n@state\n", encoding="utf-8")
    done = ludivox(tmp_path, "play", "seven-kingdoms", "--players", "2", "--seed", str(seed),
                   "--computer", "2", "--journal", str(journal), "--script", str(script))
    assert done.returncode == 0, done.stderr
    (before,) = states(done.stdout.splitlines())
    script.write_text("@state\n", encoding="utf-8")
    again = ludivox(tmp_path, "resume", str(journal), "--script", str(script))
    assert again.returncode == 0, again.stderr
    (after,) = states(again.stdout.splitlines())
    assert after == before
    assert not said_on(again.stdout.splitlines(), "seat:2")
