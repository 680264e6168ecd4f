"""7 Kingdoms' one-line notation (its "FEN"): :func:`dumps` and :func:`loads` round-trip.

Fields are separated by spaces; every field is ``key=value``; lists are comma separated and
``-`` is an empty list (or, inside the row and the placed tokens, an empty place)::

    7k mode=virtual phase=play round=1 first=3 turn=3 order=- resolving=-
       blasons=1,2,3,4,5,6,7 row=9,1,17,33,25,49,41 above=- pile=2,3,4 pile_unknown=0
       hidden=+1,+2,+4,+5,peasant,blason hidden_unknown=0 revealed=x2,+3 placed=-,-,-,-,-,-,-
       discard=- end=- s0=hand:3,30,44 s1=hand:38;kingdom:8 s2=- s3=hand:28;seen:28

(on one line). ``s<n>`` is seat ``n`` (from 0), with ``;``-separated parts: ``hand:``
cards, ``seen:`` the hand cards the table saw taken, ``unknown:`` hidden hand cards
(table), ``kingdom:`` validated cards, ``played:`` the card played this round, ``out`` (sat
this round out); ``-`` when all are empty.

:func:`dumps` writes every field. For scenarios written by hand :func:`loads` accepts any
subset (defaults: virtual, phase play, round 1, first 0, turn = first, blasons 1..7, empty
places) and two shorthands: ``pile=rest`` (every card listed nowhere else, ascending) and
``hidden=rest`` (every token listed nowhere else, in data order). ``loads`` checks the
position (:func:`~ludivox.engines.seven_kingdoms.validate.check_state`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, PLACES, Components
from ludivox.engines.seven_kingdoms.state import SeatState, SevenKingdomsState
from ludivox.engines.seven_kingdoms.validate import check_state

PREFIX = "7k"
REST = "rest"
_KEYS = (
    "mode", "phase", "round", "first", "turn", "order", "resolving", "blasons", "row",
    "above", "pile", "pile_unknown", "hidden", "hidden_unknown", "revealed", "placed",
    "discard", "end",
)
_SEAT_KEY = re.compile(r"s(\d+)")


def _ints(items: tuple[int, ...]) -> str:
    return ",".join(map(str, items)) or "-"


def _words(items: tuple[str, ...]) -> str:
    return ",".join(items) or "-"


def _slots(items: tuple[object | None, ...]) -> str:
    return ",".join("-" if x is None else str(x) for x in items)


def _seat(seat: SeatState) -> str:
    parts: list[str] = []
    if seat.hand:
        parts.append(f"hand:{_ints(seat.hand)}")
    if seat.seen:
        parts.append(f"seen:{_ints(seat.seen)}")
    if seat.unknown:
        parts.append(f"unknown:{seat.unknown}")
    if seat.kingdom:
        parts.append(f"kingdom:{_ints(seat.kingdom)}")
    if seat.played is not None:
        parts.append(f"played:{seat.played}")
    if seat.sat_out:
        parts.append("out")
    return ";".join(parts) or "-"


def dumps(state: SevenKingdomsState) -> str:
    """The position's one-line notation."""
    fields = {
        "mode": state.mode,
        "phase": state.phase,
        "round": str(state.round),
        "first": str(state.first),
        "turn": str(state.turn),
        "order": _ints(state.order),
        "resolving": "-" if state.resolving_card is None else str(state.resolving_card),
        "blasons": _ints(state.blasons),
        "row": _slots(state.row),
        "above": _ints(state.above),
        "pile": _ints(state.pile),
        "pile_unknown": str(state.pile_unknown),
        "hidden": _words(state.tokens_hidden),
        "hidden_unknown": str(state.tokens_unknown),
        "revealed": _words(state.tokens_revealed),
        "placed": _slots(state.tokens_placed),
        "discard": _ints(state.discard),
        "end": state.end or "-",
    }
    seats = [f"s{i}={_seat(s)}" for i, s in enumerate(state.seats)]
    return " ".join([PREFIX, *(f"{k}={v}" for k, v in fields.items()), *seats])


class NotationError(ValueError):
    """The notation cannot be read; the message names the field and the whole text."""

    def __init__(self, text: str, detail: str) -> None:
        super().__init__(f"bad 7 Kingdoms notation ({detail}): {text!r}")
        self.text = text
        self.detail = detail


def _int(text: str, key: str, raw: str) -> int:
    if not re.fullmatch(r"\d+", raw):
        raise NotationError(text, f"{key} must be a number, got {raw!r}")
    return int(raw)


def _int_list(text: str, key: str, raw: str) -> tuple[int, ...]:
    if raw == "-":
        return ()
    return tuple(_int(text, key, x) for x in raw.split(","))


