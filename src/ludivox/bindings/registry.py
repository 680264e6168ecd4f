"""The games the table knows: one table, one row per game (engine, binding, computer players,
how many may play). Everything that lists or builds games reads it (the command line's help,
the set-up, script mode), so a game is added in one place."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludivox.engines.base import Engine
from ludivox.table.binding import Binding


def _kingsbridge_engine(**_: Any) -> Engine[Any, Any]:
    from ludivox.engines.kingsbridge import KingsbridgeEngine

    return KingsbridgeEngine()


def _kingsbridge_binding(players: Sequence[str]) -> Binding[Any, Any]:
    from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding

    return KingsbridgeBinding(players)


def _kingsbridge_computer(engine: Any, strength: str, seed: int) -> Callable[[Any], Any]:
    from ludivox.bindings.kingsbridge.full_game import computer_player

    return computer_player(engine, strength, seed)


def _seven_engine(**_: Any) -> Engine[Any, Any]:
    from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsTableEngine

    return SevenKingdomsTableEngine()


def _seven_binding(players: Sequence[str]) -> Binding[Any, Any]:
    from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsBinding

    return SevenKingdomsBinding(players)


def _seven_computer(engine: Any, strength: str, seed: int) -> Callable[[Any], Any]:
    from ludivox.engines.seven_kingdoms.players import STRENGTHS, choose

    if strength not in STRENGTHS:
        raise ValueError(f"niveau inconnu {strength!r} (au choix : {', '.join(STRENGTHS)})")
    return lambda state: choose(engine, state, strength, seed)


def _builder_engine(**options: Any) -> Engine[Any, Any]:
    from ludivox.bindings.kingdom_builder.binding import KingdomBuilderTableEngine

    return KingdomBuilderTableEngine(**options)


def _builder_binding(players: Sequence[str]) -> Binding[Any, Any]:
    from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding

    return KingdomBuilderBinding(players)


def _builder_computer(engine: Any, strength: str, seed: int) -> Callable[[Any], Any]:
    from ludivox.bindings.kingdom_builder.binding import computer_player

    return computer_player(engine, strength, seed)


def _wwe_engine(**options: Any) -> Engine[Any, Any]:
    from ludivox.bindings.world_without_end.binding import WweTableEngine

    return WweTableEngine(**options)


def _wwe_binding(players: Sequence[str]) -> Binding[Any, Any]:
    from ludivox.bindings.world_without_end.binding import WweBinding

    return WweBinding(players)


def _wwe_computer(engine: Any, strength: str, seed: int) -> Callable[[Any], Any]:
    from ludivox.bindings.world_without_end.binding import computer_player

    return computer_player(engine, strength, seed)  # type: ignore[no-any-return]


def _players(module: str) -> tuple[int, int]:
    """(fewest, most) players, from the engine's own constants."""
    import importlib

    state = importlib.import_module(f"ludivox.engines.{module}")
    return int(state.MIN_PLAYERS), int(state.MAX_PLAYERS)


@dataclass(frozen=True)
class GameEntry:
    """One game: its command-line name, how it is called aloud, and how to build it."""

    name: str
    title: str
    players: tuple[int, int]
    engine: Callable[..., Engine[Any, Any]]
    binding: Callable[[Sequence[str]], Binding[Any, Any]]
    computer: Callable[[Any, str, int], Callable[[Any], Any]] | None = None
    grammar: str = ""  # the grammar's folder, when it is not the name with "_" for "-"

    @property
    def grammar_name(self) -> str:
        """The folder of the game's grammar under ``ludivox/grammars``."""
        return self.grammar or self.name.replace("-", "_")


REGISTRY: tuple[GameEntry, ...] = (
    GameEntry("kingsbridge", "Kingsbridge", _players("kingsbridge.state"),
              _kingsbridge_engine, _kingsbridge_binding, _kingsbridge_computer),
    GameEntry("seven-kingdoms", "7 Kingdoms", _players("seven_kingdoms.state"),
              _seven_engine, _seven_binding, _seven_computer),
    GameEntry("kingdom-builder", "Kingdom Builder", _players("kingdom_builder.components"),
              _builder_engine, _builder_binding, _builder_computer),
    GameEntry("monde-sans-fin", "Un monde sans fin", _players("world_without_end.setup"),
              _wwe_engine, _wwe_binding, _wwe_computer, grammar="world_without_end"),
)
"""Every game, in the order the help lists them."""

GAMES = tuple(entry.name for entry in REGISTRY)


def game(name: str) -> GameEntry:
    """The registry row of ``name``; raises KeyError for a game the table does not know."""
    for entry in REGISTRY:
        if entry.name == name:
            return entry
    raise KeyError(f"unknown game {name!r} (known: {', '.join(GAMES)})")


def engine_for(name: str, **options: Any) -> Engine[Any, Any]:
    """The rules engine of ``name``; ``options``: set-up choices of games that have some
    (Kingdom Builder's ``layout``). Raises KeyError for an unknown game."""
    return game(name).engine(**options)


def binding_for(name: str, players: Sequence[str]) -> Binding[Any, Any]:
    """The table binding of ``name`` for these player names; raises KeyError."""
    return game(name).binding(players)


def computer_for(name: str, engine: Any, strength: str, seed: int) -> Callable[[Any], Any]:
    """A computer player of ``name`` (state -> the acting seat's action); raises KeyError
    for a game without computer players, ValueError for an unknown strength."""
    make = game(name).computer
    if make is None:
        raise KeyError(f"no computer players for {name!r}")
    return make(engine, strength, seed)


__all__ = ["GAMES", "REGISTRY", "GameEntry", "binding_for", "computer_for", "engine_for", "game"]
