""""J'échange" said without the cards: Ludivox asks which, and the bare answer ("le sept et
le huit", "le onze") makes the exchange, through the rules like any other; a placement said
instead is handled as itself."""

from __future__ import annotations

import pytest
from table_helpers import ENGINE, keys, make_table, position

from ludivox.grammars.grammar import Grammar

STATE = dict(
    columns=[[3], [6], [9], [10], [12], [13]],
    players=[{"hand": [7, 8, 11], "pile": [5, 4, 2]}, {"hand": [2, 4], "pile": [9]}],
)
COUNTED = {1: "une carte", 2: "deux cartes"}
ANNOUNCED = ("j'échange", "j'échange des cartes", "je veux échanger mes cartes",
             "je change mes cartes")


@pytest.mark.parametrize("announced", ANNOUNCED)
@pytest.mark.parametrize(("answer", "given"), [("le sept et le huit", (7, 8)), ("le onze", (11,)),
                                               ("la onze", (11,))])
def test_the_cards_are_asked_then_exchanged(grammar: Grammar, announced: str, answer: str,
                                            given: tuple[int, ...]) -> None:
    t = make_table(grammar, position(**STATE))
    before = ENGINE.dumps(t.state)
    says = t.hear(announced)
    assert keys(says) == ["ask_exchange_which"]
    assert ENGINE.dumps(t.state) == before  # nothing yet
    says = t.hear(answer)
    exchanged = [s.text for s in says if s.key == "event.cards_exchanged"]
    assert exchanged == [f"Anne remet {COUNTED[len(given)]} sous sa pioche."], (
        announced, answer, keys(says))


def test_a_placement_said_instead_is_made_as_a_placement(grammar: Grammar) -> None:
    t = make_table(grammar, position(**STATE))
    t.hear("j'échange")
    says = t.hear("je pose le sept sur la colonne deux")
    assert "event.cards_placed" in keys(says)
    assert 7 not in t.state.players[0].hand and 8 in t.state.players[0].hand
