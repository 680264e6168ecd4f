"""Un monde sans fin: goods said alone ("une laine", "deux laines et un tissu", "un bois")
answer the card said before them ("je vends", "je joue la vente", "je joue le matériau"),
and "mon bois" / "ma laine" is one of it. Property over the card's every legal way at the
positions of seeded playouts."""

from __future__ import annotations

import random

import pytest
from test_world_without_end_session import ENGINE, make

from ludivox.engines.world_without_end import Play, WweState

AMOUNTS = {1: "un", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq"}
NOUNS = {"wool": ("laine", "laines", True), "cloth": ("tissu", "tissus", False),
         "stone": ("pierre", "pierres", True), "wood": ("bois", "bois", False)}
CARDS = {"vente": ("je vends", "je joue la vente"), "materiau": ("je joue le matériau",)}


def _goods(play: Play) -> str:
    """The goods of ``play`` said alone, as a player answers "which ones?"."""
    said = {play.material: 1} if play.material else {
        k: getattr(play, k) for k in ("wool", "cloth", "stone", "wood") if getattr(play, k)}
    words = []
    for kind, n in said.items():
        one, many, feminine = NOUNS[kind]
        count = ("une" if feminine else "un") if n == 1 else AMOUNTS[n]
        words.append(f"{count} {one if n == 1 else many}")
    return " et ".join(words)


def _positions() -> list[tuple[WweState, str, list[Play]]]:
    """Positions where the acting seat may play a card of :data:`CARDS` in several ways."""
    found = []
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.new_virtual_game(2 + seed % 3, seed)
        for _ in range(80):
            legal = list(ENGINE.legal_actions(state))
            if not legal:
                break
            for card in CARDS:
                ways = [a for a in legal if isinstance(a, Play) and a.card == card
                        and not a.renounce]
                if len(ways) >= 2 and sum(c == card for _, c, _ in found) < 3:
                    found.append((state, card, ways))
            state, _ = ENGINE.apply(state, rng.choice(legal))
    return found


POSITIONS = _positions()


def test_the_playouts_reach_cards_with_several_ways() -> None:
    assert {card for _, card, _ in POSITIONS} == set(CARDS)


@pytest.mark.parametrize("card", sorted(CARDS))
def test_goods_said_alone_after_the_card_make_that_very_play(card: str) -> None:
    """Every way of the card, its goods said alone after the card, is that play, made at
    once; goods the card cannot take change nothing."""
    checked = 0
    for state, which, ways in POSITIONS:
        if which != card:
            continue
        seat = ENGINE.awaiting(state).seat
        for opening in CARDS[card]:
            for play in ways[:3]:
                table = make(state)
                table.hear(opening, seat=seat)
                table.hear(_goods(play), seat=seat)
                assert table.state == ENGINE.apply(state, play)[0], (opening, _goods(play))
                checked += 1
            table = make(state)
            table.hear(opening, seat=seat)
            table.hear("cinq tissus" if card == "vente" else "deux bois", seat=seat)
            assert table.state == state
    assert checked >= 4


def test_a_possessive_before_one_good_is_one_of_it() -> None:
    """"je vends ma laine", "je pose mon bois sur le pont": one wool, one wood."""
    from test_world_without_end_session import GRAMMAR

    for said, slot in (("je vends ma laine", "wool"), ("je vends mon tissu", "cloth"),
                       ("je pose mon bois sur le pont", "wood"),
                       ("je mets ma pierre sur le pont", "stone")):
        got = GRAMMAR.understand(said)
        assert got and got[0].cost == 0 and got[0].slots[slot] == "amount:1", said
