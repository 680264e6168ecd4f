"""Action cards by voice: a card named alone ("je joue la récolte") is made when it takes no
choice, offered when only a few ways are legal, else its choices are asked ("sur quel
projet ?"); a card's choices ("je mets une pierre et un bois sur le pont", "je vends trois
laines et un tissu") are read with or without the card's name, and also fit Privilège when
its last action was that card (both in hand: the player is asked which)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ludivox.bindings.world_without_end.goods import counted
from ludivox.bindings.world_without_end.words import gain_line, res_line
from ludivox.engines.world_without_end import Choose, Play, WweEngine, WweState
from ludivox.engines.world_without_end.components import Components
from ludivox.table import described, slots
from ludivox.table.binding import IntentLike, Interpretation, Line, Proposal, Refusal
from ludivox.table.judge import Judge

MAX_OFFERED = 3
# the card each choice intent carries out
CARD_OF = {
    "play_material": "materiau", "play_project": "projet", "play_sale": "vente",
    "play_house": "maison", "play_harvest": "recolte", "play_donation": "don",
    "play_cloth": "tissu", "play_heal": "medecine", "play_service": "medecine",
}


@dataclass(frozen=True)
class PartialPlay:
    """A card said without the choices it needs: the next choice completes it."""

    card: str
    renounce: bool = False


def _ways(engine: WweEngine, state: WweState, card: str) -> list[Play]:
    return [a for a in engine.legal_actions(state)
            if isinstance(a, Play) and a.card == card and not a.renounce]


def card_alone(engine: WweEngine, state: WweState, card: str, seat: int,
               acting: int | None) -> Interpretation:
    """A card named alone: made when it takes no choice, else its choices asked
    (``acting``: the seat that acts now)."""
    ways = _ways(engine, state, card) if acting == seat else []
    if not ways or ways == [Play(card)]:
        return Proposal((Play(card),))
    if len(ways) <= MAX_OFFERED:
        return Proposal(tuple(ways))
    question = Line("refusal.choice_needed", {"card": Line("name.card", {"card": card})},
                    seat)
    return Proposal((), question, PartialPlay(card))


def card_choice(engine: WweEngine, judge: Judge[Any, Any], state: WweState,
                intent: IntentLike, seat: int, acting: int | None) -> Interpretation:
    """A card's choices said ("je vends trois laines"): the card, or Privilège
    (``acting``: the seat that acts now)."""
    name = intent.name
    base = CARD_OF[name]
    if acting is not None and acting != seat:
        return Proposal((Play(base),))  # the session says whose turn it is
    if state.queue:
        answered = _queue_answer(state, intent)
        if answered is not None:
            return answered
    intent = counted(intent, state.seats[seat])  # "toutes mes laines": as many as held
    if name == "play_sale" and not intent.slots:  # "je vends": which goods?
        return card_alone(engine, state, base, seat, acting)
    plays = _plays(engine, judge, state, intent, seat, base)
    if isinstance(plays, Refusal):
        return plays
    if not plays:
        question = Line("ask_project", {"stone": slots.number(intent, "stone") or 0,
                                        "wood": slots.number(intent, "wood") or 0}, seat)
        return Proposal((), question, PartialPlay(base))
    own = state.seats[seat]
    via = slots.word(intent, "via")
    cards = [base]
    if via == "privilege":
        cards = ["privilege"]
    elif "privilege" in own.hand and own.last_used == base:
        cards = [base, "privilege"] if base in own.hand else ["privilege"]
    candidates = tuple(replace(p, card=c) for c in cards for p in plays)
    return Proposal(candidates)


def _plays(engine: WweEngine, judge: Judge[Any, Any], state: WweState, intent: IntentLike,
           seat: int, card: str) -> list[Play] | Refusal:
    """The plays the intent's choices describe (several when a place is left open)."""
    name = intent.name
    components = engine.components
    own = state.seats[seat]
    if name == "play_material":
        return [Play(card, material=slots.word(intent, "material") or "")]
    if name == "play_project":
        stone, wood = slots.number(intent, "stone") or 0, slots.number(intent, "wood") or 0
        project = slots.word(intent, "project")
        if project is not None:
            return [Play(card, project=project, stone=stone, wood=wood)]
        found = [Play(card, project=p.id, stone=stone, wood=wood) for p in state.projects]
        legal = judge.legal(state, found)
        return legal if 0 < len(legal) <= MAX_OFFERED else []
    if name == "play_sale":
        return [Play(card, wool=slots.number(intent, "wool") or 0,
                     cloth=slots.number(intent, "cloth") or 0)]
    if name == "play_cloth":
        return [Play(card, wool=slots.number(intent, "wool") or 0)]
    if name == "play_heal":
        return [Play(card, places=slots.numbers(intent, "places"))]
    if name == "play_service":
        return [Play(card, service=True)]
    if name == "play_donation":
        return [Play(card, project=slots.word(intent, "project") or "")]
    if name == "play_house":
        site = slots.number(intent, "site")
        income = slots.word(intent, "income") or ""
        if site is not None:
            return _site_said(components, intent, card, site, income, seat)
        sites = [s.number for s in components.sites if dict(s.income).get(income)]
        found = [Play(card, site=s) for s in sites]
        return judge.legal(state, found) or found[:1] or [Play(card, site=0)]
    # the harvest: by site, or by the income of one's houses
    sites = list(slots.numbers(intent, "sites"))
    mine = [s for s, owner in state.houses if owner == seat]
    for income in slots.words(intent, "incomes"):
        match = [s for s in mine if dict(components.site(s).income).get(income)]
        if not match:
            return Refusal((Line("no_house_with", {"resource": Line(
                "name.resource", {"resource": income})}, seat),))
        sites.append(match[0])
    del own
    return [Play(card, sites=tuple(sites))]


