"""Checks that a position is a coherent Kingsbridge state (for loaded notation and JSON):
the base game, and the full game's parts (characters, solo, co-op) when it is played with
them. The column rule is :func:`ludivox.engines.kingsbridge.columns.column_problem`."""

from __future__ import annotations

from collections import Counter

from ludivox.engines.kingsbridge.columns import column_problem
from ludivox.engines.kingsbridge.state import (
    BLOCKED,
    CHARACTERS,
    COLUMNS,
    COOP,
    COPIES,
    DECK_SIZE,
    EXTRA_COLUMN,
    GAME_MODES,
    MAX_CARD,
    MAX_PLAYERS,
    MIN_CARD,
    MIN_PLAYERS,
    MODES,
    PLAYING,
    RAGNA,
    REVEALED,
    SCORED,
    SOLO,
    STANDARD,
    TABLE,
    VIRTUAL,
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
    if not state.characters_on:
        _check_base_only(state)
    _check_columns(state)
    if state.characters_on:
        _check_full_game(state)
    return _check_rest(state)


def _check_columns(state: KingsbridgeState) -> None:
    count = len(state.columns)
    if count != COLUMNS and not (state.characters_on and count == EXTRA_COLUMN):
        raise ValueError(f"expected {COLUMNS} columns, got {count}")
    if count == EXTRA_COLUMN and not state.columns[-1] and state.den != EXTRA_COLUMN:
        raise ValueError("Roi Ethelred's column 7 disappears once empty")
    for number, column in enumerate(state.columns, start=1):
        for card in column:
            if isinstance(card, bool) or not isinstance(card, int):
                raise ValueError(f"column {number}: card {card!r} is not an integer")
        problem = column_problem(column, characters=state.characters_on)
        if problem:
            raise ValueError(f"column {number}{problem}")
    if sum(1 for column in state.columns for card in column if card < 0) > 1:
        raise ValueError("Edgar lies in one column at most")


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


def _check_full_game(state: KingsbridgeState) -> None:
    """Raise ``ValueError`` unless the full game's parts of ``state`` are coherent."""
    mode = state.options.mode
    n = len(state.players)
    if mode not in GAME_MODES:
        raise ValueError(f"game mode must be one of {', '.join(GAME_MODES)}, got {mode!r}")
    if mode == SOLO and n != 1:
        raise ValueError(f"the solo mode is for 1 player, got {n}")
    if mode == COOP and n < 2:
        raise ValueError("the co-op mode needs 2 to 5 players")
    for seat, player in enumerate(state.players):
        for card in player.aside:
            _card(card, f"seat {seat} set aside")
        if list(player.aside) != sorted(player.aside):
            raise ValueError(f"seat {seat} cards set aside must be sorted, got {player.aside}")
    for card in state.malus:
        _card(card, "malus")
    if state.malus and not state.shared:
        raise ValueError("the malus pile exists only in solo and co-op")
    _check_characters(state)
    _check_turn_flags(state)


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
