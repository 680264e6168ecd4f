"""Starting positions (rulebook, "Mise en place").

Virtual: one ``random.Random(seed)`` shuffles the 49 title cards, the 7 blason cards and the
8 tokens, picks the first player, deals 3 cards to each seat (seat 0 first) and turns 7
cards up under the blasons; two tokens are face up.

Table: the components are physical; the world reveals them in the rulebook's order — the
blason cards from position I (``RevealBlason``), the two face-up tokens (``RevealToken``),
the first player (``SetFirst``; everyone is then dealt 3 hidden cards), the 7 cards under the
blasons (``RevealCard``).
"""

from __future__ import annotations

import random

from ludivox.engines.base import Event
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, PLACES, Components
from ludivox.engines.seven_kingdoms.state import SeatState, SevenKingdomsState
from ludivox.engines.seven_kingdoms.transitions import start_round


def check_players(players: int) -> None:
    """Raise ``ValueError`` unless 2..4 players."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be an integer, got {players!r}")
    if not st.MIN_PLAYERS <= players <= st.MAX_PLAYERS:
        raise ValueError(
            f"7 Kingdoms is played by {st.MIN_PLAYERS} to {st.MAX_PLAYERS} players, got {players}"
        )


def new_virtual_game(components: Components, players: int, seed: int) -> SevenKingdomsState:
    """A shuffled, dealt game at the start of round 1 (the first player to play)."""
    check_players(players)
    rng = random.Random(seed)
    deck = list(range(1, CARD_COUNT + 1))
    rng.shuffle(deck)
    blasons = list(components.blason_ids)
    rng.shuffle(blasons)
    tokens = list(components.token_ids)
    rng.shuffle(tokens)
    first = rng.randrange(players)
    seats = tuple(
        SeatState(hand=tuple(sorted(deck[i * st.DEAL : (i + 1) * st.DEAL])))
        for i in range(players)
    )
    dealt = st.DEAL * players
    state = SevenKingdomsState(
        mode=st.VIRTUAL,
        seats=seats,
        round=0,
        first=first,
        turn=first,
        blasons=tuple(blasons),
        row=tuple(deck[dealt : dealt + PLACES]),
        pile=tuple(deck[dealt + PLACES :]),
        tokens_revealed=tuple(tokens[: st.REVEALED_TOKENS]),
        tokens_hidden=tuple(tokens[st.REVEALED_TOKENS :]),
    )
    ignored: list[Event] = []
    return start_round(state, components, ignored)


def new_table_game(components: Components, players: int) -> SevenKingdomsState:
    """A physical game before set-up: everything is unknown; the world reveals it."""
    check_players(players)
    return SevenKingdomsState(
        mode=st.TABLE,
        seats=tuple(SeatState() for _ in range(players)),
        phase=st.SETUP_BLASONS,
        round=0,
        pile_unknown=CARD_COUNT,
        tokens_unknown=len(components.tokens),
    )
