"""The Un monde sans fin engine: the contract of :mod:`ludivox.engines.base` over its rules.

The printed components come in the configuration (:class:`.components.Components`, loaded
by ``ludivox.gamedata.world_without_end``); the engine never reads files.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ludivox.engines.base import Awaiting, Event, IllegalAction, Reason
from ludivox.engines.world_without_end import flow, legal
from ludivox.engines.world_without_end.actions import WweAction, parse_action
from ludivox.engines.world_without_end.components import Components
from ludivox.engines.world_without_end.jsonio import dumps, from_json, loads, to_json
from ludivox.engines.world_without_end.period import ranking_key, winners
from ludivox.engines.world_without_end.setup import check_players, new_table
from ludivox.engines.world_without_end.state import FULL, OVER, VIRTUAL, WweState, freeze, thaw
from ludivox.engines.world_without_end.transitions import changes, perform
from ludivox.engines.world_without_end.view import view


@dataclass(frozen=True)
class WweConfig:
    """How to set a game up: components, 2..4 players, mode, rules (``first``/``full``),
    seed (virtual)."""

    components: Components
    players: int = 4
    mode: str = VIRTUAL
    rules: str = FULL
    seed: int = 0


class WweEngine:
    """The rules of Un monde sans fin. Every method is pure."""

    name = "world_without_end"

    def __init__(self, config: WweConfig) -> None:
        check_players(config.players)
        self.config = config
        self.components = config.components

    def new_game(self) -> WweState:
        """The starting position (virtual: the first event is already drawn)."""
        c = self.config
        t = new_table(self.components, c.players, c.mode, c.rules, c.seed)
        flow.advance(t, self.components)
        return freeze(t)

    def awaiting(self, state: WweState) -> Awaiting:
        """Who acts now, in which phase, with which kinds of action."""
        t = thaw(state)
        return flow.awaiting(t, winners(t) if state.phase == OVER else ())

    def legal_actions(self, state: WweState) -> Iterator[WweAction]:
        """Every legal action now, in a stable order."""
        yield from legal.legal_actions(thaw(state), self.components)

    def refusal(self, state: WweState, action: WweAction) -> Reason | None:
        """``None`` exactly when ``action`` is legal in ``state``."""
        return legal.refusal(thaw(state), self.components, action)

    def apply(self, state: WweState, action: WweAction) -> tuple[WweState, tuple[Event, ...]]:
        """The state after ``action`` and what happened; raises :class:`IllegalAction`."""
        t = thaw(state)
        reason = legal.refusal(t, self.components, action)
        if reason is not None:
            raise IllegalAction(action.text(), reason, dumps(state))
        events: list[Event] = []
        perform(t, self.components, action, events)
        after = freeze(t)
        done = winners(t) if after.phase == OVER else ()
        events.extend(changes(state, after, self.components, done))
        return after, tuple(events)

    def view(self, state: WweState, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may know (``None``: the whole table). JSON-compatible."""
        return view(state, seat, self.components)

    def dumps(self, state: WweState) -> str:
        """The state's one-line notation."""
        return dumps(state)

    def loads(self, text: str) -> WweState:
        """Parse the notation; raises ``ValueError`` with a clear message."""
        return loads(text)

    def parse_action(self, text: str) -> WweAction:
        """Parse an action's text form; raises :class:`InvalidAction`."""
        return parse_action(text)

    def to_json(self, state: WweState) -> dict[str, Any]:
        """The state as a JSON-compatible dictionary."""
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> WweState:
        """Read a state written by :meth:`to_json`; raises ``ValueError`` clearly."""
        return from_json(data)

    def ranking(self, state: WweState) -> list[tuple[int, tuple[int, int, int, int]]]:
        """Seats with what decides the winner (points in halves, piety, loyalty, knowledge)."""
        t = thaw(state)
        return [(s, ranking_key(t, s)) for s in range(state.players)]
