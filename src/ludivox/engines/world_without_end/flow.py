"""The round and period machine: what happens after each action, and who acts next.

:func:`advance` runs everything that needs nobody's decision (in virtual mode: the event
draw, the tax die, the penitence discard, all from the seeded generator) until a seat or the
world must act. Questions in ``queue`` are answered before the phase goes on.
"""

from __future__ import annotations

import random

from ludivox.engines.base import Awaiting, seat_after_in
from ludivox.engines.world_without_end import cards, favour, period, plague
from ludivox.engines.world_without_end.actions import Play
from ludivox.engines.world_without_end.components import (
    ROUNDS,
    Components,
    EventCard,
    Gain,
    Op,
)
from ludivox.engines.world_without_end.effects import (
    add_lasting,
    offer_exchange,
    on_renounce,
    random_discard,
    resolve,
)
from ludivox.engines.world_without_end.events import DuesPaid, EventDrawn
from ludivox.engines.world_without_end.state import (
    ACTION,
    DISCARD,
    DRAW,
    FIRST_GAME,
    ORIENT,
    OVER,
    PENITENCE,
    PRINTED_BASE,
    PROTECT,
    RANDOM_DISCARD,
    TABLE,
    TAX,
    TILE,
    VIRTUAL,
    Table,
    WweState,
)
from ludivox.engines.world_without_end.stock import income

KINDS = {
    DRAW: "event", TILE: "tile", ORIENT: "orient", ACTION: "play", DISCARD: "discard",
    RANDOM_DISCARD: "discard", TAX: "tax", PROTECT: "protect", PENITENCE: "penitence",
}
WORLD_PHASES = frozenset({DRAW, TILE, TAX, PENITENCE, RANDOM_DISCARD})
SEED_STRIDE = 1_000_003


def rng(t: Table) -> random.Random:
    """The next seeded generator of a virtual game (each draw its own, reproducible)."""
    t.draws += 1
    return random.Random(t.seed * SEED_STRIDE + t.draws)


def awaiting(t: Table, winners: tuple[int, ...]) -> Awaiting:
    """Who acts now."""
    if t.phase == OVER:
        return Awaiting((), OVER, frozenset(), game_over=True, winners=winners)
    if t.queue:
        return Awaiting((t.queue[0].seat,), t.queue[0].kind, frozenset({"choose"}))
    kinds = frozenset({KINDS[t.phase], "printed"} if t.phase == DRAW else {KINDS[t.phase]})
    if t.phase in WORLD_PHASES:
        return Awaiting((), t.phase, kinds, world=True)
    return Awaiting((to_act(t)[0],), t.phase, kinds)


def to_act(t: Table | WweState) -> tuple[int, ...]:
    """The seats to act from now on, in order: those a question was asked of first, then the
    phase's own (the active player while the event card is turned); none of the phase's
    while the world acts."""
    asked = tuple(q.seat for q in t.queue)
    if t.phase == OVER or t.phase in WORLD_PHASES:
        return asked
    return asked + ((t.active,) if t.phase == ORIENT else tuple(t.pending))


def seat_after(state: WweState, seat: int) -> int | None:
    """Who acts after ``seat`` (the one acting now for a seat already done); None when
    ``seat`` is the last to act before the world or the next phase."""
    return seat_after_in(to_act(state), seat)


def advance(t: Table, components: Components) -> None:
    """Carry out what needs no decision until someone (or the world) must act."""
    while not t.queue:
        virtual = t.mode == VIRTUAL
        if t.phase == ACTION and not t.pending:
            end_round(t, components)
        elif t.phase == DRAW and virtual:
            reveal(t, components, t.decks[t.period - 1][t.round - 1])
        elif t.phase == TAX and virtual:
            dues(t, rng(t).choice(components.tax_faces))
        elif t.phase == PROTECT and not t.pending:
            tiles = None
            if virtual:
                tiles = list(components.tiles)
                rng(t).shuffle(tiles)
            period.next_period(t, components, tiles)
        elif t.phase == RANDOM_DISCARD and virtual:
            seat = t.pending[0]
            discard(t, components, seat, rng(t).choice(sorted(t.seats[seat].hand)))
        elif t.phase == PENITENCE and virtual:
            seat = t.pending[0]
            period.penitence(t, seat, rng(t).choice(sorted(t.seats[seat].hand)))
        else:
            return


def reveal(t: Table, components: Components, number: int) -> None:
    """The event card drawn: the plague's place first (III-IV), then its effect."""
    card = t.card(components, number)
    t.drawn.append(number)
    t.events.append(EventDrawn(number))
    t.orient = -1
    if card.place and plague.falls_sick(t, card.place) and t.tiles[card.place - 1] is None:
        t.phase = TILE  # the table turns the tile over and says its value
        return
    event_effect(t, components)


