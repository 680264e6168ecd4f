"""A guess ("Tu veux dire … ?") the player does not take up: when they go on with something
Ludivox does not understand, the guess is dropped and they hear what can be said now, not
"Réponds par oui ou par non" again and again; a later "oui" carries nothing out."""

from __future__ import annotations

import pytest
from table_helpers import ENGINE, keys, make_table, position, settings_for

from ludivox.grammars.grammar import Grammar

# Anne (seat 0) plays: her seven fits on column 2 only.
STATE = dict(
    columns=[[3], [6], [9], [10], [12], [13]],
    players=[{"hand": [7, 8, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
)
GUESSED = ("je pose le sept sous la deux", "je pose le sète sur la deux")
UNKNOWN = ("la météo de demain à Lyon", "bon ben euh attends", "mon chat dort sur la chaise")


@pytest.mark.parametrize("guessed", GUESSED)
@pytest.mark.parametrize("unknown", UNKNOWN)
def test_a_guess_not_answered_is_dropped(grammar: Grammar, guessed: str, unknown: str) -> None:
    t = make_table(grammar, position(**STATE))
    before = ENGINE.dumps(t.state)
    assert keys(t.hear(guessed)) == ["did_you_mean"]
    says = t.hear(unknown)
    assert keys(says) == ["not_understood_hint"]  # what can be said now, once
    assert "oui" not in says[0].text.lower()
    assert keys(t.hear("oui"))[0].startswith("not_understood")  # nothing left to confirm
    assert ENGINE.dumps(t.state) == before


def test_a_guess_is_still_taken_by_yes(grammar: Grammar) -> None:
    t = make_table(grammar, position(**STATE))
    t.hear(GUESSED[0])
    assert "event.cards_placed" in keys(t.hear("oui"))


def test_a_confirmation_of_the_players_own_move_still_waits_for_yes_or_no(
    grammar: Grammar,
) -> None:
    t = make_table(grammar, position(**STATE),
                   settings=settings_for(("Anne", "Paul"), confirm="always", scan_check="never"))
    before = ENGINE.dumps(t.state)
    assert keys(t.hear("je pose le sept sur la colonne deux")) == ["confirm_move"]
    says = t.hear(UNKNOWN[0])
    assert keys(says) == ["yes_no_expected", "confirm_move"]
    assert ENGINE.dumps(t.state) == before
    assert "event.cards_placed" in keys(t.hear("oui"))
