"""Un monde sans fin: questions about another player by name. Their resources stay behind
their screen (said so, never read out); the cards they played are on the table and their
hand's size is public; points are public. Answered on the asker's channel. A count is said
with its resource's gender ("une laine", "zéro pierre")."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_world_without_end_session import make

from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.world_without_end.components import RESOURCES

NAMES = ["Anne", "Paul", "Léa"]
ENGINE = WweBinding(NAMES).engine
STOCK_ASKS = ["qu'est-ce que {n} a ?", "et {n} il a quoi comme ressources ?",
              "{n} a combien de laine ?", "combien d'or a {n} ?", "les ressources de {n}"]
HAND_ASKS = ["quelles cartes a {n} ?", "{n} a combien de cartes ?", "combien de cartes a {n} ?"]


def _numbers_said(text: str) -> bool:
    return any(w in text.split() for w in ("un", "une", "deux", "trois", "quatre", "cinq"))


@pytest.mark.parametrize("asker", [0, 1, 2])
def test_another_players_stock_stays_behind_their_screen(asker: int) -> None:
    table = make(ENGINE.new_table_game(3), names=NAMES)
    before = table.state
    for other, name in enumerate(NAMES):
        for ask in STOCK_ASKS:
            said = table.hear(ask.format(n=name), seat=asker)
            if other == asker:  # my own name: my own stock
                assert keys(said)[0].startswith("answer.stock"), ask
                assert keys(said)[0] != "answer.stock_other"
                continue
            assert keys(said) == ["answer.stock_other"], (ask, name)
            assert said[0].channel == f"seat:{asker + 1}"
            assert name in said[0].text and not _numbers_said(said[0].text), said[0].text
    assert table.state == before


def test_another_players_cards_played_and_held() -> None:
    table = make(ENGINE.new_table_game(3), names=NAMES)
    for ask in HAND_ASKS:
        said = table.hear(ask.format(n="Paul"), seat=0)
        assert keys(said) == ["answer.hand_other"], ask
        assert said[0].text.startswith("Paul a douze cartes en main"), said[0].text
        assert said[0].channel == "seat:1"


@pytest.mark.parametrize("ask", ["combien de points a Paul ?", "combien j'ai de points ?",
                                 "j'ai combien de points ?"])
def test_points_are_public(ask: str) -> None:
    said = make(ENGINE.new_table_game(3), names=NAMES).hear(ask, seat=0)
    assert keys(said) == ["answer.score"]


def test_a_count_agrees_with_its_resource() -> None:
    table = make(ENGINE.new_table_game(3), names=NAMES)
    stock = table.state.seats[0]
    spoken = {"stone": "pierre", "wool": "laine", "gold": "or", "wood": "bois"}
    for resource, word in spoken.items():
        assert resource in RESOURCES
        said = table.hear(f"combien j'ai de {word} ?", seat=0)
        assert keys(said) == ["answer.stock_one"]
        expected = {0: "zéro", 1: "une" if word in ("pierre", "laine") else "un",
                    2: "deux"}[stock.has(resource)]
        assert said[0].text.startswith(f"Tu as {expected} {word}"), said[0].text
