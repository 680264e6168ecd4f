"""The planning coach of solo and co-op: a turn's plans judged by what they leave.

The turn's search (:func:`ludivox.engines.kingsbridge.coach.explore`) gives every position
the turn can end in; those placing at least one hand card (the variants' rule; every one
once the turn placed one, a search again after a character was revealed) are the
candidates, one per distinct outcome (cover of the columns, hand, Wilwulf cards, character
used). Each is judged (:func:`judge`) by

* its *reach*: the score if the rest of the game went perfectly: characters left, and the
  columns the game can at best end with given every card still to place (:mod:`.cover`: a
  card discarded by a character or stood in for by Edgar leaves columns unfinished; a card
  Wigelm gives back to a pile is still in play; Mère Agatha's stacked copies are not counted
  lost: they are what unclogs a hand, and counting them lost, or 1 point each, kept clogged
  hands that then cost characters and malus cards: solo seeds 0-39, mean 6.1 against 10.4);
* the share of sampled next draws that leave no card to place (a character or a malus card
  then), drawn from the cards the seat cannot see (its own pile, the other seats' hands and
  piles: their multiset is known, not their order), when no column is left empty. Once no
  card is unseen, the cards Wigelm gave back to the seat's own pile this turn (solo) are the
  next draw, and the game is not over while they are there (judged over, the game's last
  card was laid at once where a 3 given back let a column finish next turn: seed 2, 12
  against 15). Earlier in the game they are not counted first: held-out solo seeds 100-159,
  mean 11.40 either way, min -2 against -5;
* a column kept empty for the next turn, and the cards placed now (more cards drawn);
* the characters left beyond their point (:data:`KEEP_POINTS`, falling with the cards still
  unseen): one spent now is missing when a later turn is stuck.

Tried without gain (clock-free solo games, paired seed by seed against this judge: seeds
0-59 mean 11.02, min -19, won 96.7 %; held-out seeds 100-139 mean 11.82, min 3, won 100 %):
Mère Agatha's copies left stacked on a column counted lost (their column takes them out of
the game; finishing it is then no longer what loses them): seeds 0-20 mean 0.9 against 9.7,
min -90 (hands stay clogged, the characters go, then malus cards); a second look playing the
best 8 ends on over 3 sampled turns with a fast policy (every card that goes on a column's
end, else an empty column started, else stuck), its stuck turns weighed like the stuck next
draws: -0.9 ± 0.9 (38 seeds, min -39), as a share per turn -1.4 ± 1.1 (25 seeds); +1 for
a second empty column: seeds 0-59 mean 10.60 (-0.40 ± 0.50), min -9, won 93.3 %, held-out
100-139 mean 11.45 (-0.38 ± 0.61), min -6, won 97.5 %. Seed 19's -19: its first turns
leave four 3s and two 1s in hand with no 2 or empty column, every character goes by turn
27 (Mère Agatha stacking six copies among them), and then the 4s are dead (all 3s stacked
or gone): four malus cards. Of the characters spent over seeds 0-59, 262 are forced (no
plan without one places a hand card), 18 chosen (:func:`losing`), 59 on the last turn; lost
games spend 9.5 a game (the first at turn 6), those at 12 or more 4.3 (the first at turn 9):
the stuck turns are the cause, not the choice. Tried against them, without gain (seeds 0-59,
paired): the clog, cards of the next hand (kept and sampled draw) that cannot be laid one
after the other on the cover's ends, each empty column started with the lowest, -0.5 or -0.2
each: -0.73 ± 0.60 and -0.73 ± 0.62, min -24 (seed 16, -2 before; its cause not read);
only the copies of a value beyond the first (not 1s, kept hand), -0.5 each: -0.63 ±
0.44, min -15; the stuck share also with one empty column left, half weight: -0.42 ± 0.67,
min -24; :data:`STUCK_POINTS` 5: -0.90 ± 0.57, min -24; 2: +0.17 ± 0.19, held-out 100-199
+0.03 ± 0.17, won 97 % against 98 % (seed 172 at 0); 64 sampled draws: -0.58 ± 0.32
(a sharper stuck share plays worse).

A ceiling (``benchmarks/_coach_ceiling.py``, clock-free, seeds 0-59, paired against this
judge at 11.02): the same planner told the TRUE next draw (the pile's real order) plays
worse, 10.35 (-0.67 ± 0.41 se), min -18; its best 4 ends each played one more turn with the
true order (judged at the turn after's start) 9.78 (-1.23 ± 0.77), min -15; two more turns
11.85 (+0.83 ± 0.56), min -5, won 96.7 %. Knowing the order is not what this judge lacks:
its judgement is (a sharper stuck share, like 64 draws, plays worse). Seed 19 is not lost
for every player: -18 knowing the next draw, +1 one turn ahead, -4 two turns ahead.
So, in solo, the best ends are judged again by the turn after, without the real order
(:mod:`.lookahead`: 3 ends, 3 pile orders, the next turn searched within 250 positions):
seeds 0-59 12.32 (+1.30 ± 0.60 se), min 0 (seed 19 at 4), won 96.7 % (2 games at 0); held
out 100-199 12.04 against 11.11 (+0.93 ± 0.37), won 99 % against 98 %, min -4 against -3
(seed 187, 2 before), 56 % at 12 or more against 47 %. Left out on the last cards (an empty
pile: the game's own score is on another scale than the next turn's judge): seeds 0-59
12.27 (+1.25 ± 0.60 against the planner alone, -0.05 ± 0.12 against the look-ahead on
every turn), min -1 (seed 16), won 96.7 %, 63 % at 12 or more; held out 100-199 12.06
(+0.95 ± 0.36), min -4 (seed 187), won 99 %, 55 % at 12 or more.
Clock on (0.4 s a turn, load 5 on 2 cores), seeds 0-29: 11.4, min 0, p50 0.19 s, p95
0.44 s, max 0.75 s a turn (clock-free 12.03 on those seeds: the clock cuts some looks).

At the game's end (no card left to draw or to hold) the reach is the game's own score: the
columns emptied, not those the cards could form. The best total wins; ties go to the
search's own ranking. The seat's view is all it uses: its hand, the columns, discard, malus
pile, cards set aside and public counts, so the plan is the same whatever the other hands.
The work is fixed (:data:`SAMPLES` draws from a seed made of what the seat sees), so the
choice is reproducible; a caller's ``stop`` condition (its clock: the engine has none) may
end it early on a slow machine, after :data:`MIN_JUDGED` candidates, and the plan then says
so ("recherche limitée").
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ludivox.engines.kingsbridge.character_refusals import wigelm_recipients
from ludivox.engines.kingsbridge.charactions import UseWigelm
from ludivox.engines.kingsbridge.charsearch import root_node
from ludivox.engines.kingsbridge.cover import columns_used, counts, cover_of, fits, settle
from ludivox.engines.kingsbridge.search import Columns, Info, Node, Stop
from ludivox.engines.kingsbridge.state import (
    COLUMNS,
    COPIES,
    DECK_SIZE,
    HAND_SIZE,
    MAX_CARD,
    MIN_CARD,
    KingsbridgeState,
)

if TYPE_CHECKING:
    from ludivox.engines.kingsbridge.coach import Explored

VALUES = range(MIN_CARD, MAX_CARD + 1)
SAMPLES = 32  # next draws sampled per candidate (fixed work: reproducible)
MAX_CANDIDATES = 400  # distinct ends of turn judged at most (the search's best first)
MIN_JUDGED = 8  # candidates judged before ``stop`` is asked
EMPTY_POINTS = 2  # the rulebook's score: +2 per empty column, -5 per malus card
MALUS_POINTS = 5
STUCK_POINTS = 3.0  # weight of the share of next draws with no card to place
EMPTY_WEIGHT = 2.0  # weight of keeping a column empty for the next turn
PLACED_WEIGHT = 0.8  # per card placed now (more cards drawn, a hand less clogged; 0.3:
# 100 solo games, mean 8.22 against 8.46)
KEEP_POINTS = 2.0  # a character's worth beyond its point, at the game's start (the cards
# still unseen: it will likely be needed to get out of a stuck turn, or a malus card is due)


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


def sample_draws(state: KingsbridgeState, seat: int, hidden: list[int],
                 samples: int = SAMPLES) -> list[list[int]]:
    """``samples`` possible next draws of ``seat`` from the cards it cannot see
    (``hidden``), from a seed made of what it sees (the same draws whatever the pile's
    order)."""
    rng = random.Random(_seed(state, seat, hidden))
    deals = []
    for _ in range(samples):
        order = hidden[:]
        rng.shuffle(order)
        deals.append(order[:HAND_SIZE])
    return deals


def outcome(node: Node) -> tuple[object, ...]:
    """What an end of turn leaves for the rest of the game (ends alike are one candidate)."""
    live = tuple(cover_of(node.columns, live=True))
    return tuple(cover_of(node.columns)), live, node.hand, node.aside, node.power, node.used


class Ranked(NamedTuple):
    """Distinct ends of turn, best first, with their judgements (when judged) and whether
    the judging went to its end."""

    nodes: tuple[Node, ...]
    judgements: dict[Node, Judgement]
    exact: bool


def rank_ends(state: KingsbridgeState, found: Explored,
              rank: Callable[[Node, Info], tuple[int, ...]], stop: Stop | None = None,
              samples: int = SAMPLES) -> Ranked:
    """The distinct ends of turn of ``found`` for the acting seat of ``state``, best first:
    those placing a hand card judged (:func:`judge`, until ``stop`` says so), the others
    after them by ``rank``."""
    root = found.root
    by_rank = sorted(found.infos, key=lambda n: rank(n, found.infos[n]), reverse=True)
    outcomes: dict[tuple[object, ...], Node] = {}
    for node in by_rank:
        outcomes.setdefault(outcome(node), node)
    distinct = list(outcomes.values())
    done = state.placed > 0  # a hand card already placed this turn: every end may be chosen
    placing = [n for n in distinct if done or len(n.hand) < len(root.hand)][:MAX_CANDIDATES]
    rest = [n for n in distinct if not done and len(n.hand) >= len(root.hand)]
    if not placing:
        return Ranked(tuple(rest), {}, True)
    seat = state.turn
    hidden = unseen(state, seat)
    deals = sample_draws(state, seat, hidden, samples)
    exact = True
    judged: dict[Node, Judgement] = {}
    left = counts(hidden)
    for node in placing:
        known = () if hidden else given_back(state, found, node)  # the last cards only
        judged[node] = judge(state, root, node, deals, left, found.infos[node].discard, known)
        if stop is not None and len(judged) >= MIN_JUDGED and stop():
            exact = False
            break
    order = sorted(range(len(judged)), key=lambda i: (-judged[placing[i]].total, i))
    best = tuple(placing[i] for i in order)
    return Ranked((*best, *placing[len(judged):], *rest), judged, exact)


def losing(state: KingsbridgeState, ranked: Ranked) -> bool:
    """True if the best judged end of turn (found without characters) loses more than the
    point a character costs: cards put out of the game for good (a column finished with
    Mère Agatha's extra copies, say), so that its reach is below the position's own."""
    top = ranked.nodes[0] if ranked.nodes else None
    best = ranked.judgements.get(top) if top is not None else None
    if best is None:
        return False
    root = root_node(state)
    left = counts(unseen(state, state.turn))
    base = judge(state, root, root, [], left, state.discard).reach
    return best.reach < base - 1


def given_back(state: KingsbridgeState, found: Explored, node: Node) -> tuple[int, ...]:
    """The cards Wigelm put on the acting seat's own pile on the way to ``node``, in the
    order they will be drawn (the last one given is on top)."""
    mine = [to == state.turn for to in wigelm_recipients(state)]
    given: list[int] = []
    child: Node | None = node
    while child is not None:
        parent, step = found.parents[child]
        if parent is not None and step is not None and isinstance(step[1], UseWigelm):
            columns = [list(c) for c in parent.columns]
            cards = []
            for number, to_me in zip(step[1].columns, mine, strict=False):
                card = columns[number - 1].pop(0)
                if to_me and card > 0:  # never Edgar (a character, not a card)
                    cards.append(card)
            given = [*given, *reversed(cards)]  # walking back: later uses come first
        child = parent
    return tuple(given)


class Judgement(NamedTuple):
    """What a turn's end leaves: the score if the rest went perfectly (``reach``), the share
    of sampled draws with no card to place next turn (``stuck``), empty columns, and the
    weighted total the planner maximises."""

    reach: int
    stuck: float
    empty: int
    placed: int
    total: float


def in_play(columns: Columns, discard: Sequence[int], malus: Sequence[int]) -> list[int]:
    """Per value, the cards the rest of the game can still place (:mod:`.cover`): all but
    those discarded or on the malus pile (a card given back to a pile by Wigelm is still in
    play); Edgar on a column counts once more for his value."""
    out = counts((*discard, *malus))
    edgar = counts(-c for column in columns for c in column if c < 0)
    return [0, *(COPIES - out[v] + edgar[v] for v in VALUES), 0]


def judge(state: KingsbridgeState, root: Node, node: Node, deals: list[list[int]],
          left: list[int], discard: Sequence[int], known: Sequence[int] = ()) -> Judgement:
    """Judge ``node``'s end of turn (``discard``: the discard pile then) over the sampled
    next draws ``deals`` of the cards ``left`` unseen (counts per value), the ``known``
    cards on top of the seat's pile drawn first."""
    cover = cover_of(node.columns, live=True)
    hand = counts((*node.hand, *node.aside))
    whole = in_play(node.columns, discard, state.malus)
    settle(whole)
    chars = state.characters_left() - node.used
    reach = chars + EMPTY_POINTS * (COLUMNS - columns_used(whole)) - MALUS_POINTS * len(
        state.malus)
    used = columns_used(cover)
    empty = sum(1 for column in node.columns[:COLUMNS] if not column)
    if not (any(left) or known or node.hand or node.aside):  # the game's end: its own score
        reach = chars + EMPTY_POINTS * empty - MALUS_POINTS * len(state.malus)
    draw = max(0, HAND_SIZE - len(node.hand))  # "jusqu'à en avoir à nouveau 6 en main": the
    # cards set aside with Wilwulf are not in the hand ("6 en main + 2 devant vous")
    stuck = 0
    if used >= COLUMNS and not empty:
        for deal in deals:
            new = hand[:]
            for card in [*known, *deal][:draw]:
                new[card] += 1
            if not any(new[v] and fits(cover, v) for v in range(2, MAX_CARD + 1)):
                stuck += 1
    share = stuck / len(deals) if deals else 0.0
    placed = len(root.hand) - len(node.hand) + len(root.aside) - len(node.aside)
    keep = KEEP_POINTS * chars * sum(left) / DECK_SIZE  # a character saves a stuck turn later
    total = (reach + keep - STUCK_POINTS * share + EMPTY_WEIGHT * min(empty, 1)
             + PLACED_WEIGHT * placed)
    return Judgement(reach, share, empty, placed, total)


def stuck_value(state: KingsbridgeState) -> float:
    """The judge of a turn's start where no hand card can be placed: the position as it is,
    a malus card due."""
    root = root_node(state)
    left = counts(unseen(state, state.turn))
    return judge(state, root, root, [], left, state.discard).total - MALUS_POINTS
