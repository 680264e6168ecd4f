"""Building projects: materials, donations, completion, the bell tower's spire.

Rule decisions:

* A project covered by a cover tile ("Avec l'aide de Godwyn ... On ne peut ni les construire
  ni y faire un don") takes no material, no donation and no end-of-period material.
* End of period: "on place un matériau de construction convenable de la réserve ... on
  remplit en premier l'emplacement pierre". When the supply has no stone left, a free wood
  slot takes wood; when it has neither, the project gets nothing.
* Completion: every donor receives the bonus (what the supply still holds), then takes their
  seal back. The hospice's donors each may heal one sick citizen, in turn clockwise from the
  first player (the active player).
* The spire: when the bell tower's stone and wood slots are all filled, the metal goes to the
  player with the most loyalty (3 points); on a tie the metal is placed and each tied player
  scores 1 point. When nobody holds loyalty every player is tied at 0 and scores 1: the
  rulebook does not set that case apart.
* "Merthin voit son rêve ...": the bell tower is finished at once with stone and wood from
  the supply; slots the supply cannot fill count as filled by "un moyen quelconque" (the
  project is done, only real cubes are counted on it).
"""

from __future__ import annotations

from ludivox.engines.world_without_end.components import Components
from ludivox.engines.world_without_end.state import Proj, Prompt, Table
from ludivox.engines.world_without_end.stock import gain, pay, score

POINTS_PER_MATERIAL = 3
BELL_TOWER = "clocher"


def is_open(t: Table, p: Proj) -> bool:
    """Whether ``p`` can be built or donated to now."""
    return not p.done and f"project:{p.id}" not in t.covers


def open_projects(t: Table) -> list[Proj]:
    """The projects on the board that can be built or donated to now."""
    return [p for p in t.projects if is_open(t, p)]


def free_slots(components: Components, p: Proj) -> tuple[int, int]:
    """The free (stone, wood) slots of ``p``."""
    spec = components.project(p.id)
    return spec.stone - p.stone, spec.wood - p.wood


def seals_left(t: Table, components: Components, seat: int) -> int:
    """The donation seals ``seat`` still holds."""
    return components.seals - sum(p.donors.count(seat) for p in t.projects)


def bring(t: Table, ident: str) -> None:
    """A project comes onto the board (once)."""
    if t.project(ident) is None:
        t.projects.append(Proj(ident))


def build(t: Table, components: Components, seat: int, p: Proj, stone: int, wood: int) -> None:
    """``seat`` places materials from its stock on ``p``: 3 points each."""
    p.stone += pay(t, seat, "stone", stone)
    p.wood += pay(t, seat, "wood", wood)
    t.supply["stone"] -= stone
    t.supply["wood"] -= wood
    score(t, seat, POINTS_PER_MATERIAL * (stone + wood))
    check_done(t, components, p)


def donate(t: Table, seat: int, p: Proj) -> None:
    """``seat`` pays 1 gold and puts a seal on ``p``."""
    pay(t, seat, "gold", 1)
    p.donors.append(seat)


def progress(t: Table, components: Components) -> None:
    """End of period: one material from the supply on each unfinished open project."""
    for p in list(t.projects):
        if not is_open(t, p):
            continue
        stone, wood = free_slots(components, p)
        if stone and t.supply["stone"]:
            t.supply["stone"] -= 1
            p.stone += 1
        elif wood and t.supply["wood"]:
            t.supply["wood"] -= 1
            p.wood += 1
        check_done(t, components, p)


def complete_now(t: Table, components: Components, ident: str) -> None:
    """An event finishes a project at once with materials from the supply."""
    bring(t, ident)
    p = t.project(ident)
    if p is None or p.done:
        return
    stone, wood = free_slots(components, p)
    for resource, n in (("stone", stone), ("wood", wood)):
        got = min(n, t.supply[resource])
        t.supply[resource] -= got
        setattr(p, resource, getattr(p, resource) + got)
    finish(t, components, p)


def check_done(t: Table, components: Components, p: Proj) -> None:
    """Finish ``p`` if every slot is filled."""
    if not p.done and free_slots(components, p) == (0, 0):
        finish(t, components, p)


def finish(t: Table, components: Components, p: Proj) -> None:
    """Donors' bonuses, seals back, the spire for the bell tower."""
    spec = components.project(p.id)
    p.done = True
    donors = [s for s in t.clockwise(t.active) if s in p.donors]
    for seat in donors:
        gain(t, seat, spec.bonus)
        if spec.heal:
            t.queue.append(Prompt("hospice", seat, p.id))
    p.donors = []
    if spec.metal:
        spire(t, p)


def spire(t: Table, p: Proj) -> None:
    """The King's metal to the most loyal player: 3 points, or 1 point each on a tie."""
    if t.supply["metal"]:
        t.supply["metal"] -= 1
        p.metal += 1
    most = max(s.stock["loyalty"] for s in t.seats)
    loyal = [i for i, s in enumerate(t.seats) if s.stock["loyalty"] == most]
    for seat in loyal:
        score(t, seat, 3 if len(loyal) == 1 else 1)
