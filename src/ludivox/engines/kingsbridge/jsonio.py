"""JSON form of a position, for the tester's script mode: :func:`to_json` / :func:`from_json`.

Keys (unknown cards are ``null``; seats from 0; piles top first)::

    {"mode": "virtual" | "table",
     "columns": [[3, 4, 5], [], ...],          six columns, first placed first
     "discard": [1, 2, ...],
     "players": [{"hand": [2, 7, null], "pile": [null, 9]}, ...],
     "turn": 0,
     "placed": 0, "moves": 0, "quiet": 0, "passes": 0,    optional, default 0
     "setup_done": true,                                 optional, default true
     "result": "" | "won" | "blocked", "winners": [...]} optional, default playing

A game with characters adds (base positions never carry them)::

     "options": {"characters": true, "mode": "standard" | "solo" | "coop"},
     "edgar": {"column": 3, "index": 2} | null,   Edgar lies there, standing for that value
     players[i]: "characters": [...] (face-up pile, top first), "aside": [7, 9] (Wilwulf)
     "revealed": [...], "deck": [name | null, ...], "box": [...], "malus": [3, 5],
     "power": "ragna" | "", "skip": [column, value] | null, "den": 0, "fresh": [],
     "placed_aside": 0

A virtual position may leave characters out: they are in the box.
Extra keys (a player's "name", comments, ...) are ignored on input. :func:`from_json` checks
the position and raises ``ValueError`` with a clear message. A virtual position may list
fewer than 104 cards: the cards it does not mention are out of play, and are added to the
discard (ascending, after the listed ones) so that 104 cards always exist. A table position
must account for all 104 cards (unknown ones as ``null``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ludivox.engines.kingsbridge.state import (
    CHARACTERS,
    COPIES,
    MAX_CARD,
    MIN_CARD,
    PLAYING,
    STANDARD,
    TABLE,
    VIRTUAL,
    KingsbridgeState,
    Options,
    PlayerState,
)
from ludivox.engines.kingsbridge.validate import check_state


def to_json(state: KingsbridgeState) -> dict[str, Any]:
    """The position as a JSON-compatible dictionary (see the module docstring)."""
    data = _base_json(state)
    if state.characters_on:
        data = characters_to_json(state, data)
    return data


def _base_json(state: KingsbridgeState) -> dict[str, Any]:
    return {
        "mode": state.mode,
        "columns": [list(c) for c in state.columns],
        "discard": list(state.discard),
        "players": [{"hand": p.hand_json(), "pile": p.pile_json()} for p in state.players],
        "turn": state.turn,
        "placed": state.placed,
        "moves": state.moves,
        "quiet": state.quiet,
        "passes": state.passes,
        "setup_done": state.setup_done,
        "result": state.result,
        "winners": list(state.winners),
    }


def _list(data: Mapping[str, Any], key: str, where: str = "") -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"{where}{key!r} must be a list, got {value!r}")
    return value


def _int(data: Mapping[str, Any], key: str, default: int = 0) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key!r} must be an integer, got {value!r}")
    return value


def _known(values: list[Any], where: str) -> tuple[int, ...]:
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{where}: {value!r} is not a card value")
    return tuple(values)


def _player(data: object, seat: int) -> PlayerState:
    if not isinstance(data, Mapping):
        raise ValueError(f"players[{seat}] must be an object with 'hand' and 'pile'")
    hand = _list(data, "hand", f"players[{seat}] ")
    pile = _list(data, "pile", f"players[{seat}] ")
    known = _known([c for c in hand if c is not None], f"players[{seat}] hand")
    pile_items = tuple(c if c is None else _known([c], f"players[{seat}] pile")[0] for c in pile)
    return PlayerState(tuple(sorted(known)), len(hand) - len(known), pile_items)


def from_json(data: Mapping[str, Any]) -> KingsbridgeState:
    """A checked state from its JSON form; raises ``ValueError`` with a clear message."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a Kingsbridge position is a JSON object, got {type(data).__name__}")
    mode = data.get("mode", VIRTUAL)
    if mode not in (VIRTUAL, TABLE):
        raise ValueError(f"'mode' must be 'virtual' or 'table', got {mode!r}")
    columns = []
    for i, column in enumerate(_list(data, "columns"), start=1):
        if not isinstance(column, list):
            raise ValueError(f"column {i} must be a list of cards, got {column!r}")
        columns.append(_known(column, f"column {i}"))
    setup_done = data.get("setup_done", True)
    if not isinstance(setup_done, bool):
        raise ValueError(f"'setup_done' must be true or false, got {setup_done!r}")
    result = data.get("result", PLAYING)
    if not isinstance(result, str):
        raise ValueError(f"'result' must be a string, got {result!r}")
    state = KingsbridgeState(
        mode=mode,
        columns=tuple(columns),
        discard=_known(_list(data, "discard"), "discard"),
        players=tuple(_player(p, i) for i, p in enumerate(_list(data, "players"))),
        turn=_int(data, "turn"),
        placed=_int(data, "placed"),
        moves=_int(data, "moves"),
        quiet=_int(data, "quiet"),
        passes=_int(data, "passes"),
        setup_done=setup_done,
        result=result,
        winners=_known(_list(data, "winners"), "winners"),
    )
    state = characters_from_json(state, data)
    if mode == VIRTUAL:
        state = _fill_discard(state)
        state = _fill_box(state)
    return check_state(state)


