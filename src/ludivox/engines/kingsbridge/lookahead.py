"""Solo: the planner's best ends of turn judged again by the turn after (determinized).

The planner (:mod:`.planner`) judges an end of turn by what it leaves: its reach, and the
share of sampled next draws with no card to place. A turn that leaves a good-looking cover
may still leave a next turn with no good plan. So, in solo, the best :data:`WIDTH` ends are
played on: for each of :data:`DRAWS` possible orders of the seat's pile (sampled from the
cards it cannot see, seeded by what it sees only: the same orders whatever the real one),
the turn is ended (the engine draws from that order), the next turn's best plan is searched
and judged by the planner itself (``next_value``, a smaller search), and the end's worth is
the mean over the orders. Every end is played on with the same orders (a paired comparison).

The work is fixed (deterministic); ``stop`` (the caller's clock) may end it early, and then
the planner's own ranking stands (the answer says "recherche limitée").
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

from ludivox.engines.kingsbridge.actions import EndTurn, KingsbridgeAction
from ludivox.engines.kingsbridge.cover import counts
from ludivox.engines.kingsbridge.planner import Ranked, given_back, unseen
from ludivox.engines.kingsbridge.plans import ENGINE, build_plan
from ludivox.engines.kingsbridge.search import Node, Stop
from ludivox.engines.kingsbridge.state import SOLO, KingsbridgeState

WIDTH = 4  # ends of turn played on (the planner's best first)
DRAWS = 4  # pile orders sampled per end (the same for every end)

NextValue = Callable[[KingsbridgeState], float]


def _seed(state: KingsbridgeState) -> int:
    """A seed from what the acting seat sees only (never the pile's order)."""
    seat = state.turn
    player = state.players[seat]
    text = repr((state.columns, state.discard, state.malus, player.hand, player.aside,
                 len(player.pile), state.revealed, "ahead"))
    return zlib.crc32(text.encode())


def _orders(after: KingsbridgeState, known: tuple[int, ...], seed: int) -> list[tuple[int, ...]]:
    """:data:`DRAWS` orders of the seat's pile in ``after``: the ``known`` cards (Wigelm gave
    them back this turn, on top), then the other cards it cannot see, shuffled."""
    rest = counts(unseen(after, after.turn))
    for card in known:
        rest[card] -= 1
    cards = [v for v, n in enumerate(rest) for _ in range(max(0, n))]
    size = len(after.current.pile) - len(known)
    out = []
    for k in range(DRAWS):
        rng = random.Random(seed * 31 + k)
        order = cards[:]
        rng.shuffle(order)
        out.append((*known, *order[:size]))
    return out


def applies(state: KingsbridgeState, ranked: Ranked) -> bool:
    """True if the look-ahead applies: solo, a judged end of turn."""
    return WIDTH > 0 and state.options.mode == SOLO and bool(ranked.judgements)


def look_ahead(state: KingsbridgeState, found: object, ranked: Ranked,
               next_value: NextValue, stop: Stop | None = None) -> Ranked:
    """``ranked`` with its best :data:`WIDTH` judged ends re-ranked by the turn after
    (``found``: the turn's :class:`~.coach.Explored`); unchanged if ``stop`` said stop."""
    head = [n for n in ranked.nodes if n in ranked.judgements][:WIDTH]
    seed = _seed(state)
    values: dict[Node, float] = {}
    for node in head:
        path = found.path(node)  # type: ignore[attr-defined]
        plan = build_plan(state, path, node, True)
        after = state
        for action in plan.actions:
            after, _ = ENGINE.apply(after, action)
        if after.game_over:
            values[node] = float(after.score())
            continue
        known = given_back(state, found, node)  # type: ignore[arg-type]
        worth = 0.0
        orders = _orders(after, known, seed)
        for order in orders:
            player = after.current.evolve(pile=order)
            dealt = after.with_player(after.turn, player)
            end: KingsbridgeAction = EndTurn()
            nxt, _ = ENGINE.apply(dealt, end)
            worth += float(nxt.score()) if nxt.game_over else next_value(nxt)
            if stop is not None and stop():
                return ranked._replace(exact=False)
        values[node] = worth / len(orders)
    best = sorted(head, key=lambda n: -values[n])
    judgements = dict(ranked.judgements)
    for node in head:
        judgements[node] = judgements[node]._replace(total=values[node])
    rest = [n for n in ranked.nodes if n not in values]
    return Ranked((*best, *rest), judgements, ranked.exact)
