"""Every legal action, generated lazily, in the base game, the full game (characters) and
the solo and co-op variants.

What :func:`legal_actions` yields, in this order (each action once): placements, moves,
exchanges (each single available value, plus the whole known hand when every hand card is
known and there are at least two: ``refusal`` accepts any legal exchange), end, pass, the
blocked game (table mode), the malus (solo / co-op), taking Edgar back and every choice of
every usable character. World reveals (``Reveal``, ``SetColumns``, the characters' table
set-up) are information, not choices, and are not enumerated; ``refusal`` judges them.

Two generators of placements and moves, one per kind of column:

* Base game (columns hold distinct ascending values and no power applies): runs are built
  straight from the columns' ends and the cards the hand can provide, without asking
  :func:`ludivox.engines.kingsbridge.refusals.refusal` (about 25 times faster; the coach and
  the computer players search with it). In table mode, unknown hand slots stand for any
  value whose 8 copies are not all known.
* Full game: candidates (every run at a column's end with Agatha's identical cards, Ragna's
  skip and Wilwulf's cards, at a column's start with Aldred, single cards into holes) are
  checked with the one refusal, so what is yielded is exactly what ``refusal`` accepts.

``tests/engines/kingsbridge/test_kingsbridge_rule_path.py`` and the playout tests check both
against the refusal on every position they reach.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
)
from ludivox.engines.kingsbridge.character_refusals import use_refusal, wigelm_recipients
from ludivox.engines.kingsbridge.characters import (
    piles_pending,
    powers,
    reveal_pending,
    usable,
)
from ludivox.engines.kingsbridge.charactions import (
    CharacterUse,
    Malus,
    RetrieveEdgar,
    UseAgatha,
    UseAldred,
    UseDen,
    UseEdgar,
    UseEthelred,
    UseGytha,
    UseRagna,
    UseWigelm,
    UseWilwulf,
    UseWynstan,
)
from ludivox.engines.kingsbridge.columns import holes
from ludivox.engines.kingsbridge.placing import move_refusal, place_refusal
from ludivox.engines.kingsbridge.refusals import can_declare_blocked, can_end_turn, refusal
from ludivox.engines.kingsbridge.state import (
    AGATHA,
    ALDRED,
    COPIES,
    DEN,
    EDGAR,
    ETHELRED,
    GYTHA,
    MAX_CARD,
    MIN_CARD,
    RAGNA,
    TABLE,
    WIGELM,
    WILWULF,
    WYNSTAN,
    KingsbridgeState,
    value,
)

VALUES = range(MIN_CARD, MAX_CARD + 1)


def legal_actions(state: KingsbridgeState) -> Iterator[KingsbridgeAction]:
    """Every legal action the acting seat may choose now (see the module docstring)."""
    if state.game_over:
        return
    table = state.mode == TABLE
    if table and not state.setup_done:
        return
    characters = state.options.characters
    if characters and table and (piles_pending(state) or reveal_pending(state)):
        return
    if characters:
        yield from places(state)
        yield from moves(state)
    else:
        yield from base_places(state)
        yield from base_moves(state)
    player = state.current
    quiet = not state.options.shared and not state.played  # nothing done yet (standard)
    if quiet and player.pile:
        yield from exchanges(state)
    if can_end_turn(state):
        yield EndTurn()
    if quiet and not state.power and not player.pile:
        yield Pass()
    if table and can_declare_blocked(state):
        yield DeclareBlocked()
    if not characters:
        return
    yield from maluses(state)
    for aside in (False, True):
        if refusal(state, RetrieveEdgar(aside)) is None:
            yield RetrieveEdgar(aside)
    yield from character_uses(state)


def _supply(state: KingsbridgeState) -> tuple[Counter[int], Counter[int], int]:
    """(hand values, ready aside values, unknown hand slots) of the acting seat."""
    player = state.current
    ready = Counter(player.aside) - Counter(state.fresh)
    return Counter(player.hand), ready, player.unknown


def _runs(
    state: KingsbridgeState, prev: int | None, index: int, supply: Counter[int], wild: int
) -> Iterator[tuple[int, ...]]:
    """Card sequences that may follow ``prev`` on column ``index`` (values only)."""
    turn = powers(state)
    skip = turn.skip_value if turn.skip_column == index else 0
    known = state.known_counts() if wild else ()

    def grow(seq: tuple[int, ...], last: int | None, skipped: bool, left: Counter[int],
             budget: int) -> Iterator[tuple[int, ...]]:
        if last is None:
            nexts: list[int] = list(VALUES)
        else:
            nexts = [last + 1]
            if turn.agatha:
                nexts.append(last)
            if skip and not skipped and last + 1 == skip:
                nexts.append(last + 2)
        for card in nexts:
            if not MIN_CARD <= card <= MAX_CARD:
                continue
            uses_wild = left[card] <= 0
            if uses_wild and (budget == 0 or known[card] >= COPIES):
                continue
            new = (*seq, card)
            yield new
            rest = left.copy()
            rest[card] -= 1
            yield from grow(
                new, card, skipped or (last is not None and card == last + 2), rest,
                budget - (1 if uses_wild else 0),
            )

    yield from grow((), prev, False, supply, wild)


def places(state: KingsbridgeState) -> Iterator[Place]:
    """Every legal placement (hand and Wilwulf cards) for the acting seat."""
    hand, ready, wild = _supply(state)
    supply = hand + ready
    seen: set[Place] = set()
    for number, column in enumerate(state.columns, start=1):
        index = number - 1
        prev = value(column[-1]) if column else None
        candidates: list[tuple[int, ...]] = list(_runs(state, prev, index, supply, wild))
        if column and powers(state).aldred:
            first = value(column[0])
            for low in range(first - 1, MIN_CARD - 1, -1):
                candidates.append(tuple(range(low, first)))
        candidates.extend((h,) for h in holes(column))
        for cards in candidates:
            for aside in _aside_choices(cards, ready):
                action = Place(cards, number, aside)
                if action not in seen and place_refusal(state, action) is None:
                    seen.add(action)
                    yield action


def _aside_choices(cards: tuple[int, ...], ready: Counter[int]) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``cards`` that the ready aside cards could provide."""
    wanted = Counter(cards)
    options = [range(min(wanted[v], ready[v]) + 1) for v in sorted(wanted)]
    for counts in product(*options):
        yield tuple(v for v, n in zip(sorted(wanted), counts, strict=True) for _ in range(n))


