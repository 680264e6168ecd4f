"""A game in progress: the engine, the current state and the states of the current turn.

:class:`Match` is what both the live session and the journal's replay drive, so that an
undo does exactly the same thing when it happens and when a save is replayed.

Undo only reaches back within the current turn. A turn ends when an action produces one of
the :data:`TURN_END_EVENTS` (``turn_ended``, ``passed``, ``game_won``, ``game_blocked``: the
engines' shared event names), or when the seats that must act change after an action while
somebody was acting: the states kept for undo are then dropped. Going from a world reveal
(nobody acting) to a seat does not end a turn, so a misheard set-up can still be undone
before the first move.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from ludivox.engines.base import Engine, Event
from ludivox.table.judge import Judge

HISTORY = 64
"""How many past actions a match remembers for "qu'est-ce qui s'est passé ?"."""
TURN_END_EVENTS = frozenset({"turn_ended", "passed", "game_won", "game_blocked"})

S = TypeVar("S")
A = TypeVar("A")


class Match(Generic[S, A]):
    """The current state of one game and what can be undone in this turn."""

    def __init__(self, engine: Engine[S, Any], state: S) -> None:
        self.engine = engine
        self.judge: Judge[S, A] = Judge(engine)
        self.state = state
        self.initial = state
        self._turn: list[tuple[S, A]] = []
        self.history: list[tuple[S, A, int | None]] = []
        """The last actions (at most :data:`HISTORY`): the state before each, the action,
        and the seat that made it (None when several seats were awaited)."""

    @property
    def undoable(self) -> int:
        """How many actions of the current turn can be undone."""
        return len(self._turn)

    @property
    def last_action(self) -> A | None:
        """The last action of this turn that an undo would take back."""
        return self._turn[-1][1] if self._turn else None

    def apply(self, action: A) -> tuple[Event, ...]:
        """Apply a legal action; raises ``IllegalAction`` and changes nothing when illegal."""
        before = self.judge.awaiting(self.state).seats
        new, events = self.engine.apply(self.state, action)
        after = self.judge.awaiting(new).seats
        self.history.append((self.state, action, before[0] if len(before) == 1 else None))
        del self.history[:-HISTORY]
        if (before and after != before) or any(e.kind in TURN_END_EVENTS for e in events):
            self._turn.clear()
        else:
            self._turn.append((self.state, action))
        self.state = new
        return events

    def undo(self) -> A | None:
        """Go back to the state before the last action of this turn; returns that action."""
        if not self._turn:
            return None
        state, action = self._turn.pop()
        self.state = state
        if self.history:
            self.history.pop()
        return action


__all__ = ["HISTORY", "TURN_END_EVENTS", "Match"]
