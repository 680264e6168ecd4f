"""Starting positions: a seeded virtual deal, or a physical table whose cards are unknown."""

from __future__ import annotations

import random
from dataclasses import replace

from ludivox.engines.kingsbridge.state import (
    CHARACTERS,
    COLUMNS,
    COOP,
    COPIES,
    DECK_SIZE,
    GAME_MODES,
    HAND_SIZE,
    MAX_CARD,
    MAX_PLAYERS,
    MIN_CARD,
    MIN_PLAYERS,
    REVEALED,
    SOLO,
    STANDARD,
    TABLE,
    VIRTUAL,
    KingsbridgeState,
    Options,
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


def mode_players(mode: str) -> tuple[int, int]:
    """(fewest, most) players of a game mode: solo is for one, co-op for 2 to 5."""
    if mode == SOLO:
        return 1, 1
    if mode == COOP:
        return 2, MAX_PLAYERS
    return MIN_PLAYERS, MAX_PLAYERS


def game_options(players: int, characters: bool, mode: str) -> Options:
    """Checked options: solo (1 player) and co-op (2 to 5) always play with the characters."""
    check_players(players)
    if mode not in GAME_MODES:
        raise ValueError(f"mode must be one of {', '.join(GAME_MODES)}, got {mode!r}")
    fewest, most = mode_players(mode)
    if not fewest <= players <= most:
        if mode == SOLO:
            raise ValueError(f"the solo mode is for 1 player, got {players}")
        raise ValueError(f"the co-op mode needs {fewest} to {most} players (1 player: solo)")
    return Options(characters=bool(characters) or mode != STANDARD, mode=mode)


def new_virtual_game(
    players: int, seed: int, characters: bool = False, mode: str = STANDARD
) -> KingsbridgeState:
    """Shuffle the 104 cards with ``random.Random(seed)`` and set up as the rulebook says.

    One face-up card starts each of the 6 columns; the rest is dealt one by one starting with
    seat 0; each player's cards form their pile, from which they draw 6 into their hand.
    With characters, the same generator then shuffles the 10 characters: dealt evenly in
    standard mode (one by one from seat 0, the rest in the box), or a face-down deck with 3
    revealed in solo and co-op.
    """
    options = game_options(players, characters, mode)
    deck = [value for value in range(MIN_CARD, MAX_CARD + 1) for _ in range(COPIES)]
    rng = random.Random(seed)
    rng.shuffle(deck)
    columns = tuple((card,) for card in deck[:COLUMNS])
    rest = deck[COLUMNS:]
    piles: list[list[int]] = [[] for _ in range(players)]
    for i, card in enumerate(rest):
        piles[i % players].append(card)
    seats = tuple(
        PlayerState(hand=tuple(sorted(pile[:HAND_SIZE])), pile=tuple(pile[HAND_SIZE:]))
        for pile in piles
    )
    state = KingsbridgeState(mode=VIRTUAL, columns=columns, discard=(), players=seats)
    if not options.characters:
        return state
    names = list(CHARACTERS)
    rng.shuffle(names)
    state = replace(state, options=options)
    if options.shared:
        return replace(state, revealed=tuple(names[:REVEALED]), deck=tuple(names[REVEALED:]))
    each = len(names) // players
    dealt = tuple(
        replace(p, characters=tuple(names[seat:each * players:players]))
        for seat, p in enumerate(seats)
    )
    return replace(state, players=dealt, box=tuple(names[each * players :]))


def new_table_game(
    players: int, characters: bool = False, mode: str = STANDARD
) -> KingsbridgeState:
    """A physical game just dealt: every card unknown, only the counts are known.

    The world must first reveal the six starting cards (``SetColumns``); with characters, also
    each seat's face-up pile (``SetCharacters``, standard mode) or the three characters turned
    face up from the deck (``RevealCharacter``, solo and co-op).
    """
    options = game_options(players, characters, mode)
    seats = tuple(
        PlayerState(unknown=min(HAND_SIZE, size), pile=(None,) * max(0, size - HAND_SIZE))
        for size in dealt_sizes(players)
    )
    state = KingsbridgeState(
        mode=TABLE,
        columns=((),) * COLUMNS,
        discard=(),
        players=seats,
        setup_done=False,
    )
    if options.shared:
        return replace(state, options=options, deck=(None,) * len(CHARACTERS))
    return replace(state, options=options)
