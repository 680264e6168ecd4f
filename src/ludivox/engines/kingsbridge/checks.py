"""The small checks every Kingsbridge refusal starts with: a card's value, a column's
number, the cards the acting seat can provide (hand, unknown slots, cards set aside)."""

from __future__ import annotations

from collections import Counter

from ludivox.engines.base import Reason
from ludivox.engines.kingsbridge.hands import from_unknown, missing_card, too_many
from ludivox.engines.kingsbridge.state import MAX_CARD, MIN_CARD, KingsbridgeState

MAX_SUGGESTIONS = 3  # what would work: at most three suggestions per refusal


def bad_card(cards: tuple[int, ...]) -> Reason | None:
    """``no_such_card`` for the first value outside 1..13."""
    for card in cards:
        if not MIN_CARD <= card <= MAX_CARD:
            return Reason.of("no_such_card", value=card)
    return None


def column_ok(state: KingsbridgeState, column: int) -> Reason | None:
    """``no_such_column`` unless ``column`` (counted from 1) is on the table."""
    if not 1 <= column <= len(state.columns):
        return Reason.of("no_such_column", column=column, columns=len(state.columns))
    return None


def hand_problem(state: KingsbridgeState, cards: tuple[int, ...]) -> Reason | None:
    """Why the acting seat cannot take ``cards`` from its hand (table mode: unknown slots
    stand for any value whose 8 copies are not all known)."""
    player = state.current
    missing = missing_card(player, cards)
    if missing is not None:
        return Reason.of(
            "card_not_in_hand", value=missing, wanted=cards.count(missing),
            held=player.held(missing),
        )
    if state.is_table:
        over = too_many(state.known_counts(), from_unknown(player, cards))
        if over is not None:
            return Reason.of("too_many_copies", value=over[0], known=over[1])
    return None


def aside_problem(state: KingsbridgeState, aside: tuple[int, ...]) -> Reason | None:
    """Why the acting seat cannot use these cards set aside with Wilwulf (not there, or set
    aside this very turn)."""
    held = Counter(state.current.aside)
    ready = held - Counter(state.fresh)
    for card, wanted in sorted(Counter(aside).items()):
        if wanted > held[card]:
            return Reason.of("card_not_aside", value=card, wanted=wanted, held=held[card])
        if wanted > ready[card]:
            return Reason.of("aside_this_turn", value=card)
    return None
