"""Un monde sans fin: the classes of batch 22's misses (issue 16), each read exactly as the
plain form of the same request, for every value of the class.

* the game's own infinitives after a modal (« je vais tisser », « je veux bâtir »,
  « je voudrais soigner », « je vais aller chercher »): these verbs are not common meanings,
  so the modal is said in the game's templates;
* the arrow towards a player's side (« la flèche du côté de Léa »), also the arrow said first
  and taken up with a modal (« la flèche je vais la tourner du côté de … »), every player;
* the event card said first (« la carte événement, on a tiré la trois »), every card;
* who holds the favour (« elle est chez qui la faveur du roi ? »);
* whether anything is owed (« je dois payer quelque chose là ? »);
* whose turn among two players named (« c'est à qui de jouer, Paul ou Léa ? »);
* « on » for « je » in the protection (« oui on donne un jeton de loyauté pour le blé »)."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar
from test_world_without_end_said_otherwise import _same

GAME = "world_without_end"
MODALS = ["je vais", "je veux", "je voudrais"]
WOOL = ["ma laine", "mes deux laines", "une laine", "deux laines", "toutes mes laines"]
WHO = ["moi", "joueur", "le joueur deux", "la joueuse trois", "mon voisin de gauche",
       "celle de droite", "celui d'en face"]


def _intent(said: str, name: str) -> None:
    got = grammar(GAME, "fr").understand(said)
    assert got and got[0].cost == 0 and got[0].name == name, (said, got[:1])


@pytest.mark.parametrize("modal", MODALS)
def test_the_games_infinitives_after_a_modal(modal: str) -> None:
    for wool in WOOL:
        _same(f"{modal} tisser {wool}", f"je tisse {wool}")
        _same(f"{modal} transformer {wool} en tissu", f"je transforme {wool} en tissu")
        _same(f"avec le privilège {modal} tisser {wool}", f"avec le privilège je tisse {wool}")
    for site in ("un", "six", "onze", "quatorze"):
        _same(f"{modal} bâtir ma maison sur l'emplacement {site}",
              f"je bâtis ma maison sur l'emplacement {site}")
    for place in ("trois", "neuf"):
        _same(f"{modal} soigner la maison {place}", f"je soigne la maison {place}")
        _same(f"{modal} guérir la maison {place}", f"je guéris la maison {place}")
    for good in ("de la pierre", "du bois"):
        _same(f"{modal} aller chercher {good} avec le matériau",
              f"je prends {good} avec le matériau")
    _same(f"{modal} bâtir le pont avec mon bois", "je construis le pont avec mon bois")


@pytest.mark.parametrize("who", WHO)
def test_the_arrow_towards_a_players_side(who: str) -> None:
    plain = f"la flèche vers {who}"
    for said in (f"la flèche du côté de {who}", f"je tourne la flèche du côté de {who}",
                 f"tourne la flèche du côté de {who}",
                 f"la flèche je vais la tourner du côté de {who}",
                 f"la flèche je veux la mettre vers {who}",
                 f"la flèche je la tourne du côté de {who}"):
        _same(said, plain)


def test_the_event_card_said_first() -> None:
    numbers = grammar(GAME, "fr").language.numbers
    for n in range(2, 45):
        word = numbers.cardinal(n)
        for said in (f"la carte événement on a tiré la {word}",
                     f"la carte événement j'ai tiré la {word}",
                     f"l'événement on vient de tirer la {word}"):
            _same(said, f"on a tiré la {word}")


@pytest.mark.parametrize("said", [
    "elle est chez qui la faveur du roi", "c'est à qui la faveur", "chez qui est la faveur",
    "la faveur du roi elle est chez qui", "la faveur c'est à qui",
    "le marqueur de faveur il est chez qui"])
def test_who_holds_the_favour(said: str) -> None:
    _intent(said, "ask_favour")


@pytest.mark.parametrize("said", [
    "je dois payer quelque chose là", "je dois payer quelque chose",
    "est-ce que je dois payer quelque chose", "je dois donner quelque chose maintenant",
    "est-ce que j'ai quelque chose à payer", "j'ai quelque chose à donner en fin de période"])
def test_whether_anything_is_owed(said: str) -> None:
    _intent(said, "ask_obligations")


@pytest.mark.parametrize("said", [
    "c'est à qui de jouer joueur ou joueur", "c'est à qui joueur ou joueur",
    "c'est au tour de qui joueur ou à joueur"])
def test_whose_turn_among_two_players_named(said: str) -> None:
    _intent(said, "ask_turn")


@pytest.mark.parametrize("due", ["la piété", "le blé", "l'impôt"])
def test_on_for_je_in_the_protection(due: str) -> None:
    for verb in ("paie", "donne", "sacrifie"):
        for token in ("un jeton de loyauté", "une loyauté"):
            _same(f"oui on {verb} {token} pour {due}", f"oui je {verb} {token} pour {due}")
