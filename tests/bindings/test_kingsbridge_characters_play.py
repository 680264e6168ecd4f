"""Kingsbridge full game by voice, whole games: co-op privacy, the coach, computer players
(in a session and through ``ludivox play kingsbridge --computer``)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from table_helpers import ENGINE, Table, keys, make_table, on, position, settings_for, word
from table_helpers import sentence as plain_sentence

from ludivox import cli
from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.bindings.registry import computer_for
from ludivox.engines.kingsbridge import best_plan, can_finish_column, choose_turn
from ludivox.engines.kingsbridge.charactions import Malus
from ludivox.engines.kingsbridge.setup import new_virtual_game
from ludivox.grammars.grammar import Grammar
from ludivox.table.match import Match
from ludivox.table.session import Session

PRIVATE = ("answer.hand", "event.hand_cards_drawn", "event.malus_card", "refusal.",
           "answer.playable", "answer.best", "answer.finish", "suggestion", "coach.")


def sentence(action: Any, state: Any) -> str:
    """A simple action as a player says it on ``state`` (a malus card too)."""
    if isinstance(action, Malus):
        return f"je mets le {word(action.card)} sur la pile de malus"
    return plain_sentence(action, state)


def said(state: Any, actions: list[Any]) -> list[str]:
    """A turn's actions as a player says them, one after the other from ``state``."""
    out: list[str] = []
    for action in actions:
        out.append(sentence(action, state))
        state, _ = ENGINE.apply(state, action)
    return out


def play_turn(table: Table, seat: int, seed: int, computers: bool = False) -> list[Any]:
    """The acting seat plays a beginner's turn by voice; every utterance does what it says
    (with ``computers``, the turn's end lets them play: only the turn's start is checked)."""
    says: list[Any] = []
    turn = choose_turn(table.state, seat, "debutant", seed)
    for i, action in enumerate(turn):
        expected, _ = ENGINE.apply(table.state, action)
        spoken = sentence(action, table.state)
        heard = table.hear(spoken, seat=seat)
        if not (computers and i == len(turn) - 1):
            assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (spoken, heard)
        says.extend(heard)
        if isinstance(action, Malus):
            table_text = " ".join(s.text for s in on(heard, "table"))
            assert f"le {word(action.card)}" not in table_text, table_text
    return says


def test_a_coop_game_by_voice_never_tells_a_hand_on_the_table(grammar: Grammar) -> None:
    state = new_virtual_game(2, 11, mode="coop")
    table = make_table(grammar, state, names=["Anne", "Paul"])
    maluses = 0
    for turn in range(40):
        if table.state.game_over:
            break
        seat = ENGINE.awaiting(table.state).seat
        assert seat is not None
        before_malus = len(table.state.malus)
        says = play_turn(table, seat, turn)
        maluses += len(table.state.malus) - before_malus
        hands = [grammar.say("answer.hand", cards=p.hand) for p in table.state.players]
        for say in on(says, "table"):
            assert not say.key.startswith(PRIVATE), say
            assert all(h not in say.text for h in hands), say
        if turn in (3, 10):  # questions of the co-op game, answered privately
            asked = table.hear("quel est le score ?", seat=seat)
            assert keys(asked) and all(s.channel == f"seat:{seat + 1}" for s in asked)
    for say in table.said:
        if say.channel == "table":
            assert not say.key.startswith(PRIVATE), say
    assert any(s.key == "event.cards_placed" for s in table.said)


def rulebook_finish() -> Any:
    """The rulebook's second example: moving 9-13 after the 8 finishes a column."""
    return position(columns=[list(range(1, 9)), [9, 10, 11, 12, 13], [4], [6], [10], [2]],
                    discard=[], players=[{"hand": [1, 3, 5, 7, 11, 12], "pile": [2, 2]},
                                         {"hand": [3, 3, 3, 3, 3, 3], "pile": [4, 4]}])


def test_the_coach_finds_the_column_to_finish_and_says_how(grammar: Grammar) -> None:
    table = make_table(grammar, rulebook_finish())
    says = table.hear("puis-je finir une colonne ?", seat=0)
    plan = can_finish_column(table.state, 0)
    assert plan is not None
    assert [s.key for s in says] == ["answer.finish"] and says[0].channel == "seat:1"
    assert "déplacer toute la colonne deux sur la colonne un" in says[0].text
    assert ("calcul exact" if plan.exact else "recherche limitée") in says[0].text.lower()


def test_the_best_play_is_said_as_numbered_steps_privately(grammar: Grammar) -> None:
    table = make_table(grammar, rulebook_finish())
    before = ENGINE.dumps(table.state)
    says = table.hear("quel est le meilleur coup ?", seat=0)
    plan = best_plan(table.state, 0)
    assert says and all(s.channel == "seat:1" for s in says)
    text = says[0].text
    assert text.count("Étape") == len(plan.actions) > 0
    assert text.startswith("Calcul exact" if plan.exact else "Recherche limitée")
    assert ENGINE.dumps(table.state) == before
    says = table.hear("qu'est-ce que je peux poser ?", seat=0)
    assert keys(says) == ["answer.playable"] and says[0].channel == "seat:1"
    says = table.hear("quel est le meilleur coup ?", seat=1)
    assert keys(says) == ["answer.coach_not_your_turn"] and says[0].channel == "seat:2"


