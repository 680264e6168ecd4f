"""Applying a legal action to the working copy (checked by :mod:`.legal` first)."""

from __future__ import annotations

from ludivox.engines.base import Event
from ludivox.engines.world_without_end import flow, houses, period, plague
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
from ludivox.engines.world_without_end.components import RESOURCES, Components
from ludivox.engines.world_without_end.effects import prompt_op
from ludivox.engines.world_without_end.events import (
    CardDiscarded,
    CardPlayed,
    FavourMoved,
    GameEnded,
    LoyaltyPaid,
    PeriodEnded,
    ProjectFinished,
    QuestionAnswered,
    ScoreChanged,
    StockChanged,
    TileTurned,
    Turned,
)
from ludivox.engines.world_without_end.state import OVER, SICK, Table, WweState
from ludivox.engines.world_without_end.stock import affords, gain, pay


def perform(t: Table, components: Components, action: WweAction, events: list[Event]) -> None:
    """Carry out ``action`` then everything that follows without a decision."""
    seat = flow.awaiting(t, ()).seat
    t.events.clear()
    if isinstance(action, Choose):
        answer(t, components, action.value)
        events.append(QuestionAnswered(seat, action.value))
    elif isinstance(action, Reveal):
        flow.reveal(t, components, action.card)
    elif isinstance(action, Printed):
        flow.printed(t, components, action.corners, action.lasting, action.place)
    elif isinstance(action, Tile):
        flow.tile(t, components, action.value)
        events.append(TileTurned(t.card(components, t.drawn[-1]).place, action.value))
    elif isinstance(action, Orient):
        flow.orient(t, components, action.side)
        events.append(Turned(t.active, action.side))
    elif isinstance(action, Play):
        assert seat is not None
        flow.play(t, components, seat, action)
        events.append(CardPlayed(seat, action.text()))
    elif isinstance(action, Discard):
        owner = t.pending[0]  # the seat itself, or the world picking at random
        flow.discard(t, components, owner, action.card)
        events.append(CardDiscarded(owner, ""))
        events.append(CardDiscarded(owner, action.card, private_to=owner))
    elif isinstance(action, Tax):
        flow.dues(t, action.value)
    elif isinstance(action, Protect):
        assert seat is not None
        period.protect(t, seat, action.kinds)
        events.append(LoyaltyPaid(seat, action.kinds))
    elif isinstance(action, Penitence):
        victim = t.pending[0]
        period.penitence(t, victim, action.card)
        events.append(CardDiscarded(victim, ""))
        events.append(CardDiscarded(victim, action.card, private_to=victim))
    places = tuple(t.places)
    flow.advance(t, components)
    _report(t, places, events)


def changes(before: WweState, after: WweState, components: Components,
            winners: tuple[int, ...]) -> list[Event]:
    """Events for what changed between two positions: scores, stocks (private), the favour
    marker, finished projects, the end of a period and of the game."""
    out: list[Event] = []
    if after.favour != before.favour:
        out.append(FavourMoved(after.favour, components.favours[after.favour]))
    for seat, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
        if old.score != new.score:
            out.append(ScoreChanged(seat, old.score, new.score))
        moved = tuple((r, b - a) for r, a, b in zip(RESOURCES, old.stock, new.stock,
                                                    strict=True) if a != b)
        if moved:
            out.append(StockChanged(seat, moved, private_to=seat))
    done = {p.id for p in before.projects if p.done}
    out.extend(ProjectFinished(p.id) for p in after.projects if p.done and p.id not in done)
    if after.period != before.period or (after.phase == OVER and before.phase != OVER):
        out.append(PeriodEnded(before.period, after.tax,
                               tuple(s.sanctions for s in after.seats)))
    if after.phase == OVER and before.phase != OVER:
        out.append(GameEnded(winners))
    return out


def _report(t: Table, places_before: tuple[str, ...], events: list[Event]) -> None:
    """The events added on the working table (cards drawn, dues paid), then the plague
    tiles :func:`flow.advance` turned over."""
    events.extend(t.events)
    t.events.clear()
    for place, (old, new) in enumerate(zip(places_before, t.places, strict=False), start=1):
        value = t.tiles[place - 1]
        if old != new and new == SICK and value is not None:
            events.append(TileTurned(place, value))


def answer(t: Table, components: Components, value: str) -> None:
    """The answer to the first question in the queue."""
    prompt = t.queue.pop(0)
    seat = prompt.seat
    if prompt.kind == "exchange":
        op = prompt_op(t, components, prompt)
        if value == "yes" and affords(t, seat, op.give):
            for resource, n in op.give:
                pay(t, seat, resource, n)
            gain(t, seat, op.get)
    elif prompt.kind == "lose_one":
        pay(t, seat, value, 1)
    elif prompt.kind == "remove_house":
        houses.remove_house(t, int(value.split(":")[1]))
    elif prompt.kind == "hospice" and value != "none":
        plague.heal(t, components, seat, (int(value.split(":")[1]),))
    elif prompt.kind == "free_house" and value != "none":
        houses.build_house(t, components, seat, int(value.split(":")[1]), free=True)
