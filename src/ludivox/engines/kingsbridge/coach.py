"""The coach: "qu'est-ce que je peux poser ?", "quel est le meilleur coup ?", "puis-je finir
une colonne ?" answered from a position, for the seat that plays (or any seat, as if it were
its turn: it then only uses that seat's own hand, never another's).

:func:`best_plan` searches the turn's placements, moves and character uses (one; in solo,
when no plan with one places a hand card, up to :data:`MAX_CHAIN` one after the other, only
of those face up at the search's start: :func:`reveal_cut`)
(:mod:`ludivox.engines.kingsbridge.search`) and returns the :class:`Plan` placing the most
cards; ties go to more columns finished, then (co-op) keeping an empty column for the next
player, more empty columns, fewer Wilwulf cards used, no character used, fewer steps.

``goal="keep_empty"`` ranks differently, after the rulebook's co-op advice ("il est
recommandé de laisser au moins 1 colonne vide pour la personne suivante ... il est
préférable de poser des cartes sur une colonne vide plutôt que de ne rien poser du tout"):
placing at least one card first, then keeping an empty column, then columns finished, then
the most cards.

``goal="plan"`` (solo and co-op: the expert computer player's and the coach's advice) judges
every end of turn the search reached by what it leaves for the turns after
(:mod:`ludivox.engines.kingsbridge.planner`), from what the seat may know only; its search
expands at most :data:`PLAN_BUDGET` positions. On the game's last turn (the hand and Wilwulf
cards are all that is left) the score is the game's own, so the characters left are tried
too (up to :data:`MAX_CHAIN` in solo): one that lets a column be finished is worth more used
(+2 per column emptied, -1) than kept; that search merges columns first. In solo the
planner's best ends are then judged again by the turn after (:mod:`.lookahead`: a few pile
orders the seat cannot tell from the real one, the next turn's plan searched within
:data:`AHEAD_BUDGET` positions and judged with :data:`AHEAD_SAMPLES` draws).

Characters by default: in standard mode they cost nothing (they go round), so the search uses
them; in solo and co-op each one left is worth a point, so the coach uses one only when no
hand card can be placed without (a malus costs 5 points). The search is breadth first over
distinct positions, bounded by ``budget`` positions expanded and, if the caller gives one, by
a ``stop`` condition (:data:`~ludivox.engines.kingsbridge.search.Stop`: the caller's clock,
so a slow machine still answers in time; the engine itself has no clock). One ``stop`` serves
the whole turn (both searches and the judging); it is asked only after :data:`MIN_EXPANDED`
positions, so even a late search finds a move. ``Plan.exact`` says whether every reachable
position was seen ("calcul exact" / "recherche limitée"). Results are cached per position
(a result cut by ``stop`` is reused only by callers that give a ``stop`` too, so without one
the answer is always the deterministic one).
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple

from ludivox.engines.kingsbridge.actions import KingsbridgeAction, Place
from ludivox.engines.kingsbridge.characters import SPENT_AT_ONCE, another_allowed, usable
from ludivox.engines.kingsbridge.charactions import CharacterUse
from ludivox.engines.kingsbridge.charsearch import character_steps, root_node
from ludivox.engines.kingsbridge.lookahead import applies, look_ahead
from ludivox.engines.kingsbridge.planner import (
    SAMPLES,
    Ranked,
    losing,
    rank_ends,
    stuck_value,
)
from ludivox.engines.kingsbridge.plans import ENGINE, CardOptions, Plan, build_plan
from ludivox.engines.kingsbridge.search import Info, Node, Step, Stop, canonical, steps
from ludivox.engines.kingsbridge.state import COLUMNS, COOP, SOLO, KingsbridgeState

DEFAULT_BUDGET = 5_000
PLAN_BUDGET = 1_500  # at most, for the planning goal (solo, co-op): 100 solo games, seeds
# 0-99, mean 11.12 against 10.15 with 600 (paired +0.97, se 0.40), min -3 against -14; p95
# 0.36 s, max 0.73 s a turn on 2 shared cores (600: p95 0.19 s); the table's 0.4 s stop (then) cut
# 3.5 % of turns (16 % of a game's last three), mean without the stop 11.11 (deterministic)
MAX_CHAIN = 2  # solo: characters chained in one turn at most, tried only when no plan with
# one places a hand card (chains tried always: 30 solo games, mean 6.6 against 8.2)
MIN_EXPANDED = 40  # positions a search expands before it asks ``stop`` (its root and
# character uses: a cut search still finds a first move)
CACHED = 64  # positions whose ranked ends are kept
CARDS = "cards"
KEEP_EMPTY = "keep_empty"
PLAN = "plan"
GOALS = (CARDS, KEEP_EMPTY, PLAN)

__all__ = [
    "CARDS", "DEFAULT_BUDGET", "ENGINE", "GOALS", "KEEP_EMPTY", "PLAN", "CardOptions",
    "Explored", "Options", "Plan", "Stop", "as_turn_of", "best_plan", "can_finish_column",
    "explore", "options", "playable_cards", "reveal_cut", "root_node",
]


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
    stop: Stop | None = None,
) -> Plan:
    """The turn's plan placing the most cards (see the module docstring for ties, ``goal``
    and ``stop``)."""
    if goal not in GOALS:
        raise ValueError(f"goal must be one of {', '.join(GOALS)}, got {goal!r}")
    return _best(ENGINE.dumps(as_turn_of(state, seat)), budget, characters, goal, stop)


def can_finish_column(
    state: KingsbridgeState, seat: int | None = None, budget: int = DEFAULT_BUDGET,
    stop: Stop | None = None,
) -> Plan | None:
    """The shortest plan found that finishes a column, or ``None`` if none was found (the
    best plan is checked too, so the two answers never contradict each other)."""
    turn = as_turn_of(state, seat)
    text = ENGINE.dumps(turn)
    plan = _best(text, budget, None, FINISH, stop)
    if plan.columns_finished:
        return plan
    best = _best(text, budget, None, PLAN if turn.shared else CARDS, stop)
    return best if best.columns_finished else None


FINISH = "finish"  # can_finish_column's own ranking


def _best(text: str, budget: int, characters: bool | None, goal: str, stop: Stop | None
          ) -> Plan:
    found = options(text, budget, characters, goal, stop)
    if found.explored is None or not found.ranked.nodes:
        return Plan((), 0, 0, True)
    best = found.ranked.nodes[0]
    return build_plan(found.state, found.explored.path(best), best,
                      found.explored.exact and found.ranked.exact)


class Options(NamedTuple):
    """A turn's search and its ends of turn ranked by ``goal``: what every answer of the
    coach and every computer player's turn is taken from."""

    state: KingsbridgeState
    explored: Explored | None  # None: nobody is to play
    ranked: Ranked


