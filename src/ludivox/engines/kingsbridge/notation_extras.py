"""The 9th notation field of a game with characters (see :mod:`.notation`), and columns
that may hold Edgar (``E7``)."""

from __future__ import annotations

from dataclasses import replace

from ludivox.engines.kingsbridge.state import (
    GAME_MODES,
    SCORED,
    KingsbridgeState,
    Options,
)

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


def _int(text: str, what: str) -> int:
    if not text.isdecimal():
        raise ValueError(f"{what}: {text!r} is not a number")
    return int(text)


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
