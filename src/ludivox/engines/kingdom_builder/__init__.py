"""Kingdom Builder (base game, Queenies 1 and 2): a pure engine on a 20 x 20 hex board.

Modules: :mod:`.grid` (coordinates and directions), :mod:`.board` (sections and the assembled
board), :mod:`.state`, :mod:`.placement` (where a settlement may go, and why),
:mod:`.scoring` (the 10 Kingdom Builder cards, castles, Capitol), :mod:`.rules` (refusals,
legal actions), :mod:`.transitions`, :mod:`.actions`, :mod:`.events`, :mod:`.reasons`,
:mod:`.notation`, :mod:`.engine`.

Queenie 3 (the island) is not implemented: its tile's terrain is not transcribed anywhere
we have (``shared/data/kingdom_builder/README.md``: "Queenie 3 (the island tile) has no
terrain transcription here"), and its two new tiles only make sense on it.
"""

from ludivox.engines.kingdom_builder.actions import (
    Build,
    CaveMove,
    EndTurn,
    KingdomBuilderAction,
    MoveTile,
    PlaceTile,
    RevealTerrain,
    parse_action,
)
from ludivox.engines.kingdom_builder.board import (
    SUGGESTED_FIRST_LAYOUT,
    Board,
    BoardError,
    Layout,
    Section,
    assemble,
)
from ludivox.engines.kingdom_builder.components import SUGGESTED_FIRST_CARDS
from ludivox.engines.kingdom_builder.engine import KingdomBuilderEngine
from ludivox.engines.kingdom_builder.placement import (
    Placements,
    move_options,
    move_targets,
    place_targets,
)
from ludivox.engines.kingdom_builder.reasons import REASON_CODES
from ludivox.engines.kingdom_builder.scoring import ScoreItem, ScoreSheet, score_sheet, score_sheets
from ludivox.engines.kingdom_builder.setup import SetupChoiceError, SetupError
from ludivox.engines.kingdom_builder.state import HeldTile, KingdomBuilderState

__all__ = [
    "REASON_CODES",
    "SUGGESTED_FIRST_CARDS",
    "SUGGESTED_FIRST_LAYOUT",
    "Board",
    "BoardError",
    "Build",
    "CaveMove",
    "EndTurn",
    "HeldTile",
    "KingdomBuilderAction",
    "KingdomBuilderEngine",
    "KingdomBuilderState",
    "Layout",
    "MoveTile",
    "PlaceTile",
    "Placements",
    "RevealTerrain",
    "ScoreItem",
    "ScoreSheet",
    "Section",
    "SetupChoiceError",
    "SetupError",
    "assemble",
    "move_options",
    "move_targets",
    "parse_action",
    "place_targets",
    "score_sheet",
    "score_sheets",
]
