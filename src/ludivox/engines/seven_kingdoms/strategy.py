"""Search for the strong 7 Kingdoms computer player and the coach: pure, seeded, bounded.

What the acting seat may know is its own hand, the public table (row, cards above the
blasons, kingdoms, cards played, hand cards the table saw taken, tokens) and how many cards
are hidden where. The cards it has not seen are only a multiset: :func:`unseen_cards`.

:func:`search` is a determinized Monte Carlo search ("flat" information-set sampling):

1. the candidates are the legal actions, cut to the :data:`CANDIDATES` best by the greedy
   evaluation of :mod:`.players` (plays and tokens are few and all kept);
2. :func:`determinize` deals the unseen cards at random, from a generator seeded by the
   seat's own knowledge only, into the other seats' secret hands and the draw pile (and
   shuffles the face-down tokens): a position the seat cannot tell from the real one;
3. each candidate is played in the same samples, then every seat plays on greedily for
   :data:`HORIZON` rounds (or to the end); the position is scored as if the game ended then
   (hands validated, majorities awarded): a win counts 1, a tie 1/2, plus the point margin
   over the best other seat / :data:`MARGIN_SCALE`;
4. the candidate with the best mean wins; ties go to the greedy order.

``budget`` is the number of playouts (the work bound); at least :data:`MIN_SAMPLES` per
candidate. Nothing depends on the other seats' secret cards or the pile's order, so two
positions the seat cannot tell apart get the same answer (the coach's promise).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ludivox.engines.base import Event
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Play, SevenKingdomsAction, Take
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, Components
from ludivox.engines.seven_kingdoms.powers import keep_options, take_sets
from ludivox.engines.seven_kingdoms.refusals import legal_takes
from ludivox.engines.seven_kingdoms.scoring import score
from ludivox.engines.seven_kingdoms.state import SevenKingdomsState
from ludivox.engines.seven_kingdoms.transitions import perform

DEFAULT_BUDGET = 16  # playouts per decision
CANDIDATES = 6  # takes kept for the search, best greedy first
MIN_SAMPLES = 2  # playouts per candidate at least
HORIZON = 2  # rounds played on after the decision before scoring
MARGIN_SCALE = 40.0  # a point of margin is worth 1/40 of a win


@dataclass(frozen=True)
class Judged:
    """One candidate and how it fared: ``value`` mean utility, ``wins`` share of samples
    won (ties 1/2), ``margin`` mean points over the best other seat, ``samples`` played."""

    action: SevenKingdomsAction
    value: float
    wins: float
    margin: float
    samples: int


def acting_seat(state: SevenKingdomsState) -> int | None:
    """The seat that decides now (``None``: the world or nobody)."""
    if state.phase == st.PLAY:
        return state.turn
    if state.phase in (st.BONUS, st.TAKE) and state.order:
        return state.order[0]
    return None


def unseen_cards(state: SevenKingdomsState, seat: int) -> tuple[int, ...]:
    """The cards ``seat`` has not seen, ascending: in the pile or another seat's secret hand."""
    known: set[int] = {c for c in state.row if c is not None}
    known.update(state.above)
    known.update(state.discard)
    for i, s in enumerate(state.seats):
        known.update(s.kingdom)
        known.update(s.seen)
        if s.played is not None:
            known.add(s.played)
        if i == seat:
            known.update(s.hand)
    return tuple(c for c in range(1, CARD_COUNT + 1) if c not in known)


def knowledge_key(state: SevenKingdomsState, seat: int) -> str:
    """A text naming everything ``seat`` knows (and nothing else): seeds its samples."""
    own = state.seats[seat]
    public = [
        state.phase, state.round, state.first, state.turn, state.order, state.resolving_card,
        state.blasons, state.row, state.above, state.discard, state.pile_size,
        state.tokens_revealed, state.tokens_placed, state.tokens_face_down, state.end,
    ]
    seats = [(s.hand_size, s.seen, s.kingdom, s.played, s.sat_out) for s in state.seats]
    return repr((seat, own.hand, public, seats))


def hidden_tokens(state: SevenKingdomsState, components: Components) -> tuple[str, ...]:
    """The face-down tokens as the seat knows them: every token not shown, in data order."""
    shown = {*state.tokens_revealed, *(t for t in state.tokens_placed if t is not None)}
    return tuple(t for t in components.token_ids if t not in shown)


def determinize(state: SevenKingdomsState, seat: int, components: Components,
                rng: random.Random) -> SevenKingdomsState:
    """A virtual position ``seat`` cannot tell from ``state``: the unseen cards dealt at
    random into the other seats' secret hands and the pile, the face-down tokens shuffled.
    ``seat``'s own hand must be known (raises ``ValueError`` otherwise)."""
    if state.seats[seat].unknown:
        raise ValueError("the seat's own hand is not known")
    pool = list(unseen_cards(state, seat))
    rng.shuffle(pool)
    seats = []
    for i, s in enumerate(state.seats):
        if i == seat:
            seats.append(s)
            continue
        secret = s.hand_size - len(s.seen)
        dealt, pool = pool[:secret], pool[secret:]
        seats.append(replace(s, hand=tuple(sorted((*s.seen, *dealt))), unknown=0))
    if len(pool) != state.pile_size:
        raise ValueError("the position's card count is inconsistent")
    tokens = list(hidden_tokens(state, components))
    rng.shuffle(tokens)
    return replace(state, mode=st.VIRTUAL, seats=tuple(seats), pile=tuple(pool),
                   pile_unknown=0, tokens_hidden=tuple(tokens), tokens_unknown=0)


