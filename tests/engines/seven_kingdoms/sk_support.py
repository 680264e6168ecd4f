"""Shared helpers for the 7 Kingdoms engine tests.

The tests use their own components, written here, so that correcting the provisional data
file from a real box never changes what these tests mean: card ``n`` carries blason
``(n - 1) % 7 + 1`` (the k-th card of each rank carries blason k) and the Paysans show the
places in :data:`PAYSAN_PLACES`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from ludivox.engines.base import Event
from ludivox.engines.seven_kingdoms import (
    Blason,
    BonusToken,
    Components,
    SevenKingdomsAction,
    SevenKingdomsConfig,
    SevenKingdomsEngine,
    SevenKingdomsState,
    Take,
    TitleCard,
)

PAYSAN_PLACES = {43: (1, 4), 44: (2, 5), 45: (3, 6), 46: (4, 7), 47: (1, 5), 48: (2, 6), 49: (3, 7)}
TOKENS = (
    BonusToken("x2", "double"),
    *(BonusToken(f"+{v}", "points", v) for v in range(1, 6)),
    BonusToken("peasant", "peasants"),
    BonusToken("blason", "blasons"),
)


def blason_of(number: int) -> int:
    """The blason of a card in the test components."""
    return (number - 1) % 7 + 1


COMPONENTS = Components(
    cards=tuple(TitleCard(n, blason_of(n), PAYSAN_PLACES.get(n, ())) for n in range(1, 50)),
    blasons=tuple(Blason(i) for i in range(1, 8)),
    tokens=TOKENS,
)


def engine(players: int = 4, mode: str = "virtual", seed: int = 0) -> SevenKingdomsEngine:
    """An engine over the test components."""
    return SevenKingdomsEngine(SevenKingdomsConfig(COMPONENTS, players, mode, seed))


ENGINE = engine()


def state(fields: str) -> SevenKingdomsState:
    """A position from notation fields (the ``7k`` prefix is added)."""
    return ENGINE.loads("7k " + fields)


def run(
    start: SevenKingdomsState, actions: Iterable[str], eng: SevenKingdomsEngine = ENGINE
) -> tuple[SevenKingdomsState, list[Event]]:
    """Apply actions given in text form; returns the final state and every event."""
    events: list[Event] = []
    current = start
    for text in actions:
        current, new = eng.apply(current, eng.parse_action(text))
        events.extend(new)
    return current, events


E = TypeVar("E", bound=Event)


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def code(start: SevenKingdomsState, action: str | SevenKingdomsAction) -> str | None:
    """The refusal code for an action (text or value), ``None`` if legal."""
    value = ENGINE.parse_action(action) if isinstance(action, str) else action
    reason = ENGINE.refusal(start, value)
    return None if reason is None else reason.code


def take_sets(start: SevenKingdomsState) -> set[tuple[int, ...]]:
    """The card sets of the legal takes (whatever goes into the hand)."""
    return {a.cards for a in ENGINE.legal_actions(start) if isinstance(a, Take)}


def texts(start: SevenKingdomsState, eng: SevenKingdomsEngine = ENGINE) -> list[str]:
    """The legal actions' text forms."""
    return [a.text() for a in eng.legal_actions(start)]


def with_pile(start: SevenKingdomsState, size: int) -> SevenKingdomsState:
    """``start`` with only ``size`` cards left in its pile (the others set aside)."""
    from dataclasses import replace

    return replace(start, pile=start.pile[:size], discard=(*start.discard, *start.pile[size:]))


def resolving(card: int, row: str, hand: str = "30", extra: str = "") -> SevenKingdomsState:
    """Seat 0 of 2 resolves ``card`` (placed above blason I) and must take from ``row``."""
    return state(
        f"phase=take order=0 resolving={card} above={card} row={row} pile=rest hidden=rest "
        f"revealed=x2,+3 s0=hand:{hand} s1=hand:35 {extra}"
    )