class _Watch:
    """``stop`` (or never), remembering whether it ever said stop."""

    def __init__(self, stop: Stop | None) -> None:
        self.stop = stop
        self.fired = False

    def __call__(self) -> bool:
        if self.stop is not None and self.stop():
            self.fired = True
        return self.fired


_CACHE: OrderedDict[tuple[str, int, bool | None, str], tuple[Options, bool]] = OrderedDict()


def options(text: str, budget: int, characters: bool | None, goal: str,
            stop: Stop | None = None) -> Options:
    """The ranked ends of turn of the position ``text`` (the engine's notation): in solo and
    co-op by default, first without characters, then with them if no hand card was placed
    (or, ``finish``, no column finished) and one is usable; for ``plan``, also when the best
    end without one loses more than a character is worth (:func:`.planner.losing`), the
    better judged of the two searches kept; all of it within one ``stop``."""
    key = (text, budget, characters, goal)
    cached = _CACHE.get(key)
    if cached is not None and (stop is not None or not cached[1]):
        _CACHE.move_to_end(key)
        return cached[0]
    watch = _Watch(stop)
    found = _options(text, budget, characters, goal, watch)
    _CACHE[key] = (found, watch.fired)
    _CACHE.move_to_end(key)
    while len(_CACHE) > CACHED:
        _CACHE.popitem(last=False)
    return found


def _options(text: str, budget: int, characters: bool | None, goal: str, stop: Stop
             ) -> Options:
    return _options_of(ENGINE.loads(text), budget, characters, goal, stop)


