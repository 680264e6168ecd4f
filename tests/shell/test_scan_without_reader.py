"""Table mode without a card reader (issue 11, item 15): no scan is asked for at every move;
the players are told once how to have the cards checked; "je n'ai pas de lecteur" is
understood, also while a scan is asked for."""

from __future__ import annotations

from test_scan_check import NAMES, table_game

from ludivox.grammars.grammar import Grammar
from ludivox.nfc.reader import ReaderFound, ReaderLost
from ludivox.shell.card_reader import CardReaderSource
from ludivox.shell.console import Console
from ludivox.table.settings import SettingsStore


def test_no_reader_no_scan_question_and_the_hint_once(grammar: Grammar) -> None:
    table = table_game(grammar)
    table.session.reader_connected = False  # what the console knows: no reader answers
    says = table.hear("je pose le six sur la colonne un")
    assert [s.key for s in says][:1] == ["scan.no_reader"]
    assert table.state.columns[0] == (5, 6)  # placed at once
    table.hear("je pose le neuf sur la colonne deux")
    assert table.state.columns[1] == (8, 9)
    assert [s.key for s in table.said].count("scan.no_reader") == 1
    assert not [s for s in table.said if s.key == "scan.please"]


def test_a_connected_reader_still_checks_the_card(grammar: Grammar) -> None:
    table = table_game(grammar)
    table.session.reader_connected = True
    says = table.hear("je pose le six sur la colonne un")
    assert [s.key for s in says] == ["scan.please"]


def test_je_n_ai_pas_de_lecteur_while_a_scan_is_asked(grammar: Grammar) -> None:
    table = table_game(grammar)
    table.hear("je pose le six sur la colonne un")
    says = table.hear("je n'ai pas de lecteur")
    assert "no_reader.noted" in [s.key for s in says]
    assert table.state.columns[0] == (5, 6)
    table.hear("je pose le neuf sur la colonne deux")  # never asked again in this game
    assert table.state.columns[1] == (8, 9)
    assert [s.key for s in table.said].count("scan.please") == 1


def test_the_explicit_choice_to_always_scan_is_kept_with_a_reader(grammar: Grammar) -> None:
    table = table_game(grammar, scan_check="always")
    table.session.reader_connected = False
    says = table.hear("je pose le six sur la colonne un")
    assert [s.key for s in says] == ["scan.please"]  # the player asked for it


def test_the_console_tells_the_session_whether_a_reader_answers() -> None:
    console = Console(Grammar.load("kingsbridge"), True, None)
    try:
        assert console.reader_connected() is False  # --reader off: no reader source
        reader = CardReaderSource(None)  # auto: the first USB reader (not started here)
        console.add_source(reader)
        assert console.reader_connected() is False  # none found yet
        reader.translator.translate(ReaderLost("usb", "missing"))
        assert console.reader_connected() is False
        reader.translator.translate(ReaderFound("usb"))
        assert console.reader_connected() is True
        reader.translator.translate(ReaderLost("usb", "unplugged"))
        assert console.reader_connected() is False
    finally:
        console.close()
    assert SettingsStore(None).get(NAMES[0]).scan_check == "table"  # the default
