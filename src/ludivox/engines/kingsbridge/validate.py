"""Checks that a position is a coherent Kingsbridge state (for loaded notation and JSON)."""

from __future__ import annotations

from itertools import pairwise

from ludivox.engines.kingsbridge.fullvalidate import check_full_game
from ludivox.engines.kingsbridge.state import (
    BLOCKED,
    COLUMNS,
    COPIES,
    DECK_SIZE,
    MAX_CARD,
    MAX_PLAYERS,
    MIN_CARD,
    MIN_PLAYERS,
    MODES,
    PLAYING,
    SCORED,
    STANDARD,
    TABLE,
    WON,
    KingsbridgeState,
)


def _card(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where}: card {value!r} is not an integer")
    if not MIN_CARD <= value <= MAX_CARD:
        raise ValueError(f"{where}: card {value} is not between {MIN_CARD} and {MAX_CARD}")
    return value


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where} must be a non-negative integer, got {value!r}")
    return value


def check_state(state: KingsbridgeState) -> KingsbridgeState:
    """Return ``state`` if coherent, else raise ``ValueError`` saying what is wrong."""
    if state.mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, got {state.mode!r}")
    n = len(state.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(
            f"Kingsbridge is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n}"
        )
    if state.characters_on:
        check_full_game(state)
    else:
        _check_base_only(state)
        _check_columns(state)
    return _check_rest(state)


def _check_columns(state: KingsbridgeState) -> None:
    if len(state.columns) != COLUMNS:
        raise ValueError(f"expected {COLUMNS} columns, got {len(state.columns)}")
    for number, column in enumerate(state.columns, start=1):
        for card in column:
            _card(card, f"column {number}")
        for a, b in pairwise(column):
            if b != a + 1:
                raise ValueError(f"column {number} is not an ascending run: {a} then {b}")
        if len(column) == MAX_CARD - MIN_CARD + 1:
            raise ValueError(f"column {number} holds 1..13: a finished column is discarded")


def _check_base_only(state: KingsbridgeState) -> None:
    """A game without characters has none of the full game's parts."""
    if state.options.mode != STANDARD:
        raise ValueError("the solo and co-op modes are played with the characters")
    extras = (
        state.revealed or state.deck or state.box or state.malus or state.power or state.den
        or state.fresh or state.placed_aside or state.skip != (0, 0)
        or any(p.characters or p.aside for p in state.players)
    )
    if extras:
        raise ValueError("characters, cards set aside and malus exist only with characters")


def _check_rest(state: KingsbridgeState) -> KingsbridgeState:
    n = len(state.players)
    for card in state.discard:
        _card(card, "discard")
    for seat, player in enumerate(state.players):
        for card in player.hand:
            _card(card, f"seat {seat} hand")
        if list(player.hand) != sorted(player.hand):
            raise ValueError(f"seat {seat} hand must be sorted, got {player.hand}")
        _count(player.unknown, f"seat {seat} unknown hand cards")
        for maybe in player.pile:
            if maybe is not None:
                _card(maybe, f"seat {seat} pile")
    if not 0 <= state.turn < n:
        raise ValueError(f"turn must be a seat from 0 to {n - 1}, got {state.turn}")
    for name in ("placed", "moves", "quiet", "passes"):
        _count(getattr(state, name), name)
    _check_knowledge(state)
    _check_result(state)
    return state


def _check_knowledge(state: KingsbridgeState) -> None:
    if state.mode != TABLE:
        if state.unknown_count():
            raise ValueError("a virtual game has no unknown cards (null is for table mode)")
        if not state.setup_done:
            raise ValueError("only a table game can wait for its set-up")
    if not state.setup_done and (any(state.columns) or state.discard):
        raise ValueError("columns and discard must be empty until the set-up is done")
    counts = state.known_counts()
    for value in range(MIN_CARD, MAX_CARD + 1):
        if counts[value] > COPIES:
            raise ValueError(
                f"{counts[value]} cards of value {value} are known; there are only {COPIES}"
            )
    total = state.total_cards()
    if total != DECK_SIZE:
        raise ValueError(f"the position holds {total} cards (known and unknown), not {DECK_SIZE}")


def _check_result(state: KingsbridgeState) -> None:
    n = len(state.players)
    if state.result == PLAYING:
        if state.winners:
            raise ValueError("winners given for a game that is not over")
        return
    if state.result == SCORED:
        expected = tuple(range(n)) if state.score() >= 1 else ()
        if not state.shared or state.winners != expected:
            raise ValueError("a scored game is solo or co-op, won by all with 1 point or more")
        return
    if state.result not in (WON, BLOCKED):
        raise ValueError(f"result must be '', 'won' or 'blocked', got {state.result!r}")
    if not state.setup_done:
        raise ValueError("a game cannot be over before its set-up")
    if not state.winners or any(not 0 <= s < n for s in state.winners):
        raise ValueError(f"winners must be seats from 0 to {n - 1}, got {state.winners}")
    if list(state.winners) != sorted(set(state.winners)):
        raise ValueError(f"winners must be distinct and ascending, got {state.winners}")
    if state.result == WON and (
        len(state.winners) != 1 or state.players[state.winners[0]].cards_left
    ):
        raise ValueError("a won game has one winner with no card left")
