"""Kingdom Builder in words: hexes, terrains and tiles, actions, refusals and events as
sentences, the turn, the opening, help and the rules reminder (part of
:class:`~ludivox.bindings.kingdom_builder.binding.KingdomBuilderBinding`). One's own terrain
card is said on one's own channel until it is played face up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludivox.engines.base import Event, Reason
from ludivox.engines.kingdom_builder import (
    KingdomBuilderEngine,
    grid,
)
from ludivox.engines.kingdom_builder.actions import (
    Build,
    CaveMove,
    KingdomBuilderAction,
    MoveTile,
    PlaceTile,
    RevealTerrain,
)
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.events import TerrainRevealed
from ludivox.engines.kingdom_builder.grid import Hex
from ludivox.engines.kingdom_builder.state import KingdomBuilderState
from ludivox.table import slots
from ludivox.table.binding import (
    BindingDefaults,
    IntentLike,
    Line,
)
from ludivox.table.judge import Judge


def hex_of(intent: IntentLike, row: str = "row", col: str = "col") -> Hex | None:
    """The hex an intent's ``row`` and ``col`` slots name (None when one is missing)."""
    r, c = slots.number(intent, row), slots.number(intent, col)
    if r is None or c is None:
        return None
    return (r - 1, c - 1)


def hex_line(hex_: Hex | str) -> Line:
    """A hex in words ("cinq douze"), from a hex or a canonical id."""
    h = grid.parse_hex_id(hex_) if isinstance(hex_, str) else hex_
    r, c = grid.spoken(h)
    return Line("hex", {"row": r, "col": c})


def terrain_line(terrain: str) -> Line:
    return Line("terrain", {"terrain": terrain})


def tile_line(tile: str) -> Line:
    return Line("tile", {"tile": tile})


