"""What a seat (or the whole table) may know: :func:`view` is JSON-compatible.

Public: the period, round and phase, who acts, the supply, the covers, the favour marker, the
event card on the Council building and its orientation, the lasting events in force, the
projects (materials, donors), the houses, the plague places (a tile's value once turned),
what each orientation of the event card would give, the contributions due at the end of a
period, each seat's score, the cards it played face up, how many cards it holds and has discarded,
its sanctions and its unpaid contributions at the end of a period.
Private to a seat: its stock behind the screen, its hand, its face-down discards.
Never shown: the order of the event piles, the plague tiles still face down.
"""

from __future__ import annotations

from typing import Any

from ludivox.engines.world_without_end.components import RESOURCES, Components
from ludivox.engines.world_without_end.favour import landing
from ludivox.engines.world_without_end.flow import awaiting, corner_for
from ludivox.engines.world_without_end.houses import own_sites
from ludivox.engines.world_without_end.legal import orient_problem
from ludivox.engines.world_without_end.period import DUES, winners
from ludivox.engines.world_without_end.projects import seals_left
from ludivox.engines.world_without_end.state import ORIENT, OVER, SICK, Table, WweState, thaw


def orientations(t: Table, components: Components) -> list[dict[str, Any]]:
    """For each side the arrow may point at: the favour steps, the space reached, whether it
    is allowed, and each seat's income (the card is face up: all public)."""
    out = []
    for side in range(4):
        steps = components.council[side]
        land = landing(t, components, steps)
        out.append({
            "side": side,
            "steps": steps,
            "favour": components.favours[land] if land is not None else None,
            "allowed": orient_problem(t, components, side) is None,
            "incomes": [{} if t.round == 1 and "begging" in t.seats[seat].sanctions
                        else dict(corner_for(t, components, seat, side))
                        for seat in range(t.players)],  # a begging seat gets nothing
        })
    return out


def view(state: WweState, seat: int | None, components: Components) -> dict[str, Any]:
    """What ``seat`` may know (``None``: what the whole table may hear)."""
    t = thaw(state)
    done = winners(t) if state.phase == OVER else ()
    now = awaiting(t, done)
    out: dict[str, Any] = {
        "game": "world_without_end",
        "mode": state.mode,
        "rules": state.rules,
        "players": state.players,
        "period": state.period,
        "round": state.round,
        "phase": now.phase,
        "awaiting": {"seats": list(now.seats), "kinds": sorted(now.kinds),
                     "world": now.world, "game_over": now.game_over},
        "question": ({"kind": t.queue[0].kind, "seat": t.queue[0].seat, "arg": t.queue[0].arg}
                     if t.queue else None),
        "active": state.active,
        "supply": dict(t.supply),
        "covers": list(state.covers),
        "favour": {"space": state.favour, "name": components.favours[state.favour]},
        "council": {"card": state.council, "side": state.orient}
        if state.council is not None else None,
        "lasting": list(state.lasting),
        "printed": [{"number": c.number, "lasting": c.lasting, "place": c.place,
                     "corners": [dict(x) for x in c.corners]} for c in state.printed],
        "projects": [
            {"id": p.id, "stone": p.stone, "wood": p.wood, "metal": p.metal,
             "donors": list(p.donors), "done": p.done,
             "covered": f"project:{p.id}" in state.covers}
            for p in state.projects
        ],
        "houses": [[site, owner] for site, owner in state.houses],
        "plague": [
            {"place": i + 1, "status": status,
             "tile": state.tiles[i] if status == SICK else None}
            for i, status in enumerate(state.places)
        ],
        "tax": state.tax,
        "seats": [
            {"seat": i, "score": s.score, "half": s.half, "played": list(s.played),
             "hand_count": len(s.hand), "discard_count": len(s.discards),
             "houses": own_sites(t, i), "seals": seals_left(t, components, i),
             "sanctions": list(s.sanctions),
             "unpaid": list(state.shortfalls[i]) if state.shortfalls else None}
            for i, s in enumerate(state.seats)
        ],
        "winners": list(done),
        "dues": {"piety": DUES["piety"], "grain": DUES["grain"],
                 "tax": [min(components.tax_faces), max(components.tax_faces)]},
        "orientations": orientations(t, components) if state.phase == ORIENT else [],
    }
    if seat is not None and 0 <= seat < state.players:
        own = state.seats[seat]
        out["seat"] = seat
        out["stock"] = dict(zip(RESOURCES, own.stock, strict=True))
        out["hand"] = list(own.hand)
        out["discards"] = list(own.discards)
    return out
