"""Houses on the 14 building sites: building, harvesting, removing.

Rule decisions:

* "Un joueur ne peut pas occuper 2 emplacements qui rapportent le même revenu": two sites
  whose printed incomes are equal (same resources, same amounts) count as the same income.
* A player has 4 houses; a house removed by an event goes back to its owner and its site is
  free again ("Sur ces emplacements, on pourra à nouveau construire plus tard").
* The harvest gives each chosen house's income from the supply; what is exhausted is not
  given (no point instead, unlike phase 3).
"""

from __future__ import annotations

from ludivox.engines.base import Reason
from ludivox.engines.world_without_end.components import Components
from ludivox.engines.world_without_end.state import Table
from ludivox.engines.world_without_end.stock import gain, pay


def own_sites(t: Table, seat: int) -> list[int]:
    """The sites where ``seat`` has a house."""
    return sorted(site for site, owner in t.houses.items() if owner == seat)


def houses_left(t: Table, components: Components, seat: int) -> int:
    """The houses ``seat`` has not placed."""
    return components.houses - len(own_sites(t, seat))


def site_problem(
    t: Table, components: Components, seat: int, site: int, free: bool
) -> Reason | None:
    """Why ``seat`` cannot build on ``site``, or None."""
    if not 1 <= site <= len(components.sites):
        return Reason.of("no_such_site", site=site, sites=len(components.sites))
    if site in t.houses:
        return Reason.of("site_taken", site=site, owner=t.houses[site])
    if houses_left(t, components, seat) == 0:
        return Reason.of("no_house_left")
    spec = components.site(site)
    for mine in own_sites(t, seat):
        if components.site(mine).income == spec.income:
            return Reason.of("same_income", site=site, other=mine)
    if not free:
        stock = t.seats[seat].stock
        if stock[spec.material] < 1 or stock["gold"] < 1:
            return Reason.of("cannot_pay_house", site=site, material=spec.material)
    return None


def buildable(t: Table, components: Components, seat: int, free: bool) -> list[int]:
    """The sites where ``seat`` may build now."""
    return [
        s for s in range(1, len(components.sites) + 1)
        if site_problem(t, components, seat, s, free) is None
    ]


def build_house(t: Table, components: Components, seat: int, site: int, free: bool) -> None:
    """Put a house of ``seat`` on ``site`` (paying its material and 1 gold unless free)."""
    if not free:
        pay(t, seat, components.site(site).material, 1)
        pay(t, seat, "gold", 1)
    t.houses[site] = seat


def harvest(t: Table, components: Components, seat: int, sites: tuple[int, ...]) -> None:
    """The production of ``sites`` (up to 2 of the seat's houses)."""
    for site in sites:
        gain(t, seat, components.site(site).income)


def remove_house(t: Table, site: int) -> None:
    """An event removes the house on ``site``."""
    t.houses.pop(site, None)
