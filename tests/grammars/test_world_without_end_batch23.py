"""Un monde sans fin: the classes of batch 23's misses (issue 16), each read exactly as the
plain form of the same request, for every value of the class.

* the card named after its action (« je fais le petit service avec la médecine », « je tisse
  ma laine avec la manufacture », « … avec la carte maison »), every action card that has a
  choice, and a modal before the service (« je voudrais faire le petit service »);
* the arrow asked of the assistant for the speaker (« tourne-moi la flèche vers Léa »);
* the score asked between two players (« qui a le plus de points entre Léa et moi ? »);
* the turn as the thing owned (« c'est le tour de qui ? », « et après Paul c'est le tour de
  qui ? »): whose turn, who is next, who plays after me or after a player named."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar
from test_world_without_end_batch22 import MODALS, WHO, WOOL
from test_world_without_end_said_otherwise import PROJECTS, _same

GAME = "world_without_end"
WITH = ["avec la", "avec ma", "avec la carte", "avec ma carte", "grâce à la carte", "par la"]
SERVICE = ["le petit service", "un petit service", "le service médical",
           "le petit service médical"]


def _intent(said: str, name: str) -> None:
    got = grammar(GAME, "fr").understand(said)
    assert got and got[0].cost == 0 and got[0].name == name, (said, got[:1])


@pytest.mark.parametrize("by", WITH)
def test_the_card_named_after_its_action(by: str) -> None:
    for service in SERVICE:
        for verb in ("je fais", "je rends", "je prends"):
            _same(f"{verb} {service} {by} médecine", f"{verb} {service}")
    for place in ("la maison trois", "les maisons trois et neuf", "le lieu neuf"):
        _same(f"je soigne {place} {by} médecine", f"je soigne {place}")
        _same(f"je guéris {place} {by} médecine", f"je soigne {place}")
    for wool in WOOL:
        for verb in ("je tisse", "je transforme", "je convertis", "tisse-moi"):
            _same(f"{verb} {wool} {by} manufacture", f"je tisse {wool}")
            _same(f"{verb} {wool} en tissu {by} manufacture", f"je tisse {wool}")
    for site in ("un", "six", "onze", "quatorze"):
        _same(f"je construis une maison sur l'emplacement {site} {by} maison",
              f"je construis une maison sur l'emplacement {site}")
        _same(f"je récolte la maison {site} {by} récolte", f"je récolte la maison {site}")
    for project in PROJECTS:
        _same(f"je fais un don au {project} {by} don", f"je fais un don au {project}")


def test_the_card_named_after_is_that_cards() -> None:
    """Another card named after the action is no reading of it."""
    g = grammar(GAME, "fr")
    for said in ("je fais le petit service avec la vente", "je tisse ma laine avec la médecine",
                 "je soigne la maison trois avec la récolte",
                 "je fais un don au pont avec la carte maison",
                 "je construis une maison sur l'emplacement six avec la carte don"):
        got = g.understand(said)
        assert not got or got[0].cost > 0, (said, got[:1])


@pytest.mark.parametrize("modal", MODALS)
def test_the_service_after_a_modal(modal: str) -> None:
    for service in SERVICE:
        for verb in ("faire", "rendre"):
            _same(f"{modal} {verb} {service}", f"je fais {service}")
            _same(f"{modal} {verb} {service} avec la médecine", f"je fais {service}")


@pytest.mark.parametrize("who", WHO)
def test_the_arrow_turned_for_the_speaker(who: str) -> None:
    for thing in ("la flèche", "la carte"):
        _same(f"tourne-moi {thing} vers {who}", f"la flèche vers {who}")


@pytest.mark.parametrize("pair", [("moi", "joueur"), ("joueur", "moi"), ("joueur", "joueur")])
def test_the_score_between_two_players(pair: tuple[str, str]) -> None:
    one, two = pair
    for ask in ("a le plus de points", "mène", "gagne", "est en tête"):
        _intent(f"qui {ask} entre {one} et {two}", "ask_score")
        _intent(f"entre {one} et {two} qui {ask}", "ask_score")


@pytest.mark.parametrize("turn", ["le tour", "au tour"])
def test_the_turn_as_the_thing_owned(turn: str) -> None:
    _intent(f"c'est {turn} de qui", "ask_turn")
    _intent(f"c'est {turn} de qui de jouer", "ask_turn")
    for then in ("après", "juste après"):
        _intent(f"et {then} joueur c'est {turn} de qui", "ask_after_player")
        _intent(f"c'est {turn} de qui {then} joueur", "ask_after_player")
        _intent(f"et {then} moi c'est {turn} de qui", "ask_after_me")
        _intent(f"c'est {turn} de qui {then} moi", "ask_after_me")
        _intent(f"c'est {turn} de qui {then}", "ask_next")
    _intent(f"et après ce sera {turn} de qui", "ask_next")