def _options_of(state: KingsbridgeState, budget: int, characters: bool | None, goal: str,
                stop: Stop | None, nested: bool = False) -> Options:
    ahead, samples = not nested, AHEAD_SAMPLES if nested else SAMPLES
    if state.game_over or ENGINE.awaiting(state).seat is None:
        return Options(state, None, Ranked((), {}, True))
    if goal == PLAN:
        budget = min(budget, PLAN_BUDGET)
    if characters is None and state.shared:
        last = goal == PLAN and _last_cards(state)  # the game's end: its columns count
        found = _ranked(state, budget, False, goal, stop, merge=last, ahead=ahead,
                        samples=samples)
        if not usable(state):
            return found
        if goal == PLAN and (_enough(found, False) or state.placed):  # a card placed
            if not last and not losing(state, found.ranked):
                return found
            chain = MAX_CHAIN if last and state.options.mode == SOLO else 1
            more = _ranked(state, budget, True, goal, stop, chain, merge=last, ahead=ahead,
                           samples=samples)
            return more if _top_total(more) > _top_total(found) else found
        if _enough(found, goal == FINISH):
            return found
        found = _ranked(state, budget, True, goal, stop, ahead=ahead, samples=samples)
        if state.options.mode != SOLO or _enough(found, goal == FINISH):
            return found
        return _ranked(state, budget, True, goal, stop, MAX_CHAIN, ahead=ahead,
                       samples=samples)
    use = characters if characters is not None else True
    return _ranked(state, budget, use and bool(usable(state)), goal, stop)


def _top_total(found: Options) -> float:
    """The planner's total of the best end (placing ends are judged first)."""
    top = found.ranked.nodes[0] if found.ranked.nodes else None
    judged = found.ranked.judgements.get(top) if top is not None else None
    return judged.total if judged is not None else float("-inf")


def _enough(found: Options, finish: bool) -> bool:
    assert found.explored is not None
    top = found.ranked.nodes[0]
    if finish:
        return found.explored.infos[top].finished > 0
    return len(top.hand) < len(found.explored.root.hand)


# --- the search ---------------------------------------------------------------------------

def _rank(root: Node, node: Node, info: Info, coop: bool, goal: str) -> tuple[int, ...]:
    placed = len(root.hand) - len(node.hand) + len(root.aside) - len(node.aside)
    empties = sum(1 for column in node.columns[:COLUMNS] if not column)
    used = node.used
    if goal == FINISH:
        return (min(info.finished, 1), -info.steps, placed, -used)
    aside_used = len(root.aside) - len(node.aside)
    if goal == KEEP_EMPTY:
        return (min(placed, 1), int(empties > 0), info.finished, placed, empties, -aside_used,
                -used, -info.steps)
    keep = int(empties > 0) if coop else 0
    return (placed, info.finished, keep, empties, -aside_used, -used, -info.steps)


def _priority(root: Node, node: Node, info: Info, finish: bool, merge: bool
              ) -> tuple[int, int, int, int]:
    placed = len(root.hand) - len(node.hand) + len(root.aside) - len(node.aside)
    held = sum(1 for column in node.columns if column) if merge else 0
    if finish:
        return (-info.finished, -placed, held, info.steps)
    return (-placed, -info.finished, held, info.steps)


class Explored(NamedTuple):
    """Every position a turn's search reached: the tree (``parents``), what each path brought
    (``infos``) and whether every reachable position was seen (``exact``)."""

    root: Node
    parents: dict[Node, tuple[Node | None, Step | None]]
    infos: dict[Node, Info]
    exact: bool

    def path(self, node: Node) -> list[Step]:
        """The steps from the root to ``node``."""
        path: list[Step] = []
        node_or_none: Node | None = node
        while node_or_none is not None:
            parent, taken = self.parents[node_or_none]
            if taken is not None:
                path.append(taken)
            node_or_none = parent
        path.reverse()
        return path


