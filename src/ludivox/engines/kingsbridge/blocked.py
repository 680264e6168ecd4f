"""When nobody can ever place a card again (the rulebook's "partie bloquée").

The rulebook ends the game when no player can place any card, even after exchanging several
times; the player with the fewest cards (hand and pile) wins, ties shared. The engine ends it:

* after a full round of passes (every player passed in turn: all piles empty and nobody
  placed), in both modes;
* in virtual mode, as soon as it is *provable* (:func:`provably_blocked`), checked after every
  turn end;
* in table mode, when the players declare it (``DeclareBlocked``) after a full round in which
  nobody placed or moved a card.

Proof used by :func:`provably_blocked`. Placing needs an empty column or a column whose last
card ``l < 13`` has ``l + 1`` somewhere in a hand or pile (exchanges eventually bring every
pile card into the hand). Only moves change the columns without placing. Moving a whole column
or finishing a column leaves an empty column. A partial move of ``A[k:]`` (``k > 0``) onto
``B`` turns the intervals ``A = [fa..la]``, ``B = [fb..lb]`` into ``[fa..lb]`` and ``[fb..la]``:
the multisets of first and last cards do not change. So, with no empty column, no held card
following any last card and no first card following any last card (no whole move), the only
hope is a chain of partial moves ending in a finished column: a small search over the
columns' (first, last) intervals settles it exactly. This proves strictly more positions
blocked than "no empty column, no legal move and no playable card".
"""

from __future__ import annotations

from ludivox.engines.kingsbridge.state import MAX_CARD, MIN_CARD, KingsbridgeState

Interval = tuple[int, int]


def held_values(state: KingsbridgeState) -> set[int]:
    """Every known value in any hand or pile."""
    values: set[int] = set()
    for player in state.players:
        values.update(player.hand)
        values.update(c for c in player.pile if c is not None)
    return values


def provably_blocked(state: KingsbridgeState) -> bool:
    """True when no sequence of moves and placements can ever place another card.

    Only meaningful when every card is known (virtual mode): unknown cards are assumed to be
    able to follow anything, so a table game with unknown cards is never provably blocked.
    """
    columns = state.columns
    if not columns or any(not column for column in columns):
        return False
    if any(p.unknown or None in p.pile for p in state.players):
        return False
    held = held_values(state)
    if not held:
        return False  # somebody has no card: the game is won, not blocked
    lasts = [column[-1] for column in columns]
    if any(last < MAX_CARD and last + 1 in held for last in lasts):
        return False
    firsts = {column[0] for column in columns}
    if any(last + 1 in firsts for last in lasts):
        return False  # a whole column can move, leaving an empty column
    return not _finish_reachable(tuple(sorted((c[0], c[-1]) for c in columns)))


def _finish_reachable(start: tuple[Interval, ...]) -> bool:
    """Whether partial moves alone can finish a column (search over interval tails)."""
    seen = {start}
    todo = [start]
    while todo:
        config = todo.pop()
        for a, (fa, la) in enumerate(config):
            for b, (fb, lb) in enumerate(config):
                if a == b or not fa < lb + 1 <= la:
                    continue
                if fb == MIN_CARD and la == MAX_CARD:
                    return True
                nxt = list(config)
                nxt[a] = (fa, lb)
                nxt[b] = (fb, la)
                key = tuple(sorted(nxt))
                if key not in seen:
                    seen.add(key)
                    todo.append(key)
    return False


def fewest_cards(state: KingsbridgeState) -> tuple[int, ...]:
    """The seats holding the fewest cards (hand and pile): the winners of a blocked game."""
    left = state.cards_left()
    best = min(left)
    return tuple(seat for seat, n in enumerate(left) if n == best)
