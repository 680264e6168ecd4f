"""Kingsbridge's one-line notation (its "FEN"): :func:`dumps` and :func:`loads` round-trip.

Grammar (fields separated by single spaces)::

    notation := "kb" mode columns discard players turn counters status
    mode     := "v" | "t"                       virtual | table
    columns  := column ("/" column)*            column 1 first
    column   := "-" | card ("," card)*          first placed first; "-" is an empty column
    discard  := "-" | card ("," card)*          oldest first
    players  := player ("|" player)*            seat 0 first
    player   := hand ":" pile
    hand     := "-" | item ("," item)*          known values ascending, then unknown cards
    pile     := "-" | item ("," item)*          top first
    item     := card | "?" | "?" count          "?" one unknown card, "?12" twelve of them
    turn     := "@" seat                        the seat (from 0) that plays now
    counters := "p" n "m" n "q" n "x" n         cards placed this turn, moves this turn,
                                                quiet turns in a row, passes in a row
    status   := "play" | "setup" | "won=" seat | "blocked=" seat ("," seat)*

Example (virtual, 2 players, seat 1 to play, one card placed this turn)::

    kb v 1,2,3/5,6,7,8/9/5/2/13 - 1,4,6,8,11,12:3,7|2,2,5:- @1 p1m0q0x0 play

(An example only: a real state holds all 104 cards.)

A game with characters (full game, solo, co-op) adds a 9th field, and may hold ``E7`` (Edgar
standing for a 7) in a column, a 7th column, and the status ``scored`` (solo / co-op end)::

    extras   := "+" key "=" value (";" key "=" value)*     every key, in this order:
      m  game mode: standard | solo | coop
      c  character piles, seat 0 first: names "." joined, "-" empty, seats "|" joined
      w  cards set aside with Wilwulf, per seat: cards "," joined, "-" empty, "|" joined
      r  revealed characters (solo / co-op), d  the face-down deck, top first ("?": unknown),
      b  the box: names "." joined or "-"
      k  malus pile: cards "," joined or "-"
      u  character used this turn or "-";  s  Ragna's skip "column.value" or "-"
      n  Den's column (0: none);  f  cards set aside this turn;  a  Wilwulf cards placed

``loads`` checks the position
(:func:`ludivox.engines.kingsbridge.validate.check_state`): 104 cards, at most 8 known copies
of a value, ascending columns, ...
"""

from __future__ import annotations

import re
from dataclasses import replace

from ludivox.engines.kingsbridge.state import (
    BLOCKED,
    GAME_MODES,
    PLAYING,
    SCORED,
    TABLE,
    VIRTUAL,
    WON,
    KingsbridgeState,
    Options,
    PlayerState,
)
from ludivox.engines.kingsbridge.validate import check_state

PREFIX = "kb"
_MODES = {"v": VIRTUAL, "t": TABLE}
_COUNTERS = re.compile(r"p(\d+)m(\d+)q(\d+)x(\d+)")


def _cards(cards: tuple[int, ...]) -> str:
    return ",".join(str(c) if c > 0 else f"E{-c}" for c in cards) or "-"


def _items(items: tuple[int | None, ...]) -> str:
    out: list[str] = []
    run = 0
    for item in items:
        if item is None:
            run += 1
            continue
        if run:
            out.append(_unknown(run))
            run = 0
        out.append(str(item))
    if run:
        out.append(_unknown(run))
    return ",".join(out) or "-"


def _unknown(run: int) -> str:
    return "?" if run == 1 else f"?{run}"


def dumps(state: KingsbridgeState) -> str:
    """The state's one-line notation (see the module docstring)."""
    mode = "t" if state.mode == TABLE else "v"
    columns = "/".join(_cards(c) for c in state.columns)
    players = "|".join(
        f"{_items((*p.hand, *([None] * p.unknown)))}:{_items(p.pile)}" for p in state.players
    )
    counters = f"p{state.placed}m{state.moves}q{state.quiet}x{state.passes}"
    if state.result == WON:
        status = f"won={state.winners[0]}"
    elif state.result == BLOCKED:
        status = "blocked=" + ",".join(map(str, state.winners))
    elif state.result == SCORED:
        status = SCORED
    else:
        status = "play" if state.setup_done else "setup"
    text = (
        f"{PREFIX} {mode} {columns} {_cards(state.discard)} {players} @{state.turn} "
        f"{counters} {status}"
    )
    if state.characters_on:
        text += " " + dump_extras(state)
    return text


