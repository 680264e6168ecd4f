"""Un monde sans fin, batch 16 classes over legal moves of seeded playouts: a house's site
with its cost or its income said after it ("…, je paie un bois et un or", "…, celui de la
loyauté") is that house, and a cost or income that is not the site's builds nothing; a
donation said by its gold or its seal is that donation; a card then what it does (faveur,
blé); the arrow "de mon côté" with what one wants from it is that turn, or nothing."""

from __future__ import annotations

import random

from test_world_without_end_session import ENGINE, make

from ludivox.engines.world_without_end import Play, WweState
from ludivox.engines.world_without_end.flow import side_of

PROJECTS = {"pont": "le pont", "clocher": "le clocher", "font": "les fonts baptismaux",
            "foulon": "le foulon", "hospice": "l'hospice", "chapelle": "la chapelle",
            "palais": "le palais du prieur"}
ONE = {"stone": "une pierre", "wood": "un bois"}
NAME = {"stone": "de la pierre", "wood": "du bois", "grain": "du blé", "wool": "de la laine",
        "cloth": "du tissu", "gold": "de l'or", "piety": "de la piété",
        "medicine": "des connaissances médicales", "loyalty": "de la loyauté",
        "vp": "des points"}
WANT = {"stone": "la pierre", "wood": "le bois", "wool": "la laine", "gold": "l'or",
        "loyalty": "la loyauté", "vp": "le point"}


def _playouts() -> list[WweState]:
    """Every position met on a few seeded random playouts."""
    found = []
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.new_virtual_game(2 + seed % 3, seed)
        for _ in range(120):
            legal = list(ENGINE.legal_actions(state))
            if not legal:
                break
            found.append(state)
            state, _ = ENGINE.apply(state, rng.choice(legal))
    return found


STATES = _playouts()


def _legal(card: str) -> list[tuple[WweState, Play]]:
    return [(s, a) for s in STATES for a in ENGINE.legal_actions(s)
            if isinstance(a, Play) and a.card == card and not a.renounce]


def _said(state: WweState, text: str) -> WweState:
    table = make(state)
    table.hear(text, seat=ENGINE.awaiting(state).seat)
    return table.state


def test_a_house_with_its_cost_or_income_said_after_is_that_house() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("maison") if p.site][:12]:
        site = ENGINE.components.site(play.site)
        done = ENGINE.apply(state, play)[0]
        cost = f"je paie {ONE[site.material]} et un or"
        assert _said(state, f"une maison en {play.site}, {cost}") == done
        income = next(r for r, n in dict(site.income).items() if n)
        assert _said(state, f"je bâtis sur le site {play.site}, celui {NAME[income]}") == done
        other = "stone" if site.material == "wood" else "wood"
        assert _said(state, f"une maison en {play.site}, je paie {ONE[other]} et un or") == state
        elsewhere = next(r for r in NAME if r not in dict(site.income) and r != "vp")
        assert _said(state, f"je bâtis sur le site {play.site}, celui {NAME[elsewhere]}") == state
        checked += 1
    assert checked >= 4


def test_a_donation_said_by_its_gold_or_its_seal_is_that_donation() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("don") if p.project][:8]:
        done = ENGINE.apply(state, play)[0]
        where = PROJECTS[play.project]
        for text in (f"je fais un don pour {where}, un or", f"je mets mon sceau sur {where}"):
            assert _said(state, text) == done, text
        checked += 1
    assert checked >= 2


def test_the_card_then_what_it_does_is_that_card() -> None:
    checked = 0
    for card, text in (("faveur", "carte faveur : j'avance le marqueur d'une case"),
                       ("ble", "je prends un blé au champ")):
        for state, play in _legal(card)[:4]:
            assert _said(state, text) == ENGINE.apply(state, play)[0], text
            checked += 1
    assert checked >= 4


def test_the_arrow_towards_me_with_what_i_want_is_that_turn_or_nothing() -> None:
    checked = 0
    for state in STATES:
        if state.phase != "orient":
            continue
        seat = ENGINE.awaiting(state).seat
        options = ENGINE.view(state, None)["orientations"]
        table = make(state)
        table.hear("tourne la flèche vers moi", seat=seat)
        mine = table.state
        if mine == state:
            continue
        side = side_of(seat, state.players)
        gets = next(o["incomes"][seat] for o in options if o["side"] == side)
        for res in WANT:
            text = f"tourne la flèche de mon côté, je veux {WANT[res]}"
            assert _said(state, text) == (mine if gets.get(res) else state), text
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3
