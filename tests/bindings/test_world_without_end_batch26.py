"""Un monde sans fin, batch 26 classes over seeded playouts (issue 16).

* a card named by what one does with it: « je veux la carte où on prie », « la carte pour
  récolter »;
* a card thrown for nothing: « je défausse le privilège pour rien »;
* the goods of a sale, then how many: « je vends de la laine, les deux »;
* a material taken for a project later: « je prends une pierre pour le pont plus tard »
  (only taken: nothing is put on the project).
Negations of these shapes never act."""

from __future__ import annotations

from test_world_without_end_batch25 import SHOWN, _action_states, _hand
from test_world_without_end_said_after import PROJECTS, _legal, _said
from test_world_without_end_session import ENGINE

from ludivox.engines.world_without_end import Play

SAY = {1: "une", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq"}
VERB = {"piete": ("prie", "prier"), "recolte": ("récolte", "récolter")}
LEADS = ("", "je veux ", "moi je veux ", "je prends ", "je joue ")


def test_a_card_named_by_what_one_does_with_it_is_that_card() -> None:
    checked = 0
    for state in _action_states(40):
        for card in [c for c in _hand(state) if c in VERB]:
            play = Play(card)
            if play not in ENGINE.legal_actions(state):
                continue
            done = ENGINE.apply(state, play)[0]
            now, infinitive = VERB[card]
            for lead in LEADS:
                for text in (f"{lead}la carte où on {now}", f"{lead}la carte où je {now}",
                             f"{lead}la carte pour {infinitive}",
                             f"{lead}la carte qui sert à {infinitive}"):
                    assert _said(state, text) == done, text
            assert _said(state, f"je ne veux pas la carte où on {now}") == state
            checked += 1
    assert checked >= 4


def test_a_card_thrown_for_nothing_is_given_up() -> None:
    checked = 0
    for state in _action_states(30):
        for card in _hand(state)[:4]:
            given_up = Play(card, renounce=True)
            if given_up not in ENGINE.legal_actions(state):
                continue
            done = ENGINE.apply(state, given_up)[0]
            for verb in ("je défausse", "je jette", "je sacrifie"):
                for tail in ("pour rien", "sans rien faire"):
                    text = f"{verb} la carte {SHOWN[card]} {tail}"
                    assert _said(state, text) == done, text
            assert _said(state, f"je ne défausse pas la carte {SHOWN[card]} pour rien") == state
            checked += 1
    assert checked >= 8


def test_the_goods_sold_then_how_many() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("vente") if p.wool >= 2 and not p.cloth][:6]:
        done = ENGINE.apply(state, play)[0]
        n = SAY[play.wool]
        for text in (f"je vends de la laine, les {n}", f"je vends des laines, toutes les {n}",
                     f"je vends de la laine les {n}"):
            assert _said(state, text) == done, text
        assert _said(state, f"je ne vends pas de la laine, les {n}") == state
        checked += 1
    assert checked >= 2


def test_a_material_taken_for_a_project_later_is_only_taken() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("materiau") if p.material][:8]:
        done = ENGINE.apply(state, play)[0]
        good = {"stone": "une pierre", "wood": "du bois"}[play.material]
        for project in PROJECTS.values():
            for tail in (f"pour {project} plus tard", f"pour {project}", "pour plus tard"):
                for verb in ("je prends", "je vais prendre"):
                    text = f"{verb} {good} {tail}"
                    assert _said(state, text) == done, text
        assert _said(state, f"je ne prends pas {good} pour plus tard") == state
        checked += 1
    assert checked >= 4
