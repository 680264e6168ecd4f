"""The twelve action cards: which choices each accepts, what each does.

:func:`uses` lists every legal way to carry out a card for a seat (the choices of a
:class:`~.actions.Play`); :func:`use_problem` says why a given way is refused;
:func:`perform` carries one out. A way is legal exactly when :func:`use_problem` is None, and
:func:`uses` lists them all, so refusals and legal moves never disagree.

Rule decisions:

* "L'action d'une carte Action est facultative ... si une carte Action est jouée et que
  l'action ne peut pas être réalisée, il ne se passe rien": a card that needs choices may be
  played without any only when no choice is possible (nothing happens); otherwise the player
  chooses, or renounces (``renounce``, which is what lasting rewards for renouncing count).
* Privilège repeats "sa dernière carte Action jouée durant cette période": the last card
  played this period and not renounced ("La carte Action visible n'est cependant pas jouée
  dans ce cas"), even if its action turned out impossible; with none, Privilège does
  nothing.
* Tissu turns wool into cloth only as far as the supply holds cloth.
* Vente: the cloth (wool) sale is closed while a cover tile lies on the market's cloth
  (wool).
* Médecine heals only from period III ("à partir de la période III").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from ludivox.engines.base import Reason
from ludivox.engines.world_without_end import favour, houses, plague, projects
from ludivox.engines.world_without_end.actions import Play
from ludivox.engines.world_without_end.components import MATERIALS, Components
from ludivox.engines.world_without_end.effects import CLOTH_PRICE, card_bonus, wool_price
from ludivox.engines.world_without_end.state import Table
from ludivox.engines.world_without_end.stock import give, pay, score

FIELDS: dict[str, frozenset[str]] = {
    "ble": frozenset(), "piete": frozenset(), "faveur": frozenset(),
    "materiau": frozenset({"material"}),
    "projet": frozenset({"project", "stone", "wood"}),
    "vente": frozenset({"wool", "cloth"}),
    "maison": frozenset({"site"}),
    "recolte": frozenset({"sites"}),
    "don": frozenset({"project"}),
    "tissu": frozenset({"wool"}),
    "medecine": frozenset({"service", "places"}),
}
CHOICE_FIELDS = ("material", "project", "stone", "wood", "wool", "cloth", "site", "sites",
                 "places", "service")
NEEDS_CHOICE = frozenset({"projet", "vente", "maison", "recolte", "don", "tissu", "medecine"})
MOST_MATERIALS = 2
MOST_HARVEST = 2
MOST_CLOTH_MADE = 2
PLAGUE_FROM = 3


def effective(t: Table, seat: int, card: str) -> str:
    """The card whose action ``card`` carries out (Privilège: the last used one, or '')."""
    return t.seats[seat].last_used if card == "privilege" else card


def chosen(play: Play) -> frozenset[str]:
    """The choice fields a play fills in."""
    return frozenset(f for f in CHOICE_FIELDS if getattr(play, f) not in (0, "", (), False))


def _candidates(t: Table, components: Components, seat: int, card: str) -> Iterator[Play]:
    stock = t.seats[seat].stock
    if card in ("ble", "piete", "faveur"):
        yield Play(card)
    elif card == "materiau":
        yield from (Play(card, material=m) for m in MATERIALS)
    elif card == "projet":
        for p in t.projects:
            for stone in range(MOST_MATERIALS + 1):
                for wood in range(MOST_MATERIALS + 1 - stone):
                    if stone + wood:
                        yield Play(card, project=p.id, stone=stone, wood=wood)
    elif card == "vente":
        for wool in range(stock["wool"] + 1):
            for cloth in (0, 1):
                if wool + cloth:
                    yield Play(card, wool=wool, cloth=cloth)
    elif card == "maison":
        yield from (Play(card, site=s) for s in range(1, len(components.sites) + 1))
    elif card == "recolte":
        own = houses.own_sites(t, seat)
        for n in range(1, MOST_HARVEST + 1):
            yield from (Play(card, sites=c) for c in combinations(own, n))
    elif card == "don":
        yield from (Play(card, project=p.id) for p in t.projects)
    elif card == "tissu":
        yield from (Play(card, wool=n) for n in range(1, MOST_CLOTH_MADE + 1))
    elif card == "medecine":
        yield Play(card, service=True)
        sick = plague.sick_places(t)
        for n in range(1, len(sick) + 1):  # only the sets the knowledge reaches
            yield from (Play(card, places=c) for c in combinations(sick, n)
                        if plague.need(t, c) <= stock["medicine"])


def uses(t: Table, components: Components, seat: int, card: str) -> list[Play]:
    """Every legal way for ``seat`` to carry out ``card`` (its choices), renouncing aside."""
    target = effective(t, seat, card)
    found = [
        p if card == target else replace(p, card=card)
        for p in _candidates(t, components, seat, target)
        if _problem(t, components, seat, target, p) is None
    ]
    return found or [Play(card)]


def use_problem(
    t: Table, components: Components, seat: int, play: Play
) -> Reason | None:
    """Why ``play``'s choices are refused for ``seat`` (renouncing aside), or None."""
    target = effective(t, seat, play.card)
    extra = chosen(play) - FIELDS.get(target, frozenset())
    if extra:
        return Reason.of("bad_choice", card=play.card, choice=sorted(extra)[0])
    if not chosen(play) and (target in NEEDS_CHOICE or target == "materiau"):
        if uses(t, components, seat, play.card) == [Play(play.card)]:
            return None  # nothing possible: the card does nothing
        return Reason.of("choice_needed", card=play.card,
                         suggestions=uses(t, components, seat, play.card)[:3])
    return _problem(t, components, seat, target, play)


