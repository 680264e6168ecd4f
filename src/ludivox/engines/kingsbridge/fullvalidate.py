"""Checks that a position of the full game (characters, solo, co-op) is coherent."""

from __future__ import annotations

from collections import Counter

from ludivox.engines.kingsbridge.columns import column_problem
from ludivox.engines.kingsbridge.state import (
    CHARACTERS,
    COLUMNS,
    COOP,
    EXTRA_COLUMN,
    GAME_MODES,
    MAX_CARD,
    MIN_CARD,
    RAGNA,
    REVEALED,
    SOLO,
    STANDARD,
    VIRTUAL,
    KingsbridgeState,
)


def _cards(values: tuple[object, ...], where: str) -> None:
    for card in values:
        if isinstance(card, bool) or not isinstance(card, int):
            raise ValueError(f"{where}: card {card!r} is not an integer")
        if not MIN_CARD <= card <= MAX_CARD:
            raise ValueError(f"{where}: card {card} is not between {MIN_CARD} and {MAX_CARD}")


def check_full_game(state: KingsbridgeState) -> None:
    """Raise ``ValueError`` unless the full game's parts of ``state`` are coherent."""
    mode = state.options.mode
    n = len(state.players)
    if mode not in GAME_MODES:
        raise ValueError(f"game mode must be one of {', '.join(GAME_MODES)}, got {mode!r}")
    if mode == SOLO and n != 1:
        raise ValueError(f"the solo mode is for 1 player, got {n}")
    if mode == COOP and n < 2:
        raise ValueError("the co-op mode needs 2 to 5 players")
    _check_columns(state)
    for seat, player in enumerate(state.players):
        _cards(player.aside, f"seat {seat} set aside")
        if list(player.aside) != sorted(player.aside):
            raise ValueError(f"seat {seat} cards set aside must be sorted, got {player.aside}")
    _cards(state.malus, "malus")
    if state.malus and not state.shared:
        raise ValueError("the malus pile exists only in solo and co-op")
    _check_characters(state)
    _check_turn_flags(state)


def _check_columns(state: KingsbridgeState) -> None:
    count = len(state.columns)
    if count not in (COLUMNS, EXTRA_COLUMN):
        raise ValueError(f"expected {COLUMNS} columns (7 with Roi Ethelred), got {count}")
    if count == EXTRA_COLUMN and not state.columns[-1] and state.den != EXTRA_COLUMN:
        raise ValueError("Roi Ethelred's column 7 disappears once empty")
    edgars = 0
    for number, column in enumerate(state.columns, start=1):
        for card in column:
            if isinstance(card, bool) or not isinstance(card, int):
                raise ValueError(f"column {number}: card {card!r} is not an integer")
        problem = column_problem(column, characters=True)
        if problem:
            raise ValueError(f"column {number} {problem}")
        edgars += sum(1 for card in column if card < 0)
    if edgars > 1:
        raise ValueError("Edgar lies in one column at most")


def _check_characters(state: KingsbridgeState) -> None:
    places = state.character_places()
    names = [name for name in places if name is not None]
    for name in names:
        if name not in CHARACTERS:
            raise ValueError(f"{name!r} is not a character ({', '.join(CHARACTERS)})")
    twice = [name for name, k in Counter(names).items() if k > 1]
    if twice:
        raise ValueError(f"character {twice[0]} is in two places")
    if state.mode == VIRTUAL and None in state.deck:
        raise ValueError("a virtual game knows its character deck")
    if state.options.mode == STANDARD:
        if state.revealed or state.deck:
            raise ValueError("revealed characters and a character deck are for solo and co-op")
        pending = state.mode != VIRTUAL and len(places) < len(CHARACTERS) and not state.box
        if len(places) != len(CHARACTERS) and not pending:
            raise ValueError(f"the game holds {len(places)} characters, not {len(CHARACTERS)}")
        return
    if any(p.characters for p in state.players):
        raise ValueError("solo and co-op players have no character pile")
    if len(state.revealed) > REVEALED:
        raise ValueError(f"at most {REVEALED} characters are revealed")
    if len(places) != len(CHARACTERS):
        raise ValueError(f"the game holds {len(places)} characters, not {len(CHARACTERS)}")


def _check_turn_flags(state: KingsbridgeState) -> None:
    if state.power and state.power not in CHARACTERS:
        raise ValueError(f"the character used this turn must be a character, got {state.power!r}")
    column, skip = state.skip
    if (column, skip) != (0, 0) and (
        state.power != RAGNA or not 1 <= column <= len(state.columns) or not 2 <= skip <= 12
    ):
        raise ValueError(f"Ragna's skip {state.skip} needs Ragna used, a column and 2..12")
    if state.den and not 1 <= state.den <= len(state.columns):
        raise ValueError(f"Den's column {state.den} does not exist")
    if Counter(state.fresh) - Counter(state.current.aside):
        raise ValueError("cards set aside this turn must be among the current seat's")
    if state.placed_aside < 0:
        raise ValueError("placed_aside must be a non-negative integer")
