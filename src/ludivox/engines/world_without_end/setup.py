"""Setting a game up: the supply, each player's start, the deck of each period.

Rule decisions (the set-up insert is not in the rulebook text we have):

* Score markers on 8; each player takes 1 wool and 2 gold from the supply (data README).
* The bridge is on the board from the start; the bell tower comes after period II.
* A cover tile lies on the market's cloth at the start ("On retire également le jeton qui se
  trouve sur l'icône Tissu du marché après la première période") unless the data says not.
* Seat 0 holds the blason first; the favour marker starts on the data's ``favour_start``.
* Virtual mode: each period's pile is 6 of its 11 cards, shuffled from the seed. Table mode:
  the piles are unknown; the active player says or scans each card drawn.
"""

from __future__ import annotations

import random

from ludivox.engines.world_without_end.components import (
    PERIODS,
    PLAGUE_PLACES,
    RESOURCES,
    ROUNDS,
    Components,
)
from ludivox.engines.world_without_end.period import first_hand
from ludivox.engines.world_without_end.state import (
    DRAW,
    MODES,
    NO_TILE,
    RULES,
    VIRTUAL,
    Proj,
    Seat,
    Table,
    fresh_supply,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def check_players(players: int) -> None:
    """2 to 4 players."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Un monde sans fin se joue à 2, 3 ou 4 joueurs, pas {players}.")


def new_table(
    components: Components, players: int, mode: str, rules: str, seed: int
) -> Table:
    """The starting position, before anything is drawn."""
    check_players(players)
    if mode not in MODES or rules not in RULES:
        raise ValueError(f"mode {mode!r} ou règles {rules!r} inconnus")
    supply = fresh_supply(components)
    seats = []
    for _ in range(players):
        stock = dict.fromkeys(RESOURCES, 0)
        for resource, n in components.start_stock:
            stock[resource] = n
            supply[resource] -= n
        seats.append(Seat(stock, components.start_score, hand=first_hand(rules)))
    decks: list[tuple[int, ...]] = []
    if mode == VIRTUAL:
        rng = random.Random(seed)
        for period in range(1, PERIODS + 1):
            cards = list(components.period_cards(period))
            rng.shuffle(cards)
            decks.append(tuple(cards[:ROUNDS]))
    return Table(
        players, mode, rules, seed, 0, 1, 1, DRAW, 0, [], [], supply,
        ["market:cloth"] if components.market_cloth_covered else [], seats, decks, [], -1,
        [], 0, components.favour_start,
        [Proj(p.id) for p in components.projects if p.start == "board"], {},
        [None] * PLAGUE_PLACES, [NO_TILE] * PLAGUE_PLACES,
    )
