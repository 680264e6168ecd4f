"""Batch 23's clipped Kingsbridge orders and turn questions, read by the grammar over every
card, column and frame: a placement said with « là » between the cards and their column
(« moi le sept là la trois », « le neuf là sur la six ») is that placement; whose turn it is
asked as « à qui c'est le tour », to the assistant too (« dites-moi à qui c'est le tour »)."""

from __future__ import annotations

from grammar_helpers import grammar
from test_kingsbridge_best_and_missing import _best, _w

PLACED = ("le {card} là la {column}", "moi le {card} là la {column}",
          "le {card} là sur la {column}", "moi mon {card} là sur la colonne {column}")
TURN = ("à qui c'est le tour", "à qui est le tour", "à qui c'est de jouer")
ASKED = ("", "dis-moi ", "dites-moi ", "tu peux me dire ")


def test_a_placement_pointed_at_with_la() -> None:
    for card in range(1, 14):
        for column in range(1, 7):
            form = PLACED[(card + column) % len(PLACED)]
            text = form.format(card=_w(card), column=_w(column))
            assert _best(text) == ("place", {"cards": (f"card:{card}",),
                                             "column": f"column:{column}"}), text
    for card, other in ((7, 8), (4, 5)):
        text = f"le {_w(card)} et le {_w(other)} là la {_w(2)}"
        assert _best(text) == ("place", {"cards": (f"card:{card}", f"card:{other}"),
                                         "column": "column:2"}), text


def test_whose_turn_asked_as_a_qui_c_est_le_tour() -> None:
    for asked in ASKED:
        for frame in TURN:
            text = asked + frame
            assert _best(text)[0] == "ask_turn", text


def test_la_said_twice_is_never_a_card_pointed_at() -> None:
    """« là » is heard as « la »: "la quatre, la quatre" (a column repeated) places nothing."""
    g = grammar("kingsbridge", "fr")
    for n in range(1, 7):
        found = g.understand(f"la {_w(n)} la {_w(n)}")
        assert not any(r.name == "place" and r.cost == 0 for r in found), (n, found[:1])


def test_a_place_asked_for_a_card() -> None:
    for card in range(1, 14):
        for frame in ("il y a un endroit pour mon {card}", "y a-t-il une place pour le {card}",
                      "est-ce qu'il y a de la place pour le {card}"):
            text = frame.format(card=_w(card))
            assert _best(text) == ("ask_playable", {"card": f"card:{card}"}), text
