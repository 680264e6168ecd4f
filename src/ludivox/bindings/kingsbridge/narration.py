"""Kingsbridge in words: actions, refusals and events as sentences, the turn, the opening,
help and the rules reminder, and the tester's state JSON (part of
:class:`~ludivox.bindings.kingsbridge.binding.KingsbridgeBinding`).

Channels: what changes the game is said on the table; what only concerns one player (their
hand, the cards they drew or revealed, refusals, which could give a hand away) goes to that
player's channel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludivox.bindings.kingsbridge import full_game as full
from ludivox.engines.base import Event, Reason
from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState
from ludivox.engines.kingsbridge.actions import (
    Exchange,
    KingsbridgeAction,
    Move,
    Place,
    Reveal,
    SetColumns,
)
from ludivox.engines.kingsbridge.characters import (
    left_neighbour,
    piles_pending,
    reveal_pending,
)
from ludivox.engines.kingsbridge.charactions import Malus, RevealCharacter, SetCharacters
from ludivox.engines.kingsbridge.events import ColumnCompleted
from ludivox.table.binding import (
    BindingDefaults,
    Line,
)
from ludivox.table.judge import Judge

_SETUP_STEPS = ("columns_set", "characters_set", "character_boxed", "character_revealed")


class KingsbridgeNarration(BindingDefaults):
    """Seats, turns and everything Kingsbridge says."""

    engine: KingsbridgeEngine
    judge: Judge[Any, Any]

    # --- seats and turns --------------------------------------------------------------

    def acting_seat(self, state: KingsbridgeState) -> int | None:
        """The seat whose turn it is; None during table set-up and once the game is over."""
        return self.judge.awaiting(state).seat

    def next_seat(self, state: KingsbridgeState, after: int) -> int | None:
        """The seat on ``after``'s left (``after`` itself in solo)."""
        return left_neighbour(state, after)

    def _in_setup(self, state: KingsbridgeState) -> bool:
        return state.is_table and not state.setup_done and not state.game_over

    # --- the state in words -----------------------------------------------------------

    def _hand_line(self, state: KingsbridgeState, seat: int) -> Line:
        player = state.players[seat]
        if player.hand_size == 0:
            return Line("answer.hand_empty", {}, seat)
        if player.unknown == 0:
            return Line("answer.hand", {"cards": player.hand}, seat)
        if not player.hand:
            return Line("answer.hand_unknown", {"count": player.unknown}, seat)
        return Line("answer.hand_partial", {"cards": player.hand, "unknown": player.unknown}, seat)

    def _column_line(
        self, key: str, state: KingsbridgeState, column: int, seat: int | None
    ) -> Line:
        return full.column_lines(key, state, column, seat)[0]

    def _columns_line(self, state: KingsbridgeState, seat: int | None) -> Line:
        items = tuple(
            self._column_line("answer.columns_item", state, c, None)
            for c in range(1, len(state.columns) + 1)
        )
        return Line("answer.columns", {"items": items}, seat)

    def _turn_answer(self, state: KingsbridgeState, seat: int) -> Line:
        if state.game_over:
            return Line("answer.turn_game_over", {}, seat)
        acting = self.acting_seat(state)
        if acting is None:
            return Line("answer.turn_setup", {}, seat)
        if acting == seat:
            return Line("answer.turn_you", {"player": self.name(seat)}, seat)
        return Line("answer.turn", {"player": self.name(acting)}, seat)

    # --- speaking ---------------------------------------------------------------------

    def describe(self, state: KingsbridgeState, action: KingsbridgeAction, seat: int) -> Line:
        """An action in words (``action.<kind>``), e.g. "poser le sept sur la colonne trois"."""
        private = isinstance(action, Exchange | Reveal | Malus)
        character = full.describe_use(action)
        if character is not None:
            return Line(character.key, character.params, seat if private else None)
        if isinstance(action, SetCharacters):
            return Line(
                "action.characters",
                {"characters": tuple(full.name_line(c) for c in action.characters)},
            )
        if isinstance(action, RevealCharacter):
            return Line("action.reveal_character", {"character": full.name_line(action.character)})
        params: dict[str, Any] = {}
        key = "action." + action.kind
        if isinstance(action, Place):
            params = {"cards": action.cards, "column": action.column}
            if action.aside:
                key = "action.place_aside"
        elif isinstance(action, Move):
            params = {"source": action.source, "target": action.target}
            if action.start == 0:
                key = "action.move_whole"
            else:
                column = (
                    state.columns[action.source - 1]
                    if 1 <= action.source <= len(state.columns)
                    else ()
                )
                params["cards"] = column[action.start :]
        elif isinstance(action, Exchange | Reveal | SetColumns):
            params = {"cards": action.cards}
        return Line(key, params, seat if private else None)

    def _reason_params(self, reason: Reason) -> dict[str, Any]:
        params: dict[str, Any] = full.names(dict(reason.args))
        if isinstance(params.get("seat"), int):
            params["player"] = self.name(int(params["seat"]))
        return params

    def refusal_lines(
        self, state: KingsbridgeState, action: KingsbridgeAction, reason: Reason, seat: int
    ) -> tuple[Line, ...]:
        """The refusal (privately: it may tell what the hand holds), then what would work."""
        code = reason.code
        if code == "character_not_on_top" and not reason.args.get("top"):
            code = "character_pile_empty"
        lines = [Line(f"refusal.{code}", self._reason_params(reason), seat)]
        if reason.suggestions:
            options = tuple(self.describe(state, a, seat) for a in reason.suggestions[:3])
            lines.append(Line("suggestion", {"options": options}, seat))
        return tuple(lines)

    def event_lines(
        self, before: KingsbridgeState, after: KingsbridgeState, events: Sequence[Event]
    ) -> tuple[Line, ...]:
        """Each event as ``event.<kind>``; private events only on their seat's channel."""
        lines = []
        for event in events:
            params: dict[str, Any] = full.names(dict(event.payload()))
            if isinstance(params.get("seat"), int):
                params["player"] = self.name(params["seat"])
            if isinstance(params.get("to_seat"), int):
                params["to_player"] = self.name(params["to_seat"])
                # a card going to its own player's pile (solo Wigelm) is never "X ... à X"
                params["own"] = params["to_seat"] == params.get("seat")
            if isinstance(params.get("next_seat"), int):
                params["next_player"] = self.name(params["next_seat"])
            if "winners" in params:
                params["winner_names"] = tuple(self.name(s) for s in params["winners"])
                left = params.get("cards_left") or ()
                params["fewest"] = min(left) if left else 0
            lines.append(Line(f"event.{event.kind}", params, event.private_to))
        if any(e.kind in _SETUP_STEPS for e in events):
            lines.extend(self._character_setup_lines(after))
        return tuple(lines)

    def event_earcons(self, events: Sequence[Event]) -> tuple[str, ...]:
        """A chime when a column is finished."""
        return ("column_finished",) if any(isinstance(e, ColumnCompleted) for e in events) else ()

    def turn_lines(self, state: KingsbridgeState, seat: int) -> tuple[Line, ...]:
        """``your_turn`` on the table, then the hand privately (or, on the table, a request
        to tell it)."""
        lines = [Line("your_turn", {"player": self.name(seat)})]
        player = state.players[seat]
        if state.is_table and player.hand_size and not player.hand:
            # on the table: it names the player and tells no card (one loudspeaker says it)
            lines.append(Line("setup_hand", {"player": self.name(seat)}))
        else:
            lines.append(self._hand_line(state, seat))
        return tuple(lines)

    def opening_lines(self, state: KingsbridgeState) -> tuple[Line, ...]:
        """Set-up instructions (table mode) or the columns, the hands privately, whose turn."""
        if state.game_over:
            return (Line("answer.turn_game_over"),)
        if self._in_setup(state):
            return (Line("setup_deal", {"players": len(state.players)}), Line("setup_columns"))
        starts = [column[0] for column in state.columns if len(column) == 1]
        if len(starts) == len(state.columns):  # one card each: said in one short phrase
            lines = [Line("opening.columns", {"count": len(starts), "cards": tuple(starts)})]
        else:
            lines = [self._columns_line(state, None)]
        lines.extend(self._character_setup_lines(state))
        if self.acting_seat(state) is None:
            return tuple(lines)
        if state.characters_on and state.shared:  # who can help; the deck's size on request
            lines.append(
                Line(
                    "opening.revealed",
                    {"characters": tuple(full.name_line(c) for c in state.revealed)},
                )
            )
        for seat in range(len(state.players)):
            if state.characters_on and not state.shared:
                lines.append(full.character_answer(state, seat))
            if seat != state.turn and not state.is_table:
                lines.append(self._hand_line(state, seat))
        lines.extend(self.turn_lines(state, state.turn))
        return tuple(lines)

    def _character_setup_lines(self, state: KingsbridgeState) -> list[Line]:
        """Table mode: ask for the character piles, or for the character turned face up."""
        lines: list[Line] = []
        if piles_pending(state):
            count = 10 // len(state.players)
            lines.extend(
                Line("setup_characters", {"player": self.name(seat), "count": count})
                for seat, p in enumerate(state.players)
                if not p.characters
            )
        if reveal_pending(state):
            lines.append(Line("setup_reveal_character"))
        return lines

    def help_lines(self, state: KingsbridgeState, seat: int) -> tuple[Line, ...]:
        """What can be said now, depending on the phase and on whose turn it is."""
        if state.game_over:
            return (Line("help.game_over", {}, seat),)
        if self._in_setup(state):
            return (Line("help.setup", {}, seat),)
        acting = self.acting_seat(state)
        if acting is not None and acting != seat:
            return (Line("help.waiting", {"player": self.name(acting)}, seat),)
        lines = [Line("help.turn", {}, seat)]
        if state.is_table:
            lines.append(Line("help.reveal", {}, seat))
        if state.characters_on:
            lines.append(Line("help.characters", {}, seat))
        if state.shared:
            lines.append(Line("help.shared", {}, seat))
        return tuple(lines)

    def rules_lines(self, state: KingsbridgeState, seat: int) -> tuple[Line, ...]:
        """The short rules reminder."""
        lines = [Line("rules.short", {}, seat)]
        if state.characters_on:
            lines.append(
                Line("rules." + (state.options.mode if state.shared else "characters"), {}, seat)
            )
        return tuple(lines)

    def hint_intents(self, state: KingsbridgeState, seat: int) -> tuple[str, ...]:
        """Examples offered after something not understood."""
        if self._in_setup(state):
            return ("set_columns", "set_column", "help")
        return ("place", "ask_hand", "help")

    def _result_line(self, state: KingsbridgeState, seat: int) -> Line:
        """The final result of a standard game: who won, or the blocked game's winners."""
        names = tuple(self.name(s) for s in state.winners)
        if state.result == "won":
            return Line("game_won", {"player": names[0] if names else ""}, seat)
        return Line("game_blocked", {"winner_names": names, "fewest": _fewest(state)}, seat)

    def state_json(self, state: KingsbridgeState) -> dict[str, Any]:
        """The engine's state JSON (``ludivox.engines.kingsbridge.jsonio``), names added.

        Keys: ``mode``, ``columns`` (column 1 first, first placed first), ``discard``,
        ``players`` (``name``, ``hand``, ``pile`` top first, unknown cards ``null``),
        ``turn`` (seat from 0), ``placed``, ``moves``, ``quiet``, ``passes``, ``setup_done``,
        ``result``, ``winners``.
        """
        data = self.engine.to_json(state)
        data["players"] = [
            {"name": self.name(i), **player} for i, player in enumerate(data["players"])
        ]
        return data


def _fewest(state: KingsbridgeState) -> int:
    left = state.cards_left()
    return min((left[s] for s in state.winners), default=0)


__all__ = ["KingsbridgeNarration"]