def _word_list(raw: str) -> tuple[str, ...]:
    return () if raw == "-" else tuple(raw.split(","))


def _int_slots(text: str, key: str, raw: str) -> tuple[int | None, ...]:
    items = raw.split(",")
    if len(items) != PLACES:
        raise NotationError(text, f"{key} needs {PLACES} comma-separated places")
    return tuple(None if x == "-" else _int(text, key, x) for x in items)


def _word_slots(text: str, key: str, raw: str) -> tuple[str | None, ...]:
    items = raw.split(",")
    if len(items) != PLACES:
        raise NotationError(text, f"{key} needs {PLACES} comma-separated places")
    return tuple(None if x == "-" else x for x in items)


def _parse_seat(text: str, key: str, raw: str) -> SeatState:
    seat = SeatState()
    if raw == "-":
        return seat
    for part in raw.split(";"):
        name, _, value = part.partition(":")
        if name == "out" and not value:
            seat = replace(seat, sat_out=True)
        elif name == "hand":
            seat = replace(seat, hand=tuple(sorted(_int_list(text, key, value))))
        elif name == "seen":
            seat = replace(seat, seen=tuple(sorted(_int_list(text, key, value))))
        elif name == "kingdom":
            seat = replace(seat, kingdom=tuple(sorted(_int_list(text, key, value))))
        elif name == "unknown":
            seat = replace(seat, unknown=_int(text, key, value))
        elif name == "played":
            seat = replace(seat, played=_int(text, key, value))
        else:
            raise NotationError(text, f"{key}: unknown part {part!r}")
    return seat


def loads(text: str, components: Components) -> SevenKingdomsState:
    """Parse the notation (see the module docstring); raises ``ValueError`` clearly."""
    words = text.split()
    if not words or words[0] != PREFIX:
        raise NotationError(text, f"it must start with {PREFIX!r}")
    fields: dict[str, str] = {}
    seats: dict[int, SeatState] = {}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or not value:
            raise NotationError(text, f"{word!r} is not key=value")
        seat_key = _SEAT_KEY.fullmatch(key)
        if key in fields or (seat_key and int(seat_key.group(1)) in seats):
            raise NotationError(text, f"{key} is given twice")
        if seat_key:
            seats[int(seat_key.group(1))] = _parse_seat(text, key, value)
        elif key in _KEYS:
            fields[key] = value
        else:
            raise NotationError(text, f"unknown field {key!r}")
    if sorted(seats) != list(range(len(seats))) or not seats:
        raise NotationError(text, "seats must be s0, s1, ... without gaps")
    state = _build(text, fields, tuple(seats[i] for i in range(len(seats))), components)
    problems = check_state(state, components)
    if problems:
        raise NotationError(text, "; ".join(problems))
    return state


def _build(
    text: str, f: dict[str, str], seats: tuple[SeatState, ...], components: Components
) -> SevenKingdomsState:
    first = _int(text, "first", f.get("first", "0"))
    resolving = f.get("resolving", "-")
    state = SevenKingdomsState(
        mode=f.get("mode", st.VIRTUAL),
        seats=seats,
        phase=f.get("phase", st.PLAY),
        round=_int(text, "round", f.get("round", "1")),
        first=first,
        turn=_int(text, "turn", f.get("turn", str(first))),
        order=_int_list(text, "order", f.get("order", "-")),
        resolving_card=None if resolving == "-" else _int(text, "resolving", resolving),
        blasons=_int_list(text, "blasons", f.get("blasons", _ints(components.blason_ids))),
        row=_int_slots(text, "row", f.get("row", ",".join("-" * PLACES))),
        above=_int_list(text, "above", f.get("above", "-")),
        pile_unknown=_int(text, "pile_unknown", f.get("pile_unknown", "0")),
        tokens_unknown=_int(text, "hidden_unknown", f.get("hidden_unknown", "0")),
        tokens_revealed=_word_list(f.get("revealed", "-")),
        tokens_placed=_word_slots(text, "placed", f.get("placed", ",".join("-" * PLACES))),
        discard=_int_list(text, "discard", f.get("discard", "-")),
        end="" if f.get("end", "-") == "-" else f["end"],
    )
    pile = f.get("pile", "-")
    if pile == REST:
        used = set(state.known_cards())
        state = replace(state, pile=tuple(c for c in range(1, CARD_COUNT + 1) if c not in used))
    else:
        state = replace(state, pile=_int_list(text, "pile", pile))
    hidden = f.get("hidden", "-")
    if hidden == REST:
        used_tokens = {*state.tokens_revealed, *state.tokens_placed}
        rest = tuple(t for t in components.token_ids if t not in used_tokens)
        state = replace(state, tokens_hidden=rest)
    else:
        state = replace(state, tokens_hidden=_word_list(hidden))
    return state
