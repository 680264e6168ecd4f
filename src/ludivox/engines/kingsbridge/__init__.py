"""Kingsbridge (base rules): state, set-up, rules engine, notation and JSON form.

The table layer uses :class:`KingsbridgeEngine` (the ``Engine`` protocol plus ``to_json`` /
``from_json`` and the two set-ups); the action, event and reason modules are the contract
shared with the grammar.
"""

from ludivox.engines.kingsbridge.jsonio import from_json, to_json
from ludivox.engines.kingsbridge.notation import dumps, loads
from ludivox.engines.kingsbridge.rules import KingsbridgeEngine, view
from ludivox.engines.kingsbridge.setup import new_table_game, new_virtual_game
from ludivox.engines.kingsbridge.state import KingsbridgeState, PlayerState

__all__ = [
    "KingsbridgeEngine",
    "KingsbridgeState",
    "PlayerState",
    "dumps",
    "from_json",
    "loads",
    "new_table_game",
    "new_virtual_game",
    "to_json",
    "view",
]
