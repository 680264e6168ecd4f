"""Kingsbridge: state, set-up, rules engine, notation and JSON form; the full game with the
ten characters, the solo and co-op variants, the coach and computer players.

The table layer uses :class:`KingsbridgeEngine` (the ``Engine`` protocol plus ``to_json`` /
``from_json`` and the two set-ups); the action (``actions``, ``charactions``), event
(``events``, ``charevents``) and reason modules are the contract shared with the grammar.
The coach (:func:`best_plan`, :func:`can_finish_column`, :func:`playable_cards`) and the
computer players (:func:`choose_turn`) are pure functions of a position.

One rule path for the base game, the characters and the solo and co-op variants (the
characters are state fields and a turn's powers, see :mod:`.characters`):

* ``rules`` — the engine (awaiting, legal_actions, refusal, apply, view, notation, JSON);
* ``refusals`` → ``placing`` (placements, moves and their hints), ``checks`` (card, column,
  hand), ``character_refusals``; ``columns`` is the column rule the coach shares;
* ``legal`` — every legal action (the base game's fast runs inside it);
* ``transitions`` → ``turns`` (end of a turn and of the game, table reveals),
  ``character_effects``;
* ``validate``, ``notation``, ``jsonio`` — a position checked, written and read.
"""

from ludivox.engines.kingsbridge.coach import (
    CardOptions,
    Plan,
    best_plan,
    can_finish_column,
    playable_cards,
)
from ludivox.engines.kingsbridge.jsonio import from_json, to_json
from ludivox.engines.kingsbridge.notation import dumps, loads
from ludivox.engines.kingsbridge.players import STRENGTHS, choose_turn
from ludivox.engines.kingsbridge.rules import KingsbridgeEngine, view
from ludivox.engines.kingsbridge.setup import new_table_game, new_virtual_game
from ludivox.engines.kingsbridge.state import KingsbridgeState, Options, PlayerState

__all__ = [
    "STRENGTHS",
    "CardOptions",
    "KingsbridgeEngine",
    "KingsbridgeState",
    "Options",
    "Plan",
    "PlayerState",
    "best_plan",
    "can_finish_column",
    "choose_turn",
    "dumps",
    "from_json",
    "loads",
    "new_table_game",
    "new_virtual_game",
    "playable_cards",
    "to_json",
    "view",
]
