"""``ludivox play kingdom-builder --script``: a real process, two players, a few turns."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ludivox.engines.kingdom_builder.reasons import SETUP_REASON_CODES

SCRIPT = """\
# Anne (seat 1) plays first with the desert card (seed 7, suggested layout)
où dois-je construire ?
je construis en onze douze
à l'ouest de ma cité en onze douze
@as 2
je construis en onze treize
@as 2
quelle est ma carte ?
@as 1
je construis en vingt vingt
je construis en douze onze
j'ai fini
# ending a turn draws a card: it cannot be taken back, so it is confirmed first
oui
@state
@as Paul
qu'y a-t-il autour de mes cités ?
les scores
"""


def run(tmp_path: Path, *args: str, script: str = SCRIPT) -> list[str]:
    path = tmp_path / "script.txt"
    path.write_text(script, encoding="utf-8")
    env = dict(os.environ, LUDIVOX_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.cli", "play", "kingdom-builder", "--players", "2",
         "--names", "Anne,Paul", "--seed", "7", "--layout", "suggested", *args,
         "--script", str(path)],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_a_scripted_turn_with_refusals_privacy_and_the_state(tmp_path: Path) -> None:
    lines = run(tmp_path)
    assert "SAY seat:1 Finir ton tour, c'est bien ça ?" in lines
    assert "SAY table Anne joue désert." in lines
    assert "SAY table Anne construit en onze douze, désert." in lines
    assert "SAY table Anne construit en onze onze, désert." in lines
    assert "SAY seat:2 Ce n'est pas ton tour, Paul : c'est à Anne de jouer." in lines
    assert lines.count("SAY seat:2 Ta carte : fleurs.") == 2  # at the start, then asked
    assert not any(x.startswith("SAY table") and "fleurs" in x
                   for x in lines[: lines.index("SAY table Anne a fini son tour.")])
    assert any(x.startswith("SAY seat:1 La case vingt vingt est eau") for x in lines)
    # Anne's next card is hers only; Paul's card is played face up on the table
    drawn = [x for x in lines if "Ta nouvelle carte" in x]
    assert drawn and all(x.startswith("SAY seat:1 ") for x in drawn)
    assert lines.count("SAY table Paul joue fleurs.") == 1
    state = json.loads(next(x for x in lines if x.startswith("STATE "))[6:])
    assert state["settlements"][0] == ["11-11", "11-12", "12-11"]
    assert state["current"] == 1 and state["names"] == ["Anne", "Paul"]
    assert state["layout"]["sections"] == ["tavern", "paddock", "oasis", "farm"]
    assert {"hands", "supply", "tiles", "tiles_left", "built", "notation"} <= set(state)
    assert any(x.startswith("SAY seat:2 Anne : trente-sept cités en réserve") for x in lines)


def test_a_bad_layout_is_a_clear_error(tmp_path: Path) -> None:
    env = dict(os.environ, LUDIVOX_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.cli", "play", "kingdom-builder", "--layout",
         "tavern,tavern", "--script", "-"], input="", capture_output=True, text=True,
        env=env, timeout=60)
    assert done.returncode == 2 and "--layout" in done.stderr


# One bad choice per set-up reason code: the option, what is typed, what the answer must say.
BAD_SETUPS = {
    "layout_not_four": ("--layout", "tavern,paddock", ["quatre sections", "deux"]),
    "layout_section_twice": ("--layout", "tavern,tavern,oasis,farm", ["« tavern »", "deux fois"]),
    "layout_unknown_section": ("--layout", "tavern,paddock,oasis,castle",
                               ["« castle »", "« harbor »"]),
    "cards_count": ("--cards", "lords", ["trois cartes objectif", "une"]),
    "cards_unknown": ("--cards", "lords,pirates,farmers", ["« pirates »", "« knights »"]),
    "cards_twice": ("--cards", "lords,lords,farmers", ["« lords »", "deux fois"]),
}
# The words of the engine's own (developer's) set-up messages: never on a player's screen.
ENGINE_ENGLISH = re.compile(r"\b(needs?|must|unknown|known|different|named|comma|game uses)\b")


def test_every_set_up_choice_code_is_exercised() -> None:
    assert set(BAD_SETUPS) == set(SETUP_REASON_CODES)


@pytest.mark.parametrize("code", sorted(BAD_SETUPS))
def test_a_bad_set_up_option_is_told_in_french_before_anything_is_said(
        tmp_path: Path, code: str) -> None:
    option, value, said = BAD_SETUPS[code]
    env = dict(os.environ, LUDIVOX_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.cli", "play", "kingdom-builder", "--players", "2",
         option, value, "--script", "-"], input="@state\n", capture_output=True, text=True,
        env=env, timeout=60)
    assert done.returncode == 2 and done.stdout == "", "nothing is said before the set-up"
    assert done.stderr.startswith(f"ludivox : {option} : "), done.stderr
    sentence = done.stderr.removeprefix(f"ludivox : {option} : ")
    assert sentence[0].isupper() and sentence.endswith(".\n") and sentence.count("\n") == 1
    for words in said:
        assert words in sentence, (words, sentence)
    assert not ENGINE_ENGLISH.search(re.sub(r"«[^»]*»", "", sentence)), sentence


def test_a_computer_player_takes_its_turn_and_keeps_its_card_hidden(tmp_path: Path) -> None:
    script = ("je construis en onze douze\nje construis en onze onze\n"
              "je construis en douze onze\nj'ai fini\noui\n@state\n")
    lines = run(tmp_path, "--computer", "2", "--strength", "expert", script=script)
    robot = [x for x in lines if x.startswith("SAY table Paul construit en")]
    assert len(robot) == 3
    assert not any(x.startswith("SAY seat:2") for x in lines)  # nobody hears its card
    state = json.loads(next(x for x in lines if x.startswith("STATE "))[6:])
    assert len(state["settlements"][1]) == 3 and state["current"] == 0
