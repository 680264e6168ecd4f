"""Why an action is refused: :func:`refusal` returns ``None`` exactly for legal actions.

Every code and its parameters are listed in :mod:`ludivox.engines.seven_kingdoms.reasons`.
"""

from __future__ import annotations

from ludivox.engines.base import Reason
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.actions import (
    WORLD_KINDS,
    ChooseToken,
    Play,
    RevealBlason,
    RevealCard,
    RevealHand,
    RevealToken,
    SetFirst,
    SevenKingdomsAction,
    Take,
)
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, PLACES, Components
from ludivox.engines.seven_kingdoms.flow import awaiting, phase_kinds
from ludivox.engines.seven_kingdoms.powers import (
    POWERS,
    available,
    keep_options,
    place_of,
    take_sets,
    windows,
)
from ludivox.engines.seven_kingdoms.state import HAND_LIMIT, SevenKingdomsState

MAX_SUGGESTIONS = 3


def public_where(state: SevenKingdomsState, card: int) -> str:
    """Where ``card`` is, as far as the whole table knows (``""``: not public)."""
    where = state.locations().get(card, "")
    if where.startswith("hand:"):
        seat = int(where[5:])
        return where if card in state.seats[seat].seen else ""
    return "" if where == "pile" else where


def refusal(
    state: SevenKingdomsState, action: SevenKingdomsAction, components: Components
) -> Reason | None:
    """``None`` if ``action`` is legal in ``state``, otherwise why not."""
    if state.phase == st.OVER:
        return Reason.of("game_over")
    if action.kind in WORLD_KINDS and not state.is_table:
        return Reason.of("not_table_mode", kind=action.kind)
    now = awaiting(state)
    if action.kind not in now.kinds:
        return Reason.of(
            "not_now", kind=action.kind, phase=now.phase, expected=tuple(sorted(now.kinds)),
            # the phase does take this kind, but another step comes first (an Évêque's token
            # before its cards): said as "not yet", never as "not the phase for it"
            within_phase=action.kind in phase_kinds(now.phase),
        )
    if isinstance(action, Play):
        return _play(state, action)
    if isinstance(action, ChooseToken):
        return _bonus(state, action)
    if isinstance(action, Take):
        return _take(state, action, components)
    if isinstance(action, RevealBlason):
        return _blason(state, action, components)
    if isinstance(action, RevealToken):
        return _token(state, action, components)
    if isinstance(action, SetFirst):
        return _seat_range(state, action.seat)
    if isinstance(action, RevealCard):
        return _unknown_card(state, action.card)
    return _hand(state, action)


def _no_such_card(card: int) -> Reason | None:
    if not 1 <= card <= CARD_COUNT:
        return Reason.of("no_such_card", card=card)
    return None


def _play(state: SevenKingdomsState, action: Play) -> Reason | None:
    if bad := _no_such_card(action.card):
        return bad
    seat = state.seats[state.turn]
    if action.card in seat.hand:
        return None
    where = state.locations().get(action.card)
    if where is None and seat.unknown > 0:
        return None  # table mode: one of the hidden cards, revealed by being played
    return Reason.of("card_not_in_hand", card=action.card, where=public_where(state, action.card))


def _bonus(state: SevenKingdomsState, action: ChooseToken) -> Reason | None:
    if action.token in state.tokens_revealed:
        return None
    return Reason.of("token_not_revealed", token=action.token, revealed=state.tokens_revealed)


def _take(state: SevenKingdomsState, action: Take, components: Components) -> Reason | None:
    seat = state.seats[state.order[0]]
    played = components.card(_resolving_card(state))
    for i, card in enumerate(action.cards):
        if bad := _no_such_card(card):
            return bad
        if i and action.cards[i - 1] == card:
            return Reason.of("duplicate_card", card=card)
    for card in action.keep:
        if bad := _no_such_card(card):
            return bad
    for card in action.cards:
        if place_of(state.row, card) is None:
            return Reason.of("card_not_in_row", card=card, where=public_where(state, card))
    for i, card in enumerate(action.keep):
        if card not in action.cards:
            return Reason.of("keep_not_taken", card=card)
        if i and action.keep[i - 1] == card:
            return Reason.of("duplicate_card", card=card)
    if bad := _power(state, action, played.rank, played.places):
        return bad
    if seat.hand_size + len(action.keep) > HAND_LIMIT:
        room = max(0, HAND_LIMIT - seat.hand_size)
        fits = [Take(action.cards, k) for k in keep_options(action.keep, seat.hand_size)]
        best = [t for t in fits if len(t.keep) == room]
        return Reason.of(
            "hand_limit",
            suggestions=best[:MAX_SUGGESTIONS],
            limit=HAND_LIMIT,
            hand=seat.hand_size,
            keep=len(action.keep),
        )
    return None