def printed(t: Table, components: Components, corners: tuple[Gain, Gain, Gain, Gain],
            lasting: bool, place: int) -> None:
    """A card the table described: it is drawn like any other; its effect is the players'."""
    number = PRINTED_BASE + len(t.printed) + 1
    t.printed.append(EventCard(number, t.period, "", lasting, corners, place, (Op("said"),)))
    reveal(t, components, number)


def tile(t: Table, components: Components, value: int) -> None:
    """The value of the plague tile just turned over (table mode)."""
    place = t.card(components, t.drawn[-1]).place
    t.tiles[place - 1] = value
    event_effect(t, components)


def event_effect(t: Table, components: Components) -> None:
    """The card's effect: immediate now, lasting from phase 5; then the orientation."""
    card = t.card(components, t.drawn[-1])
    if card.lasting:
        add_lasting(t, card)
    else:
        resolve(t, components, card)
    t.phase = ORIENT
    t.pending = [t.active]


def side_of(seat: int, players: int) -> int:
    """The side of the board a seat sits at, sides 0..3 clockwise.

    Rule decision: "les joueurs doivent obligatoirement se placer chacun face à un bord du
    plateau"; with 4 or 3 players seat ``n`` sits at side ``n``; with 2 they face each other
    (sides 0 and 2).
    """
    return seat * 2 if players == 2 else seat


def corner_for(t: Table, components: Components, seat: int, side: int) -> Gain:
    """The income ``seat`` receives when the arrow points at ``side``."""
    card = t.card(components, t.drawn[-1])
    return card.corners[(side_of(seat, t.players) - side) % 4]


def orient(t: Table, components: Components, side: int) -> None:
    """Phases 3 and 4: everyone's income, then the active player's favour."""
    t.orient = side
    for seat in range(t.players):
        s = t.seats[seat]
        if t.round == 1 and "begging" in s.sanctions:
            s.sanctions.remove("begging")  # begging: no income this round
            continue
        income(t, seat, corner_for(t, components, seat, side))
    favour.move(t, components, t.active, components.council[side])
    t.phase = ACTION
    t.pending = t.clockwise(t.active)
    offer_exchange(t, components)


def court_due(t: Table, components: Components, seat: int) -> bool:
    """Whether ``seat`` must renounce this action before the royal court."""
    if t.round != 1 or "court" not in t.seats[seat].sanctions:
        return False
    pardoned = t.period == 2 and t.drawn and any(
        op.kind == "pardon" for op in t.card(components, t.drawn[0]).ops
    )
    return not pardoned


def play(t: Table, components: Components, seat: int, action: Play) -> None:
    """Phase 5: the card face up, its action (or nothing), then the discard if due."""
    s = t.seats[seat]
    s.hand.remove(action.card)
    s.played.append(action.card)
    if "court" in s.sanctions and t.round == 1:
        s.sanctions.remove("court")
    if action.renounce:
        on_renounce(t, components, seat)
    else:
        cards.perform(t, components, seat, action)
        if action.card != "privilege":
            s.last_used = action.card
    if needs_discard(t, seat):
        t.phase = RANDOM_DISCARD if random_discard(t, components) else DISCARD
    else:
        s.skip_discard = False
        t.pending.pop(0)
        offer_exchange(t, components)


def needs_discard(t: Table, seat: int) -> bool:
    """Full rules: one card face down after each card played (penitence: not the first)."""
    s = t.seats[seat]
    if t.rules == FIRST_GAME and t.period == 1:
        return False
    return bool(s.hand) and not (s.skip_discard and t.round == 1)


def discard(t: Table, components: Components, seat: int, card: str) -> None:
    """The face-down discard; the next seat plays."""
    s = t.seats[seat]
    s.hand.remove(card)
    s.discards.append(card)
    t.phase = ACTION
    t.pending.pop(0)
    offer_exchange(t, components)


def end_round(t: Table, components: Components) -> None:
    """The blason passes left; after the sixth round the period ends."""
    t.active = (t.active + 1) % t.players
    if t.round == ROUNDS:
        period.end_period(t, components)
    else:
        t.round += 1
        t.phase = DRAW


def dues(t: Table, tax: int) -> None:
    """The tax die's value: contributions paid, then loyalty questions."""
    period.pay_dues(t, tax)
    t.events.append(DuesPaid(t.period, tax))
    period.settle_unasked(t)


def world_table(t: Table) -> bool:
    """Whether the world reveals things at a physical table."""
    return t.mode == TABLE
