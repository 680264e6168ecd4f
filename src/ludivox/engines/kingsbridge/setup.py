"""Starting positions: a seeded virtual deal, or a physical table whose cards are unknown."""

from __future__ import annotations

import random

from ludivox.engines.kingsbridge.state import (
    COLUMNS,
    COPIES,
    DECK_SIZE,
    HAND_SIZE,
    MAX_CARD,
    MAX_PLAYERS,
    MIN_CARD,
    MIN_PLAYERS,
    TABLE,
    VIRTUAL,
    KingsbridgeState,
    PlayerState,
)


def check_players(players: int) -> None:
    """Raise ``ValueError`` unless ``players`` is a supported player count (1..5)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be an integer, got {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"Kingsbridge is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}"
        )


def dealt_sizes(players: int) -> tuple[int, ...]:
    """How many cards each seat is dealt (one by one from seat 0: early seats may get one more)."""
    check_players(players)
    rest = DECK_SIZE - COLUMNS
    return tuple(rest // players + (1 if seat < rest % players else 0) for seat in range(players))


def new_virtual_game(players: int, seed: int) -> KingsbridgeState:
    """Shuffle the 104 cards with ``random.Random(seed)`` and set up as the rulebook says.

    One face-up card starts each of the 6 columns; the rest is dealt one by one starting with
    seat 0; each player's cards form their pile, from which they draw 6 into their hand.
    """
    check_players(players)
    deck = [value for value in range(MIN_CARD, MAX_CARD + 1) for _ in range(COPIES)]
    random.Random(seed).shuffle(deck)
    columns = tuple((card,) for card in deck[:COLUMNS])
    rest = deck[COLUMNS:]
    piles: list[list[int]] = [[] for _ in range(players)]
    for i, card in enumerate(rest):
        piles[i % players].append(card)
    seats = tuple(
        PlayerState(hand=tuple(sorted(pile[:HAND_SIZE])), pile=tuple(pile[HAND_SIZE:]))
        for pile in piles
    )
    return KingsbridgeState(mode=VIRTUAL, columns=columns, discard=(), players=seats)


def new_table_game(players: int) -> KingsbridgeState:
    """A physical game just dealt: every card unknown, only the counts are known.

    The world must first reveal the six starting cards (``SetColumns``).
    """
    seats = tuple(
        PlayerState(unknown=min(HAND_SIZE, size), pile=(None,) * max(0, size - HAND_SIZE))
        for size in dealt_sizes(players)
    )
    return KingsbridgeState(
        mode=TABLE,
        columns=((),) * COLUMNS,
        discard=(),
        players=seats,
        setup_done=False,
    )