def moves(state: KingsbridgeState) -> Iterator[Move]:
    """Every legal move (reorganisation), at a column's end or, with Aldred, its start."""
    for s, source in enumerate(state.columns, start=1):
        for start in range(len(source)):
            for t in range(1, len(state.columns) + 1):
                if t != s:
                    action = Move(s, start, t)
                    if move_refusal(state, action) is None:
                        yield action


def maluses(state: KingsbridgeState) -> Iterator[Malus]:
    """Solo / co-op: each hand value that may go to the malus pile."""
    if not state.shared or state.placed:
        return
    for card in _hand_values(state):  # at a table, an unknown card may be any value
        if refusal(state, Malus(card)) is None:
            yield Malus(card)


def character_uses(state: KingsbridgeState) -> Iterator[CharacterUse]:
    """Every legal use of every character the acting seat may use now."""
    for name in usable(state):
        for action in character_choices(state, name):
            if use_refusal(state, action) is None:
                yield action


def _hand_values(state: KingsbridgeState) -> list[int]:
    player = state.current
    if player.unknown:
        return list(VALUES)
    return sorted(set(player.hand))


def character_choices(state: KingsbridgeState, name: str) -> Iterator[CharacterUse]:
    """Every choice of character ``name``, legal or not (the caller judges them)."""
    numbers = range(1, len(state.columns) + 1)
    if name == ALDRED:
        yield UseAldred()
    elif name == AGATHA:
        yield UseAgatha()
    elif name == EDGAR:
        yield from (UseEdgar(c, v) for c in numbers for v in VALUES)
    elif name == WYNSTAN:
        yield from (UseWynstan(c, n) for c in numbers for n in (1, 2))
    elif name == GYTHA:
        for c in numbers:
            yield from (UseGytha(c, (v,)) for v in VALUES)
            yield from (UseGytha(c, (v, v + 1)) for v in VALUES if v < MAX_CARD)
    elif name == RAGNA:
        yield from (UseRagna(c, v) for c in numbers for v in range(2, MAX_CARD))
    elif name == ETHELRED:
        values = _hand_values(state)
        for low in values:
            high = low
            while high in values or state.current.unknown:
                yield UseEthelred(tuple(range(low, high + 1)))
                high += 1
                if high > MAX_CARD:
                    break
    elif name == DEN:
        yield from (UseDen(c) for c in numbers)
    elif name == WIGELM:
        yield from _wigelm_choices(state)
    elif name == WILWULF:
        values = _hand_values(state)
        yield from (UseWilwulf((v,)) for v in values)
        yield from (UseWilwulf((v, w)) for i, v in enumerate(values) for w in values[i:])


