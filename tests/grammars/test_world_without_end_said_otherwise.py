"""Un monde sans fin: moves said in other words (issue 16, batch 18), each read exactly as
the plain form of the same move, for every value of the class.

* a card by its verb after a modal (« je vais récolter », « je veux prier »);
* the project card said first (« pour le projet je donne mon bois au pont »), every project;
* converting wool (« je convertis deux laines », also after « privilège, … »);
* a donation of « de l'or » (one gold), every project;
* the goods then their sale (« un tissu et une laine à vendre »);
* « le grain » for the blé contribution; not paying said with « pas » (« non je paie pas,
  je prends la pénalité »);
* the exchange accepted with a pronoun (« oui je l'échange ma laine »), every good kept;
* the event card by its number (« c'est la carte numéro huit »), every card."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar

GAME = "world_without_end"
PROJECTS = ["pont", "clocher", "foulon", "hospice", "chapelle", "palais"]
GOODS = ["pierre", "bois", "laine", "tissu", "or", "piété"]


def _same(said: str, plain: str) -> None:
    g = grammar(GAME, "fr")
    got, want = g.understand(said), g.understand(plain)
    assert want and want[0].cost == 0, plain
    assert got and got[0].cost == 0, said
    assert (got[0].name, got[0].slots) == (want[0].name, want[0].slots), said


@pytest.mark.parametrize(("said", "plain"), [
    ("je vais récolter", "je récolte"), ("je veux moissonner", "je récolte"),
    ("je vais récolter moi", "je récolte"), ("je voudrais prier", "je prie")])
def test_a_card_by_its_verb_after_a_modal(said: str, plain: str) -> None:
    _same(said, plain)


@pytest.mark.parametrize("project", PROJECTS)
def test_the_project_card_said_first_and_a_donation_of_gold(project: str) -> None:
    _same(f"pour le projet je donne mon bois au {project}", f"je mets un bois sur le {project}")
    _same(f"avec ma carte projet, je mets deux pierres sur le {project}",
          f"je mets deux pierres sur le {project}")
    _same(f"je verse de l'or pour le {project}", f"je fais un don pour le {project}")


@pytest.mark.parametrize("count", ["une", "deux", "trois"])
def test_converting_wool(count: str) -> None:
    wool = "laine" if count == "une" else "laines"
    _same(f"je convertis {count} {wool}", f"je transforme {count} {wool} en tissu")
    _same(f"privilège, je convertis {count} {wool}",
          f"privilège, je transforme {count} {wool} en tissu")


@pytest.mark.parametrize("goods", ["un tissu et une laine", "deux laines", "une laine",
                                   "deux laines et un tissu"])
def test_the_goods_then_their_sale(goods: str) -> None:
    _same(f"{goods} à vendre", f"je vends {goods}")


def test_grain_and_not_paying() -> None:
    _same("je donne mon jeton de loyauté pour le grain", "je paie une loyauté pour le blé")
    for said in ["non je paie pas, je prends la pénalité", "je paye pas",
                 "je ne paie pas, j'accepte la sanction"]:
        _same(said, "je ne paie pas de loyauté")


@pytest.mark.parametrize("good", GOODS)
def test_the_exchange_accepted_with_a_pronoun(good: str) -> None:
    _same(f"oui je l'échange ma {good}", f"oui j'échange ma {good}")


@pytest.mark.parametrize("number", ["un", "huit", "douze", "vingt"])
def test_the_event_card_by_its_number(number: str) -> None:
    _same(f"c'est la carte numéro {number}", f"j'ai tiré la carte événement {number}")
