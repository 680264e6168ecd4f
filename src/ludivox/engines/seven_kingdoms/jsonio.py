"""JSON form of a position (saves, tester scripts): :func:`to_json` / :func:`from_json`.

Keys (seats from 0; places and positions as lists of 7, ``null`` for an empty one)::

    {"game": "seven_kingdoms", "mode": "virtual" | "table", "phase": "play", "round": 1,
     "first": 0, "turn": 0, "order": [2, 0], "resolving": null,
     "blasons": [3, 1, ...], "row": [9, null, ...], "above": [44],
     "pile": [12, 40, ...], "pile_unknown": 0,
     "tokens": {"hidden": ["+1"], "hidden_unknown": 0, "revealed": ["x2", "+3"],
                "placed": [null, ...]},
     "discard": [], "end": null,
     "seats": [{"hand": [2, 5], "seen": [5], "unknown": 0, "kingdom": [8],
                "played": null, "sat_out": false}, ...]}

:func:`from_json` checks types and the position and raises ``ValueError`` with a clear
message; unknown extra keys are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludivox.engines.seven_kingdoms.components import Components
from ludivox.engines.seven_kingdoms.state import SeatState, SevenKingdomsState
from ludivox.engines.seven_kingdoms.validate import check_state

GAME = "seven_kingdoms"


def to_json(state: SevenKingdomsState) -> dict[str, Any]:
    """The position as a JSON-compatible dictionary."""
    return {
        "game": GAME,
        "mode": state.mode,
        "phase": state.phase,
        "round": state.round,
        "first": state.first,
        "turn": state.turn,
        "order": list(state.order),
        "resolving": state.resolving_card,
        "blasons": list(state.blasons),
        "row": list(state.row),
        "above": list(state.above),
        "pile": list(state.pile),
        "pile_unknown": state.pile_unknown,
        "tokens": {
            "hidden": list(state.tokens_hidden),
            "hidden_unknown": state.tokens_unknown,
            "revealed": list(state.tokens_revealed),
            "placed": list(state.tokens_placed),
        },
        "discard": list(state.discard),
        "end": state.end or None,
        "seats": [
            {
                "hand": list(s.hand),
                "seen": list(s.seen),
                "unknown": s.unknown,
                "kingdom": list(s.kingdom),
                "played": s.played,
                "sat_out": s.sat_out,
            }
            for s in state.seats
        ],
    }


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise ValueError(f"7 Kingdoms JSON: {where}{key} is missing")
    value = data[key]
    if isinstance(value, bool) and kind is not bool:
        raise ValueError(f"7 Kingdoms JSON: {where}{key} must not be a boolean")
    if not isinstance(value, kind):
        raise ValueError(f"7 Kingdoms JSON: {where}{key} has the wrong type ({value!r})")
    return value


def _ints(data: Mapping[str, Any], key: str, where: str = "") -> tuple[int, ...]:
    items = _get(data, key, list, where)
    for x in items:
        if isinstance(x, bool) or not isinstance(x, int):
            raise ValueError(f"7 Kingdoms JSON: {where}{key} must list integers, got {x!r}")
    return tuple(items)


def _slots(data: Mapping[str, Any], key: str, kind: type, where: str = "") -> tuple[Any, ...]:
    items = _get(data, key, list, where)
    for x in items:
        if x is not None and (isinstance(x, bool) or not isinstance(x, kind)):
            raise ValueError(f"7 Kingdoms JSON: {where}{key} has a bad item {x!r}")
    return tuple(items)


def _words(data: Mapping[str, Any], key: str, where: str = "") -> tuple[str, ...]:
    items = _get(data, key, list, where)
    for x in items:
        if not isinstance(x, str):
            raise ValueError(f"7 Kingdoms JSON: {where}{key} must list token ids, got {x!r}")
    return tuple(items)


def _optional_int(data: Mapping[str, Any], key: str, where: str = "") -> int | None:
    value = data.get(key)
    if value is None:
        return None
    return int(_get(data, key, int, where))


def from_json(data: Mapping[str, Any], components: Components) -> SevenKingdomsState:
    """Read a position written by :func:`to_json`; raises ``ValueError`` clearly."""
    if not isinstance(data, Mapping):
        raise ValueError("7 Kingdoms JSON: a position must be an object")
    if data.get("game", GAME) != GAME:
        raise ValueError(f"7 Kingdoms JSON: this is a position of {data.get('game')!r}")
    tokens = _get(data, "tokens", Mapping, "")
    seats: list[SeatState] = []
    for i, raw in enumerate(_get(data, "seats", list, "")):
        where = f"seats[{i}]."
        if not isinstance(raw, Mapping):
            raise ValueError(f"7 Kingdoms JSON: seats[{i}] must be an object")
        seats.append(
            SeatState(
                hand=tuple(sorted(_ints(raw, "hand", where))),
                seen=tuple(sorted(_ints(raw, "seen", where))),
                unknown=_get(raw, "unknown", int, where),
                kingdom=tuple(sorted(_ints(raw, "kingdom", where))),
                played=_optional_int(raw, "played", where),
                sat_out=_get(raw, "sat_out", bool, where),
            )
        )
    end = data.get("end")
    if end is not None and not isinstance(end, str):
        raise ValueError(f"7 Kingdoms JSON: end must be a string or null, got {end!r}")
    state = SevenKingdomsState(
        mode=_get(data, "mode", str, ""),
        seats=tuple(seats),
        phase=_get(data, "phase", str, ""),
        round=_get(data, "round", int, ""),
        first=_get(data, "first", int, ""),
        turn=_get(data, "turn", int, ""),
        order=_ints(data, "order"),
        resolving_card=_optional_int(data, "resolving"),
        blasons=_ints(data, "blasons"),
        row=_slots(data, "row", int),
        above=_ints(data, "above"),
        pile=_ints(data, "pile"),
        pile_unknown=_get(data, "pile_unknown", int, ""),
        tokens_hidden=_words(tokens, "hidden", "tokens."),
        tokens_unknown=_get(tokens, "hidden_unknown", int, "tokens."),
        tokens_revealed=_words(tokens, "revealed", "tokens."),
        tokens_placed=_slots(tokens, "placed", str, "tokens."),
        discard=_ints(data, "discard"),
        end=end or "",
    )
    problems = check_state(state, components)
    if problems:
        raise ValueError("7 Kingdoms JSON: " + "; ".join(problems))
    return state
