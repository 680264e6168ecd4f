"""From the coach's search path to a :class:`Plan`: the steps as engine actions, replayed
with the engine (so every plan is legal and its counts are true), consecutive placements on
one column joined into one (``place 11 12 on 5``)."""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge.actions import KingsbridgeAction, Move, Place
from ludivox.engines.kingsbridge.charactions import RetrieveEdgar, UseRagna
from ludivox.engines.kingsbridge.events import ColumnCompleted
from ludivox.engines.kingsbridge.rules import KingsbridgeEngine
from ludivox.engines.kingsbridge.search import RAGNA_PENDING, Node, Step
from ludivox.engines.kingsbridge.state import RAGNA, KingsbridgeState

ENGINE = KingsbridgeEngine()


@dataclass(frozen=True)
class Plan:
    """A turn's plan: ``actions`` in order (never the turn's end), what they achieve, and
    whether the search that found it was ``exact``."""

    actions: tuple[KingsbridgeAction, ...]
    cards_placed: int  # hand and Wilwulf cards placed
    columns_finished: int
    exact: bool
    from_hand: int = 0  # cards placed from the hand (solo / co-op need one each turn)
    empty_columns: int = 0  # after the plan
    character: str = ""  # the character it uses, if any


@dataclass(frozen=True)
class CardOptions:
    """Where one card can go right now: single-card placements (``aside``: a Wilwulf card)."""

    value: int
    aside: bool
    places: tuple[Place, ...]


def _actions(path: list[Step], best: Node) -> list[KingsbridgeAction]:
    chosen = best.power.split(":") if best.power.startswith(RAGNA + ":") else []
    out: list[KingsbridgeAction] = []
    for step in path:
        kind = step[0]
        if kind == "place":
            _, card, index, aside = step
            assert isinstance(card, int) and isinstance(index, int)
            out.append(Place((card,), index + 1, (card,) if aside else ()))
        elif kind == "move":
            _, s, start, t = step
            assert isinstance(s, int) and isinstance(start, int) and isinstance(t, int)
            out.append(Move(s + 1, start, t + 1))
        elif kind == "retrieve":
            out.append(RetrieveEdgar(bool(step[1])))
        elif step[1] == RAGNA_PENDING:
            column, skip = (int(chosen[1]) + 1, int(chosen[2])) if chosen else (1, 2)
            out.append(UseRagna(column, skip))
        else:
            action = step[1]
            assert not isinstance(action, str)
            out.append(action)  # type: ignore[arg-type]
    return out


def build_plan(state: KingsbridgeState, path: list[Step], best: Node, exact: bool) -> Plan:
    """Replay the path with the engine (merging placements on one column) and count."""
    actions = _actions(path, best)
    merged: list[KingsbridgeAction] = []
    before = state  # the state before the last merged action
    current = state
    finished = finished_before = 0
    for action in actions:
        last = merged[-1] if merged else None
        if isinstance(action, Place) and isinstance(last, Place) and action.column == last.column:
            joined = _join(before, last, action)
            if joined is not None:
                current, events = ENGINE.apply(before, joined)
                merged[-1] = joined
                finished = finished_before + _count(events)
                continue
        before, finished_before = current, finished
        current, events = ENGINE.apply(current, action)
        merged.append(action)
        finished += _count(events)
    character = current.power if current.power != state.power else ""
    return Plan(
        tuple(merged),
        cards_placed=placed_between(state, current),
        columns_finished=finished,
        exact=exact,
        from_hand=current.placed - state.placed,
        empty_columns=current.empty_columns(),
        character=character,
    )


def placed_between(before: KingsbridgeState, after: KingsbridgeState) -> int:
    """Hand and Wilwulf cards placed from ``before`` to ``after`` in one turn."""
    return after.placed - before.placed + after.placed_aside - before.placed_aside


def _join(before: KingsbridgeState, last: Place, action: Place) -> Place | None:
    for cards in (last.cards + action.cards, action.cards + last.cards):
        joined = Place(cards, last.column, last.aside + action.aside)
        if ENGINE.refusal(before, joined) is None:
            return joined
    return None


def _count(events: tuple[Event, ...]) -> int:
    return sum(1 for e in events if isinstance(e, ColumnCompleted))
