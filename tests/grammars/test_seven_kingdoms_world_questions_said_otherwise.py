"""7 Kingdoms and Un monde sans fin: questions said in other words (issue 16, batch 18).

* 7 Kingdoms: the row said as the cards in the middle of the table (« c'est quoi les cartes
  posées au milieu ? »), who played which card (« qui a posé quelle carte jusqu'ici ? »);
* Un monde sans fin: the hand said first then asked (« mes cartes c'est lesquelles ? »), the
  event card read again (« tu peux me relire ce qu'il y a sur la carte qu'on vient de
  tirer ? »).

Every combination of the words of each form reads as the question, exactly."""

from __future__ import annotations

import itertools

import pytest
from grammar_helpers import grammar

FORMS = {
    ("seven_kingdoms", "ask_row"): (
        ["c'est quoi", "quelles sont"],
        ["les cartes posées", "les cartes étalées", "les cartes", "les cartes visibles"],
        ["au milieu", "au centre de la table", "sur la table"]),
    ("seven_kingdoms", "ask_played"): (
        ["qui a posé", "qui a joué", "qui a sorti"], ["quelle carte", "quelles cartes"],
        ["", "jusqu'ici", "ce tour-ci", "jusqu'à présent"]),
    ("world_without_end", "ask_hand"): (
        ["mes cartes", "ma main", "mes cartes action"],
        ["c'est lesquelles", "c'est quoi", "c'est quelles cartes"], [""]),
    ("world_without_end", "ask_event"): (
        ["tu peux me relire", "relis-moi", "lis-moi", "tu peux me lire"],
        ["ce qu'il y a sur la carte", "la carte", "la carte événement"],
        ["qu'on vient de tirer", "que je viens de piocher", "qu'on vient de retourner"]),
}


@pytest.mark.parametrize(("game", "intent"), list(FORMS))
def test_every_form_reads_as_the_question(game: str, intent: str) -> None:
    g = grammar(game, "fr")
    for words in itertools.product(*FORMS[(game, intent)]):
        said = " ".join(w for w in words if w) + " ?"
        found = g.understand(said)
        assert found and found[0].name == intent and found[0].cost == 0, said
