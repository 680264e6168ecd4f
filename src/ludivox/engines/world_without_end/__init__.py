"""Un monde sans fin (Michael Rieneck, Stefan Stadler; Kosmos, Filosofia): 2 to 4 players.

Public API: :class:`WweEngine` with :class:`WweConfig`, the actions (:mod:`.actions`), the
refusal catalogue (:data:`REASON_CODES`), the components (:mod:`.components`), the state
(:mod:`.state`) and the computer players (:mod:`.players`). Rule decisions where the rulebook
is silent are written in the docstrings of :mod:`.stock`, :mod:`.favour`, :mod:`.cards`,
:mod:`.houses`, :mod:`.projects`, :mod:`.plague`, :mod:`.effects`, :mod:`.period` and
:mod:`.setup`.
"""

from __future__ import annotations

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
    parse_action,
)
from ludivox.engines.world_without_end.components import Components, EventCard, Op
from ludivox.engines.world_without_end.engine import WweConfig, WweEngine
from ludivox.engines.world_without_end.reasons import REASON_CODES
from ludivox.engines.world_without_end.state import WweState

__all__ = [
    "REASON_CODES",
    "Choose",
    "Components",
    "Discard",
    "EventCard",
    "Op",
    "Orient",
    "Penitence",
    "Play",
    "Printed",
    "Protect",
    "Reveal",
    "Tax",
    "Tile",
    "WweAction",
    "WweConfig",
    "WweEngine",
    "WweState",
    "parse_action",
]
