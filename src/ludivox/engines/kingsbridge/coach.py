"""The coach: "qu'est-ce que je peux poser ?", "quel est le meilleur coup ?", "puis-je finir
une colonne ?" answered from a position, for the seat that plays (or any seat, as if it were
its turn: it then only uses that seat's own hand, never another's).

:func:`best_plan` searches the turn's placements, moves and (at most one) character use
(:mod:`ludivox.engines.kingsbridge.search`) and returns the :class:`Plan` placing the most
cards; ties go to more columns finished, then (co-op) keeping an empty column for the next
player, more empty columns, fewer Wilwulf cards used, no character used, fewer steps.

``goal="keep_empty"`` ranks differently, after the rulebook's co-op advice ("il est
recommandé de laisser au moins 1 colonne vide pour la personne suivante ... il est
préférable de poser des cartes sur une colonne vide plutôt que de ne rien poser du tout"):
placing at least one card first, then keeping an empty column, then columns finished, then
the most cards; the expert computer player uses it in solo and co-op.

Characters by default: in standard mode they cost nothing (they go round), so the search uses
them; in solo and co-op each one left is worth a point, so the coach uses one only when no
hand card can be placed without (a malus costs 5 points). The search is breadth first over
distinct positions, bounded by ``budget`` positions expanded (no clock inside the engine):
``Plan.exact`` says whether every reachable position was seen. Results are cached per
position.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations_with_replacement

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge.actions import KingsbridgeAction, Move, Place
from ludivox.engines.kingsbridge.characters import usable
from ludivox.engines.kingsbridge.charactions import (
    CharacterUse,
    RetrieveEdgar,
    UseAgatha,
    UseAldred,
    UseDen,
    UseEdgar,
    UseGytha,
    UseRagna,
    UseWigelm,
    UseWynstan,
)
from ludivox.engines.kingsbridge.columns import holes
from ludivox.engines.kingsbridge.events import ColumnCompleted
from ludivox.engines.kingsbridge.fulllegal import _choices
from ludivox.engines.kingsbridge.fullrefusals import use_refusal, wigelm_recipients
from ludivox.engines.kingsbridge.fulltransitions import transition as full_transition
from ludivox.engines.kingsbridge.rules import KingsbridgeEngine
from ludivox.engines.kingsbridge.search import (
    RAGNA_PENDING,
    Info,
    Node,
    Step,
    canonical,
    steps,
)
from ludivox.engines.kingsbridge.state import (
    AGATHA,
    ALDRED,
    COLUMNS,
    COOP,
    DEN,
    EDGAR,
    ETHELRED,
    GYTHA,
    MAX_CARD,
    MIN_CARD,
    RAGNA,
    WIGELM,
    WYNSTAN,
    KingsbridgeState,
    value,
)

DEFAULT_BUDGET = 5_000
CARDS = "cards"
KEEP_EMPTY = "keep_empty"
GOALS = (CARDS, KEEP_EMPTY)
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


def as_turn_of(state: KingsbridgeState, seat: int | None) -> KingsbridgeState:
    """``state`` seen as the start of ``seat``'s turn (unchanged if ``seat`` plays now)."""
    if seat is None or seat == state.turn:
        return state
    if not 0 <= seat < len(state.players):
        raise ValueError(f"no seat {seat}: seats are 0 to {len(state.players) - 1}")
    return replace(
        state, turn=seat, placed=0, moves=0, power="", skip=(0, 0), den=0, fresh=(),
        placed_aside=0,
    )


def playable_cards(state: KingsbridgeState, seat: int | None = None) -> tuple[CardOptions, ...]:
    """For each card of ``seat``'s hand (and ready Wilwulf cards), where it can go now."""
    state = as_turn_of(state, seat)
    if state.game_over:
        return ()
    out: list[CardOptions] = []
    player = state.current
    ready = list(player.aside)
    for card in state.fresh:
        ready.remove(card)
    for aside, cards in ((False, sorted(set(player.hand))), (True, sorted(set(ready)))):
        for card in cards:
            places = tuple(
                a for a in (
                    Place((card,), n, (card,) if aside else ())
                    for n in range(1, len(state.columns) + 1)
                )
                if ENGINE.refusal(state, a) is None
            )
            out.append(CardOptions(card, aside, places))
    return tuple(out)


def best_plan(
    state: KingsbridgeState,
    seat: int | None = None,
    budget: int = DEFAULT_BUDGET,
    characters: bool | None = None,
    goal: str = CARDS,
) -> Plan:
    """The turn's plan placing the most cards (see the module docstring for ties and
    ``goal``)."""
    if goal not in GOALS:
        raise ValueError(f"goal must be one of {', '.join(GOALS)}, got {goal!r}")
    return _best(ENGINE.dumps(as_turn_of(state, seat)), budget, characters, goal)


