"""The engine's verdicts on the position being played, each asked once.

A spoken move goes through the binding (which reading fits?) and the session (ask, confirm,
scan, apply); both ask the engine about the same actions in the same position. The
:class:`Judge` remembers, for the current position only, each action's refusal and who is
awaited, so a reading is judged once however many steps look at it. It keys on the state
object itself (positions are immutable, a new one is a new object) and forgets everything
when asked about another position.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from ludivox.engines.base import Awaiting, Engine, Reason

S = TypeVar("S")
A = TypeVar("A")


class Judge(Generic[S, A]):
    """``refusal`` and ``awaiting`` of ``engine``, remembered for the current position."""

    def __init__(self, engine: Engine[S, Any]) -> None:
        self.engine = engine
        self._state: S | None = None
        self._verdicts: dict[A, Reason | None] = {}
        self._awaiting: Awaiting | None = None

    def _at(self, state: S) -> None:
        if state is not self._state:
            self._state = state
            self._verdicts = {}
            self._awaiting = None

    def refusal(self, state: S, action: A) -> Reason | None:
        """``None`` when ``action`` is legal in ``state``, else the engine's reason."""
        self._at(state)
        try:
            return self._verdicts[action]
        except KeyError:
            verdict = self._verdicts[action] = self.engine.refusal(state, action)
            return verdict
        except TypeError:  # an action that cannot be a key: judged every time
            return self.engine.refusal(state, action)

    def legal(self, state: S, actions: Any) -> list[A]:
        """The legal ones among ``actions``, in order."""
        return [a for a in actions if self.refusal(state, a) is None]

    def awaiting(self, state: S) -> Awaiting:
        """Who acts now and what they may do."""
        self._at(state)
        if self._awaiting is None:
            self._awaiting = self.engine.awaiting(state)
        return self._awaiting


__all__ = ["Judge"]