def _site_said(components: Components, intent: IntentLike, card: str, site: int, income: str,
               seat: int) -> list[Play] | Refusal:
    """A site by number; what it gives ("celui de la loyauté") or the material paid ("je
    paie un bois et un or") said too must be that site's, else nothing is built: the site
    is described and the player says it again."""
    paid = slots.word(intent, "paid") or ""
    if 1 <= site <= len(components.sites) and (income or paid):
        found = components.site(site)
        if (income and not dict(found.income).get(income)) or (paid and paid != found.material):
            return Refusal((Line("refusal.site_not_said", {"site": Line(
                "answer.site_item", {"site": site, "material": res_line(found.material),
                                     "income": gain_line(found.income)})}, seat),))
    return [Play(card, site=site)]


def free_site(components: Components, state: WweState, intent: IntentLike, seat: int
              ) -> IntentLike | Refusal:
    """``intent`` with "le premier (dernier) emplacement libre" (``site:free_first``) as the
    number of the first (last) site with no house, the build then judged as any; refused
    when every site has one."""
    rank = described.description(intent.slots.get("site"))
    if rank not in described.FREE_RANKS:
        return intent
    built = {site for site, _ in state.houses}
    found = described.free_ranked([s.number for s in components.sites],
                                  lambda s: s not in built, rank)
    if not found:
        return Refusal((Line("refusal.no_free_site", {}, seat),))
    return slots.Said(intent.name, {**intent.slots, "site": f"site:{found[0]}"}, intent.text,
                      intent.cost)


def _queue_answer(state: WweState, intent: IntentLike) -> Interpretation | None:
    """A hospice healing or a free house said as a move answers the question asked."""
    kind = state.queue[0].kind
    if kind == "hospice" and intent.name == "play_heal":
        places = slots.numbers(intent, "places")
        return Proposal(tuple(Choose(f"place:{p}") for p in places[:1]))
    if kind == "free_house" and intent.name == "play_house":
        site = slots.number(intent, "site")
        if site is not None:
            return Proposal((Choose(f"site:{site}"),))
    return None


__all__ = ["CARD_OF", "MAX_OFFERED", "PartialPlay", "card_alone", "card_choice", "free_site"]
