"""Un monde sans fin, batch 25 classes over seeded playouts (issue 16).

* the card shown: « voilà ma carte récolte », « la carte piété »;
* the card taken up by a pronoun before it is named: « je la pose là, la vente, une laine »;
* the card named after its move without « avec » or without an article: « je donne au pont,
  carte don », « je prends le bois avec matériau »;
* « le tissu » made or said first before the weaving verb: « je fais le tissu avec mes deux
  laines », « le tissu, je transforme ma laine »; « je reprends du bois » with the privilege;
* only these goods, « pas plus » said after: « un seul tissu à vendre, pas plus »;
* the card taken and given up, the giving up said again: « je prends la carte vente mais je
  vends rien, je renonce »;
* face down said before the card discarded: « je défausse face cachée le projet »;
* the exchange refused by keeping what one has: « non merci je garde ce que j'ai »;
* what one can buy « avec ce que j'ai » (the event card « qui est sortie » said with its
  whole name: tests.batch25.yaml).
Negations of these shapes never act."""

from __future__ import annotations

from test_world_without_end_batch24 import _answer, _goods, _wool
from test_world_without_end_card_said_first import CARD
from test_world_without_end_said_after import PROJECTS, STATES, _legal, _said
from test_world_without_end_session import ENGINE

from ludivox.engines.world_without_end import Play, WweState

SHOWN = {"ble": "blé", "piete": "piété", "materiau": "matériau", "projet": "projet",
         "vente": "vente", "privilege": "privilège", "maison": "maison",
         "recolte": "récolte", "don": "don", "tissu": "tissu", "medecine": "médecine",
         "faveur": "faveur"}
MATERIAL = {"stone": "la pierre", "wood": "le bois"}


def _action_states(most: int) -> list[WweState]:
    return [s for s in STATES if s.phase == "action"][:most]


def _hand(state: WweState) -> list[str]:
    return sorted(set(state.seats[ENGINE.awaiting(state).seat or 0].hand))


def test_the_card_shown_is_the_card_played() -> None:
    checked = 0
    for state in _action_states(30):
        for n, card in enumerate(_hand(state)[:3]):
            played = _said(state, f"je joue {CARD[card]}")
            for text in (f"voilà ma carte {SHOWN[card]}", f"la carte {SHOWN[card]}",
                         f"ma carte {SHOWN[card]}"):
                assert _said(state, text) == played, (text, n)
            checked += played != state
    assert checked >= 10


def test_the_card_taken_up_by_a_pronoun_before_its_name() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("vente") if p.wool or p.cloth][:6]:
        done = ENGINE.apply(state, play)[0]
        for verb in ("je la pose là", "je la joue"):
            text = f"{verb} la vente, {_goods(play)}"
            assert _said(state, text) == done, text
        checked += 1
    for state in _action_states(20):
        for card in _hand(state)[:2]:
            played = _said(state, f"je joue {CARD[card]}")
            pronoun = "la" if CARD[card].startswith("la ") else "le"
            assert _said(state, f"je {pronoun} joue {CARD[card]}") == played, card
            checked += 1
    assert checked >= 10


def test_the_card_named_after_without_avec_or_article() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("don") if p.project][:5]:
        done = ENGINE.apply(state, play)[0]
        on = PROJECTS[play.project].replace("le ", "au ", 1) if PROJECTS[play.project].startswith(
            "le ") else f"pour {PROJECTS[play.project]}"
        for tail in (", carte don", " avec la carte don", ", la carte don"):
            text = f"je donne {on}{tail}"
            assert _said(state, text) == done, text
        checked += 1
    for state, play in [(s, p) for s, p in _legal("materiau") if p.material][:6]:
        done = ENGINE.apply(state, play)[0]
        for tail in ("avec matériau", "avec le matériau", "carte matériau"):
            text = f"je prends {MATERIAL[play.material]} {tail}"
            assert _said(state, text) == done, text
        checked += 1
    assert checked >= 6


def test_the_cloth_made_said_with_its_article() -> None:
    checked = 0
    for n, (state, play) in enumerate([(s, p) for s, p in _legal("tissu") if p.wool][:8]):
        done = ENGINE.apply(state, play)[0]
        texts = [f"le tissu, je transforme {_wool(play)}"]
        if play.wool == 2:
            texts.append("je fais le tissu avec mes deux laines")
        for text in texts:
            assert _said(state, text) == done, (text, n)
        checked += 1
    for state, play in [(s, p) for s, p in _legal("privilege") if p.wool][:4]:
        mine = "ma laine" if play.wool == 1 else f"mes {_wool(play).split()[1]} laines"
        text = f"avec mon privilège je refais le tissu avec {mine}"
        assert _said(state, text) == ENGINE.apply(state, play)[0], text
        checked += 1
    for state, play in [(s, p) for s, p in _legal("privilege") if p.material][:4]:
        said = {"stone": "de la pierre", "wood": "du bois"}[play.material]
        text = f"avec le privilège je reprends {said}"
        assert _said(state, text) == ENGINE.apply(state, play)[0], text
        checked += 1
    assert checked >= 5


def test_only_these_goods_said_after_the_sale() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("vente") if p.wool or p.cloth][:8]:
        done = ENGINE.apply(state, play)[0]
        for text in (f"{_goods(play)} à vendre, pas plus", f"je vends {_goods(play)}, pas plus"):
            assert _said(state, text) == done, text
        checked += 1
    assert checked >= 4


def test_the_card_taken_and_given_up() -> None:
    checked = 0
    for state in _action_states(30):
        for card in _hand(state)[:3]:
            given_up = Play(card, renounce=True)
            if given_up not in ENGINE.legal_actions(state):
                continue
            done = ENGINE.apply(state, given_up)[0]
            for text in (f"je prends la carte {SHOWN[card]} mais je fais rien, je renonce",
                         f"je joue {CARD[card]} mais je prends rien et je renonce"):
                assert _said(state, text) == done, text
            checked += 1
    assert checked >= 8


def test_face_down_said_before_the_card_discarded() -> None:
    checked = 0
    for state in [s for s in STATES if s.phase == "discard"][:10]:
        done = _said(state, f"je défausse {CARD[_hand(state)[0]]} face cachée")
        text = f"je défausse face cachée {CARD[_hand(state)[0]]}"
        assert _said(state, text) == done, text
        checked += done != state
    assert checked >= 3


def test_the_exchange_refused_by_keeping_what_one_has() -> None:
    refused = 0
    for state in [s for s in STATES if s.queue and s.queue[0].kind == "exchange"][:6]:
        done = _said(state, "je n'échange pas")
        for text in ("non merci je garde ce que j'ai", "je garde tout"):
            assert _said(state, text) == done, text
        refused += done != state
    assert refused >= 2


def test_what_i_can_buy_with_what_i_have_is_answered() -> None:
    checked = 0
    for state in STATES[::30]:
        if ENGINE.awaiting(state).game_over:
            continue
        key, _ = _answer(state, "je peux me payer quoi avec ce que j'ai")
        assert key.startswith("answer.afford"), key
        checked += 1
    assert checked >= 3


def test_negations_of_these_shapes_never_act() -> None:
    for state in _action_states(15):
        card = _hand(state)[0]
        for text in (f"je la pose pas {CARD[card]}", f"je ne joue pas la carte {SHOWN[card]}",
                     "je vends pas plus", "je ne donne pas au pont, carte don"):
            assert _said(state, text) == state, text

