"""Kingsbridge card scans in conversation: what a scanned card is (privately), scan first and
speak second, telling and reviewing a hand by scanning it, character cards, wrong kinds, and
the script mode's ``@scan``."""

from __future__ import annotations

import io
from typing import Any

from table_helpers import Table, card, keys, make_table, on, one_column_game, position

from ludivox.engines.kingsbridge import new_table_game
from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.grammars.grammar import Grammar
from ludivox.shell.script import run_script
from ludivox.table.io import Say

SEAT1, SEAT2 = "seat:1", "seat:2"


def character(name: str) -> str:
    return f"ludivox:kingsbridge/character/{name}"


def nothing_on_the_table_about_scans(table: Table) -> None:
    """No scan answer is ever said on the table channel."""
    assert not [s for s in on(table.said, "table") if s.key.startswith("scan.")]


def agreed(table: Table, says: list[Say]) -> list[Say]:
    """Answer "oui" when the move is one the session confirms first (it cannot be taken back
    at a real table: see test_scan_hooks.py), as the player would."""
    if keys(says)[-1:] == ["confirm_move"]:
        assert says[-1].channel.startswith("seat:")
        return table.hear("oui")
    return says


def test_a_scan_alone_never_moves_a_card_the_column_said_does(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    before = table.state
    says = table.scan(card(7))
    assert keys(says) == ["scan.hand_card_one_column"] and says[0].channel == SEAT1
    assert "sept" in says[0].text and "colonne deux" in says[0].text
    assert table.state == before  # even with a single column, nothing moved
    says = table.hear("sur la deux")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (5, 6, 7)
    nothing_on_the_table_about_scans(table)


def test_je_le_pose_places_the_scanned_card_when_one_column_fits(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    table.scan(card(7))
    says = table.hear("je le pose")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (5, 6, 7)


def test_two_scanned_cards_in_a_row_go_together(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    table.scan(card(7))
    says = table.scan(card(8))
    assert keys(says) == ["scan.hand_card_one_column"]
    assert "sept" in says[0].text and "huit" in says[0].text
    says = table.hear("deux")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (5, 6, 7, 8)


def test_several_columns_are_offered_and_answered(grammar: Grammar) -> None:
    state = position(
        columns=[[3], [5, 6], [], [10], [12], [13]],
        players=[{"hand": [7, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    )
    table = make_table(grammar, state)
    says = table.scan(card(7))
    assert keys(says) == ["scan.hand_card_columns"]
    assert "deux ou trois" in says[0].text
    says = table.hear("je le pose")  # two columns fit: which one is asked again
    assert keys(says) == ["scan.which_column"] and table.state == state
    says = table.hear("la trois")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[2] == (7,)


def test_a_scanned_card_that_fits_nowhere_or_is_not_in_hand(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    says = table.scan(card(11))
    assert keys(says) == ["scan.hand_card_stuck"] and says[0].channel == SEAT1
    says = table.scan(card(4))  # not Anne's: what it is and where such a card goes
    assert keys(says) == ["scan.not_in_hand"] and says[0].channel == SEAT1
    assert "quatre" in says[0].text and "pas en main" in says[0].text
    says = table.scan(card(1))
    assert "aucune colonne" in says[0].text
    says = table.scan(card(2), seat=1)  # Paul, during Anne's turn: his own card, privately
    assert keys(says) == ["scan.hand_card"] and says[0].channel == SEAT2
    assert "deux" in says[0].text
    assert table.state == one_column_game()
    nothing_on_the_table_about_scans(table)


def test_a_new_scan_replaces_the_pending_card_and_speech_still_works(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    table.scan(card(7))
    says = table.hear("je pose le huit sur la deux")  # spoken instead: refused, privately
    assert keys(says)[0] == "refusal.needs_card" and says[0].channel == SEAT1
    says = table.hear("je pose le sept sur la deux")
    assert keys(on(says, "table")) == ["event.cards_placed"]


def started_table(grammar: Grammar) -> Table:
    table = make_table(grammar, new_table_game(2))
    table.hear("les colonnes sont cinq, huit, douze, un, trois et sept")
    return table


def test_telling_drawn_cards_and_reviewing_a_hand_by_scanning(grammar: Grammar) -> None:
    table = started_table(grammar)
    # Paul tells his hand by scanning it, during Anne's turn
    for n in (2, 4, 6, 10, 11):
        says = table.scan(card(n), seat=1)
        assert keys(says) == ["event.cards_revealed"] and says[0].channel == SEAT2
    assert table.state.players[1].hand == (2, 4, 6, 10, 11)
    says = table.scan(card(4), seat=1)  # the same four again: not revealed twice
    assert keys(says) == ["scan.hand_card_again"]
    assert "j'ai pioché un quatre" in says[0].text
    assert table.state.players[1].hand == (2, 4, 6, 10, 11)
    table.scan(card(13), seat=1)
    says = table.scan(card(9), seat=1)  # a seventh card: more than he holds
    assert keys(says) == ["scan.not_in_hand_all_known"] and "six cartes" in says[0].text
    assert table.state.players[1].hand == (2, 4, 6, 10, 11, 13)
    # later, once the game moved on, a review confirms each card it knows
    table.hear("j'ai pioché le six")
    table.hear("je pose le six sur la colonne un")
    for n in (2, 4, 13):
        says = table.scan(card(n), seat=1)
        assert keys(says) == ["scan.hand_card"] and says[0].channel == SEAT2
    assert table.state.players[1].hand == (2, 4, 6, 10, 11, 13)
    nothing_on_the_table_about_scans(table)
    assert not [s for s in on(table.said, "table") if "onze" in s.text]


def test_wrong_kinds_of_tags_change_nothing(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    before = table.state
    says = table.scan("ludivox:kingsbridge/start/column")  # as `ludivox nfc write` tags them
    assert keys(says) == ["scan.start_card"] and "début de colonne" in says[0].text
    assert keys(table.scan("ludivox:kingsbridge/start/1")) == ["scan.start_card"]
    assert keys(table.scan("ludivox:kingsbridge/token/3")) == ["scan.not_a_card"]
    assert keys(table.scan(character("robin"))) == ["scan.unknown_character"]
    says = table.scan(character("aldred"))  # a game without characters
    assert keys(says) == ["scan.character_unused"]
    assert "Aldred" in says[0].text and "Dis « j'utilise" not in says[0].text  # nobody can
    assert table.state == before
    assert all(s.channel == SEAT1 for s in table.said[-6:])


def characters_game() -> Any:
    players = [
        {"hand": [1, 2, 3, 4, 5, 6], "pile": [7, 7], "characters": ["den", "aldred"]},
        {"hand": [1, 2, 3, 4, 5, 6], "pile": [7], "characters": ["edgar"]},
    ]
    return position(columns=[[3], [5, 6], [8, 9], [13], [10], [12]], discard=[],
                    players=players, options={"characters": True, "mode": "standard"},
                    box=[c for c in CHARACTERS if c not in ("den", "edgar", "aldred")])


def test_scanning_my_character_starts_its_use_and_others_are_named(grammar: Grammar) -> None:
    table = make_table(grammar, characters_game())
    before = table.state
    says = table.scan(character("edgar"))
    assert keys(says) == ["scan.character_where", "power.edgar"]
    assert "Paul" in says[0].text
    says = table.scan(character("aldred"))
    assert keys(says) == ["scan.character_where", "power.aldred"]
    assert "pas encore sur le dessus" in says[0].text
    says = table.scan(character("den"))  # the top of Anne's pile, her turn: its use starts
    assert keys(says) == ["scan.character_start", "ask_use_column"]
    assert table.state == before
    says = agreed(table, table.hear("la quatre"))
    assert "event.character_used" in keys(on(says, "table"))
    assert table.state.columns[3] == ()
    nothing_on_the_table_about_scans(table)


def test_a_spoken_use_or_malus_completed_by_a_scan(grammar: Grammar) -> None:
    deck = [c for c in CHARACTERS if c not in ("wilwulf", "aldred", "agatha")]
    state = position(
        columns=[[3], [5, 6], [8, 9], [13], [10], [12]], discard=[],
        players=[{"hand": [1, 2, 7, 11], "pile": [4, 4, 4, 8, 8, 8]}],
        options={"characters": True, "mode": "solo"},
        revealed=["wilwulf", "aldred", "agatha"], deck=deck,
    )
    table = make_table(grammar, state)
    says = table.scan(character("wilwulf"))
    assert keys(says) == ["scan.character_start", "ask_use_cards"]
    says = agreed(table, table.scan(card(11)))
    assert "event.cards_set_aside" in keys(says)
    assert table.state.players[0].aside == (11,)


def test_script_mode_scans(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    out = io.StringIO()
    run_script(table.session, ["@scan ludivox:kingsbridge/event/7", "sur la deux",
                               "@as Paul", "@scan kingsbridge:4"], out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("SAY seat:1 Ton sept.")
    assert any(line.startswith("SAY table") and "sept" in line for line in lines[1:])
    assert lines[-1] == "SAY seat:2 Oui, tu as un quatre en main."


def test_table_set_up_character_piles_and_solo_reveals_by_scanning(grammar: Grammar) -> None:
    table = make_table(grammar, new_table_game(2, characters=True))
    table.hear("les colonnes sont cinq, huit, douze, un, trois et sept", seat=0)
    for number, name in enumerate(("ragna", "edgar", "ethelred", "wynstan"), start=1):
        says = table.scan(character(name), seat=0)  # Anne's pile, top first
        assert keys(says) == ["scan.character_pile_noted"] and says[0].channel == SEAT1
        assert f"{('un', 'deux', 'trois', 'quatre')[number - 1]} sur cinq" in says[0].text
    assert keys(table.scan(character("edgar"), seat=0)) == ["scan.character_pile_again"]
    assert not table.state.players[0].characters
    says = table.scan(character("den"), seat=0)
    assert "event.characters_set" in keys(says)
    assert table.state.players[0].characters == ("ragna", "edgar", "ethelred", "wynstan", "den")
    table.hear("mes personnages sont Gytha, Aldred, la mère supérieure, Wigelm et Wilwulf",
               seat=1)
    assert table.state.players[1].characters[0] == "gytha"
    solo = make_table(grammar, new_table_game(1, mode="solo"), names=["Anne"])
    solo.hear("les colonnes sont cinq, huit, douze, un, trois et sept")
    for name in ("ragna", "den", "edgar"):
        says = solo.scan(character(name))
        assert "event.character_revealed" in keys(says)
    assert solo.state.revealed == ("ragna", "den", "edgar")
