"""The games the table knows, by name: their engines (and, later, their bindings)."""

from __future__ import annotations

from typing import Any

from ludivox.engines.base import Engine

GAMES = ("kingsbridge",)


def engine_for(game: str) -> Engine[Any, Any]:
    """The rules engine of ``game``; raises KeyError for a game the table does not know."""
    if game == "kingsbridge":
        from ludivox.engines.kingsbridge import KingsbridgeEngine

        engine: Engine[Any, Any] = KingsbridgeEngine()
        return engine
    raise KeyError(f"unknown game {game!r} (known: {', '.join(GAMES)})")


__all__ = ["GAMES", "engine_for"]
