"""Un monde sans fin, batch 17 classes over legal moves of seeded playouts (issue 16).

* a card said first, bare or after « carte », then what it does: « carte matériau, je prends
  de la pierre », « vente : deux laines et un tissu », « carte blé, je prends mon grain »,
  « médecine : je rends le petit service », « avec le privilège je refais un matériau, je
  prends du bois »; a card said around its verb: « je vais prier à la cathédrale », « je
  donne de l'or pour la construction du pont », « je défausse le projet, face cachée »;
* « ne … que » is « only », no negation: « je ne vends que le tissu » sells it, « je ne vends
  pas le tissu » does nothing;
* the other phases in new words: « je paie avec un jeton de loyauté pour le blé », « non, je
  garde mon jeton, j'accepte la pénalité », « fais en sorte que j'aie la pierre »."""

from __future__ import annotations

from test_world_without_end_said_after import STATES, WANT, _legal, _said
from test_world_without_end_session import ENGINE

from ludivox.engines.world_without_end import Play
from ludivox.engines.world_without_end.actions import Discard, Protect

COUNT = {1: "une", 2: "deux", 3: "trois", 4: "quatre"}
MATERIAL = {"stone": "de la pierre", "wood": "du bois"}
OF_PROJECT = {"pont": "du pont", "clocher": "du clocher", "font": "des fonts baptismaux",
              "foulon": "du foulon", "hospice": "de l'hospice", "chapelle": "de la chapelle",
              "palais": "du palais du prieur"}
DUE = {"piety": "la piété", "grain": "le blé", "gold": "l'or"}
CARD = {"ble": "le blé", "piete": "la piété", "materiau": "le matériau", "projet": "le projet",
        "vente": "la vente", "privilege": "le privilège", "maison": "la maison",
        "recolte": "la récolte", "don": "le don", "tissu": "la manufacture",
        "medecine": "la médecine", "faveur": "la faveur"}


def _goods(play: Play) -> str:
    parts = []
    if play.wool:
        parts.append(f"{COUNT[play.wool]} laine" + ("s" if play.wool > 1 else ""))
    if play.cloth:
        parts.append(f"{'un' if play.cloth == 1 else COUNT[play.cloth]} tissu"
                     + ("s" if play.cloth > 1 else ""))
    return " et ".join(parts)


def _each(card: str, text: str, most: int = 4, field: str = "") -> int:
    """``text`` (formatted with the play) is each of the first legal plays of ``card`` (that
    have ``field`` set)."""
    checked = 0
    plays = [(s, p) for s, p in _legal(card) if not field or getattr(p, field)]
    for state, play in plays[:most]:
        said = text.format(material=MATERIAL.get(play.material, ""), goods=_goods(play),
                           project=OF_PROJECT.get(play.project, ""))
        assert _said(state, said) == ENGINE.apply(state, play)[0], said
        checked += 1
    return checked


def test_a_card_said_first_then_what_it_does() -> None:
    assert _each("materiau", "carte matériau, je prends {material}")
    assert _each("vente", "vente : {goods}")
    assert _each("ble", "carte blé, je prends mon grain", 2)
    assert _each("medecine", "médecine : je rends le petit service", 2, "service")
    assert _each("privilege", "avec le privilège je refais un matériau, je prends {material}",
                 2, "material")


def test_a_card_said_around_its_verb() -> None:
    assert _each("piete", "je vais prier à la cathédrale", 2)
    assert _each("don", "je donne de l'or pour la construction {project}", 3)
    checked = 0
    for state in [s for s in STATES if s.phase == "discard"][:4]:
        for discard in [a for a in ENGINE.legal_actions(state) if isinstance(a, Discard)][:2]:
            text = f"je défausse {CARD[discard.card]}, face cachée"
            assert _said(state, text) == ENGINE.apply(state, discard)[0], text
            checked += 1
    assert checked


def test_only_is_no_negation_and_a_negation_never_acts() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("vente") if p.wool or p.cloth][:4]:
        assert _said(state, f"je ne vends que {_goods(play)}") == ENGINE.apply(state, play)[0]
        assert _said(state, f"je ne vends pas {_goods(play)}") == state
        checked += 1
    assert checked


def test_the_end_of_period_and_the_arrow_in_new_words() -> None:
    checked = 0
    for state in [s for s in STATES if s.phase == "protect"][:6]:
        legal = [a for a in ENGINE.legal_actions(state) if isinstance(a, Protect)]
        for due, words in DUE.items():
            text = f"je paie avec un jeton de loyauté pour {words}"
            done = ENGINE.apply(state, Protect((due,)))[0] if Protect((due,)) in legal \
                else state
            assert _said(state, text) == done, text
        text = "non, je garde mon jeton, j'accepte la pénalité"
        assert _said(state, text) == ENGINE.apply(state, Protect(()))[0], text
        checked += 1
    assert checked
    turned = 0
    for state in [s for s in STATES if s.phase == "orient"][:4]:
        for words in WANT.values():
            old = _said(state, f"je tourne la carte pour que j'aie {words}")
            assert _said(state, f"fais en sorte que j'aie {words}") == old, words
            turned += old != state
    assert turned
