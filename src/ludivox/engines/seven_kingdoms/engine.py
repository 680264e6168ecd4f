"""The 7 Kingdoms engine: the contract of :mod:`ludivox.engines.base` over this game's rules.

The printed components (which blason each card carries, the Paysans' places, the tokens)
come in the configuration as a :class:`~ludivox.engines.seven_kingdoms.components.Components`
value; the engine never reads files.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ludivox.engines.base import Awaiting, Event, IllegalAction, Reason
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.actions import (
    ChooseToken,
    Play,
    RevealBlason,
    RevealCard,
    RevealHand,
    RevealToken,
    SetFirst,
    SevenKingdomsAction,
    parse_action,
)
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, Components
from ludivox.engines.seven_kingdoms.flow import awaiting
from ludivox.engines.seven_kingdoms.jsonio import from_json, to_json
from ludivox.engines.seven_kingdoms.notation import dumps, loads
from ludivox.engines.seven_kingdoms.refusals import legal_takes, refusal
from ludivox.engines.seven_kingdoms.scoring import Result, score
from ludivox.engines.seven_kingdoms.setup import check_players, new_table_game, new_virtual_game
from ludivox.engines.seven_kingdoms.state import SevenKingdomsState
from ludivox.engines.seven_kingdoms.transitions import perform
from ludivox.engines.seven_kingdoms.view import view


@dataclass(frozen=True)
class SevenKingdomsConfig:
    """How to set a game up: the components, 2..4 players, the mode, the seed (virtual)."""

    components: Components
    players: int = 4
    mode: str = st.VIRTUAL
    seed: int = 0


class SevenKingdomsEngine:
    """The rules of 7 Kingdoms. Every method is pure."""

    name = "seven_kingdoms"

    def __init__(self, config: SevenKingdomsConfig) -> None:
        check_players(config.players)
        if config.mode not in st.MODES:
            raise ValueError(f"mode must be one of {', '.join(st.MODES)}, got {config.mode!r}")
        self.config = config
        self.components = config.components

    # --- set-up -----------------------------------------------------------------------
    def new_game(self) -> SevenKingdomsState:
        """The starting position: dealt from the seed (virtual) or awaiting set-up (table)."""
        if self.config.mode == st.TABLE:
            return new_table_game(self.components, self.config.players)
        return new_virtual_game(self.components, self.config.players, self.config.seed)

    # --- the contract -----------------------------------------------------------------
    def awaiting(self, state: SevenKingdomsState) -> Awaiting:
        """Who acts now, in which phase, with which kinds of action."""
        winners = self.result(state).winners if state.phase == st.OVER else ()
        return awaiting(state, winners)

    def legal_actions(self, state: SevenKingdomsState) -> Iterator[SevenKingdomsAction]:
        """Every legal action now, in a stable order."""
        phase = state.phase
        if phase == st.PLAY:
            yield from self._legal_plays(state)
        elif phase == st.BONUS:
            yield from (ChooseToken(t) for t in state.tokens_revealed)
        elif phase == st.TAKE:
            yield from legal_takes(state, self.components)
        elif phase == st.SETUP_BLASONS:
            free = [b for b in self.components.blason_ids if b not in state.blasons]
            yield from (RevealBlason(b) for b in free)
        elif phase in (st.SETUP_TOKENS, st.REVEAL_TOKEN):
            shown = {*state.tokens_revealed, *state.tokens_placed}
            yield from (RevealToken(t) for t in self.components.token_ids if t not in shown)
        elif phase == st.SETUP_FIRST:
            yield from (SetFirst(s) for s in range(state.players))
        elif phase in (st.SETUP_ROW, st.REFILL):
            yield from (RevealCard(c) for c in self._unlocated(state))
        elif phase == st.FINAL:
            unlocated = self._unlocated(state)
            for seat, s in enumerate(state.seats):
                if s.unknown:
                    yield from (RevealHand(seat, c) for c in unlocated)

    def _legal_plays(self, state: SevenKingdomsState) -> Iterator[Play]:
        seat = state.seats[state.turn]
        cards = set(seat.hand)
        if seat.unknown:
            cards |= set(self._unlocated(state))
        yield from (Play(c) for c in sorted(cards))

    @staticmethod
    def _unlocated(state: SevenKingdomsState) -> list[int]:
        where = state.locations()
        return [c for c in range(1, CARD_COUNT + 1) if c not in where]

    def refusal(self, state: SevenKingdomsState, action: SevenKingdomsAction) -> Reason | None:
        """``None`` exactly when ``action`` is legal in ``state``."""
        return refusal(state, action, self.components)

    def apply(
        self, state: SevenKingdomsState, action: SevenKingdomsAction
    ) -> tuple[SevenKingdomsState, tuple[Event, ...]]:
        """The state after ``action`` and what happened; raises :class:`IllegalAction`."""
        reason = self.refusal(state, action)
        if reason is not None:
            raise IllegalAction(action.text(), reason, dumps(state))
        events: list[Event] = []
        return perform(state, action, self.components, events), tuple(events)

    def view(self, state: SevenKingdomsState, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may know (``None``: the whole table). JSON-compatible."""
        return view(state, seat, self.components)

    def dumps(self, state: SevenKingdomsState) -> str:
        """The state's one-line notation."""
        return dumps(state)

    def loads(self, text: str) -> SevenKingdomsState:
        """Parse the notation; raises ``ValueError`` with a clear message."""
        return loads(text, self.components)

    def parse_action(self, text: str) -> SevenKingdomsAction:
        """Parse an action's text form; raises :class:`InvalidAction`."""
        return parse_action(text)

    def to_json(self, state: SevenKingdomsState) -> dict[str, Any]:
        """The state as a JSON-compatible dictionary."""
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> SevenKingdomsState:
        """Read a state written by :meth:`to_json`; raises ``ValueError`` clearly."""
        return from_json(data, self.components)

    # --- extras -----------------------------------------------------------------------
    def result(self, state: SevenKingdomsState) -> Result:
        """Scores, majority awards and winners (final once the game is over)."""
        return score(state, self.components)
