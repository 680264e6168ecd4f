"""Short answers in Kingsbridge: a table of experts ("mode expert") hears the short table
lines, still naming who, which cards, which columns and whose turn; one beginner at the table
and everyone hears the full sentences."""

from __future__ import annotations

from typing import Any

from table_helpers import Table, keys, make_table, on, position, settings_for

from ludivox.engines.kingsbridge import new_table_game
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Say

NAMES = ["Anne", "Paul"]


def texts(says: list[Say]) -> list[str]:
    return [s.text for s in on(says, "table")]


def game() -> Any:
    """Column one lacks only its thirteen, which Anne holds; Paul's pile is empty."""
    return position(
        columns=[list(range(1, 13)), [5, 6], [7, 8], [10], [2], [4]],
        players=[{"hand": [13, 9, 3], "pile": [5, 5, 5, 6]}, {"hand": [2, 4], "pile": []}],
    )


def experts(grammar: Grammar, state: Any) -> Table:
    store = settings_for(NAMES, verbosity="short", confirm="never", scan_check="never")
    return make_table(grammar, state, NAMES, settings=store)


def play(table: Table) -> list[Say]:
    said: list[Say] = []
    for line in ("je pose le treize sur la colonne un",
                 "déplace la colonne trois sur la colonne deux", "j'ai fini"):
        said.extend(table.hear(line, seat=0))
    said.extend(table.hear("je passe", seat=1))
    return said


def test_an_expert_table_hears_the_short_lines(grammar: Grammar) -> None:
    table = experts(grammar, game())
    said = texts(play(table))
    assert said[:3] == [
        "Anne : le treize sur la un.",
        "Colonne un complète, elle est libre.",
        "Anne déplace la colonne trois sur la deux.",
    ]
    # whose turn it is is said once, by the turn line that follows
    ended = said.index("Anne a fini.")
    assert said[ended + 1] == "À toi, Paul."
    passed = said.index("Paul passe.")
    assert said[passed + 1] == "À toi, Anne."
    assert not any(s.startswith(("Anne a fini. À", "Paul passe. À")) for s in said)
    assert table.state.turn == 0


def test_one_beginner_and_the_table_hears_the_full_sentences(grammar: Grammar) -> None:
    table = experts(grammar, game())
    table.session.settings.update("Paul", verbosity="full")
    said = texts(play(table))
    assert said[:3] == [
        "Anne pose le treize sur la colonne un.",
        "La colonne un est complète, du un au treize ! Ses cartes vont à la défausse, "
        "et la colonne un est libre.",
        "Anne déplace toute la colonne trois sur la colonne deux.",
    ]
    assert "Fin du tour d'Anne. À Paul de jouer." in said
    assert "Paul passe son tour. À Anne de jouer." in said


def test_expert_exchange_and_set_up_lines(grammar: Grammar) -> None:
    table = experts(grammar, position(
        columns=[[3], [5, 6], [9], [10, 11], [12], [13]],
        players=[{"hand": [1, 2], "pile": [5, 6, 7]}, {"hand": [2, 4], "pile": [9]}],
    ))
    said = table.hear("j'échange le un et le deux")
    assert "Anne échange deux cartes." in texts(said)
    setup = experts(grammar, new_table_game(2))
    said = setup.scan("ludivox:kingsbridge/event/5")  # the start of column one, scanned
    assert texts(said)[0] == "Colonne un : le cinq."
    said = setup.hear("les colonnes sont cinq, huit, douze, un, trois et sept")
    assert "event.columns_set" in keys(said)
    assert ("Colonnes : le cinq, le huit, le douze, le un, le trois et le sept."
            in texts(said))
