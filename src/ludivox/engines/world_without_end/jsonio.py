"""The state as JSON-compatible data (the ``STATE`` lines, saves), and its one-line notation.

Keys (see the README's "Un monde sans fin (moteur)"): ``players``, ``mode``, ``rules``,
``seed``, ``draws``, ``period`` (1..4), ``round`` (1..6), ``phase``, ``active`` (the blason,
seat from 0), ``pending``, ``queue`` (questions: ``[kind, seat, arg]``), ``supply``
(resource -> count), ``covers`` (covered spaces), ``seats`` (each: ``stock``, ``score``,
``half``, ``hand``, ``played``, ``discards``, ``last_used``, ``sanctions``,
``skip_discard``), ``decks`` (virtual: each period's pile), ``drawn`` (this period's cards,
the last on the Council building), ``orient`` (-1 or the arrow's side), ``lasting``,
``lasting_count``, ``favour`` (the marker's space, from 0), ``projects`` (each: ``id``,
``stone``, ``wood``, ``metal``, ``donors``, ``done``), ``houses`` (``[site, seat]``),
``tiles`` (place 1..11 -> value or null), ``places`` (status), ``tax``, ``shortfalls``,
``printed`` (cards the table described: ``number`` from 101, ``period``, ``lasting``,
``corners``, ``place``).

The notation is ``wwe:`` followed by that data written as a Python literal on one line.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from ludivox.engines.world_without_end.components import RESOURCES, EventCard, Op, gain_of
from ludivox.engines.world_without_end.state import (
    PHASES,
    ProjectState,
    Prompt,
    SeatState,
    WweState,
)

PREFIX = "wwe:"
CORNERS = 4


def to_json(s: WweState) -> dict[str, Any]:
    """The state as plain data."""
    return {
        "players": s.players, "mode": s.mode, "rules": s.rules, "seed": s.seed,
        "draws": s.draws, "period": s.period, "round": s.round, "phase": s.phase,
        "active": s.active, "pending": list(s.pending),
        "queue": [[q.kind, q.seat, q.arg] for q in s.queue],
        "supply": dict(zip(RESOURCES, s.supply, strict=True)),
        "covers": list(s.covers),
        "seats": [
            {
                "stock": dict(zip(RESOURCES, x.stock, strict=True)), "score": x.score,
                "half": x.half, "hand": list(x.hand), "played": list(x.played),
                "discards": list(x.discards), "last_used": x.last_used,
                "sanctions": list(x.sanctions), "skip_discard": x.skip_discard,
            }
            for x in s.seats
        ],
        "decks": [list(d) for d in s.decks], "drawn": list(s.drawn), "orient": s.orient,
        "lasting": list(s.lasting), "lasting_count": s.lasting_count, "favour": s.favour,
        "projects": [{**asdict(p), "donors": list(p.donors)} for p in s.projects],
        "houses": [list(h) for h in s.houses], "tiles": list(s.tiles),
        "places": list(s.places), "tax": s.tax,
        "shortfalls": [list(x) for x in s.shortfalls],
        "printed": [
            {"number": c.number, "period": c.period, "lasting": c.lasting,
             "corners": [dict(corner) for corner in c.corners], "place": c.place}
            for c in s.printed
        ],
    }


def from_json(data: Mapping[str, Any]) -> WweState:
    """Read data written by :func:`to_json`; raises ``ValueError`` with what is wrong."""
    try:
        state = WweState(
            int(data["players"]), str(data["mode"]), str(data["rules"]), int(data["seed"]),
            int(data["draws"]), int(data["period"]), int(data["round"]), str(data["phase"]),
            int(data["active"]), tuple(int(x) for x in data["pending"]),
            tuple(Prompt(str(k), int(seat), str(arg)) for k, seat, arg in data["queue"]),
            tuple(int(data["supply"][r]) for r in RESOURCES),
            tuple(str(c) for c in data["covers"]),
            tuple(
                SeatState(
                    tuple(int(x["stock"][r]) for r in RESOURCES), int(x["score"]),
                    bool(x["half"]), tuple(x["hand"]), tuple(x["played"]),
                    tuple(x["discards"]), str(x["last_used"]), tuple(x["sanctions"]),
                    bool(x["skip_discard"]),
                )
                for x in data["seats"]
            ),
            tuple(tuple(int(c) for c in d) for d in data["decks"]),
            tuple(int(c) for c in data["drawn"]), int(data["orient"]),
            tuple(int(c) for c in data["lasting"]), int(data["lasting_count"]),
            int(data["favour"]),
            tuple(
                ProjectState(str(p["id"]), int(p["stone"]), int(p["wood"]), int(p["metal"]),
                             tuple(int(d) for d in p["donors"]), bool(p["done"]))
                for p in data["projects"]
            ),
            tuple((int(a), int(b)) for a, b in data["houses"]),
            tuple(None if v is None else int(v) for v in data["tiles"]),
            tuple(str(p) for p in data["places"]), int(data["tax"]),
            tuple((int(a), int(b), int(c)) for a, b, c in data["shortfalls"]),
            tuple(_printed(c) for c in data.get("printed", ())),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"état d'Un monde sans fin illisible : {exc!r}") from exc
    if state.phase not in PHASES or len(state.seats) != state.players:
        raise ValueError(f"état d'Un monde sans fin incohérent : phase {state.phase!r}")
    return state


def _printed(data: Mapping[str, Any]) -> EventCard:
    corners = [gain_of({str(r): int(n) for r, n in c.items()}) for c in data["corners"]]
    if len(corners) != CORNERS:
        raise ValueError("a card has four corners")
    return EventCard(int(data["number"]), int(data["period"]), "", bool(data["lasting"]),
                     (corners[0], corners[1], corners[2], corners[3]), int(data["place"]),
                     (Op("said"),))


def dumps(s: WweState) -> str:
    """The one-line notation."""
    return PREFIX + repr(to_json(s))


def loads(text: str) -> WweState:
    """Parse :func:`dumps`'s notation; raises ``ValueError`` clearly."""
    if not text.startswith(PREFIX):
        raise ValueError(f"une position d'Un monde sans fin commence par {PREFIX!r}")
    try:
        data = ast.literal_eval(text[len(PREFIX):])
    except (ValueError, SyntaxError) as exc:
        raise ValueError(f"position d'Un monde sans fin illisible : {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError("position d'Un monde sans fin illisible : pas un dictionnaire")
    return from_json(data)
