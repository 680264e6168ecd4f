"""Kingsbridge through the session's gates: a spoken move checked by scanning its cards (the
right card makes it, another one is refused with the explanation, nothing changes), the
setting deciding when to ask, and moves that cannot be taken back confirmed first."""

from __future__ import annotations

from typing import Any

from table_helpers import Table, card, keys, make_table, on, position, settings_for

from ludivox.engines.kingsbridge import new_table_game
from ludivox.grammars.grammar import Grammar

NAMES = ("Anne", "Paul")
SEAT1 = "seat:1"


def table_game(grammar: Grammar, **settings: Any) -> Table:
    """A table-mode game (real cards) after its set-up; Anne told her six, nine and thirteen."""
    store = settings_for(NAMES, **({"confirm": "never"} | settings))
    table = make_table(grammar, new_table_game(2), NAMES, settings=store)
    table.hear("les colonnes sont cinq, huit, douze, un, trois et sept")
    table.hear("j'ai pioché le six, le neuf et le treize")
    assert table.state.players[0].hand == (6, 9, 13)
    return table


def private_only(table: Table) -> None:
    """Scan questions and refusals are said to the player, never on the table."""
    assert not [s for s in on(table.said, "table")
                if s.key.startswith(("scan.", "confirm_move"))]


def test_a_spoken_move_then_the_matching_scan_makes_it(grammar: Grammar) -> None:
    table = table_game(grammar)  # default scan setting: only with real cards, as here
    before = table.state
    says = table.hear("je pose le six sur la colonne un")
    assert keys(says) == ["scan.please"] and says[0].channel == SEAT1
    assert "scanne le six" in says[0].text
    assert table.state == before
    says = table.scan(card(6))
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[0] == (5, 6)
    private_only(table)


def test_je_pose_le_six_then_a_scanned_nine_is_refused_and_nothing_changes(
    grammar: Grammar,
) -> None:
    table = table_game(grammar)
    table.hear("je pose le six sur la colonne un")
    before = table.state
    says = table.scan(card(9))
    assert keys(says) == ["scan.mismatch"] and says[0].channel == SEAT1
    assert "le six" in says[0].text and "le neuf" in says[0].text
    assert "je ne fais rien" in says[0].text
    assert table.state == before
    says = table.scan(card(6))  # the right card after all: the move is made
    assert keys(on(says, "table")) == ["event.cards_placed"]
    private_only(table)


def test_a_scanned_start_card_or_character_is_not_the_card_announced(grammar: Grammar) -> None:
    table = table_game(grammar)
    table.hear("je pose le six sur la colonne un")
    before = table.state
    says = table.scan("ludivox:kingsbridge/character/aldred")
    assert keys(says) == ["scan.mismatch"] and "Aldred" in says[0].text
    says = table.scan("ludivox:kingsbridge/start/1")
    assert keys(says) == ["scan.mismatch_unnamed"]
    assert table.state == before


def test_two_cards_spoken_are_scanned_one_by_one(grammar: Grammar) -> None:
    table = table_game(grammar)
    table.hear("j'ai pioché le dix")
    says = table.hear("je pose le neuf et le dix sur la colonne deux")
    assert keys(says) == ["scan.please"]
    says = table.scan(card(10))
    assert keys(says) == ["scan.next"] and "le neuf" in says[0].text
    says = table.scan(card(9))
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (8, 9, 10)


def test_scan_first_then_speak_asks_no_second_scan(grammar: Grammar) -> None:
    table = table_game(grammar)
    says = table.scan(card(6))
    assert keys(says) == ["scan.hand_card_one_column"]
    says = table.hear("sur la colonne un")
    assert keys(on(says, "table")) == ["event.cards_placed"]


def test_the_setting_decides_when_to_ask(grammar: Grammar) -> None:
    table = table_game(grammar, scan_check="never")
    says = table.hear("je pose le six sur la colonne un")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    # a virtual game: the cards are not on the table, nothing to scan even with "always"
    state = position(columns=[[3], [5, 6], [9], [10, 11], [12], [13]],
                     players=[{"hand": [7, 8], "pile": [5]}, {"hand": [2, 4], "pile": [9]}])
    for check in ("table", "always"):
        virtual = make_table(grammar, state, NAMES,
                             settings=settings_for(NAMES, scan_check=check, confirm="never"))
        says = virtual.hear("je pose le sept sur la colonne deux")
        assert keys(on(says, "table")) == ["event.cards_placed"], check
    # the player changes it by voice, for the rest of the game
    table = table_game(grammar, scan_check="never")
    table.hear("demande-moi de scanner les cartes")
    assert keys(table.hear("je pose le six sur la colonne un")) == ["scan.please"]


def test_ending_the_turn_is_confirmed_first_it_draws_cards(grammar: Grammar) -> None:
    table = table_game(grammar, confirm="irreversible", scan_check="never")
    table.hear("je pose le six sur la colonne un")
    placed = table.state
    says = table.hear("j'ai fini")
    assert keys(says) == ["confirm_move"] and says[0].channel == SEAT1
    assert table.state == placed
    assert keys(table.hear("non")) == ["cancelled"] and table.state == placed
    table.hear("j'ai fini")
    says = table.hear("oui")
    assert "event.turn_ended" in keys(on(says, "table"))
    assert table.state.turn == 1
    # placing can be taken back at a real table: it is not confirmed
    says = table.hear("je pose le deux sur la colonne quatre", seat=1)
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[3] == (1, 2)
    private_only(table)
