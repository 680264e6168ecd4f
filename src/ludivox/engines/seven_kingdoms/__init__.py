"""7 Kingdoms (Gary Kim, Deinko): a drafting card game for 2 to 4 players.

Public API: :class:`SevenKingdomsEngine` with :class:`SevenKingdomsConfig`, the action
values (:mod:`.actions`), the events (:mod:`.events`), the refusal catalogue
(:data:`REASON_CODES`), the component values (:mod:`.components`) and the state
(:mod:`.state`). Rule decisions where the rulebook is silent are documented in
:mod:`.powers`, :mod:`.transitions` and :mod:`.scoring`.
"""

from __future__ import annotations

from ludivox.engines.seven_kingdoms.actions import (
    ChooseToken,
    Play,
    RevealBlason,
    RevealCard,
    RevealHand,
    RevealToken,
    SetFirst,
    SevenKingdomsAction,
    Take,
    parse_action,
)
from ludivox.engines.seven_kingdoms.components import (
    Blason,
    BonusToken,
    Components,
    TitleCard,
    rank_of,
)
from ludivox.engines.seven_kingdoms.engine import SevenKingdomsConfig, SevenKingdomsEngine
from ludivox.engines.seven_kingdoms.reasons import REASON_CODES
from ludivox.engines.seven_kingdoms.scoring import Result, ScoreLine
from ludivox.engines.seven_kingdoms.state import SeatState, SevenKingdomsState

__all__ = [
    "REASON_CODES",
    "Blason",
    "BonusToken",
    "ChooseToken",
    "Components",
    "Play",
    "Result",
    "RevealBlason",
    "RevealCard",
    "RevealHand",
    "RevealToken",
    "ScoreLine",
    "SeatState",
    "SetFirst",
    "SevenKingdomsAction",
    "SevenKingdomsConfig",
    "SevenKingdomsEngine",
    "SevenKingdomsState",
    "Take",
    "TitleCard",
    "parse_action",
    "rank_of",
]
