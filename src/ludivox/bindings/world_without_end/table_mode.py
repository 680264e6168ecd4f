"""Table mode: what the real table shows, said or scanned. The event card is said or scanned
(``ludivox:monde-sans-fin/event/12``, or the facts printed on it), the plague tile's value and
the tax die are said, or the die is rolled by Ludivox on request ("lance le dé"), and the
penitence card is said or drawn by Ludivox ("tire une carte au hasard"). Ludivox's draws are
seeded by the position, so a replayed game draws the same."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ludivox.engines.world_without_end import (
    Components,
    Discard,
    Penitence,
    Printed,
    Reveal,
    Tax,
    Tile,
    WweEngine,
    WweState,
)
from ludivox.engines.world_without_end.state import TABLE
from ludivox.gamedata import world_without_end_tags as tags
from ludivox.table import slots
from ludivox.table.binding import IntentLike, Interpretation, Line, Proposal, Refusal


def world_draw(state: WweState, engine: WweEngine, options: Sequence[Any]) -> Any:
    """One of ``options`` drawn by Ludivox, seeded by the position (replays draw the same)."""
    return random.Random(engine.dumps(state)).choice(list(options))


def bare_number(state: WweState, number: int | None) -> Interpretation | None:
    """ "trois" while the table mode waits for the tax die, the plague tile or the event
    card: that value (the engine refuses a value out of range); None anywhere else."""
    if state.mode != TABLE or number is None:
        return None
    if state.phase == "tax":
        return Proposal((Tax(number),))
    if state.phase == "plague_tile":
        return Proposal((Tile(number),))
    return Proposal((Reveal(number),)) if state.phase == "event" else None


def world_move(engine: WweEngine, state: WweState, intent: IntentLike) -> Interpretation | None:
    """What the table shows said in words (the event card, its printed facts, the plague tile,
    the tax die, the penitence card), or drawn by Ludivox; None for any other intent."""
    name = intent.name
    value = slots.number(intent, "value") or 0
    if name == "reveal_event":
        return Proposal((Reveal(slots.number(intent, "event") or 0),))
    if name == "describe_event":
        corners = tuple(
            ((slots.word(intent, f"c{i}") or "", slots.number(intent, f"a{i}") or 1),)
            for i in range(1, 5))
        return Proposal((Printed((corners[0], corners[1], corners[2], corners[3]),
                                 slots.word(intent, "lasting") == "yes",
                                 slots.number(intent, "place") or 0),))
    if name == "reveal_tile":
        return Proposal((Tile(value),))
    if name == "tax":
        return Proposal((Tax(value),))
    if name == "roll_tax":
        if state.phase != "tax" or state.mode != TABLE:
            return Proposal((Tax(engine.components.tax_faces[0]),))
        return Proposal((Tax(world_draw(state, engine, engine.components.tax_faces)),))
    make = Discard if state.phase == "random_discard" else Penitence
    if name == "penitence_card":
        return Proposal((make(slots.word(intent, "card") or ""),))
    if name == "penitence_random":
        hand = state.seats[state.pending[0]].hand if state.pending else ()
        if state.phase not in ("penitence", "random_discard") or state.mode != TABLE \
                or not hand:
            return Proposal((Penitence("ble"),))
        return Proposal((make(world_draw(state, engine, sorted(hand))),))
    return None


def scanned_card(components: Components, state: WweState, kind: str, value: str,
                 seat: int) -> Interpretation:
    """The event card a scanned tag is (see :meth:`.binding.WweBinding.scan`)."""
    if kind in ("event", "") and value.isdecimal():
        return Proposal((Reveal(int(value)),))
    if kind == tags.KIND:
        return _printed_tag(components, state, value, seat)
    return Refusal((Line("scan.not_a_card", {"kind": kind, "value": value}, seat),))


def _printed_tag(components: Components, state: WweState, value: str,
                 seat: int) -> Interpretation:
    try:
        card = tags.card_from_tag(value)
    except tags.EventFactsError as problem:
        return Refusal((Line("scan.bad_facts", {"problem": str(problem)}, seat),))
    if card.period != state.period and state.phase == "event":
        return Refusal((Line("refusal.wrong_period", {
            "card": card.number, "card_period": card.period, "period": state.period},
            seat),))
    try:
        known = components.event(card.number)
    except KeyError:
        known = None
    if known is not None and tags.same_facts(card, known):
        return Proposal((Reveal(card.number),))
    return Proposal((Printed(card.corners, card.lasting, card.place),))


def card_name(value: str) -> Line | None:
    """An event card by its number (a tag with facts starts with it)."""
    number = value.partition(";")[0]
    return Line("scan.card", {"number": int(number)}) if number.isdecimal() else None


__all__ = ["bare_number", "card_name", "scanned_card", "world_draw", "world_move"]