def can_finish_column(
    state: KingsbridgeState, seat: int | None = None, budget: int = DEFAULT_BUDGET
) -> Plan | None:
    """The shortest plan found that finishes a column, or ``None`` if none was found."""
    plan = _best(ENGINE.dumps(as_turn_of(state, seat)), budget, None, FINISH)
    return plan if plan.columns_finished else None


FINISH = "finish"  # can_finish_column's own ranking


@lru_cache(maxsize=256)
def _best(text: str, budget: int, characters: bool | None, goal: str) -> Plan:
    finish = goal == FINISH
    state = ENGINE.loads(text)
    if state.game_over or ENGINE.awaiting(state).seat is None:
        return Plan((), 0, 0, True)
    if characters is None and state.shared:
        plan = _search(state, budget, False, goal)
        if (plan.columns_finished if finish else plan.from_hand) or not usable(state):
            return plan
        return _search(state, budget, True, goal)
    use = characters if characters is not None else True
    return _search(state, budget, use and bool(usable(state)), goal)


# --- the search ---------------------------------------------------------------------------


def root_node(state: KingsbridgeState) -> Node:
    """The light position of the acting seat's turn now."""
    player = state.current
    ready = list(player.aside)
    for card in state.fresh:
        ready.remove(card)
    column, skip = state.skip
    return Node(
        state.columns, player.hand, tuple(sorted(ready)), state.power,
        (column - 1, skip) if column else (-1, 0),
    )


def _rank(root: Node, node: Node, info: Info, coop: bool, goal: str) -> tuple[int, ...]:
    placed = len(root.hand) - len(node.hand) + len(root.aside) - len(node.aside)
    empties = sum(1 for column in node.columns[:COLUMNS] if not column)
    used = int(node.power != root.power)
    if goal == FINISH:
        return (min(info.finished, 1), -info.steps, placed, -used)
    aside_used = len(root.aside) - len(node.aside)
    if goal == KEEP_EMPTY:
        return (min(placed, 1), int(empties > 0), info.finished, placed, empties, -aside_used,
                -used, -info.steps)
    keep = int(empties > 0) if coop else 0
    return (placed, info.finished, keep, empties, -aside_used, -used, -info.steps)


def _priority(root: Node, node: Node, info: Info, finish: bool) -> tuple[int, int, int]:
    placed = len(root.hand) - len(node.hand) + len(root.aside) - len(node.aside)
    if finish:
        return (-info.finished, -placed, info.steps)
    return (-placed, -info.finished, info.steps)


def _search(state: KingsbridgeState, budget: int, use_characters: bool, goal: str) -> Plan:
    """Best first (most cards placed, then columns finished, then fewest steps) over distinct
    positions; a position's character uses are tried as a task of their own, queued just
    after the position itself."""
    root = root_node(state)
    finish = goal == FINISH
    start = Info(0, 0, state.discard)
    parents: dict[Node, tuple[Node | None, Step | None]] = {root: (None, None)}
    infos = {root: start}
    seen = {canonical(root)}
    last_cards = _last_cards(state)
    coop = state.options.mode == COOP
    best, best_rank = root, _rank(root, root, start, coop, goal)
    heap: list[tuple[tuple[int, int, int], int, bool, Node]] = [
        (_priority(root, root, start, finish), 0, False, root)
    ]
    counter = 1
    expanded = 0
    exact = True
    while heap:
        if expanded >= budget:
            exact = False
            break
        priority, _, characters, node = heapq.heappop(heap)
        info = infos[node]
        expanded += 1
        if characters:
            children: Iterator[tuple[Step, Node, Info]] = _character_steps(state, node, info)
        else:
            if last_cards and not node.hand and not node.aside:
                continue  # every card placed: the game is over
            children = steps(node, info)
            if use_characters and node.power == root.power:
                later = (priority[0], priority[1], priority[2] + 1)
                heapq.heappush(heap, (later, counter, True, node))
                counter += 1
        for step, child, new in children:
            key = canonical(child)
            if key in seen:
                continue
            seen.add(key)
            parents[child] = (node, step)
            infos[child] = new
            heapq.heappush(heap, (_priority(root, child, new, finish), counter, False, child))
            counter += 1
            rank = _rank(root, child, new, coop, goal)
            if rank > best_rank:
                best, best_rank = child, rank
    path: list[Step] = []
    node_or_none: Node | None = best
    while node_or_none is not None:
        parent, taken = parents[node_or_none]
        if taken is not None:
            path.append(taken)
        node_or_none = parent
    path.reverse()
    return _plan(state, path, best, exact)


