"""The Kingsbridge engine (base rules): :class:`KingsbridgeEngine`.

Decisions where the rulebook is silent (base rules):

* Moves (reorganising) are allowed before or without placing any card ("Parfois, vous
  pourrez même finir une colonne sans jouer une seule carte"); a turn with moves only may
  end normally. Moving a whole column onto an empty column is allowed (it only relabels).
* Exchanging is instead of playing: refused after any placement or move this turn. The
  exchanged cards go under the pile in the order named (the last named ends at the bottom),
  then the player draws back to 6 from the top (possibly drawing some of them back).
* Ending a turn is refused when nothing was placed or moved, except for a player whose hand
  is empty and whose pile is not (only from a literal position: they just draw).
* Passing is allowed only with an empty pile and before playing anything this turn; a pass
  ends the turn (a ``Passed`` event, no ``TurnEnded``).
* The blocked game: see :mod:`ludivox.engines.kingsbridge.blocked`. A full round of passes
  ends the game even if someone could have placed a card (the position would repeat for ever).
* Table mode: a ``Reveal`` is accepted from any seat at any time before the game is over,
  including during set-up, and does not change whose turn it is; naming cards already known
  in that hand changes nothing and emits no event. Nothing is accepted once the game is over
  (``game_over``).
* Events: a placement or move that finishes a column is followed by ``ColumnCompleted``; a
  turn ended by ``EndTurn`` or ``Exchange`` gives ``CardsDrawn`` + ``HandCardsDrawn``
  (private, only if cards were drawn) then ``TurnEnded``; a pass gives ``Passed`` only.
* Placing or exchanging in table mode consumes a known card of the value, else an unknown
  hand slot; the card is then known where it goes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ludivox.engines.base import (
    Awaiting,
    Engine,
    Event,
    IllegalAction,
    InvalidAction,
    Reason,
)
from ludivox.engines.kingsbridge import actions, jsonio, notation, setup
from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
    Reveal,
    SetColumns,
)
from ludivox.engines.kingsbridge.characters import piles_pending, reveal_pending, usable
from ludivox.engines.kingsbridge.charactions import CHARACTER_ACTIONS
from ludivox.engines.kingsbridge.legal import legal_actions
from ludivox.engines.kingsbridge.refusals import can_declare_blocked, can_end_turn, refusal
from ludivox.engines.kingsbridge.state import STANDARD, KingsbridgeState
from ludivox.engines.kingsbridge.transitions import transition
from ludivox.engines.kingsbridge.views import full_view

_ACTION_TYPES = (
    Place, Move, Exchange, EndTurn, Pass, Reveal, SetColumns, DeclareBlocked, *CHARACTER_ACTIONS
)


class KingsbridgeEngine:
    """The rules of Kingsbridge (base game). Every method is pure; the engine has no state."""

    name = "kingsbridge"

    # --- starting positions -------------------------------------------------------------

    @staticmethod
    def new_virtual_game(
        players: int, seed: int, characters: bool = False, mode: str = STANDARD
    ) -> KingsbridgeState:
        """A virtual deal shuffled with ``random.Random(seed)``; seat 0 plays first.

        ``characters`` plays the full game; ``mode`` is ``standard``, ``solo`` (1 player) or
        ``coop`` (2 to 5 players; both imply the characters)."""
        return setup.new_virtual_game(players, seed, characters, mode)

    @staticmethod
    def new_table_game(
        players: int, characters: bool = False, mode: str = STANDARD
    ) -> KingsbridgeState:
        """A physical game, every card unknown; awaits ``SetColumns`` (and, with characters,
        each seat's pile or the three revealed characters)."""
        return setup.new_table_game(players, characters, mode)

    # --- the Engine protocol ------------------------------------------------------------

    def awaiting(self, state: KingsbridgeState) -> Awaiting:
        """Who acts now: the current seat (phase ``turn``), the world (``setup``) or nobody."""
        if state.game_over:
            return Awaiting((), "over", frozenset(), game_over=True, winners=state.winners)
        return _awaiting(state)

    def legal_actions(self, state: KingsbridgeState) -> Iterator[KingsbridgeAction]:
        """Every legal choice now (see :mod:`ludivox.engines.kingsbridge.legal`)."""
        return legal_actions(state)

    def refusal(self, state: KingsbridgeState, action: KingsbridgeAction) -> Reason | None:
        """``None`` exactly when ``action`` is legal; otherwise the reason and suggestions."""
        _check_type(action)
        return refusal(state, action)

    def apply(
        self, state: KingsbridgeState, action: KingsbridgeAction
    ) -> tuple[KingsbridgeState, tuple[Event, ...]]:
        """The state after ``action`` and its events; raises :class:`IllegalAction`."""
        reason = self.refusal(state, action)
        if reason is not None:
            raise IllegalAction(action, reason, notation.dumps(state))
        return transition(state, action)

    def view(self, state: KingsbridgeState, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may know (``None``: the whole table). Never another seat's hand."""
        return view(state, seat)

    def dumps(self, state: KingsbridgeState) -> str:
        """The one-line notation (grammar in :mod:`ludivox.engines.kingsbridge.notation`)."""
        return notation.dumps(state)

    def loads(self, text: str) -> KingsbridgeState:
        """Parse the notation; raises ``ValueError`` with a clear message."""
        return notation.loads(text)

    def parse_action(self, text: str) -> KingsbridgeAction:
        """Parse an action's text form; raises :class:`InvalidAction`."""
        return actions.parse_action(text)

    # --- JSON for the tester's script mode ------------------------------------------------

    @staticmethod
    def to_json(state: KingsbridgeState) -> dict[str, Any]:
        """The position as a JSON dictionary (see :mod:`ludivox.engines.kingsbridge.jsonio`)."""
        return jsonio.to_json(state)

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> KingsbridgeState:
        """A checked position from its JSON dictionary; raises ``ValueError``."""
        return jsonio.from_json(data)


def _awaiting(state: KingsbridgeState) -> Awaiting:
    """Who acts now and what kinds of action are open, in any mode (game not over)."""
    if state.is_table and not state.setup_done:
        kinds = {"columns", "reveal"} | ({"characters"} if piles_pending(state) else set())
        return Awaiting((), "setup", frozenset(kinds), world=True)
    if piles_pending(state):
        return Awaiting((), "setup", frozenset({"characters", "reveal"}), world=True)
    if reveal_pending(state):
        return Awaiting(
            (), "reveal_character", frozenset({"reveal_character", "reveal"}), world=True
        )
    kinds = {"place", "move"}
    if can_end_turn(state):
        kinds.add("end")
    if state.shared:
        if not state.placed:
            kinds.add("malus")
    elif not state.played:
        if state.current.pile:
            kinds.add("exchange")
        elif not state.power:
            kinds.add("pass")
    if usable(state):
        kinds.add("character")
    if state.edgar_at() is not None and state.power != "edgar":
        kinds.add("retrieve")
    if state.is_table:
        kinds.add("reveal")
        if can_declare_blocked(state):
            kinds.add("blocked")
    return Awaiting((state.turn,), "turn", frozenset(kinds))


if TYPE_CHECKING:  # mypy proves the class satisfies the Engine protocol
    _CONFORMS: Engine[KingsbridgeState, KingsbridgeAction] = KingsbridgeEngine()


def _check_type(action: object) -> None:
    if not isinstance(action, _ACTION_TYPES):
        raise InvalidAction(repr(action), detail="not a Kingsbridge action")


def view(state: KingsbridgeState, seat: int | None) -> dict[str, Any]:
    """The table's view (``seat=None``) or a seat's: the table's plus that seat's own hand."""
    if seat is not None and not 0 <= seat < len(state.players):
        raise ValueError(f"no seat {seat}: seats are 0 to {len(state.players) - 1}")
    out = _base_view(state, seat)
    if state.characters_on:
        out = full_view(state, out)
    return out


def _base_view(state: KingsbridgeState, seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "mode": state.mode,
        "setup_done": state.setup_done,
        "columns": [list(c) for c in state.columns],
        "discard": list(state.discard),
        "turn": state.turn,
        "placed_this_turn": state.placed,
        "moved_this_turn": state.moves,
        "players": [
            {"seat": i, "hand_count": p.hand_size, "pile_count": p.pile_size}
            for i, p in enumerate(state.players)
        ],
        "game_over": state.game_over,
        "result": state.result or None,
        "winners": list(state.winners),
    }
    if state.game_over:
        out["cards_left"] = list(state.cards_left())
    if seat is not None:
        player = state.players[seat]
        out["seat"] = seat
        out["hand"] = list(player.hand)
        out["hand_unknown"] = player.unknown
        out["pile_count"] = player.pile_size
    return out
