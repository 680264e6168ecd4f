"""Enumerating legal actions, lazily.

What :func:`legal_actions` yields, in this order (each action once):

* every legal ``Place``: for each column, every run of consecutive values starting with a
  value that fits (the column's last card + 1, or any value on an empty column) and
  continuing as long as the hand can provide the cards (in table mode, unknown hand slots
  stand for any value whose 8 copies are not all known);
* every legal ``Move`` (source, start, target);
* ``Exchange`` of each single available value, plus the whole known hand when every hand
  card is known and there are at least two (not every sub-multiset of the hand: ``refusal``
  accepts any legal exchange);
* ``EndTurn``, ``Pass`` and, in table mode, ``DeclareBlocked`` when legal.

World reveals (``Reveal``, ``SetColumns``) are information, not choices, and are not
enumerated; ``refusal`` judges them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
)
from ludivox.engines.kingsbridge.refusals import can_declare_blocked, can_end_turn
from ludivox.engines.kingsbridge.state import COPIES, MAX_CARD, MIN_CARD, KingsbridgeState

ALL_VALUES = range(MIN_CARD, MAX_CARD + 1)


def legal_actions(state: KingsbridgeState) -> Iterator[KingsbridgeAction]:
    """Every legal action the acting seat may choose now (see the module docstring)."""
    if state.game_over or (state.is_table and not state.setup_done):
        return
    yield from places(state)
    yield from moves(state)
    player = state.current
    if not state.played and player.pile:
        yield from exchanges(state)
    if can_end_turn(state):
        yield EndTurn()
    if not state.played and not player.pile:
        yield Pass()
    if can_declare_blocked(state):
        yield DeclareBlocked()


def _available(state: KingsbridgeState) -> tuple[list[int], int, tuple[int, ...]]:
    """(known copies per value in hand, unknown hand slots, known copies per value anywhere)."""
    player = state.current
    held = [0] * (MAX_CARD + 1)
    for card in player.hand:
        held[card] += 1
    known = state.known_counts() if player.unknown else ()
    return held, player.unknown, known


def places(state: KingsbridgeState) -> Iterator[Place]:
    """Every legal placement for the current seat."""
    held, unknown, known = _available(state)
    for number, column in enumerate(state.columns, start=1):
        if not column:
            starts: range | tuple[int, ...] = ALL_VALUES
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


def moves(state: KingsbridgeState) -> Iterator[Move]:
    """Every legal move (reorganisation) of a column's end onto another column."""
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
        values = [v for v in ALL_VALUES if v in player.hand or known[v] < COPIES]
    else:
        values = sorted(set(player.hand))
    for value in values:
        yield Exchange((value,))
    if not player.unknown and len(player.hand) >= 2:
        yield Exchange(player.hand)
