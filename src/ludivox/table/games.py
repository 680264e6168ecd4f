"""The games the table knows, by name: their engines and their table bindings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludivox.engines.base import Engine
from ludivox.table.binding import Binding

GAMES = ("kingsbridge", "seven-kingdoms", "kingdom-builder")


def engine_for(game: str, **options: Any) -> Engine[Any, Any]:
    """The rules engine of ``game``; raises KeyError for a game the table does not know.
    ``options``: set-up choices of games that have some (Kingdom Builder's ``layout``)."""
    if game == "kingdom-builder":
        from ludivox.table.kingdom_builder import KingdomBuilderTableEngine

        builder: Engine[Any, Any] = KingdomBuilderTableEngine(**options)
        return builder
    if game == "kingsbridge":
        from ludivox.engines.kingsbridge import KingsbridgeEngine

        engine: Engine[Any, Any] = KingsbridgeEngine()
        return engine
    if game == "seven-kingdoms":
        from ludivox.table.seven_kingdoms import SevenKingdomsTableEngine

        seven: Engine[Any, Any] = SevenKingdomsTableEngine()
        return seven
    raise KeyError(f"unknown game {game!r} (known: {', '.join(GAMES)})")


def binding_for(game: str, players: Sequence[str]) -> Binding:
    """The table binding of ``game`` for these player names; raises KeyError."""
    if game == "kingsbridge":
        from ludivox.table.kingsbridge import KingsbridgeBinding

        return KingsbridgeBinding(players)
    if game == "seven-kingdoms":
        from ludivox.table.seven_kingdoms import SevenKingdomsBinding

        return SevenKingdomsBinding(players)
    if game == "kingdom-builder":
        from ludivox.table.kingdom_builder import KingdomBuilderBinding

        return KingdomBuilderBinding(players)
    raise KeyError(f"unknown game {game!r} (known: {', '.join(GAMES)})")


def computer_for(game: str, engine: Any, strength: str, seed: int) -> Callable[[Any], Any]:
    """A computer player of ``game`` (state -> the acting seat's action); raises KeyError
    for a game without computer players, ValueError for an unknown strength."""
    if game == "seven-kingdoms":
        from ludivox.engines.seven_kingdoms.players import STRENGTHS, choose

        if strength not in STRENGTHS:
            raise ValueError(f"niveau inconnu {strength!r} (au choix : {', '.join(STRENGTHS)})")
        return lambda state: choose(engine, state, strength, seed)
    if game == "kingdom-builder":
        from ludivox.table.kingdom_builder import computer_player

        return computer_player(engine, strength, seed)
    if game == "kingsbridge":
        from ludivox.table.kingsbridge_full import computer_player as kingsbridge_player

        return kingsbridge_player(engine, strength, seed)
    raise KeyError(f"no computer players for {game!r}")


__all__ = ["GAMES", "binding_for", "computer_for", "engine_for"]