def test_a_game_against_a_computer_player_is_narrated(grammar: Grammar) -> None:
    state = new_virtual_game(2, 5, characters=True)
    binding = KingsbridgeBinding(["Anne", "Robot"])
    robot = computer_for("kingsbridge", binding.engine, "expert", 5)
    session = Session(binding, grammar, Match(binding.engine, state), ["Anne", "Robot"],
                      computers={1: robot}, settings=settings_for(["Anne"], confirm="never"))
    table = Table(session)
    table._run(session.start())
    for turn in range(3):
        assert ENGINE.awaiting(table.state).seat == 0
        says = play_turn(table, 0, turn, computers=True)
        robot_lines = [s for s in says if "Robot" in s.text and s.channel == "table"]
        assert robot_lines, [s.text for s in says]
        assert not [s for s in says if s.channel == "seat:2"]
    assert table.state.players[1].cards_left < 52


@pytest.mark.parametrize("strength", ["debutant", "moyen", "expert"])
def test_every_strength_plays_legal_whole_turns(strength: str) -> None:
    state = new_virtual_game(3, 2, characters=True)
    player = computer_for("kingsbridge", ENGINE, strength, 2)
    for _ in range(60):
        if ENGINE.awaiting(state).seat == 0 and state.placed == 0 and not state.power:
            break
        action = player(state)
        assert ENGINE.refusal(state, action) is None, action
        state, _ = ENGINE.apply(state, action)
    with pytest.raises(ValueError):
        computer_for("kingsbridge", ENGINE, "fort", 0)


def test_cli_plays_with_computer_players_and_characters(tmp_path: Path,
                                                        monkeypatch: Any) -> None:
    start = new_virtual_game(3, 7, characters=True)
    first = choose_turn(start, 0, "debutant", 0)
    script = tmp_path / "turn.txt"
    # the player chose not to confirm moves (confirmations: test_dialogue*.py)
    script.write_text("@set confirm=never\n" + "\n".join(said(start, first)) + "\n",
                      encoding="utf-8")
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    code = cli.main(["play", "kingsbridge", "--players", "3", "--computer", "2,3",
                     "--strength", "expert", "--characters", "--seed", "7",
                     "--script", str(script)])
    assert code == 0
    lines = out.getvalue().splitlines()
    assert any(line.startswith("SAY table Joueur 2") for line in lines), lines
    assert any(line.startswith("SAY table Joueur 3") for line in lines), lines
    assert not any(line.startswith(("SAY seat:2", "SAY seat:3")) for line in lines)


def test_cli_solo_variant_and_bad_variant_options(tmp_path: Path, monkeypatch: Any) -> None:
    script = tmp_path / "q.txt"
    script.write_text("quel est le score ?\nquels personnages sont révélés ?\n",
                      encoding="utf-8")
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    code = cli.main(["play", "kingsbridge", "--players", "1", "--variant", "solo",
                     "--seed", "3", "--script", str(script)])
    assert code == 0
    text = out.getvalue()
    assert "dix points" in text and "personnages révélés" in text
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    assert cli.main(["play", "seven-kingdoms", "--characters", "--script", str(script)]) != 0
    assert "--characters" in err.getvalue()


def test_a_solo_game_with_characters_is_saved_and_resumed(tmp_path: Path,
                                                          monkeypatch: Any) -> None:
    state = new_virtual_game(1, 3, mode="solo")
    assert "ethelred" in state.revealed and {1, 2} <= set(state.players[0].hand)
    first = tmp_path / "a.txt"
    # a character's use cannot be taken back: "oui" confirms it
    first.write_text("le roi : je pose le un et le deux sur une nouvelle colonne\noui\n",
                     encoding="utf-8")
    journal = tmp_path / "game.jsonl"
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert cli.main(["play", "kingsbridge", "--players", "1", "--variant", "solo", "--seed",
                     "3", "--journal", str(journal), "--script", str(first)]) == 0
    second = tmp_path / "b.txt"
    second.write_text("qu'y a-t-il sur la colonne sept ?\n", encoding="utf-8")
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert cli.main(["resume", str(journal), "--script", str(second)]) == 0
    assert "La colonne sept va du un au deux" in out.getvalue()


def test_the_solo_coach_says_its_plan_as_steps(grammar: Grammar) -> None:
    state = new_virtual_game(1, 3, mode="solo")
    table = make_table(grammar, state, names=["Anne"])
    says = table.hear("quel est le meilleur coup ?")
    plan = best_plan(state, 0, goal="plan")
    assert says and all(s.channel == "seat:1" for s in says)
    assert says[0].text.count("Étape") == len(plan.actions) > 0
