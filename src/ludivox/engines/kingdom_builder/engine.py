"""``KingdomBuilderEngine``: the base game (and Queenies 1 and 2) behind the engine contract.

The engine is built from the board sections, given as a value
(``KingdomBuilderEngine(load_sections())`` with ``ludivox.gamedata.kingdom_builder``); it
never reads a file. Two ways to play: *virtual* (the engine shuffles the terrain deck from
the seed and deals the hidden cards) and *table* (physical cards: each turn starts with the
world revealing the card the current player turns face up, ``terrain grass``).

Awaiting phases: ``"turn"`` (the current seat acts; ``kinds`` narrows as the mandatory action
progresses: only ``build`` while 1 or 2 of the 3 are placed; ``end`` once it is done),
``"terrain"`` (table mode, ``world=True``: the current card must be revealed) and
``"over"``. ``tile`` is listed while the player holds a tile still usable this turn, even if
that tile has nowhere to go now (the refusal then says ``no_target``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ludivox.engines.base import Awaiting, Event, IllegalAction, Reason
from ludivox.engines.kingdom_builder import grid, notation, rules, setup, transitions
from ludivox.engines.kingdom_builder.actions import KingdomBuilderAction, parse_action
from ludivox.engines.kingdom_builder.board import Layout, Section
from ludivox.engines.kingdom_builder.grid import Hex
from ludivox.engines.kingdom_builder.scoring import score_sheets, winners
from ludivox.engines.kingdom_builder.state import NO_CARD, UNKNOWN, VIRTUAL, KingdomBuilderState


class KingdomBuilderEngine:
    """The rules of Kingdom Builder. Every method is pure."""

    name = "kingdom_builder"

    def __init__(self, sections: Mapping[str, Section]) -> None:
        self.sections: Mapping[str, Section] = dict(sections)

    # ---- set-up ---------------------------------------------------------------------------

    def setup(
        self,
        players: int,
        *,
        seed: int | None = None,
        mode: str = VIRTUAL,
        layout: Layout | None = None,
        cards: Sequence[str] | None = None,
        capitols: bool | Sequence[Hex] = False,
        caves: bool | Sequence[Hex] = False,
    ) -> tuple[KingdomBuilderState, tuple[Event, ...]]:
        """A new game and the events of its opening (the first card turned up).

        ``layout``/``cards`` ``None``: drawn with the seed (``SUGGESTED_FIRST_LAYOUT`` and
        ``SUGGESTED_FIRST_CARDS`` give the rulebook's first game). ``capitols``/``caves``:
        Queenies 1 and 2, ``True`` to draw their places, or the hexes chosen. Raises
        ``SetupError`` (a ``ValueError``) when a choice is not allowed.
        """
        state = setup.new_state(
            self.sections,
            players,
            seed=seed,
            mode=mode,
            layout=layout,
            cards=cards,
            capitols=capitols,
            caves=caves,
        )
        state, events = transitions.start(state)
        return state, tuple(events)

    def new_game(self, players: int, **options: Any) -> KingdomBuilderState:
        """Like :meth:`setup`, without the opening events."""
        return self.setup(players, **options)[0]

    # ---- the contract ---------------------------------------------------------------------

    def awaiting(self, state: KingdomBuilderState) -> Awaiting:
        """Who acts now, in which phase, with which kinds of action."""
        if state.over:
            totals = tuple(s.total for s in score_sheets(state))
            return Awaiting((), "over", frozenset(), game_over=True, winners=winners(totals))
        if rules.awaiting_reveal(state):
            return Awaiting((), "terrain", frozenset({"terrain"}), world=True)
        kinds: set[str] = set()
        if rules.mandatory_open(state):
            kinds.add("build")
        if rules.usable_kinds(state):
            kinds.add("tile")
        if rules.cave_available(state):
            kinds.add("cave")
        if not rules.mandatory_open(state):
            kinds.add("end")
        return Awaiting((state.current,), "turn", frozenset(kinds))

    def legal_actions(self, state: KingdomBuilderState) -> Iterator[KingdomBuilderAction]:
        """Every legal action now (builds, tiles, the Cave, end; or the table's reveals)."""
        return rules.legal_actions(state)

    def refusal(self, state: KingdomBuilderState, action: KingdomBuilderAction) -> Reason | None:
        """``None`` exactly when ``action`` is legal in ``state``."""
        return rules.refusal(state, action)

    def apply(
        self, state: KingdomBuilderState, action: KingdomBuilderAction
    ) -> tuple[KingdomBuilderState, tuple[Event, ...]]:
        """The state after ``action`` and what happened; raises :class:`IllegalAction`."""
        reason = rules.refusal(state, action)
        if reason is not None:
            raise IllegalAction(action.text(), reason, notation.dumps(state))
        new, events = transitions.perform(state, action)
        return new, tuple(events)

    def view(self, state: KingdomBuilderState, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may know (``None``: the whole table). Hidden terrain cards (and the
        deck's order) never appear, except a seat's own card in its own view."""
        board = state.board
        current = state.hands[state.current]
        out: dict[str, Any] = {
            "players": state.players,
            "mode": state.mode,
            "layout": board.layout.text(),
            "capitols": [grid.hex_id(h) for h in board.capitols],
            "caves": [grid.hex_id(h) for h in board.caves],
            "cards": list(state.cards),
            "current": state.current,
            "terrain": None if current in (UNKNOWN, NO_CARD) or state.over else current,
            "built": state.built,
            "cave_used": state.cave_used,
            "settlements": [
                [grid.hex_id(h) for h in state.settlements(s)] for s in range(state.players)
            ],
            "supply": list(state.supply),
            "tiles": [
                [
                    {
                        "tile": state.tile_kind(t),
                        "location": grid.hex_id(t.location),
                        "status": t.status,
                    }
                    for t in held
                ]
                for held in state.tiles
            ],
            "tiles_left": {
                grid.hex_id(grid.at(i)): n
                for i, n in zip(board.locations, state.tiles_left, strict=True)
            },
            "deck_left": len(state.deck),
            "discard": list(state.discard),
            "removed": list(state.removed),
            "final_round": state.final_round,
            "over": state.over,
        }
        if state.over:
            sheets = score_sheets(state)
            out["scores"] = [s.total for s in sheets]
            out["score_sheets"] = [[[i.source, i.points, i.basis] for i in s.items] for s in sheets]
        if seat is not None and 0 <= seat < state.players:
            own = state.hands[seat]
            out["seat"] = seat
            out["my_terrain"] = None if own in (UNKNOWN, NO_CARD) else own
        return out

    def dumps(self, state: KingdomBuilderState) -> str:
        """The state's one-line notation (see :mod:`.notation`)."""
        return notation.dumps(state)

    def loads(self, text: str) -> KingdomBuilderState:
        """Parse the notation; raises ``ValueError`` with a clear message."""
        return notation.loads(text, self.sections)

    def to_json(self, state: KingdomBuilderState) -> dict[str, Any]:
        """The state as a JSON-compatible dict."""
        return notation.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> KingdomBuilderState:
        """Inverse of :meth:`to_json`; raises ``ValueError`` with a clear message."""
        return notation.from_json(data, self.sections)

    def parse_action(self, text: str) -> KingdomBuilderAction:
        """Parse an action's text form; raises ``InvalidAction``."""
        return parse_action(text)
