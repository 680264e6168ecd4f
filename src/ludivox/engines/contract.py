"""The engine contract checked over random play, one checker for every game (the way
OpenSpiel's ``random_sim_test`` checks any game): each engine's playout tests give it their
game's extras (near-miss actions, state invariants, a playing policy) and it checks the rest.

At every position:

* ``awaiting`` agrees with ``legal_actions``: no legal action once the game is over; a seat
  acts exactly when some action is legal (otherwise the world must reveal something); the kinds
  of the legal actions are among ``awaiting.kinds`` (what the grammar lets players say now);
* legal actions are distinct, each is accepted by ``refusal`` and reads back from its text;
* every candidate action is refused exactly when it is not legal (for the kinds the generator
  lists in full); a refusal uses a catalogued reason code with exactly its parameters, and every
  suggestion it makes is legal; ``apply`` raises :class:`IllegalAction` with that reason;
* the notation and the table's view round-trip and are plain data.

At every step: ``apply`` never changes its input, and private events name a seat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ludivox.engines.base import Action, Engine, Event, IllegalAction, Reason

S = TypeVar("S")
A = TypeVar("A", bound=Action)


def _no_candidates(state: Any, rng: random.Random) -> Iterable[Any]:
    return ()


def _all_listed(action: Any) -> bool:
    return True


def _no_check(state: Any) -> None:
    return None


def _no_step_check(state: Any, action: Any, after: Any, events: tuple[Event, ...]) -> None:
    return None


def _any_legal(rng: random.Random, state: Any, legal: list[Any]) -> Any:
    return rng.choice(legal)


@dataclass(frozen=True)
class GameChecks(Generic[S, A]):
    """What one game adds to the shared invariants.

    ``candidates`` proposes actions, legal or not, close to what players say; ``listed`` tells
    whether ``legal_actions`` lists every legal action like this one (an engine may leave
    out, say, every multi-card exchange); ``check_state`` asserts the game's own invariants
    on a position, ``after_step`` on a step (before, action, after, events); ``choose`` is
    the playing policy. ``sample`` bounds the legal actions checked per position.
    """

    reason_codes: Mapping[str, tuple[str, ...]]
    candidates: Callable[[S, random.Random], Iterable[A]] = _no_candidates
    listed: Callable[[A], bool] = _all_listed
    check_state: Callable[[S], None] = _no_check
    after_step: Callable[[S, A, S, tuple[Event, ...]], None] = _no_step_check
    choose: Callable[[random.Random, S, list[A]], A] = _any_legal
    sample: int = 60


@dataclass
class Playout(Generic[S, A]):
    """What a random game went through: its final position, its actions in order, how often
    each kind of action and event came up."""

    final: S
    history: list[A] = field(default_factory=list)
    actions: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)

    @property
    def steps(self) -> int:
        """How many actions were applied."""
        return len(self.history)


def check_reason(reason: Reason, codes: Mapping[str, tuple[str, ...]]) -> None:
    """A reason uses a catalogued code with exactly its catalogued parameters."""
    assert reason.code in codes, f"uncatalogued reason {reason.code}"
    assert set(reason.args) == set(codes[reason.code]), f"parameters of {reason}"


def check_position(
    engine: Engine[S, A], state: S, checks: GameChecks[S, A], rng: random.Random
) -> list[A]:
    """Check one position against the contract; returns its legal actions in order."""
    try:
        return _check_position(engine, state, checks, rng)
    except AssertionError as error:
        raise AssertionError(f"{error}\nat {engine.dumps(state)}") from error


def _check_position(
    engine: Engine[S, A], state: S, checks: GameChecks[S, A], rng: random.Random
) -> list[A]:
    legal = list(engine.legal_actions(state))
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "duplicate legal actions"
    now = engine.awaiting(state)
    if now.game_over:
        assert not legal, "legal actions after the end"
    elif not legal:
        assert now.world or not now.seats, f"{now.seats} must act but nothing is legal"
    kinds = {a.kind for a in legal}
    assert kinds <= now.kinds, f"legal kinds {sorted(kinds - now.kinds)} not awaited"
    for action in legal if len(legal) <= checks.sample else rng.sample(legal, checks.sample):
        assert engine.refusal(state, action) is None, f"legal {action} refused"
        assert engine.parse_action(action.text()) == action, f"{action} does not read back"
    refused: list[tuple[A, Reason]] = []
    for action in checks.candidates(state, rng):
        reason = engine.refusal(state, action)
        if checks.listed(action):
            assert (reason is None) == (action in legal_set), f"{action}: {reason}"
        if reason is not None:
            check_reason(reason, checks.reason_codes)
            for suggestion in reason.suggestions:
                assert engine.refusal(state, suggestion) is None, f"{action} -> {suggestion}"
            refused.append((action, reason))
    if refused:
        action, reason = rng.choice(refused)
        try:
            engine.apply(state, action)
        except IllegalAction as error:
            assert error.reason.code == reason.code, f"{action}: {error.reason} vs {reason}"
        else:
            raise AssertionError(f"apply accepted the refused {action}")
    assert engine.loads(engine.dumps(state)) == state, "the notation does not round-trip"
    assert _plain(engine.view(state, None)), "the table's view is not plain data"
    checks.check_state(state)
    return legal


def check_step(engine: Engine[S, A], state: S, action: A) -> tuple[S, tuple[Event, ...]]:
    """Apply a legal ``action``, checking that the input is untouched and events are sound."""
    before = engine.dumps(state)
    after, events = engine.apply(state, action)
    assert engine.dumps(state) == before, "apply changed its input"
    for event in events:
        assert event.private_to is None or event.private_to >= 0, event
    return after, events


def random_playout(
    engine: Engine[S, A], state: S, checks: GameChecks[S, A], rng: random.Random,
    max_actions: int,
) -> Playout[S, A]:
    """Play ``state`` to its end with ``checks.choose``, checking every position and step."""
    out: Playout[S, A] = Playout(state)
    while True:
        legal = check_position(engine, state, checks, rng)
        if engine.awaiting(state).game_over:
            out.final = state
            return out
        assert legal, f"nothing legal and the game not over: {engine.dumps(state)}"
        assert len(out.history) < max_actions, f"no end after {max_actions}: {engine.dumps(state)}"
        action = checks.choose(rng, state, legal)
        after, events = check_step(engine, state, action)
        checks.after_step(state, action, after, events)
        state = after
        out.history.append(action)
        out.actions[action.kind] += 1
        out.events.update(e.kind for e in events)



def _plain(value: object) -> bool:
    """Whether ``value`` is plain data a screen or a save can take as it is (JSON's types)."""
    if value is None or isinstance(value, str | int | float | bool):
        return True
    if isinstance(value, list | tuple):
        return all(_plain(v) for v in value)
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False
