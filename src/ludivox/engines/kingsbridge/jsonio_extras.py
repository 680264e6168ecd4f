"""The JSON keys of a game with characters (see :mod:`.jsonio`); base games never have them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ludivox.engines.kingsbridge.state import STANDARD, KingsbridgeState, Options


def extras_to_json(state: KingsbridgeState, data: dict[str, Any]) -> dict[str, Any]:
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


def extras_from_json(state: KingsbridgeState, data: Mapping[str, Any]) -> KingsbridgeState:
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
