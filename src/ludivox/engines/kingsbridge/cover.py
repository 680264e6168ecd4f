"""The columns summed up by their *cover*, for the planning coach's judgement.

``cover[v]`` is how many cards of value ``v`` (1 to 13; index 0 stays 0) lie on the columns.
Without characters that is all that matters for the rest of the game, because reorganising
is free:

* the fewest columns the cards can be arranged in is the number of "starts",
  ``sum(max(0, cover[v] - cover[v - 1]))`` (:func:`columns_used`): a column ``[v + 1 ..]``
  goes whole onto one ending at ``v``, and an end is swapped onto a longer column;
* a card ``v`` goes on a column end exactly when ``cover[v] < cover[v - 1]`` (:func:`fits`);
  otherwise it needs an empty column;
* a column from 1 to 13 can be formed whenever every value is covered (:func:`settle`).

So the cover of the columns plus every card still to place says how many columns the game
can at best end with: each card discarded by a character (Shérif Den, Évêque Wynstan) or
stood in for by Edgar leaves the game's last columns unfinished. A copy stacked on an
identical card (Mère Agatha) starts no column of its own: the *live* cover leaves it out.
These are the coach's estimates, never rules: every plan is found by the turn's search and
replayed through the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ludivox.engines.kingsbridge.state import MAX_CARD

_VALUES = range(1, MAX_CARD + 1)


def cover_of(columns: Iterable[Sequence[int]], live: bool = False) -> list[int]:
    """How many cards of each value lie on ``columns`` (Edgar counts as his value; ``live``:
    without the copies stacked on an identical card)."""
    cover = [0] * (MAX_CARD + 2)
    for column in columns:
        before = 0
        for card in column:
            now = card if card > 0 else -card
            if not (live and now == before):
                cover[now] += 1
            before = now
    return cover


def counts(cards: Iterable[int]) -> list[int]:
    """Cards as counts per value (index = value), the shape of a cover."""
    out = [0] * (MAX_CARD + 2)
    for card in cards:
        out[card] += 1
    return out


def columns_used(cover: Sequence[int]) -> int:
    """The fewest columns the covered cards fit in (see the module docstring)."""
    used = 0
    prev = 0
    for v in _VALUES:
        now = cover[v]
        if now > prev:
            used += now - prev
        prev = now
    return used


def settle(cover: list[int]) -> int:
    """Finish every column that can be formed (in place); returns how many."""
    done = min(cover[1 : MAX_CARD + 1])
    if done > 0:
        for v in _VALUES:
            cover[v] -= done
    return done


def fits(cover: Sequence[int], card: int) -> bool:
    """True if ``card`` can go on a column end of ``cover``."""
    return card > 1 and cover[card] < cover[card - 1]
