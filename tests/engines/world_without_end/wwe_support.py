"""Shared helpers for the Un monde sans fin engine tests.

The tests use their own components, written here, so that correcting the provisional data
file from a real box never changes what they mean. Every event card gives the rulebook's
income example (stone, grain, 1 gold, 1 point, clockwise from the arrow's side) unless a
test says otherwise; a few cards carry the rulebook's named effects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ludivox.engines.world_without_end import (
    Components,
    EventCard,
    Op,
    WweConfig,
    WweEngine,
    WweState,
    parse_action,
)
from ludivox.engines.world_without_end.components import FREE_HOUSE, HouseSite, Project
from ludivox.engines.world_without_end.flow import advance
from ludivox.engines.world_without_end.setup import new_table
from ludivox.engines.world_without_end.state import Table, freeze, thaw

INCOME = ((("stone", 1),), (("grain", 1),), (("gold", 1),), (("vp", 1),))
WITCHCRAFT = 12  # period II, lasting: who renounces gets 1 medical knowledge
EDWARD = 14  # period II: "Le roi Édouard III ..." (pardon)
EXCHANGE = 2  # period I: each may exchange 1 wool for 3 gold
WOOL_PRICE = 4  # period I, lasting: wool sells for 1 gold
LASTING_I = (5, 6, 7)  # period I, lasting, no effect
PLAGUE_HOUSES = 24  # period III: each player removes a house
LASTING_EXCHANGE = 20  # period II, lasting: once a round, 1 grain for 2 piety
NO_WHEAT = 21  # period II, lasting: the Blé action is forbidden
PILGRIMS = 22  # period II, lasting: Piété also gives 1 point
MARKET_CLOSED = 41  # period IV: the wool market is covered, everyone loses 2 points
MERTHIN = 36  # period IV: the bell tower is finished at once
GODWYN = 30  # period III: the prior's palace comes in, every other project is covered
RANDOM_DISCARD = 31  # period III, lasting: "Avec l'arrivée de la peste ..."
SPECIAL: dict[int, tuple[bool, tuple[Op, ...]]] = {
    EXCHANGE: (False, (Op("exchange", "each", give=(("wool", 1),), get=(("gold", 3),)),)),
    WOOL_PRICE: (True, (Op("wool_price", amount=1),)),
    5: (True, ()), 6: (True, ()), 7: (True, ()),
    WITCHCRAFT: (True, (Op("renounce_gain", get=(("medicine", 1),)),)),
    EDWARD: (False, (Op("pardon"),)),
    NO_WHEAT: (True, (Op("card_blocked", card="ble"),)),
    PILGRIMS: (True, (Op("card_bonus", card="piete", get=(("vp", 1),)),)),
    MARKET_CLOSED: (False, (Op("cover", target="market:wool"),
                            Op("lose", "each", give=(("vp", 2),)))),
    LASTING_EXCHANGE: (True, (Op("exchange", give=(("grain", 1),), get=(("piety", 2),)),)),
    PLAGUE_HOUSES: (False, (Op("remove_house", "each"),)),
    RANDOM_DISCARD: (True, (Op("random_discard"),)),
    GODWYN: (False, (Op("cover_others", target="palais"),)),
    MERTHIN: (False, (Op("complete", target="clocher"),)),
}


def _event(number: int) -> EventCard:
    period = (number - 1) // 11 + 1
    lasting, ops = SPECIAL.get(number, (False, ()))
    place = (number % 11) + 1 if period >= 3 else 0
    return EventCard(number, period, f"carte {number}", lasting, INCOME, place, ops)


SITES = tuple(
    HouseSite(n, "wood" if n % 2 else "stone", income)
    for n, income in enumerate(
        [(("grain", 1),), (("wool", 1),), (("stone", 1),), (("wood", 1),), (("piety", 1),),
         (("gold", 2),), (("medicine", 1),), (("grain", 1),), (("wool", 1),), (("cloth", 1),),
         (("loyalty", 1),), (("vp", 2),), (("gold", 2),), (("piety", 1),)],
        start=1,
    )
)
PROJECTS = (
    Project("pont", 2, 2, (("vp", 1), ("cloth", 1)), start="board"),
    Project("clocher", 6, 2, (("vp", 2),), metal=1, start="period3"),
    Project("font", 5, 0, (("vp", 1), ("piety", 1))),
    Project("foulon", 2, 2, (("vp", 1), ("cloth", 1))),
    Project("hospice", 2, 1, (), heal=True),
    Project("chapelle", 3, 1, (("vp", 2),)),
    Project("palais", 3, 2, (("vp", 1), ("gold", 2))),
)
REWARDS: tuple[tuple[tuple[str, int], ...] | str, ...] = (
    (("gold", 1),), (("loyalty", 1),), (("cloth", 1),), (("vp", 2),), (("piety", 1),),
    (("grain", 1),), (("wool", 2),), (("gold", 1),), FREE_HOUSE, (("stone", 1),), (),
)
TILES = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5)
COMPONENTS = Components(
    tuple(_event(n) for n in range(1, 45)), SITES, PROJECTS, REWARDS, TILES, (2, 3, 3, 4, 4, 5),
)


def engine(players: int = 4, mode: str = "virtual", rules: str = "full", seed: int = 0,
           components: Components = COMPONENTS) -> WweEngine:
    """An engine over the test components."""
    return WweEngine(WweConfig(components, players, mode, rules, seed))


def start(eng: WweEngine, decks: Iterable[Iterable[int]] | None = None,
          edit_: Callable[[Table], None] | None = None) -> WweState:
    """A new game whose piles are ``decks`` (each period's six cards, first drawn first)."""
    c = eng.config
    t = new_table(eng.components, c.players, c.mode, c.rules, c.seed)
    if decks is not None:
        t.decks = [tuple(d) for d in decks]
    if edit_ is not None:
        edit_(t)
    advance(t, eng.components)
    return freeze(t)


def plain_decks() -> list[list[int]]:
    """Six plain cards per period (no effect)."""
    return [[8, 9, 10, 11, 1, 3], [13, 15, 16, 17, 18, 19],
            [23, 25, 26, 27, 28, 29], [34, 35, 37, 38, 39, 40]]


def edit(state: WweState, change: Callable[[Table], None]) -> WweState:
    """``state`` changed by ``change`` on a working copy (to set a position up)."""
    t = thaw(state)
    change(t)
    return freeze(t)


def do(eng: WweEngine, state: WweState, *texts: str) -> WweState:
    """Apply actions given in text form, in order."""
    for text in texts:
        state, _ = eng.apply(state, parse_action(text))
    return state


def stock(state: WweState, seat: int) -> dict[str, int]:
    """A seat's stock as a dictionary."""
    from ludivox.engines.world_without_end.components import RESOURCES

    return dict(zip(RESOURCES, state.seats[seat].stock, strict=True))


def finish_round(eng: WweEngine, state: WweState, card: str = "piete") -> WweState:
    """Everyone renounces with their first card (or ``card``) until the next round starts."""
    rnd, period = state.round, state.period
    while (state.round, state.period) == (rnd, period) and state.phase != "over":
        now = eng.awaiting(state)
        legal = list(eng.legal_actions(state))
        if now.phase == "orient":
            state, _ = eng.apply(state, legal[0])
            continue
        wanted = [a for a in legal if a.text() in (f"play {card} renounce", f"discard {card}")]
        renounce = [a for a in legal if a.text().endswith("renounce")]
        action = (wanted or renounce or [replace_none(legal)])[0]
        state, _ = eng.apply(state, action)
    return state


def replace_none(legal: list) -> object:  # type: ignore[type-arg]
    """The most passive legal action (protect none, choose no/none, else the first)."""
    for text in ("protect none", "choose no", "choose none"):
        for action in legal:
            if action.text() == text:
                return action
    return legal[0]


__all__ = ["COMPONENTS", "replace"]