def explore(state: KingsbridgeState, budget: int, use_characters: bool, finish: bool = False,
            stop: Stop | None = None, chain: int = 1, merge: bool = False) -> Explored:
    """Best first (most cards placed, then columns finished, then, with ``merge``, fewest
    columns holding cards, then fewest steps; ``finish``: columns finished first) over
    distinct positions, at most ``budget`` expanded, and no more
    once ``stop`` says so (asked after :data:`MIN_EXPANDED`); a position's character uses
    are tried as a task of their own, queued just after it."""
    root = root_node(state)
    start = Info(0, 0, state.discard)
    parents: dict[Node, tuple[Node | None, Step | None]] = {root: (None, None)}
    infos = {root: start}
    seen = {canonical(root)}
    last_cards = _last_cards(state)
    heap: list[tuple[tuple[int, int, int, int], int, bool, Node]] = [
        (_priority(root, root, start, finish, merge), 0, False, root)
    ]
    counter = 1
    expanded = 0
    exact = True
    while heap:
        if expanded >= budget:
            exact = False
            break
        if stop is not None and expanded >= MIN_EXPANDED and stop():
            exact = False
            break
        priority, _, characters, node = heapq.heappop(heap)
        info = infos[node]
        expanded += 1
        if characters:
            children: Iterator[tuple[Step, Node, Info]] = character_steps(state, node, info)
        else:
            if last_cards and not node.hand and not node.aside:
                continue  # every card placed: the game is over
            children = steps(node, info)
            if use_characters and _may_use(state, node, chain):
                later = (priority[0], priority[1], priority[2], priority[3] + 1)
                heapq.heappush(heap, (later, counter, True, node))
                counter += 1
        for step, child, new in children:
            key = canonical(child)
            if key in seen:
                continue
            seen.add(key)
            parents[child] = (node, step)
            infos[child] = new
            order = _priority(root, child, new, finish, merge)
            heapq.heappush(heap, (order, counter, False, child))
            counter += 1
    return Explored(root, parents, infos, exact)


def _may_use(state: KingsbridgeState, node: Node, chain: int) -> bool:
    """A character use may be tried from ``node``: none used yet in the search, or, in solo,
    fewer than ``chain`` whose effects are all spent (:func:`.characters.another_allowed`;
    the search does not try one after Ragna)."""
    if not node.used:
        return True
    return (state.options.mode == SOLO and node.used < chain
            and node.power in SPENT_AT_ONCE)


def reveal_cut(state: KingsbridgeState, actions: Sequence[KingsbridgeAction]) -> int | None:
    """The index in ``actions`` (a plan from ``state``) of the first character use that
    reveals a face-down character another use may follow in the same turn (solo, its effect
    spent, :func:`.characters.another_allowed`); ``None`` if none. The plan was searched
    without that character (:func:`.charsearch.known`): once it is seen, the computer player
    searches again and the advice stops there."""
    for index, action in enumerate(actions):
        if ENGINE.refusal(state, action) is not None:
            return None
        before = state
        state, _ = ENGINE.apply(state, action)
        if isinstance(action, CharacterUse) and before.deck and another_allowed(state):
            return index
    return None


def _ranked(state: KingsbridgeState, budget: int, use_characters: bool, goal: str,
            stop: Stop | None = None, chain: int = 1, merge: bool = False,
            ahead: bool = False, samples: int = SAMPLES) -> Options:
    """The turn's search, its ends of turn ranked by ``goal`` (``_rank``, or the planner;
    ``ahead``: in solo, its best ends judged again by the turn after, :mod:`.lookahead`)."""
    found = explore(state, budget, use_characters, goal == FINISH, stop, chain, merge)
    coop = state.options.mode == COOP
    root = found.root
    if goal == PLAN and state.shared:
        ranked = rank_ends(state, found, lambda n, i: _rank(root, n, i, coop, KEEP_EMPTY), stop,
                           samples)
        if ahead and applies(state, ranked):
            ranked = look_ahead(state, found, ranked, lambda s: _next_value(s, stop), stop)
        return Options(state, found, ranked)
    nodes = sorted(found.infos, key=lambda n: _rank(root, n, found.infos[n], coop, goal),
                   reverse=True)
    return Options(state, found, Ranked(tuple(nodes), {}, True))


def _next_value(state: KingsbridgeState, stop: Stop | None) -> float:
    """The planner's judge of the best plan of the turn starting at ``state`` (a smaller
    search, no look-ahead of its own); no hand card placed: a malus card is due."""
    found = _options_of(state, AHEAD_BUDGET, None, PLAN, stop, nested=True)
    top = _top_total(found)
    if top != float("-inf") and found.ranked.nodes and _enough(found, False):
        return top
    return stuck_value(state)


AHEAD_BUDGET = 250  # positions a look-ahead turn's search expands at most
AHEAD_SAMPLES = 8  # next draws its planner samples


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