# --- the fast greedy policy used in playouts ----------------------------------------------
def greedy_action(state: SevenKingdomsState, components: Components,
                  rng: random.Random) -> SevenKingdomsAction:
    """The greedy player's action (the ``moyen`` strength's judgement), ties at random."""
    from ludivox.engines.seven_kingdoms.players import greedy_value

    legal = _legal(state, components)
    if len(legal) == 1:
        return legal[0]
    seat = acting_seat(state)
    assert seat is not None
    best, top = -1e9, [legal[0]]
    for action in legal:
        v = greedy_value(components, state, seat, action)
        if v > best + 1e-9:
            best, top = v, [action]
        elif v >= best - 1e-9:
            top.append(action)
    return top[0] if len(top) == 1 else rng.choice(top)


def _legal(state: SevenKingdomsState, components: Components) -> list[SevenKingdomsAction]:
    if state.phase == st.PLAY:
        return [Play(c) for c in state.seats[state.turn].hand]
    if state.phase == st.BONUS:
        return [ChooseToken(t) for t in state.tokens_revealed]
    if state.phase == st.TAKE:
        return list(legal_takes(state, components))
    return []


def final_view(state: SevenKingdomsState) -> SevenKingdomsState:
    """``state`` as if the game ended now: every hand validated."""
    seats = tuple(
        replace(s, hand=(), seen=(), kingdom=tuple(sorted((*s.kingdom, *s.hand))))
        for s in state.seats
    )
    return replace(state, seats=seats)


def utility(state: SevenKingdomsState, components: Components, seat: int) -> tuple[float, float]:
    """(win share, margin) of ``seat`` if the game ended in ``state``."""
    result = score(final_view(state), components)
    totals = [line.total for line in result.lines]
    others = max(t for i, t in enumerate(totals) if i != seat)
    won = 0.0
    if seat in result.winners:
        won = 1.0 / len(result.winners)
    return won, float(totals[seat] - others)


def playout(state: SevenKingdomsState, components: Components, seat: int,
            rng: random.Random, horizon: int = HORIZON) -> tuple[float, float]:
    """Every seat plays greedily for ``horizon`` more rounds (or to the end); then
    :func:`utility`."""
    stop = state.round + horizon
    events: list[Event] = []
    while state.phase not in (st.OVER, st.FINAL) and state.round < stop:
        action = greedy_action(state, components, rng)
        events.clear()
        state = perform(state, action, components, events)
    return utility(state, components, seat)


# --- the search -----------------------------------------------------------------------
def candidates(state: SevenKingdomsState, components: Components, seat: int
               ) -> list[SevenKingdomsAction]:
    """The actions the search compares, best greedy first (stable order)."""
    from ludivox.engines.seven_kingdoms.players import greedy_value

    legal = _legal(state, components)
    ranked = sorted(legal, key=lambda a: (-greedy_value(components, state, seat, a), a.text()))
    if state.phase == st.TAKE:
        return ranked[:CANDIDATES]
    return ranked


def search(state: SevenKingdomsState, components: Components, seat: int | None = None,
           budget: int = DEFAULT_BUDGET, seed: int = 0) -> tuple[Judged, ...]:
    """The acting seat's candidates judged by playouts, best first (see the module).

    Raises ``ValueError`` when no seat acts, ``seat`` is given and is not the acting one, or
    the seat's own hand is not known."""
    acting = acting_seat(state)
    if acting is None or (seat is not None and seat != acting):
        raise ValueError("no decision for this seat now")
    options = candidates(state, components, acting)
    if not options:
        raise ValueError("no legal action for the acting seat")
    if len(options) == 1:
        return (Judged(options[0], 0.0, 0.0, 0.0, 0),)
    samples = max(MIN_SAMPLES, budget // len(options))
    rng = random.Random(f"{seed}|{knowledge_key(state, acting)}")
    worlds = [determinize(state, acting, components, rng) for _ in range(samples)]
    seeds = [rng.randrange(1 << 30) for _ in range(samples)]
    judged: list[tuple[float, int, Judged]] = []
    for order, action in enumerate(options):
        wins = margin = 0.0
        for world, s in zip(worlds, seeds, strict=True):
            events: list[Event] = []
            after = perform(world, action, components, events)
            w, m = playout(after, components, acting, random.Random(s))
            wins += w
            margin += m
        value = (wins + margin / MARGIN_SCALE) / samples
        judged.append((value, order, Judged(action, value, wins / samples, margin / samples,
                                            samples)))
    judged.sort(key=lambda j: (-j[0], j[1]))
    return tuple(j for _, _, j in judged)


def best_action(state: SevenKingdomsState, components: Components,
                budget: int | None = None, seed: int = 0) -> SevenKingdomsAction:
    """The strong player's action for the acting seat (``budget`` None: the default)."""
    return search(state, components, None, budget or DEFAULT_BUDGET, seed)[0].action


def best_take_for(state: SevenKingdomsState, components: Components, seat: int,
                  card: int) -> Take:
    """The greedy's best take if ``seat`` resolved ``card`` from the row as it is now (the
    coach's "what this card would take")."""
    from ludivox.engines.seven_kingdoms.players import take_value

    hand = state.seats[seat].hand_size - (1 if card in state.seats[seat].hand else 0)
    options = [Take(cards, keep)
               for cards in take_sets(state.row, components.card(card))
               for keep in keep_options(cards, hand)]
    return max(options, key=lambda t: (take_value(components, state, seat, t), t.text()))


__all__ = [
    "DEFAULT_BUDGET",
    "Judged",
    "acting_seat",
    "best_action",
    "best_take_for",
    "candidates",
    "determinize",
    "greedy_action",
    "knowledge_key",
    "playout",
    "search",
    "unseen_cards",
    "utility",
]
