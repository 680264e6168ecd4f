"""Un monde sans fin: giving up a card's action is understood however the giving up and the
card are joined ("je passe mon tour avec la carte matériau", "je renonce à mon action, je
défausse le projet"), for every action card; said alone it stays a question of which card."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar

GAME = "world_without_end"
CARDS = ["le blé", "la piété", "le matériau", "le projet", "la vente", "le privilège",
         "la maison", "la récolte", "le don", "la manufacture", "la médecine", "la faveur"]
GIVING_UP = ["je renonce", "je renonce à mon action", "je renonce à mon tour", "je passe",
             "je passe mon tour", "je ne fais rien", "je n'agis pas"]
JOINS = ["avec", "avec la carte", "en jouant", "et je défausse", "je défausse", "je sacrifie",
         "et je joue"]


def _card(spoken: str) -> str:
    """The card id of ``spoken`` as "je joue <card>" reads it."""
    found = grammar(GAME, "fr").understand(f"je joue {spoken}")
    assert found and found[0].name == "play", spoken
    card = found[0].slots["card"]
    assert isinstance(card, str)
    return card


@pytest.mark.parametrize("spoken", CARDS)
def test_giving_up_then_the_card_in_every_form(spoken: str) -> None:
    g = grammar(GAME, "fr")
    card = _card(spoken)
    name = spoken.partition(" ")[2]
    for giving_up in GIVING_UP:
        for join in JOINS:
            said = f"{giving_up}, {join} {spoken}" if join != "avec la carte" else \
                f"{giving_up} {join} {name}"
            found = g.understand(said)
            assert found and found[0].cost == 0, said
            assert (found[0].name, found[0].slots.get("card")) == ("renounce", card), said


def test_giving_up_alone_names_no_card() -> None:
    for giving_up in GIVING_UP:
        found = grammar(GAME, "fr").understand(giving_up)
        assert found and found[0].name == "renounce" and "card" not in found[0].slots
