"""The favour track: moving the marker and the nine favours.

Rule decisions:

* The marker moves clockwise over the spaces that are not covered ("Si ... une case de la
  piste de Faveur est recouverte, celle-ci n'est pas comptée lors du déplacement"); after
  the last space (Évêque) it goes on at the first (Reine).
* A favour whose resource is exhausted gives nothing ("Contrairement à la phase de revenus,
  on ne reçoit pas de point de victoire").
* Hors-la-loi: an orientation that lands on it needs 1 gold ("S'il ne peut pas payer, il ne
  peut pas faire pivoter cette carte de cette manière"). The Faveur action card moving onto
  it takes the gold if there is any: the rulebook only forbids the orientation.
"""

from __future__ import annotations

from ludivox.engines.world_without_end.components import Components
from ludivox.engines.world_without_end.state import Table
from ludivox.engines.world_without_end.stock import give, pay, score


def open_spaces(t: Table, components: Components) -> list[int]:
    """Indexes of the favour spaces that are not covered."""
    return [
        i for i, name in enumerate(components.favours) if f"favour:{name}" not in t.covers
    ]


def landing(t: Table, components: Components, steps: int) -> int | None:
    """Where the marker ends after ``steps`` (None: it does not move)."""
    spaces = open_spaces(t, components)
    if steps <= 0 or not spaces:
        return None
    count = len(components.favours)
    pos = t.favour
    for _ in range(steps):
        pos = (pos + 1) % count
        while pos not in spaces:
            pos = (pos + 1) % count
    return pos


def grant(t: Table, components: Components, seat: int, index: int) -> None:
    """The favour of space ``index`` for ``seat``."""
    name = components.favours[index]
    s = t.seats[seat]
    if name == "reine" and s.stock["loyalty"] >= 1:
        score(t, seat, 2)
    elif name == "prieur":
        give(t, seat, "piety", 1)
    elif name == "guilde":
        score(t, seat, sum(1 for owner in t.houses.values() if owner == seat))
    elif name == "prieure" and s.stock["medicine"] >= 1:
        score(t, seat, 2)
    elif name == "marchand":
        give(t, seat, "wool", 1)
    elif name == "roi":
        score(t, seat, s.stock["loyalty"])
    elif name == "comte":
        give(t, seat, "grain", 1)
    elif name == "eveque":
        score(t, seat, s.stock["piety"])
    elif name == "hors_la_loi":
        pay(t, seat, "gold", 1)


def move(t: Table, components: Components, seat: int, steps: int) -> int | None:
    """Move the marker and grant the favour reached; returns the space reached."""
    pos = landing(t, components, steps)
    if pos is not None:
        t.favour = pos
        grant(t, components, seat, pos)
    return pos
