"""Who acts now: the state's phase as an :class:`~ludivox.engines.base.Awaiting`.

``Awaiting.phase`` values: ``"setup"`` (table: the world reveals blasons, tokens, the first
player, the row), ``"play"`` (phase 1), ``"collect"`` (phase 2: ``bonus`` then ``take`` for an
Évêque, ``take`` otherwise, and in table mode the world's ``token`` reveal after an Évêque),
``"refill"`` (table: the world reveals the cards completing the row), ``"final"`` (table: the
game has ended, hidden hand cards are shown one by one) and ``"over"``.
"""

from __future__ import annotations

from ludivox.engines.base import Awaiting
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.state import SevenKingdomsState

_WORLD: dict[str, tuple[str, str]] = {
    st.SETUP_BLASONS: ("setup", "blason"),
    st.SETUP_TOKENS: ("setup", "token"),
    st.SETUP_FIRST: ("setup", "first"),
    st.SETUP_ROW: ("setup", "card"),
    st.REVEAL_TOKEN: ("collect", "token"),
    st.REFILL: ("refill", "card"),
    st.FINAL: ("final", "hand"),
}
_SEATED: dict[str, tuple[str, str]] = {
    st.PLAY: ("play", "play"),
    st.BONUS: ("collect", "bonus"),
    st.TAKE: ("collect", "take"),
}


def phase_kinds(phase: str) -> frozenset[str]:
    """Every kind of action some step of ``phase`` accepts (``collect``: bonus, take, token)."""
    steps = (*_WORLD.values(), *_SEATED.values())
    return frozenset(kind for name, kind in steps if name == phase)


def awaiting(state: SevenKingdomsState, winners: tuple[int, ...] = ()) -> Awaiting:
    """Who acts now; ``winners`` is passed in for a finished game."""
    if state.phase == st.OVER:
        return Awaiting((), "over", frozenset(), game_over=True, winners=winners)
    if state.phase in _WORLD:
        phase, kind = _WORLD[state.phase]
        return Awaiting((), phase, frozenset({kind}), world=True)
    phase, kind = _SEATED[state.phase]
    seat = state.turn if state.phase == st.PLAY else state.order[0]
    return Awaiting((seat,), phase, frozenset({kind}))