def _resolving_card(state: SevenKingdomsState) -> int:
    if state.resolving_card is None:
        raise ValueError("no card is being resolved in this state")
    return state.resolving_card


def _power(
    state: SevenKingdomsState, action: Take, rank: str, places: tuple[int, ...]
) -> Reason | None:
    power = POWERS[rank]
    cards = action.cards
    left = len(available(state.row))
    if power.window:
        return _window(state, action, rank, power.window)
    if len(cards) > power.most:
        return Reason.of("too_many_cards", rank=rank, most=power.most, got=len(cards))
    if power.paysan:
        shown = [c for p in places if (c := state.row[p - 1]) is not None]
        if not cards and shown:
            return Reason.of("must_take", rank=rank, least=1, available=len(shown))
        for card in cards:
            place = place_of(state.row, card)
            if place not in places:
                return Reason.of(
                    "not_paysan_place",
                    suggestions=[Take((c,)) for c in shown],
                    card=card,
                    place=place,
                    places=places,
                )
        return None
    least = min(power.least, left)
    if len(cards) < least:
        return Reason.of("must_take", rank=rank, least=least, available=left)
    return None


def _window(state: SevenKingdomsState, action: Take, rank: str, width: int) -> Reason | None:
    cards = action.cards
    spans = windows(state.row, width)
    if not cards:
        if any(not content for _, content in spans):
            return None
        return Reason.of("no_empty_window", rank=rank, width=width)
    places = [p for c in cards if (p := place_of(state.row, c)) is not None]
    if max(places) - min(places) >= width:
        return Reason.of("not_consecutive", rank=rank, width=width)
    holding = [
        content
        for start, content in spans
        if start <= min(places) and max(places) <= start + width - 1
    ]
    if cards in holding:
        return None
    holding.sort(key=len)
    missing = tuple(c for c in holding[0] if c not in cards)
    room = max(0, HAND_LIMIT - state.seats[state.order[0]].hand_size)
    suggestions = [  # the whole window, keeping what was kept as far as the hand allows
        Take(content, tuple(k for k in action.keep if k in content)[:room]) for content in holding
    ]
    return Reason.of(
        "window_not_whole",
        suggestions=suggestions[:MAX_SUGGESTIONS],
        rank=rank,
        width=width,
        missing=missing,
    )


def _blason(
    state: SevenKingdomsState, action: RevealBlason, components: Components
) -> Reason | None:
    if action.blason not in components.blason_ids:
        return Reason.of("no_such_blason", blason=action.blason)
    if action.blason in state.blasons:
        return Reason.of(
            "blason_already_placed",
            blason=action.blason,
            position=state.blasons.index(action.blason) + 1,
        )
    return None


def _token(
    state: SevenKingdomsState, action: RevealToken, components: Components
) -> Reason | None:
    if action.token not in components.token_ids:
        return Reason.of("no_such_token", token=action.token)
    if action.token in state.tokens_revealed or action.token in state.tokens_placed:
        return Reason.of("token_already_revealed", token=action.token)
    return None


def _seat_range(state: SevenKingdomsState, seat: int) -> Reason | None:
    if not 0 <= seat < state.players:
        return Reason.of("no_such_seat", seat=seat, players=state.players)
    return None


def _unknown_card(state: SevenKingdomsState, card: int) -> Reason | None:
    if bad := _no_such_card(card):
        return bad
    where = state.locations().get(card)
    if where is not None:
        return Reason.of("card_known", card=card, where=where)
    return None


def _hand(state: SevenKingdomsState, action: RevealHand) -> Reason | None:
    if bad := _seat_range(state, action.seat):
        return bad
    if state.seats[action.seat].unknown == 0:
        return Reason.of("no_hidden_card", seat=action.seat)
    return _unknown_card(state, action.card)


def legal_takes(state: SevenKingdomsState, components: Components) -> list[Take]:
    """Every legal take for the resolving seat (each card set with each allowed keep)."""
    played = components.card(_resolving_card(state))
    hand = state.seats[state.order[0]].hand_size
    return [
        Take(cards, keep)
        for cards in take_sets(state.row, played)
        for keep in keep_options(cards, hand)
    ]


__all__ = ["PLACES", "legal_takes", "public_where", "refusal"]
