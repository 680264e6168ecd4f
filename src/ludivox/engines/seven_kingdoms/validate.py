"""Consistency checks for a position read from notation or JSON (:func:`check_state`)."""

from __future__ import annotations

from collections import Counter

from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, EVEQUE, PLACES, Components
from ludivox.engines.seven_kingdoms.state import SevenKingdomsState

_PLAYING = (st.PLAY, st.BONUS, st.REVEAL_TOKEN, st.TAKE, st.REFILL)


def check_state(state: SevenKingdomsState, components: Components) -> list[str]:
    """Every problem found in ``state`` (empty when it is a sound position)."""
    problems: list[str] = []
    n = state.players
    if state.mode not in st.MODES:
        problems.append(f"mode must be one of {', '.join(st.MODES)}")
    if state.phase not in st.PHASES:
        problems.append(f"phase must be one of {', '.join(st.PHASES)}")
    if not st.MIN_PLAYERS <= n <= st.MAX_PLAYERS:
        problems.append(f"{n} players: 7 Kingdoms needs {st.MIN_PLAYERS}..{st.MAX_PLAYERS}")
        return problems
    for name, seat in (("first", state.first), ("turn", state.turn)):
        if not 0 <= seat < n:
            problems.append(f"{name} seat {seat} is not 0..{n - 1}")
    if len(set(state.order)) != len(state.order) or any(not 0 <= s < n for s in state.order):
        problems.append(f"order {list(state.order)} must list distinct seats 0..{n - 1}")
    problems += _check_cards(state)
    problems += _check_tokens(state, components)
    problems += _check_phase(state, components)
    return problems


def _check_cards(state: SevenKingdomsState) -> list[str]:
    problems: list[str] = []
    known = state.known_cards()
    bad = sorted({c for c in known if not 1 <= c <= CARD_COUNT})
    if bad:
        problems.append(f"cards {bad} are not 1..{CARD_COUNT}")
    twice = sorted(c for c, k in Counter(known).items() if k > 1)
    if twice:
        problems.append(f"cards {twice} are in two places")
    if state.total_cards() != CARD_COUNT:
        problems.append(
            f"{len(known)} known + {state.unknown_cards()} unknown cards, not {CARD_COUNT}"
        )
    if len(state.row) != PLACES:
        problems.append(f"the row has {len(state.row)} places, not {PLACES}")
    if not state.is_table and (state.pile_unknown or any(s.unknown for s in state.seats)):
        problems.append("a virtual game has no unknown card")
    if state.is_table and state.pile:
        problems.append("a table game's draw pile is unknown (use pile_unknown)")
    if min([state.pile_unknown, *(s.unknown for s in state.seats)]) < 0:
        problems.append("unknown counts cannot be negative")
    for i, seat in enumerate(state.seats):
        if any(c not in seat.hand for c in seat.seen):
            problems.append(f"seat {i}: seen cards must be in the hand")
        if seat.hand_size > st.HAND_LIMIT:
            problems.append(f"seat {i} holds {seat.hand_size} cards, more than {st.HAND_LIMIT}")
        if seat.played is not None and seat.sat_out:
            problems.append(f"seat {i} cannot both play and sit out")
    return problems


def _check_tokens(state: SevenKingdomsState, components: Components) -> list[str]:
    problems: list[str] = []
    placed = [t for t in state.tokens_placed if t is not None]
    tokens = [*state.tokens_hidden, *state.tokens_revealed, *placed]
    unknown = sorted({t for t in tokens if t not in components.token_ids})
    if unknown:
        problems.append(f"unknown tokens {unknown}")
    twice = sorted(t for t, k in Counter(tokens).items() if k > 1)
    if twice:
        problems.append(f"tokens {twice} are in two places")
    if len(tokens) + state.tokens_unknown != len(components.tokens):
        problems.append(f"tokens must make {len(components.tokens)}")
    if len(state.tokens_placed) != PLACES:
        problems.append(f"placed tokens need {PLACES} positions")
    elif None in state.tokens_placed and any(
        t is not None for t in state.tokens_placed[state.tokens_placed.index(None) :]
    ):
        problems.append("tokens are placed from the left: no gap allowed")
    if not state.is_table and state.tokens_unknown:
        problems.append("a virtual game has no unknown token")
    return problems


def _check_phase(state: SevenKingdomsState, components: Components) -> list[str]:
    problems: list[str] = []
    blasons = state.blasons
    if len(set(blasons)) != len(blasons) or any(b not in components.blason_ids for b in blasons):
        problems.append(f"blasons {list(blasons)} must be distinct ids of the components")
    setup = state.phase in st.SETUP_PHASES
    if not setup and len(blasons) != len(components.blasons):
        problems.append(f"{len(blasons)} blason positions known, not {len(components.blasons)}")
    if state.phase in _PLAYING and state.pile_size == 0:
        problems.append("the draw pile is empty: the game should be over")
    if state.phase in (st.FINAL, st.OVER) and state.end not in st.ENDINGS:
        problems.append(f"a finished game needs end= one of {', '.join(st.ENDINGS)}")
    if state.phase not in (st.FINAL, st.OVER) and state.end:
        problems.append("end is only set once the game is over")
    if state.phase in (st.BONUS, st.REVEAL_TOKEN, st.TAKE):
        problems += _check_resolution(state, components)
    elif state.order or state.resolving_card is not None:
        problems.append("order and resolving are only set while cards resolve (phase 2)")
    in_range = 0 <= state.turn < len(state.seats)  # out of range: reported above
    if state.phase == st.PLAY and in_range and state.seats[state.turn].acted:
        problems.append(f"seat {state.turn} to play has already acted this round")
    if state.phase == st.OVER and any(s.hand_size for s in state.seats):
        problems.append("hands are validated when the game is over")
    return problems


def _check_resolution(state: SevenKingdomsState, components: Components) -> list[str]:
    card = state.resolving_card
    if not state.order or card is None or not 1 <= card <= CARD_COUNT:
        return [f"phase {state.phase} needs order and a resolving card"]
    problems: list[str] = []
    seat = state.seats[state.order[0]]
    if seat.played is not None:
        problems.append(f"seat {state.order[0]} resolves: its card is no longer played")
    bishop = components.card(card).rank == EVEQUE
    if state.phase != st.TAKE and not bishop:
        problems.append(f"phase {state.phase} is only for an Évêque")
    if bishop and card not in seat.kingdom:
        problems.append(f"the resolving Évêque {card} must be in seat {state.order[0]}'s kingdom")
    if not bishop and state.above[-1:] != (card,):
        problems.append(f"the resolving card {card} must be the last placed above the blasons")
    for later in state.order[1:]:
        if state.seats[later].played is None:
            problems.append(f"seat {later} is still to resolve but played no card")
    return problems
