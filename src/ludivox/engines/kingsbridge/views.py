"""What a game with characters adds to ``view``: all public (piles and Wilwulf's cards are
face up); the face-down character deck only as a count, the malus pile as a count."""

from __future__ import annotations

from typing import Any

from ludivox.engines.kingsbridge.columns import holes
from ludivox.engines.kingsbridge.state import KingsbridgeState, value


def full_view(state: KingsbridgeState, base: dict[str, Any]) -> dict[str, Any]:
    """``base`` (the base game's view) with the full game's public information added."""
    out = dict(base)
    edgar = state.edgar_at()
    out["options"] = {"characters": True, "mode": state.options.mode}
    out["columns"] = [[value(c) for c in column] for column in state.columns]
    out["edgar"] = None if edgar is None else {"column": edgar[0] + 1, "index": edgar[1]}
    out["holes"] = [list(holes(column)) for column in state.columns]
    out["players"] = [
        {**entry, "characters": list(p.characters), "aside": list(p.aside)}
        for entry, p in zip(base["players"], state.players, strict=True)
    ]
    out["character_used"] = state.power or None
    column, skip = state.skip
    out["skip"] = {"column": column, "value": skip} if column else None
    out["den_column"] = state.den or None
    out["box_count"] = len(state.box)
    if state.shared:
        out["revealed"] = list(state.revealed)
        out["deck_count"] = len(state.deck)
        out["box"] = list(state.box)
        out["malus_count"] = len(state.malus)
        out["score"] = state.score()
    return out