def _short(resource: str, need: int, have: int) -> Reason | None:
    if have < need:
        return Reason.of("not_enough", resource=resource, need=need, have=have)
    return None


def _problem(
    t: Table, components: Components, seat: int, card: str, play: Play
) -> Reason | None:
    stock = t.seats[seat].stock
    if card == "materiau" and not play.material:
        return Reason.of("choice_needed", card=play.card)
    if card in ("projet", "don"):
        p = t.project(play.project)
        if p is None:
            return Reason.of("no_such_project", project=play.project)
        if not projects.is_open(t, p):
            return Reason.of("project_closed", project=p.id, done=p.done)
        if card == "don":
            if seat in p.donors:
                return Reason.of("already_donor", project=p.id)
            if projects.seals_left(t, components, seat) == 0:
                return Reason.of("no_seal_left")
            return _short("gold", 1, stock["gold"])
        if play.stone + play.wood == 0:
            return Reason.of("choice_needed", card=play.card)
        if play.stone + play.wood > MOST_MATERIALS:
            return Reason.of("too_many_materials", most=MOST_MATERIALS)
        free = projects.free_slots(components, p)
        for material, n, room in (("stone", play.stone, free[0]), ("wood", play.wood, free[1])):
            if n > room:
                return Reason.of("no_free_slot", project=p.id, material=material, free=room)
            if (why := _short(material, n, stock[material])) is not None:
                return why
    elif card == "vente":
        if play.cloth > 1:
            return Reason.of("too_much_cloth", most=1)
        if play.cloth and "market:cloth" in t.covers:
            return Reason.of("cloth_sale_closed")
        if play.wool and "market:wool" in t.covers:
            return Reason.of("wool_sale_closed")
        return _short("wool", play.wool, stock["wool"]) or _short(
            "cloth", play.cloth, stock["cloth"])
    elif card == "maison":
        return houses.site_problem(t, components, seat, play.site, free=False)
    elif card == "recolte":
        if len(play.sites) > MOST_HARVEST:
            return Reason.of("too_many_houses", most=MOST_HARVEST)
        for site in play.sites:
            if t.houses.get(site) != seat:
                return Reason.of("not_own_house", site=site)
        if len(set(play.sites)) != len(play.sites):
            return Reason.of("bad_choice", card=play.card, choice="sites")
    elif card == "tissu":
        if play.wool > MOST_CLOTH_MADE:
            return Reason.of("too_much_wool", most=MOST_CLOTH_MADE)
        if play.wool > t.supply["cloth"]:
            return Reason.of("supply_short", resource="cloth", left=t.supply["cloth"])
        return _short("wool", play.wool, stock["wool"])
    elif card == "medecine":
        if play.service and play.places:
            return Reason.of("bad_choice", card=play.card, choice="places")
        if play.places:
            return heal_problem(t, seat, play.places)
    return None


def heal_problem(t: Table, seat: int, places: tuple[int, ...]) -> Reason | None:
    """Why ``seat`` cannot heal all of ``places`` now, or None."""
    if t.period < PLAGUE_FROM:
        return Reason.of("no_plague_yet", period=t.period)
    if len(set(places)) != len(places):
        return Reason.of("bad_choice", card="medecine", choice="places")
    sick = plague.sick_places(t)
    for place in places:
        if place not in sick:
            return Reason.of("not_sick", place=place)
    need = plague.need(t, places)
    have = t.seats[seat].stock["medicine"]
    if have < need:
        return Reason.of("not_enough_knowledge", need=need, have=have)
    return None


def perform(t: Table, components: Components, seat: int, play: Play) -> None:
    """Carry out ``play`` (already checked legal, not renounced)."""
    card = effective(t, seat, play.card)
    if not card or (not chosen(play) and card in NEEDS_CHOICE):
        return
    if card == "ble":
        give(t, seat, "grain", 1)
    elif card == "piete":
        give(t, seat, "piety", 1)
    elif card == "materiau":
        give(t, seat, play.material, 1)
    elif card == "faveur":
        favour.move(t, components, seat, 1)
    elif card == "projet":
        p = t.project(play.project)
        assert p is not None
        projects.build(t, components, seat, p, play.stone, play.wood)
    elif card == "vente":
        pay(t, seat, "wool", play.wool)
        pay(t, seat, "cloth", play.cloth)
        give(t, seat, "gold", play.wool * wool_price(t, components) + play.cloth * CLOTH_PRICE)
    elif card == "maison":
        houses.build_house(t, components, seat, play.site, free=False)
    elif card == "recolte":
        houses.harvest(t, components, seat, play.sites)
    elif card == "don":
        p = t.project(play.project)
        assert p is not None
        projects.donate(t, seat, p)
    elif card == "tissu":
        pay(t, seat, "wool", play.wool)
        give(t, seat, "cloth", play.wool)
    elif card == "medecine":
        if play.service:
            give(t, seat, "gold", 1)
            score(t, seat, 1)
        else:
            plague.heal(t, components, seat, play.places)
    card_bonus(t, components, seat, card)
