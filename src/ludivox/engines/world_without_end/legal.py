"""Legal actions and refusals: one judge for both, so they never disagree.

Every action of a kind is refused by :func:`refusal` exactly when :func:`legal_actions`
does not list it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ludivox.engines.base import Reason
from ludivox.engines.world_without_end import cards, favour, houses, period, plague
from ludivox.engines.world_without_end.actions import (
    Choose,
    Discard,
    Orient,
    Penitence,
    Play,
    Printed,
    Protect,
    Reveal,
    Tax,
    Tile,
    WweAction,
)
from ludivox.engines.world_without_end.components import PLAGUE_PLACES, Components
from ludivox.engines.world_without_end.effects import blocked, prompt_op
from ludivox.engines.world_without_end.flow import KINDS, awaiting, corner_for, court_due
from ludivox.engines.world_without_end.state import (
    ACTION,
    DISCARD,
    DRAW,
    ORIENT,
    OVER,
    PENITENCE,
    PROTECT,
    RANDOM_DISCARD,
    TAX,
    TILE,
    VIRTUAL,
    Table,
)
from ludivox.engines.world_without_end.stock import affords, available

SIDES = 4
PLAGUE_PERIOD = 3
WORLD = frozenset({"event", "printed", "tile", "tax", "penitence"})


def answers(t: Table, components: Components) -> list[str]:
    """The answers the current question accepts."""
    prompt = t.queue[0]
    seat = t.seats[prompt.seat]
    if prompt.kind == "exchange":
        op = prompt_op(t, components, prompt)
        return ["yes", "no"] if affords(t, prompt.seat, op.give) else ["no"]
    if prompt.kind == "lose_one":
        return [r for r in prompt_op(t, components, prompt).options if seat.stock[r]]
    if prompt.kind == "remove_house":
        return [f"site:{s}" for s in houses.own_sites(t, prompt.seat)]
    if prompt.kind == "hospice":
        return ["none"] + [f"place:{p}" for p in plague.sick_places(t)
                           if cards.heal_problem(t, prompt.seat, (p,)) is None]
    return ["none"] + [f"site:{s}" for s in houses.buildable(t, components, prompt.seat, True)]


def remaining_tiles(t: Table, components: Components) -> list[int]:
    """The plague tile values not yet turned over (table mode)."""
    left = list(components.tiles)
    for value in t.tiles:
        if value is not None and value in left:
            left.remove(value)
    return left


def legal_actions(t: Table, components: Components) -> Iterator[WweAction]:
    """Every legal action now, in a stable order."""
    if t.phase == OVER:
        return
    if t.queue:
        yield from (Choose(a) for a in answers(t, components))
        return
    seat = t.pending[0] if t.pending else t.active
    if t.phase == ACTION:
        yield from plays(t, components, seat)
    elif t.phase == DISCARD or (t.phase == RANDOM_DISCARD and t.mode != VIRTUAL):
        yield from (Discard(c) for c in sorted(set(t.seats[seat].hand)))
    elif t.phase == ORIENT:
        yield from (Orient(s) for s in range(SIDES) if orient_problem(t, components, s) is None)
    elif t.phase == PROTECT:
        unpaid = period.unpaid(t, seat)
        for n in range(min(len(unpaid), t.seats[seat].stock["loyalty"]) + 1):
            yield from (Protect(c) for c in combinations(unpaid, n))
    elif t.mode == VIRTUAL:
        return
    elif t.phase == DRAW:
        drawn = set(t.drawn)
        yield from (Reveal(c) for c in components.period_cards(t.period) if c not in drawn)
    elif t.phase == TILE:
        yield from (Tile(v) for v in sorted(set(remaining_tiles(t, components))))
    elif t.phase == TAX:
        yield from (Tax(v) for v in sorted(set(components.tax_faces)))
    elif t.phase == PENITENCE:
        yield from (Penitence(c) for c in sorted(set(t.seats[seat].hand)))


def plays(t: Table, components: Components, seat: int) -> Iterator[Play]:
    """Every legal card play of ``seat``."""
    for card in sorted(set(t.seats[seat].hand)):
        yield Play(card, renounce=True)
        if court_due(t, components, seat) or blocked(t, components, card):
            continue
        yield from cards.uses(t, components, seat, card)


def orient_problem(t: Table, components: Components, side: int) -> Reason | None:
    """Why the card may not be turned with its arrow on ``side``.

    Rule decision: Hors-la-loi is paid in phase 4, after the incomes, so the gold the active
    player receives from this very orientation counts (none while begging).
    """
    if not 0 <= side < SIDES:
        return Reason.of("no_such_side", side=side)
    land = favour.landing(t, components, components.council[side])
    if land is None or components.favours[land] != "hors_la_loi":
        return None
    corner = corner_for(t, components, t.active, side)
    begging = t.round == 1 and "begging" in t.seats[t.active].sanctions
    income = dict(corner).get("gold", 0) if available(t, corner) and not begging else 0
    if t.seats[t.active].stock["gold"] + income < 1:
        return Reason.of("outlaw_unpaid", side=side)
    return None


def refusal(t: Table, components: Components, action: WweAction) -> Reason | None:
    """``None`` exactly when ``action`` is legal now."""
    if t.phase == OVER:
        return Reason.of("game_over")
    if action.kind in WORLD and t.mode == VIRTUAL:
        return Reason.of("not_table_mode", kind=action.kind)
    now = awaiting(t, ())
    if action.kind not in now.kinds:
        return Reason.of("not_now", kind=action.kind, phase=now.phase)
    seat = now.seats[0] if now.seats else -1
    if isinstance(action, Choose):
        options = answers(t, components)
        if action.value not in options:
            return Reason.of("bad_answer", question=t.queue[0].kind, answer=action.value,
                             suggestions=[Choose(a) for a in options[:3]])
        return None
    if isinstance(action, Orient):
        why = orient_problem(t, components, action.side)
        if why is not None and why.code == "outlaw_unpaid":
            ok = [Orient(s) for s in range(SIDES) if orient_problem(t, components, s) is None]
            return Reason.of("outlaw_unpaid", side=action.side, suggestions=ok[:2])
        return why
    if isinstance(action, Play):
        return play_problem(t, components, seat, action)
    if isinstance(action, Discard | Penitence):
        hand_seat = t.pending[0]
        if action.card not in t.seats[hand_seat].hand:
            return Reason.of("card_not_in_hand", card=action.card)
        return None
    if isinstance(action, Protect):
        unpaid = period.unpaid(t, seat)
        for k in action.kinds:
            if k not in unpaid:
                return Reason.of("not_unpaid", contribution=k)
        have = t.seats[seat].stock["loyalty"]
        if len(action.kinds) > have:
            return Reason.of("not_enough", resource="loyalty", need=len(action.kinds), have=have)
        return None
    return _world_problem(t, components, action)


def _world_problem(t: Table, components: Components, action: WweAction) -> Reason | None:
    if isinstance(action, Reveal):
        try:
            card = components.event(action.card)
        except KeyError:
            return Reason.of("no_such_event", card=action.card)
        if card.period != t.period:
            return Reason.of("wrong_period", card=action.card, period=t.period,
                             card_period=card.period)
        if action.card in t.drawn:
            return Reason.of("event_already_drawn", card=action.card)
        return None
    if isinstance(action, Printed):
        plague = t.period >= PLAGUE_PERIOD
        if plague != (1 <= action.place <= PLAGUE_PLACES) or action.place > PLAGUE_PLACES:
            return Reason.of("bad_place", place=action.place, period=t.period)
        return None
    if isinstance(action, Tile) and action.value not in remaining_tiles(t, components):
        return Reason.of("no_such_tile", value=action.value)
    if isinstance(action, Tax) and action.value not in components.tax_faces:
        return Reason.of("no_such_face", value=action.value)
    return None


def play_problem(t: Table, components: Components, seat: int, play: Play) -> Reason | None:
    """Why ``seat`` may not play ``play`` now."""
    if play.card not in t.seats[seat].hand:
        return Reason.of("card_not_in_hand", card=play.card)
    if play.renounce:
        extra = cards.chosen(play)
        if extra:
            return Reason.of("bad_choice", card=play.card, choice=sorted(extra)[0])
        return None
    if court_due(t, components, seat):
        return Reason.of("court_must_renounce", suggestions=[Play(play.card, renounce=True)])
    if blocked(t, components, play.card):
        return Reason.of("card_blocked", card=play.card,
                         suggestions=[Play(play.card, renounce=True)])
    why = cards.use_problem(t, components, seat, play)
    if why is None or why.suggestions:
        return why
    ways = [u for u in cards.uses(t, components, seat, play.card) if u != Play(play.card)]
    return Reason(why.code, why.params, tuple(ways[:3]) or (Play(play.card, renounce=True),))


__all__ = ["KINDS", "legal_actions", "refusal"]
