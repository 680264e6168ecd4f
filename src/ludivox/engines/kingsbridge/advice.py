"""The coach's advice with its reasons: the best plan, the next best ones ("et sinon ?"), and
plans for one column only ("aide-moi seulement pour la colonne trois").

Every advice is taken from the one ranked list of the turn's ends
(:func:`ludivox.engines.kingsbridge.coach.options`), the same the best plan and the computer
players use, and replayed through the engine. Its reasons (:class:`Why`) compare it with the
other ends of the turn; the grammar turns each code into a French sentence:

* ``finish`` — it finishes ``number`` columns;
* ``keep_empty`` — it keeps column ``column`` empty for the next turn, keeping ``cards`` in
  hand, where placing more would have filled the last empty column;
* ``no_loss`` — another way would have put cards out of the game for good (a character's
  discard, Edgar standing in), leaving columns that can no longer be emptied;
* ``next_turn`` — more of the sampled next draws leave a card to place (``number``: per
  cent of them), for instance by keeping in hand ``cards`` that fit a column end;
* ``character`` — no hand card goes without a character: ``character`` is used;
* ``most`` — it places the most cards (``number``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ludivox.engines.kingsbridge.coach import (
    CARDS,
    DEFAULT_BUDGET,
    PLAN,
    Options,
    as_turn_of,
    options,
)
from ludivox.engines.kingsbridge.cover import cover_of, fits
from ludivox.engines.kingsbridge.planner import Judgement, outcome
from ludivox.engines.kingsbridge.plans import ENGINE, Plan, build_plan
from ludivox.engines.kingsbridge.search import Node, Step, Stop
from ludivox.engines.kingsbridge.state import COLUMNS, KingsbridgeState

FINISH = "finish"
KEEP_EMPTY = "keep_empty"
NO_LOSS = "no_loss"
NEXT_TURN = "next_turn"
CHARACTER = "character"
MOST = "most"
WHYS = (FINISH, KEEP_EMPTY, NO_LOSS, NEXT_TURN, CHARACTER, MOST)
ALTERNATIVES = 3  # plans kept for "et sinon ?"


class Why(NamedTuple):
    """One reason for a plan (codes: see the module docstring)."""

    code: str
    number: int = 0
    column: int = 0
    cards: tuple[int, ...] = ()
    character: str = ""


class Advice(NamedTuple):
    """A plan and why it is advised."""

    plan: Plan
    why: tuple[Why, ...]


def advise(state: KingsbridgeState, seat: int | None = None, budget: int = DEFAULT_BUDGET,
           column: int | None = None, count: int = ALTERNATIVES, stop: Stop | None = None
           ) -> tuple[Advice, ...]:
    """Up to ``count`` distinct plans placing a hand card, best first (only plans that place
    on ``column`` and move cards onto it, if given), each with its reasons; ``stop``: the
    caller's stop condition (see :mod:`ludivox.engines.kingsbridge.coach`)."""
    turn = as_turn_of(state, seat)
    goal = PLAN if turn.shared else CARDS
    found = options(ENGINE.dumps(turn), budget, None, goal, stop)
    if found.explored is None:
        return ()
    out: list[Advice] = []
    for node, path in _placing(found, column):
        plan = build_plan(found.state, path, node, found.explored.exact and found.ranked.exact)
        out.append(Advice(plan, _why(found, node, plan)))
        if len(out) == count:
            break
    return tuple(out)


def _placing(found: Options, column: int | None) -> Iterator[tuple[Node, list[Step]]]:
    """The ranked ends placing a card with their paths; for ``column``, every end of the
    search reached through that column only (or one alike: the search tries one of equal
    columns, the path is then relabelled), in the order of the ranked end alike."""
    explored = found.explored
    assert explored is not None
    root = explored.root
    size = len(root.hand) + len(root.aside)
    if column is None:
        for n in found.ranked.nodes:
            if len(n.hand) + len(n.aside) < size:
                yield n, explored.path(n)
        return
    index = column - 1
    if index >= len(root.columns):
        return
    twins = {i for i, c in enumerate(root.columns) if c == root.columns[index]}
    place = {outcome(n): i for i, n in enumerate(found.ranked.nodes)}
    fitting: list[tuple[int, int, Node, list[Step]]] = []
    for n in explored.infos:
        if len(n.hand) + len(n.aside) >= size or outcome(n) not in place:
            continue
        path = explored.path(n)
        used = _only_column(path)
        if used in twins:
            fitting.append((place[outcome(n)], len(path), n, _relabel(path, used, index)))
    fitting.sort(key=lambda f: (f[0], f[1]))
    seen: set[tuple[object, ...]] = set()
    for _, _, node, path in fitting:
        if outcome(node) not in seen:
            seen.add(outcome(node))
            yield node, path


def _only_column(path: list[Step]) -> int:
    """The one column (0-based) every step places on or moves cards onto; -1 if none."""
    used: set[object] = set()
    for step in path:
        if step[0] not in ("place", "move"):
            return -1
        used.add(step[2] if step[0] == "place" else step[3])
    target = used.pop() if len(used) == 1 else -1
    return target if isinstance(target, int) else -1


def _relabel(path: list[Step], used: int, index: int) -> list[Step]:
    """``path`` with columns ``used`` and ``index`` (equal at the turn's start) swapped."""
    if used == index:
        return path

    def swap(i: object) -> object:
        return index if i == used else used if i == index else i

    out: list[Step] = []
    for step in path:
        if step[0] == "place":
            out.append((step[0], step[1], swap(step[2]), step[3]))
        else:
            out.append((step[0], swap(step[1]), step[2], swap(step[3])))
    return out


def _why(found: Options, node: Node, plan: Plan) -> tuple[Why, ...]:
    assert found.explored is not None
    root = found.explored.root
    out: list[Why] = []
    if plan.character:
        out.append(Why(CHARACTER, character=plan.character))
    if plan.columns_finished:
        out.append(Why(FINISH, number=plan.columns_finished))
    judged = found.ranked.judgements
    mine = judged.get(node)
    others = [j for n, j in judged.items() if n != node]
    if mine is not None and others:
        out.extend(_compared(node, mine, others, root))
    most = max((j.placed for j in judged.values()), default=plan.cards_placed)
    if not out or plan.cards_placed >= most:
        out.append(Why(MOST, number=plan.cards_placed))
    return tuple(out)


def _compared(node: Node, mine: Judgement, others: list[Judgement], root: Node
              ) -> Iterator[Why]:
    """The reasons this end of turn beats others that place more cards or lose fewer."""
    if any(j.reach < mine.reach for j in others):
        yield Why(NO_LOSS)
    empty = next((i + 1 for i, c in enumerate(node.columns[:COLUMNS]) if not c), 0)
    fuller = [j for j in others if j.placed > mine.placed and not j.empty]
    kept = tuple(sorted(set(node.hand)))
    if empty and fuller:
        yield Why(KEEP_EMPTY, column=empty, cards=kept)
    if not empty and any(j.stuck > mine.stuck for j in others):
        cover = cover_of(node.columns)
        ready = tuple(c for c in kept if fits(cover, c))
        yield Why(NEXT_TURN, number=round(100 * (1 - mine.stuck)), cards=ready)