def _last_cards(state: KingsbridgeState) -> bool:
    """True if placing the hand and Wilwulf cards ends the game (nothing else left)."""
    player = state.current
    if player.pile or player.unknown:
        return False
    if state.shared:
        return all(
            not (p.hand_size or p.pile or p.aside)
            for seat, p in enumerate(state.players) if seat != state.turn
        )
    return True


def _to_state(state: KingsbridgeState, node: Node, info: Info) -> KingsbridgeState:
    player = state.current
    aside = tuple(sorted(node.aside + state.fresh))
    player = replace(player, hand=node.hand, aside=aside)
    column, skip = node.skip
    return replace(
        state.with_player(state.turn, player),
        columns=node.columns, discard=info.discard, power=node.power,
        skip=(column + 1, skip) if column >= 0 else (0, 0),
    )


def _from_state(after: KingsbridgeState, fresh: tuple[int, ...]) -> Node:
    ready = list(after.current.aside)
    for card in fresh:
        ready.remove(card)
    column, skip = after.skip
    return Node(
        after.columns, after.current.hand, tuple(sorted(ready)), after.power,
        (column - 1, skip) if column else (-1, 0),
    )


def _character_steps(
    state: KingsbridgeState, node: Node, info: Info
) -> Iterator[tuple[Step, Node, Info]]:
    """Every useful character use from ``node`` (applied with the engine)."""
    full = _to_state(state, node, info)
    more = Info(info.finished, info.steps + 1, info.discard)
    for name in usable(full):
        if name in (ALDRED, AGATHA):
            use: CharacterUse = UseAldred() if name == ALDRED else UseAgatha()
            yield ("use", use), node._replace(power=name), more
            continue
        if name == RAGNA:
            yield ("use", RAGNA_PENDING), node._replace(power=RAGNA_PENDING), more
            continue
        for action in _candidates(full, name):
            if use_refusal(full, action) is not None:
                continue
            after, events = full_transition(full, action)
            done = sum(1 for e in events if isinstance(e, ColumnCompleted))
            child = _from_state(after, state.fresh)
            yield ("use", action), child, Info(info.finished + done, info.steps + 1,
                                               after.discard)


def _candidates(full: KingsbridgeState, name: str) -> Iterator[CharacterUse]:
    """A character's choices worth trying (empty columns interchangeable; Wilwulf never
    places a card this turn, so it is not tried)."""
    columns = full.columns
    empty = next((i for i, c in enumerate(columns) if not c), -1)
    if name == EDGAR:
        for i, column in enumerate(columns):
            if column and value(column[-1]) < MAX_CARD:
                yield UseEdgar(i + 1, value(column[-1]) + 1)
            for hole in holes(column):
                yield UseEdgar(i + 1, hole)
        if empty >= 0:
            yield from (UseEdgar(empty + 1, v) for v in range(MIN_CARD, MAX_CARD + 1))
    elif name == GYTHA:
        for i, column in enumerate(columns):
            if column and value(column[-1]) < MAX_CARD:
                last = value(column[-1])
                yield UseGytha(i + 1, (last + 1,))
                if last + 2 <= MAX_CARD:
                    yield UseGytha(i + 1, (last + 1, last + 2))
            for hole in holes(column):
                yield UseGytha(i + 1, (hole,))
        if empty >= 0:
            for v in sorted(set(full.discard)):
                yield UseGytha(empty + 1, (v,))
                if v < MAX_CARD:
                    yield UseGytha(empty + 1, (v, v + 1))
    elif name == WYNSTAN:
        yield from (UseWynstan(i + 1, n) for i, c in enumerate(columns) if c for n in (1, 2))
    elif name == DEN:
        yield from (UseDen(i + 1) for i, c in enumerate(columns) if c)
    elif name == WIGELM:
        count = len(wigelm_recipients(full))
        numbers = range(1, len(columns) + 1)
        for chosen in combinations_with_replacement(numbers, count):
            yield UseWigelm(chosen)
    elif name == ETHELRED:
        yield from _choices(full, ETHELRED)


# --- from a path to a plan ----------------------------------------------------------------


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


def _plan(state: KingsbridgeState, path: list[Step], best: Node, exact: bool) -> Plan:
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
        cards_placed=current.placed - state.placed + current.placed_aside - state.placed_aside,
        columns_finished=finished,
        exact=exact,
        from_hand=current.placed - state.placed,
        empty_columns=current.empty_columns(),
        character=character,
    )


def _join(before: KingsbridgeState, last: Place, action: Place) -> Place | None:
    for cards in (last.cards + action.cards, action.cards + last.cards):
        joined = Place(cards, last.column, last.aside + action.aside)
        if ENGINE.refusal(before, joined) is None:
            return joined
    return None


def _count(events: tuple[Event, ...]) -> int:
    return sum(1 for e in events if isinstance(e, ColumnCompleted))
