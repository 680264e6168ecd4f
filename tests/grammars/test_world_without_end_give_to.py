"""Un monde sans fin: turning the event card said as what a player is given ("je donne la
laine à Anne") reads the same as said with "pour" ("la laine pour Anne"), for every income
and every way of naming a player."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar

GAME = "world_without_end"
GAINS = ["la pierre", "le bois", "la laine", "les deux pièces d'or", "le point", "la loyauté",
         "les deux tissus", "la connaissance médicale"]
PLAYERS = [("à moi", "pour moi"), ("au joueur deux", "pour le joueur deux"),
           ("à mon voisin de gauche", "pour mon voisin de gauche"),
           ("à celui d'en face", "pour celui d'en face")]
VERBS = ["je donne", "donne", "je laisse"]


@pytest.mark.parametrize("gain", GAINS)
def test_given_to_a_player_reads_as_for_that_player(gain: str) -> None:
    g = grammar(GAME, "fr")
    for to, for_ in PLAYERS:
        wanted = g.understand(f"{gain} {for_}")
        assert wanted and wanted[0].name == "orient_for" and wanted[0].cost == 0, for_
        for verb in VERBS:
            said = g.understand(f"{verb} {gain} {to}")
            assert said and said[0].cost == 0, f"{verb} {gain} {to}"
            assert (said[0].name, said[0].slots) == ("orient_for", wanted[0].slots)


def test_two_players_given_their_incomes() -> None:
    g = grammar(GAME, "fr")
    said = g.understand("je donne la pierre au joueur deux et le point à moi")
    wanted = g.understand("la pierre pour le joueur deux et le point pour moi")
    assert said and wanted and (said[0].name, said[0].slots) == ("orient_for", wanted[0].slots)
