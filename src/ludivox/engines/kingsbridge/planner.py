"""The planning coach of solo and co-op: a turn's plans judged by what they leave.

The turn's search (:func:`ludivox.engines.kingsbridge.coach.explore`) gives every position
the turn can end in; those placing at least one hand card (the variants' rule) are the
candidates, one per distinct outcome (cover of the columns, hand, Wilwulf cards, character
used). Each is judged (:func:`judge`) by

* its *reach*: the score if the rest of the game went perfectly: characters left, and the
  columns the game can at best end with given every card still to place (:mod:`.cover`: a
  card discarded by a character or stood in for by Edgar leaves columns unfinished);
* the free columns it leaves (cards moved so as to empty them: any card goes there next
  turn) and the cards placed now (more cards drawn);
* then, for the :data:`LOOKED_AHEAD` best so far, the turns after: :data:`AHEAD` turns played
  on each of :data:`SAMPLES` sampled draw orders of the cards the seat cannot see (its own
  pile, the other seats' hands and piles: their multiset is known, not their order) by a fast
  policy on the cover (:func:`rollout`) that never wastes a column; each turn with no card to
  place (a character or a malus card then) costs, nearer turns more.

The best total wins; ties go to the search's own ranking. The seat's view is all it uses:
its hand, the columns, discard, malus pile, cards set aside and public counts, so the plan
is the same whatever the other hands. The work is fixed (:data:`SAMPLES` draws from a seed
made of what the seat sees), so the choice is reproducible; a caller's ``stop`` condition
(its clock: the engine has none) may end it early on a slow machine, after
:data:`MIN_JUDGED` candidates played ahead, and the plan then says so ("recherche limitée").
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ludivox.engines.kingsbridge.columns import holes
from ludivox.engines.kingsbridge.cover import columns_used, counts, cover_of, fits, settle
from ludivox.engines.kingsbridge.search import Info, Node, Stop
from ludivox.engines.kingsbridge.state import (
    COLUMNS,
    COPIES,
    HAND_SIZE,
    MAX_CARD,
    KingsbridgeState,
)

if TYPE_CHECKING:
    from ludivox.engines.kingsbridge.coach import Explored

SAMPLES = 24  # draw orders sampled per candidate (fixed work: reproducible)
AHEAD = 3  # turns played ahead on each sampled draw order
DISCOUNT = (1.0, 0.7, 0.5)  # weight of a stuck turn, per turn ahead (nearer is surer)
MAX_CANDIDATES = 400  # distinct ends of turn judged at most (the search's best first)
LOOKED_AHEAD = 48  # candidates played ahead at most (the best by what they leave now)
MIN_JUDGED = 8  # candidates played ahead before ``stop`` is asked
EMPTY_POINTS = 2  # the rulebook's score: +2 per empty column, -5 per malus card
MALUS_POINTS = 5
STUCK_POINTS = 3.0  # per turn ahead expected with no card to place (discounted)
ROOM_POINTS = (0.0, 2.0, 3.0, 3.5)  # worth of 0, 1, 2, 3 or more columns left free (the
# cards could be moved so as to empty them): any card can go there next turn
PLACED_WEIGHT = 0.3  # per card placed now (more cards drawn, a hand less clogged)


def unseen(state: KingsbridgeState, seat: int) -> list[int]:
    """The event cards ``seat`` cannot see (its pile, the other hands and piles), sorted."""
    left = [COPIES] * (MAX_CARD + 1)
    left[0] = 0
    seen: list[int] = [c for column in state.columns for c in column if c > 0]
    seen += [*state.discard, *state.malus, *state.players[seat].hand]
    for player in state.players:
        seen += player.aside
    for card in seen:
        left[card] -= 1
    return [v for v in range(1, MAX_CARD + 1) for _ in range(max(0, left[v]))]


def _seed(state: KingsbridgeState, seat: int, hidden: list[int]) -> int:
    """A seed from what ``seat`` sees only (never another seat's hand)."""
    text = repr((state.columns, state.discard, state.malus, state.players[seat].hand,
                 len(hidden), state.revealed))
    return zlib.crc32(text.encode())


def outcome(node: Node) -> tuple[object, ...]:
    """What an end of turn leaves for the rest of the game (ends alike are one candidate)."""
    return tuple(cover_of(node.columns)), node.hand, node.aside, node.power


class Ranked(NamedTuple):
    """Distinct ends of turn, best first, with their judgements (when judged) and whether
    the judging went to its end."""

    nodes: tuple[Node, ...]
    judgements: dict[Node, Judgement]
    exact: bool


def rank_ends(state: KingsbridgeState, found: Explored,
              rank: Callable[[Node, Info], tuple[int, ...]], stop: Stop | None = None
              ) -> Ranked:
    """The distinct ends of turn of ``found`` for the acting seat of ``state``, best first:
    those placing a hand card judged (:func:`judge`, until ``stop`` says so), the others
    after them by ``rank``."""
    root = found.root
    by_rank = sorted(found.infos, key=lambda n: rank(n, found.infos[n]), reverse=True)
    outcomes: dict[tuple[object, ...], Node] = {}
    for node in by_rank:
        outcomes.setdefault(outcome(node), node)
    distinct = list(outcomes.values())
    placing = [n for n in distinct if len(n.hand) < len(root.hand)][:MAX_CANDIDATES]
    rest = [n for n in distinct if len(n.hand) >= len(root.hand)]
    if not placing:
        return Ranked(tuple(rest), {}, True)
    seat = state.turn
    hidden = unseen(state, seat)
    rng = random.Random(_seed(state, seat, hidden))
    deals = []
    for _ in range(SAMPLES):
        order = hidden[:]
        rng.shuffle(order)
        deals.append(order[: HAND_SIZE * AHEAD])
    left = counts(hidden)
    static = {node: judge(state, root, node, [], left).total for node in placing}
    placing.sort(key=lambda n: -static[n])  # stable: the search's rank breaks ties
    exact = True
    judged: dict[Node, Judgement] = {}
    for node in placing[:LOOKED_AHEAD]:
        judged[node] = judge(state, root, node, deals, left)
        if stop is not None and len(judged) >= MIN_JUDGED and stop():
            exact = False
            break
    order = sorted(range(len(judged)), key=lambda i: (-judged[placing[i]].total, i))
    best = tuple(placing[i] for i in order)
    return Ranked((*best, *placing[len(judged):], *rest), judged, exact)


class Judgement(NamedTuple):
    """What a turn's end leaves: the score if the rest went perfectly (``reach``), the share
    of sampled draws with no card to place next turn (``stuck``), the stuck turns expected
    over the look-ahead (``ahead``), empty columns, and the weighted total the planner
    maximises."""

    reach: int
    stuck: float
    empty: int
    placed: int
    total: float
    ahead: float = 0.0


def judge(state: KingsbridgeState, root: Node, node: Node, deals: list[list[int]],
          left: list[int]) -> Judgement:
    """Judge ``node``'s end of turn over the sampled draw orders ``deals`` of the cards
    ``left`` unseen (counts per value): :data:`AHEAD` turns played by :func:`rollout`."""
    cover = cover_of(node.columns)
    hand = counts((*node.hand, *node.aside))
    whole = [cover[v] + hand[v] + left[v] for v in range(len(cover))]
    settle(whole)
    chars = state.characters_left() - (1 if node.power != root.power else 0)
    reach = chars + EMPTY_POINTS * (COLUMNS - columns_used(whole)) - MALUS_POINTS * len(
        state.malus)
    empty = sum(1 for column in node.columns[:COLUMNS] if not column)
    laid = sum(1 for column in node.columns if column)
    joined = sum(len(holes(column)) for column in node.columns)  # Ragna: one column, two runs
    room = max(COLUMNS, laid) - columns_used(cover) + joined
    size = len(node.hand) + len(node.aside)
    first = 0
    ahead = 0.0
    for deal in deals:
        stuck_turns = rollout(cover, hand, size, deal, room)
        first += stuck_turns[0] if stuck_turns else 0
        ahead += sum(w * s for w, s in zip(DISCOUNT, stuck_turns, strict=False))
    share = first / len(deals) if deals else 0.0
    ahead = ahead / len(deals) if deals else 0.0
    placed = len(root.hand) - len(node.hand) + len(root.aside) - len(node.aside)
    total = (reach - STUCK_POINTS * ahead + ROOM_POINTS[max(0, min(room, len(ROOM_POINTS) - 1))]
             + PLACED_WEIGHT * placed)
    return Judgement(reach, share, empty, placed, total, ahead)


def _delta(cover: list[int], card: int) -> int:
    """How many more columns the cards need once ``card`` is added (-1, 0 or 1)."""
    more = 1 if cover[card] >= cover[card - 1] else 0
    less = 1 if card < MAX_CARD and cover[card + 1] > cover[card] else 0
    return more - less


def _free(cover: list[int], card: int, room: int) -> bool:
    """True if ``card`` can be placed without needing one more column: on a column's end,
    or (with a column free to lay it first) before a column it then takes."""
    return fits(cover, card) or (room > 0 and _delta(cover, card) <= 0)


def rollout(cover: list[int], hand: list[int], size: int, deal: list[int], room: int
            ) -> list[int]:
    """The next :data:`AHEAD` turns played on the columns' cover along the draw order
    ``deal``, by a fast policy that never wastes a column: place every card that needs no
    new column (the cards it frees too), and only if there is none, the one card opening a
    column that frees the most others. ``room``: columns still free. Returns, per turn,
    1 if no card could be placed (a character or the malus then), else 0."""
    cover = cover[:]
    hand = hand[:]
    drawn = 0
    out: list[int] = []
    for _ in range(AHEAD):
        while size < HAND_SIZE and drawn < len(deal):
            hand[deal[drawn]] += 1
            drawn += 1
            size += 1
        if not size:
            break
        placed = 0
        progress = True
        while progress:
            progress = False
            for v in range(1, MAX_CARD + 1):
                if hand[v] and _free(cover, v, room):
                    room -= _delta(cover, v)
                    cover[v] += 1
                    hand[v] -= 1
                    size -= 1
                    placed += 1
                    room += settle(cover)
                    progress = True
        if not placed and room > 0:
            best = 0
            most = -1
            for v in range(1, MAX_CARD + 1):
                if hand[v]:
                    cover[v] += 1
                    freed = sum(1 for w in range(1, MAX_CARD + 1)
                                if hand[w] - (w == v) > 0 and _free(cover, w, room - 1))
                    cover[v] -= 1
                    if freed > most:
                        best, most = v, freed
            room -= _delta(cover, best)
            cover[best] += 1
            hand[best] -= 1
            size -= 1
            placed = 1
            room += settle(cover)
        if not placed:
            worst = max(range(1, MAX_CARD + 1), key=lambda v: (hand[v], v))
            hand[worst] -= 1  # the malus (or a character spent)
            size -= 1
        out.append(0 if placed else 1)
    return out