class KingdomBuilderNarration(BindingDefaults):
    """Seats, turns and everything Kingdom Builder says."""

    engine: KingdomBuilderEngine
    judge: Judge[Any, Any]

    # --- seats ------------------------------------------------------------------------

    def acting_seat(self, state: KingdomBuilderState) -> int | None:
        """The current player; None while a card must be revealed or once it is over."""
        seats = self.judge.awaiting(state).seats
        return seats[0] if seats else None

    def next_seat(self, state: KingdomBuilderState, after: int) -> int | None:
        """The seat on ``after``'s left; None when ``after``'s turn ends the game."""
        return state.seat_after(after)

    # --- the board's sections ----------------------------------------------------------

    def _section_params(self, state: KingdomBuilderState, q: int) -> dict[str, Any]:
        return {"section": q, "tile": tile_line(state.board.layout.sections[q])}

    def _sections(self, state: KingdomBuilderState) -> tuple[Line, ...]:
        return tuple(Line("section", self._section_params(state, q)) for q in range(4))

    # --- speaking ---------------------------------------------------------------------

    def describe(self, state: KingdomBuilderState, action: KingdomBuilderAction, seat: int) -> Line:
        """An action in words (``action.*``)."""
        if isinstance(action, Build):
            return Line("action.build", {"place": hex_line(action.hex)})
        if isinstance(action, PlaceTile):
            return Line(
                "action.place_tile", {"tile": tile_line(action.tile), "place": hex_line(action.hex)}
            )
        if isinstance(action, MoveTile):
            return Line(
                "action.move_tile",
                {
                    "tile": tile_line(action.tile),
                    "origin": hex_line(action.origin),
                    "place": hex_line(action.target),
                },
            )
        if isinstance(action, CaveMove):
            return Line(
                "action.cave", {"origin": hex_line(action.origin), "place": hex_line(action.target)}
            )
        if isinstance(action, RevealTerrain):
            return Line("action.terrain", {"terrain": terrain_line(action.terrain)})
        return Line("action.end")

    def _params(self, params: dict[str, Any]) -> dict[str, Any]:
        """Engine ids made speakable: hexes, terrains, tiles, seats."""
        out = dict(params)
        for key in ("hex", "origin", "target", "location"):
            if isinstance(out.get(key), str) and str(out[key]).startswith("hex:"):
                out[key] = hex_line(str(out[key]))
        if isinstance(out.get("hexes"), tuple):
            out["hexes"] = tuple(hex_line(h) for h in out["hexes"])
        for key in ("terrain", "needed"):
            if isinstance(out.get(key), str) and out[key]:
                out[key] = terrain_line(str(out[key]))
        if isinstance(out.get("tile"), str):
            out["tile"] = tile_line(str(out["tile"]))
        if isinstance(out.get("seat"), int):
            out["player"] = self.name(int(out["seat"]))
        if isinstance(out.get("owner"), int):
            out["owner_name"] = self.name(int(out["owner"]))
        return out

    def refusal_lines(
        self, state: KingdomBuilderState, action: KingdomBuilderAction, reason: Reason, seat: int
    ) -> tuple[Line, ...]:
        """The refusal on the player's channel, then up to three suggestions."""
        lines = [Line(f"refusal.{reason.code}", self._params(dict(reason.args)), seat)]
        if reason.suggestions:
            options = tuple(self.describe(state, a, seat) for a in reason.suggestions[:3])
            lines.append(Line("suggestion", {"options": options}, seat))
        return tuple(lines)

    def event_lines(
        self, before: KingdomBuilderState, after: KingdomBuilderState, events: Sequence[Event]
    ) -> tuple[Line, ...]:
        """Each event as ``event.<kind>``; a drawn card only on its owner's channel. The
        card turned face up is said by :meth:`turn_lines` instead, after whose turn it is."""
        lines = []
        for event in events:
            if isinstance(event, TerrainRevealed):
                continue  # said by turn_lines, after whose turn it is
            payload = dict(event.payload())
            params = self._params(payload)
            if "via" in payload:
                via = str(payload["via"])
                params["via_name"] = (
                    Line("card", {"card": "cave"}) if via == "cave" else (tile_line(via))
                )
            if "next_seat" in payload:
                params["next_player"] = self.name(int(payload["next_seat"]))
            if "last_seat" in payload:
                params["last_player"] = self.name(int(payload["last_seat"]))
            if "winners" in payload:
                params["winner_names"] = tuple(self.name(s) for s in payload["winners"])
                params["items"] = tuple(
                    Line("answer.final_item", {"player": self.name(s), "score": t})
                    for s, t in enumerate(payload["totals"])
                )
                params["items"] = Line("answer.scores", {"items": params["items"]})
            lines.append(Line(f"event.{event.kind}", params, event.private_to))
        return tuple(lines)

    def event_earcons(self, events: Sequence[Event]) -> tuple[str, ...]:
        """No game-specific earcon."""
        return ()

    def turn_lines(self, state: KingdomBuilderState, seat: int) -> tuple[Line, ...]:
        """Whose turn, and the card they play (face up now: said on the table)."""
        if state.over:
            return ()
        terrain = state.terrain
        if terrain is None:
            return (Line("your_turn_table", {"player": self.name(seat)}),)
        return (
            Line("your_turn", {"player": self.name(seat)}),
            Line(
                "answer.terrain_current",
                {"player": self.name(seat), "terrain": terrain_line(terrain)},
            ),
        )

    def opening_lines(self, state: KingdomBuilderState) -> tuple[Line, ...]:
        """The board, the cards, each hidden card privately, whose turn."""
        if state.over:
            return (Line("answer.turn_over"),)
        cards = tuple(Line("card", {"card": c}) for c in state.cards)
        lines = [
            Line("opening", {"players": state.players, "cards": cards}),
            Line("answer.sections", {"items": self._sections(state)}),
        ]
        for seat in range(state.players):
            own = state.hands[seat]
            if seat != state.current and own in BUILDABLE:
                lines.append(Line("answer.terrain_mine", {"terrain": terrain_line(own)}, seat))
        lines.extend(self.turn_lines(state, state.current))
        return tuple(lines)

    def help_lines(self, state: KingdomBuilderState, seat: int) -> tuple[Line, ...]:
        """What can be said now."""
        if state.over:
            return (Line("help.game_over", {}, seat),)
        if state.hands[state.current] == "?":
            return (
                Line("help.reveal", {"player": self.name(state.current)}, seat),
                Line("help.explore", {}, seat),
            )
        if seat != state.current:
            return (
                Line("help.waiting", {"player": self.name(state.current)}, seat),
                Line("help.explore", {}, seat),
            )
        return (Line("help.turn", {}, seat), Line("help.explore", {}, seat))

    def rules_lines(self, state: KingdomBuilderState, seat: int) -> tuple[Line, ...]:
        """The short rules reminder."""
        return (Line("rules.short", {}, seat),)

    def hint_intents(self, state: KingdomBuilderState, seat: int) -> tuple[str, ...]:
        """Examples offered after something not understood."""
        return ("build", "ask_where", "tutorial")

    def state_json(self, state: KingdomBuilderState) -> dict[str, Any]:
        """The engine's JSON (``notation.to_json``) plus ``names`` and ``notation``."""
        data = self.engine.to_json(state)
        data["names"] = list(self.players)
        data["notation"] = self.engine.dumps(state)
        return data


__all__ = ["KingdomBuilderNarration", "hex_line", "hex_of", "terrain_line", "tile_line"]
