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
from ludivox.engines.kingsbridge.search import Node, Step
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
           column: int | None = None, count: int = ALTERNATIVES) -> tuple[Advice, ...]:
    """Up to ``count`` distinct plans placing a hand card, best first (only plans that place
    on ``column`` and move cards onto it, if given), each with its reasons."""
    turn = as_turn_of(state, seat)
    goal = PLAN if turn.shared else CARDS
    found = options(ENGINE.dumps(turn), budget, None, goal)
    if found.explored is None:
        return ()
    out: list[Advice] = []
    for node in _placing(found, column):
        plan = build_plan(found.state, found.explored.path(node), node,
                          found.explored.exact and found.ranked.exact)
        out.append(Advice(plan, _why(found, node, plan)))
        if len(out) == count:
            break
    return tuple(out)


def _placing(found: Options, column: int | None) -> Iterator[Node]:
    """The ranked ends placing a card; for ``column``, every end of the search that gets
    there through that column only, in the order of the ranked end with the same outcome."""
    explored = found.explored
    assert explored is not None
    root = explored.root
    size = len(root.hand) + len(root.aside)
    if column is None:
        yield from (n for n in found.ranked.nodes if len(n.hand) + len(n.aside) < size)
        return
    place = {outcome(n): i for i, n in enumerate(found.ranked.nodes)}
    fitting = [
        n for n in explored.infos
        if len(n.hand) + len(n.aside) < size
        and _only_column(explored.path(n), column - 1) and outcome(n) in place
    ]
    fitting.sort(key=lambda n: (place[outcome(n)], explored.infos[n].steps))
    seen: set[tuple[object, ...]] = set()
    for node in fitting:
        if outcome(node) not in seen:
            seen.add(outcome(node))
            yield node


def _only_column(path: list[Step], index: int) -> bool:
    """True if every step places on column ``index`` (0-based) or moves cards onto it."""
    for step in path:
        if step[0] == "place" and step[2] != index:
            return False
        if step[0] == "move" and step[3] != index:
            return False
        if step[0] == "use":
            return False
    return bool(path)


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