def _fill_discard(state: KingsbridgeState) -> KingsbridgeState:
    """Put the cards a virtual position does not mention into the discard (out of play)."""
    counts = state.known_counts() if _values_ok(state) else None
    if counts is None:
        return state  # check_state reports the bad values
    missing = tuple(
        value for value in range(MIN_CARD, MAX_CARD + 1)
        for _ in range(max(0, COPIES - counts[value]))
    )
    if not missing:
        return state
    return replace(state, discard=state.discard + missing)


def _fill_box(state: KingsbridgeState) -> KingsbridgeState:
    """Put the characters a virtual position does not mention into the box."""
    if not state.characters_on:
        return state
    known = state.character_places()
    rest = tuple(n for n in CHARACTERS if n not in known)
    return replace(state, box=state.box + rest) if rest else state


def _values_ok(state: KingsbridgeState) -> bool:
    cards = [abs(c) for col in state.columns for c in col] + list(state.discard)
    cards += list(state.malus)
    for p in state.players:
        cards.extend(p.hand)
        cards.extend(p.aside)
        cards.extend(c for c in p.pile if c is not None)
    return all(MIN_CARD <= c <= MAX_CARD for c in cards)


# --- the full game's parts (characters, solo, co-op) ------------------------------------


def characters_to_json(state: KingsbridgeState, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (the base JSON) with Edgar shown by value plus the full game's keys."""
    out = dict(data)
    edgar = state.edgar_at()
    out["columns"] = [[abs(c) for c in column] for column in state.columns]
    out["edgar"] = None if edgar is None else {"column": edgar[0] + 1, "index": edgar[1]}
    out["options"] = {"characters": True, "mode": state.options.mode}
    out["players"] = [
        {**entry, "characters": list(p.characters), "aside": list(p.aside)}
        for entry, p in zip(data["players"], state.players, strict=True)
    ]
    column, skip = state.skip
    out.update(
        revealed=list(state.revealed),
        deck=list(state.deck),
        box=list(state.box),
        malus=list(state.malus),
        power=state.power,
        skip=[column, skip] if column else None,
        den=state.den,
        fresh=list(state.fresh),
        placed_aside=state.placed_aside,
    )
    return out


def _ints(value: object, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        raise ValueError(f"{what!r} must be a list of card values, got {value!r}")
    return tuple(value)


def _names(value: object, what: str, unknown: bool = False) -> tuple[Any, ...]:
    if not isinstance(value, list) or any(
        not (isinstance(v, str) or (unknown and v is None)) for v in value
    ):
        raise ValueError(f"{what!r} must be a list of character ids, got {value!r}")
    return tuple(value)


def characters_from_json(state: KingsbridgeState, data: Mapping[str, Any]) -> KingsbridgeState:
    """``state`` (read from the base keys) with the full game's keys applied."""
    options = data.get("options")
    if options is None:
        return state
    if not isinstance(options, Mapping):
        raise ValueError(f"'options' must be an object, got {options!r}")
    characters = options.get("characters", False)
    mode = options.get("mode", STANDARD)
    if not isinstance(characters, bool) or not isinstance(mode, str):
        raise ValueError(f"'options' needs characters: bool and mode: str, got {options!r}")
    if not characters and mode == STANDARD:
        return state
    players = []
    for i, (entry, player) in enumerate(zip(data["players"], state.players, strict=True)):
        players.append(replace(
            player,
            characters=_names(entry.get("characters", []), f"players[{i}].characters"),
            aside=tuple(sorted(_ints(entry.get("aside", []), f"players[{i}].aside"))),
        ))
    columns = [tuple(c) for c in state.columns]
    edgar = data.get("edgar")
    if edgar is not None:
        if not isinstance(edgar, Mapping):
            raise ValueError(f"'edgar' must be {{'column': n, 'index': i}} or null, got {edgar!r}")
        column, index = edgar.get("column"), edgar.get("index")
        if (
            not isinstance(column, int) or not isinstance(index, int)
            or not 1 <= column <= len(columns) or not 0 <= index < len(columns[column - 1])
        ):
            raise ValueError(f"'edgar' does not point at a card of a column: {edgar!r}")
        cards = list(columns[column - 1])
        cards[index] = -cards[index]
        columns[column - 1] = tuple(cards)
    skip = data.get("skip")
    if skip is not None:
        skip = _ints(skip, "skip")
        if len(skip) != 2:
            raise ValueError(f"'skip' must be [column, value], got {skip!r}")
    power = data.get("power", "")
    den = data.get("den", 0)
    placed_aside = data.get("placed_aside", 0)
    if not isinstance(power, str) or not isinstance(den, int) or not isinstance(placed_aside, int):
        raise ValueError("'power' must be a string, 'den' and 'placed_aside' integers")
    return replace(
        state,
        options=Options(characters=True, mode=mode),
        columns=tuple(columns),
        players=tuple(players),
        revealed=_names(data.get("revealed", []), "revealed"),
        deck=_names(data.get("deck", []), "deck", unknown=True),
        box=_names(data.get("box", []), "box"),
        malus=_ints(data.get("malus", []), "malus"),
        power=power,
        skip=(skip[0], skip[1]) if skip else (0, 0),
        den=den,
        fresh=_ints(data.get("fresh", []), "fresh"),
        placed_aside=placed_aside,
    )
