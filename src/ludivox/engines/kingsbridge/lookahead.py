"""Solo: the planner's best ends of turn judged again by the turn after (determinized).

The planner (:mod:`.planner`) judges an end of turn by what it leaves: its reach, and the
share of sampled next draws with no card to place. A turn that leaves a good-looking cover
may still leave a next turn with no good plan. So, in solo, the best :data:`WIDTH` ends are
played on: for each of :data:`DRAWS` orders of the seat's pile and of the face-down
characters (drawn from a seed made of what the seat sees only, so the same whatever the real
orders), the turn is played and ended with the engine (it draws from that order), the next
turn's best plan is searched and judged by the planner itself (``next_value``: a smaller
search, no look-ahead of its own), and the end's worth is the mean over the orders. Every
end is played on with the same orders (a paired comparison). An end whose plan the engine
refuses in an order drawn (none should be: a plan uses only the characters face up at its
start) is not played on: it keeps the planner's value, after the ends played on.

The work is fixed (deterministic); ``stop`` (the caller's clock) may end it early, and then
the planner's own ranking stands (the answer says "recherche limitée").
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

from ludivox.engines.kingsbridge.actions import EndTurn, KingsbridgeAction
from ludivox.engines.kingsbridge.planner import Ranked
from ludivox.engines.kingsbridge.plans import ENGINE, build_plan
from ludivox.engines.kingsbridge.search import Node, Stop
from ludivox.engines.kingsbridge.state import SOLO, KingsbridgeState

WIDTH = 3  # ends of turn played on (the planner's best first)
DRAWS = 3  # pile orders sampled per end (the same for every end)

NextValue = Callable[[KingsbridgeState], float]


def _seed(state: KingsbridgeState) -> int:
    """A seed from what the acting seat sees only (never the pile's order)."""
    seat = state.turn
    player = state.players[seat]
    text = repr((state.columns, state.discard, state.malus, player.hand, player.aside,
                 len(player.pile), state.revealed, len(state.deck), "ahead"))
    return zlib.crc32(text.encode())


def _dealt(state: KingsbridgeState, rng: random.Random) -> KingsbridgeState:
    """``state`` with the seat's pile and the face-down characters in orders drawn by
    ``rng``: ones the seat cannot tell from the real ones."""
    player = state.current
    pile = sorted(c for c in player.pile if c is not None)
    rng.shuffle(pile)
    dealt = state.with_player(state.turn, player.evolve(pile=tuple(pile)))
    characters = sorted(c for c in state.deck if c is not None)
    rng.shuffle(characters)
    return dealt.evolve(deck=tuple(characters))


def _played(state: KingsbridgeState, actions: tuple[KingsbridgeAction, ...]
            ) -> KingsbridgeState | None:
    """``state`` after ``actions`` and the end of the turn (``None``: one is refused; a plan
    uses only the characters face up at its start, so none should be)."""
    for action in (*actions, EndTurn()):
        if state.game_over:
            break
        if ENGINE.refusal(state, action) is not None:
            return None
        state, _ = ENGINE.apply(state, action)
    return state


def applies(state: KingsbridgeState, ranked: Ranked) -> bool:
    """True if the look-ahead applies: solo, a judged end of turn, cards left in the pile
    (with none, the planner already judges the game's end by its own score, which the next
    turn's judge, on another scale, must not be weighed against)."""
    return (WIDTH > 0 and state.options.mode == SOLO and bool(ranked.judgements)
            and bool(state.current.pile))


def look_ahead(state: KingsbridgeState, found: object, ranked: Ranked,
               next_value: NextValue, stop: Stop | None = None) -> Ranked:
    """``ranked`` with its best :data:`WIDTH` judged ends re-ranked by the turn after
    (``found``: the turn's :class:`~.coach.Explored`); unchanged if ``stop`` said stop."""
    head = [n for n in ranked.nodes if n in ranked.judgements][:WIDTH]
    seed = _seed(state)
    values: dict[Node, float] = {}
    for node in head:
        path = found.path(node)  # type: ignore[attr-defined]
        actions = build_plan(state, path, node, True).actions
        worth = 0.0
        for k in range(DRAWS):
            nxt = _played(_dealt(state, random.Random(seed * 31 + k)), actions)
            if nxt is None:  # refused in an order drawn: the planner's value stands
                break
            worth += float(nxt.score()) if nxt.game_over else next_value(nxt)
            if stop is not None and stop():
                return ranked._replace(exact=False)
        else:
            values[node] = worth / DRAWS
    return reranked(ranked, values)


def reranked(ranked: Ranked, values: dict[Node, float]) -> Ranked:
    """``ranked`` with the judged ends in ``values`` first, best value first, each judgement's
    total that value; the other ends after them in their order."""
    best = sorted(values, key=lambda n: -values[n])
    judgements = dict(ranked.judgements)
    for node in best:
        judgements[node] = judgements[node]._replace(total=values[node])
    rest = [n for n in ranked.nodes if n not in values]
    return Ranked((*best, *rest), judgements, ranked.exact)
