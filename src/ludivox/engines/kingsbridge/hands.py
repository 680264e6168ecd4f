"""Taking cards from a hand and drawing from a pile (known cards first, then unknown slots).

In table mode a hand may hold cards the assistant does not know. Naming a value consumes a
known card of that value if there is one, otherwise an unknown slot (the card is then
known where it goes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ludivox.engines.kingsbridge.state import COPIES, HAND_SIZE, PlayerState


def missing_card(player: PlayerState, cards: Sequence[int]) -> int | None:
    """The first value in ``cards`` that the hand cannot provide, or ``None`` if all can."""
    budget = player.unknown
    seen: Counter[int] = Counter()
    for card in cards:
        seen[card] += 1
        if seen[card] > player.held(card):
            if budget == 0:
                return card
            budget -= 1
    return None


def from_unknown(player: PlayerState, cards: Sequence[int]) -> Counter[int]:
    """How many cards of each value would come out of unknown hand slots."""
    wanted = Counter(cards)
    return Counter({v: n - player.held(v) for v, n in wanted.items() if n > player.held(v)})


def too_many(known: Sequence[int], extra: Counter[int]) -> tuple[int, int] | None:
    """``(value, known)`` for the first value whose known copies would exceed 8."""
    for value in sorted(extra):
        if known[value] + extra[value] > COPIES:
            return value, known[value]
    return None


def take(player: PlayerState, cards: Sequence[int]) -> PlayerState:
    """The player without ``cards`` (assumed available: check with :func:`missing_card`)."""
    hand = list(player.hand)
    unknown = player.unknown
    for card in cards:
        if card in hand:
            hand.remove(card)
        else:
            unknown -= 1
    return player.evolve(hand=tuple(hand), unknown=unknown)


def draw_to_six(player: PlayerState) -> tuple[PlayerState, tuple[int, ...], int]:
    """Draw from the top of the pile back to 6 cards: (player, known values drawn, unknown)."""
    need = max(0, HAND_SIZE - player.hand_size)
    taken = player.pile[:need]
    known = tuple(c for c in taken if c is not None)
    unknown = len(taken) - len(known)
    drawn = player.evolve(
        hand=tuple(sorted(player.hand + known)), unknown=player.unknown + unknown,
        pile=player.pile[need:],
    )
    return drawn, known, unknown