def _wigelm_choices(state: KingsbridgeState) -> Iterator[UseWigelm]:
    count = len(wigelm_recipients(state))

    def grow(columns: tuple[tuple[int, ...], ...], chosen: tuple[int, ...]
             ) -> Iterator[UseWigelm]:
        if len(chosen) == count:
            yield UseWigelm(chosen)
            return
        for i, column in enumerate(columns):
            if column and column[0] > 0:
                rest = (*columns[:i], column[1:], *columns[i + 1 :])
                yield from grow(rest, (*chosen, i + 1))

    yield from grow(state.columns, ())


# --- the base game's fast generators -------------------------------------------------


def _available(state: KingsbridgeState) -> tuple[list[int], int, tuple[int, ...]]:
    """(known copies per value in hand, unknown hand slots, known copies per value anywhere)."""
    player = state.current
    held = [0] * (MAX_CARD + 1)
    for card in player.hand:
        held[card] += 1
    known = state.known_counts() if player.unknown else ()
    return held, player.unknown, known


def base_places(state: KingsbridgeState) -> Iterator[Place]:
    """Every legal placement of a base game (no power, no hole, no Edgar)."""
    held, unknown, known = _available(state)
    for number, column in enumerate(state.columns, start=1):
        if not column:
            starts: range | tuple[int, ...] = VALUES
        elif column[-1] == MAX_CARD:
            continue
        else:
            starts = (column[-1] + 1,)
        for start in starts:
            budget = unknown
            for end in range(start, MAX_CARD + 1):
                if held[end] == 0:
                    if budget == 0 or known[end] >= COPIES:
                        break
                    budget -= 1
                yield Place(tuple(range(start, end + 1)), number)


def base_moves(state: KingsbridgeState) -> Iterator[Move]:
    """Every legal move of a base game: a column's end onto another column."""
    columns = state.columns
    for s, source in enumerate(columns, start=1):
        if not source:
            continue
        for t, target in enumerate(columns, start=1):
            if t == s:
                continue
            if not target:
                for start in range(len(source)):
                    yield Move(s, start, t)
                continue
            needed = target[-1] + 1
            if source[0] <= needed <= source[-1]:
                yield Move(s, needed - source[0], t)


def exchanges(state: KingsbridgeState) -> Iterator[Exchange]:
    """Single-card exchanges, and the whole hand when it is all known (see module docstring)."""
    player = state.current
    if player.unknown:
        known = state.known_counts()
        values = [v for v in VALUES if v in player.hand or known[v] < COPIES]
    else:
        values = sorted(set(player.hand))
    for card in values:
        yield Exchange((card,))
    if not player.unknown and len(player.hand) >= 2:
        yield Exchange(player.hand)