def _int(text: str, what: str) -> int:
    if not text.isdecimal():
        raise ValueError(f"{what}: {text!r} is not a number")
    return int(text)


def _parse_cards(text: str, what: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    return tuple(_int(t, what) for t in text.split(","))


def _parse_items(text: str, what: str) -> tuple[int | None, ...]:
    if text == "-":
        return ()
    out: list[int | None] = []
    for token in text.split(","):
        if token.startswith("?"):
            count = 1 if token == "?" else _int(token[1:], what)
            if count == 0:
                raise ValueError(f"{what}: '?0' is not a count of unknown cards")
            out.extend([None] * count)
        else:
            out.append(_int(token, what))
    return tuple(out)


def _parse_player(text: str, seat: int) -> PlayerState:
    hand_text, sep, pile_text = text.partition(":")
    if not sep:
        raise ValueError(f"seat {seat}: expected 'hand:pile', got {text!r}")
    hand = _parse_items(hand_text, f"seat {seat} hand")
    known = tuple(sorted(c for c in hand if c is not None))
    pile = _parse_items(pile_text, f"seat {seat} pile")
    return PlayerState(known, len(hand) - len(known), pile)


def loads(text: str) -> KingsbridgeState:
    """Parse the notation into a checked state; raises ``ValueError`` saying what is wrong."""
    fields = text.split()
    extras = fields[8] if len(fields) == 9 and fields[8].startswith("+") else ""
    if len(fields) != (9 if extras else 8) or fields[0] != PREFIX:
        raise ValueError(
            f"not a Kingsbridge position (expected 8 fields starting with {PREFIX!r}): {text!r}"
        )
    _, mode, columns, discard, players, turn, counters, status = fields[:8]
    try:
        if mode not in _MODES:
            raise ValueError(f"mode must be 'v' or 't', got {mode!r}")
        if not turn.startswith("@"):
            raise ValueError(f"turn must look like '@0', got {turn!r}")
        match = _COUNTERS.fullmatch(counters)
        if match is None:
            raise ValueError(f"counters must look like 'p0m0q0x0', got {counters!r}")
        placed, moves, quiet, passes = (int(g) for g in match.groups())
        result, winners, setup_done = _parse_status(status)
        state = KingsbridgeState(
            mode=_MODES[mode],
            columns=tuple(
                parse_column(c, f"column {i}", bool(extras))
                for i, c in enumerate(columns.split("/"), 1)
            ),
            discard=_parse_cards(discard, "discard"),
            players=tuple(_parse_player(p, i) for i, p in enumerate(players.split("|"))),
            turn=_int(turn[1:], "turn"),
            placed=placed,
            moves=moves,
            quiet=quiet,
            passes=passes,
            setup_done=setup_done,
            result=result,
            winners=winners,
        )
        if extras:
            state = parse_extras(state, extras)
        return check_state(state)
    except ValueError as exc:
        raise ValueError(f"{exc} in {text!r}") from None


def _parse_status(status: str) -> tuple[str, tuple[int, ...], bool]:
    if status == "play":
        return PLAYING, (), True
    if status == "setup":
        return PLAYING, (), False
    if status == SCORED:
        return SCORED, (), True
    name, sep, seats = status.partition("=")
    if sep and name in (WON, BLOCKED):
        return name, _parse_cards(seats, "winners"), True
    raise ValueError(f"status must be play, setup, won=SEAT or blocked=SEATS, got {status!r}")


# --- the full game's parts (characters, solo, co-op) ------------------------------------

_KEYS = ("m", "c", "w", "r", "d", "b", "k", "u", "s", "n", "f", "a")



def _nums(values: tuple[int, ...]) -> str:
    return ",".join(map(str, values)) or "-"


def _names(names: tuple[str | None, ...]) -> str:
    return ".".join("?" if n is None else n for n in names) or "-"


def dump_extras(state: KingsbridgeState) -> str:
    """The extras field: ``+m=solo;c=...;...`` (every key, fixed order)."""
    column, skip = state.skip
    values = {
        "m": state.options.mode,
        "c": "|".join(_names(p.characters) for p in state.players),
        "w": "|".join(_nums(p.aside) for p in state.players),
        "r": _names(state.revealed),
        "d": _names(state.deck),
        "b": _names(state.box),
        "k": _nums(state.malus),
        "u": state.power or "-",
        "s": f"{column}.{skip}" if column else "-",
        "n": str(state.den),
        "f": _nums(state.fresh),
        "a": str(state.placed_aside),
    }
    return "+" + ";".join(f"{k}={values[k]}" for k in _KEYS)



def parse_column(text: str, what: str, characters: bool) -> tuple[int, ...]:
    """A column: cards "," joined or "-"; with characters, ``E7`` is Edgar standing for 7."""
    if text == "-":
        return ()
    out: list[int] = []
    for token in text.split(","):
        if characters and token.startswith("E"):
            out.append(-_int(token[1:], what))
        else:
            out.append(_int(token, what))
    return tuple(out)


def _parse_nums(text: str, what: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(_int(t, what) for t in text.split(","))


def _parse_names(text: str) -> tuple[str | None, ...]:
    return () if text == "-" else tuple(None if t == "?" else t for t in text.split("."))


def _known(names: tuple[str | None, ...], what: str) -> tuple[str, ...]:
    if None in names:
        raise ValueError(f"{what}: '?' is only for the face-down deck")
    return tuple(n for n in names if n is not None)


def parse_extras(state: KingsbridgeState, text: str) -> KingsbridgeState:
    """``state`` with the extras field applied; raises ``ValueError`` saying what is wrong."""
    pairs = [item.partition("=") for item in text[1:].split(";")]
    keys = tuple(k for k, _, _ in pairs)
    if keys != _KEYS or any(not sep for _, sep, _ in pairs):
        raise ValueError(f"extras must give {', '.join(_KEYS)} in this order, got {text!r}")
    v = {k: val for k, _, val in pairs}
    if v["m"] not in GAME_MODES:
        raise ValueError(f"game mode must be one of {', '.join(GAME_MODES)}, got {v['m']!r}")
    piles = v["c"].split("|")
    asides = v["w"].split("|")
    if len(piles) != len(state.players) or len(asides) != len(state.players):
        raise ValueError("extras c= and w= need one entry per seat")
    players = tuple(
        replace(
            p, characters=_known(_parse_names(c), f"seat {i} characters"),
            aside=_parse_nums(w, f"seat {i} set aside"),
        )
        for i, (p, c, w) in enumerate(zip(state.players, piles, asides, strict=True))
    )
    skip = (0, 0)
    if v["s"] != "-":
        column, dot, value = v["s"].partition(".")
        if not dot:
            raise ValueError(f"Ragna's skip must look like '3.4', got {v['s']!r}")
        skip = (_int(column, "skip"), _int(value, "skip"))
    state = replace(
        state,
        options=Options(characters=True, mode=v["m"]),
        players=players,
        revealed=_known(_parse_names(v["r"]), "revealed"),
        deck=_parse_names(v["d"]),
        box=_known(_parse_names(v["b"]), "box"),
        malus=_parse_nums(v["k"], "malus"),
        power="" if v["u"] == "-" else v["u"],
        skip=skip,
        den=_int(v["n"], "den"),
        fresh=_parse_nums(v["f"], "fresh"),
        placed_aside=_int(v["a"], "placed aside"),
    )
    if state.result == SCORED:
        winners = tuple(range(len(players))) if state.score() >= 1 else ()
        state = replace(state, winners=winners)
    return state
