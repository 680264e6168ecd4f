"""7 Kingdoms: forms of batch 21 of the natural corpus (issue 16), each over every rank,
count or card of its class, read exactly as the intent with the slots meant:

* what a rank may take, asked with « avoir le droit » (« le chevalier il a le droit de prendre
  combien de cartes »);
* the row's last cards said as those « du bout » (« les trois cartes du bout de la rangée au
  royaume »);
* a take by ranks opened by « ce sera » (« ce sera le roi et l'évêque, l'évêque je le garde
  en main »);
* a card of the hand said as the one that has its number (« celle qui a le huit je la joue »:
  what the table says for « celle qui a le plus petit numéro je la joue »)."""

from __future__ import annotations

import itertools

from grammar_helpers import grammar

from ludivox.grammars.numbers import NumberWords

G = grammar("seven_kingdoms", "fr")
WORDS = NumberWords("fr")
RANKS = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
         "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
         "paysan": "le paysan"}


def _exact(said: str, intent: str) -> dict[str, object]:
    found = G.understand(said)
    assert found and found[0].name == intent and found[0].cost == 0, (said, found[:1])
    return dict(found[0].slots)


def test_what_a_rank_may_take_asked_with_a_right() -> None:
    for rank, named in RANKS.items():
        for verb in ("il a le droit de prendre", "a le droit de prendre",
                     "a le droit de récupérer"):
            said = f"{named} {verb} combien de cartes"
            if rank == "princesse":
                said = said.replace(" il ", " elle ")
            assert _exact(said, "ask_rank_power").get("rank") == f"rank:{rank}", said


def test_the_last_cards_said_as_those_of_the_end() -> None:
    for count, (end, where) in itertools.product(
            (2, 3, 4), itertools.product(["du bout", "au bout"],
                                         ["de la rangée au royaume", "tout dans le royaume",
                                          "dans mon royaume"])):
        said = f"les {WORDS.cardinal(count)} cartes {end} {where}"
        slots = _exact(said, "take")
        assert slots.get("span") == "span:last" and slots.get("count") == f"count:{count}", said


def test_a_take_by_ranks_opened_by_what_it_will_be() -> None:
    for (a, b), opening in itertools.product(
            itertools.permutations(RANKS, 2), ["ce sera", "ça sera", "pour moi ce sera"]):
        kept = RANKS[b]
        pronoun = "la" if kept.startswith("la ") else "le"
        said = f"{opening} {RANKS[a]} et {kept} {kept} je {pronoun} garde en main"
        slots = _exact(said, "take")
        assert slots.get("keep_rank") == (f"rank:{b}",), said


def test_a_card_of_the_hand_said_as_the_one_that_has_its_number() -> None:
    for card in range(1, 50):
        number = WORDS.cardinal(card)
        for said in (f"celle qui a le {number} je la joue", f"je joue la carte avec le {number}",
                     f"la carte qui a le numéro {number} je la pose"):
            assert _exact(said, "play").get("card") == f"card:{card}", said
