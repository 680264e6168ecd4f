"""The state of a game of 7 Kingdoms: frozen dataclasses, never mutated.

Two modes share one shape:

* ``"virtual"``: the engine shuffled from a seed; every card and token is known (the draw
  pile's order is part of the state, hidden by :func:`view`).
* ``"table"``: physical components. A card is unknown until it is revealed (turned up into
  the row, played face up, scanned or said); secret hand cards are only counted
  (:attr:`SeatState.unknown`), so is the draw pile (:attr:`SevenKingdomsState.pile_unknown`)
  and the face-down tokens (:attr:`SevenKingdomsState.tokens_unknown`).

Conservation: known cards plus unknown ones always make 49, tokens always make 8.

Places and positions are numbered from 1 (I = 1): ``row[0]`` is the card under blason I.
Seats are numbered from 0 in turn order; the seat after ``s`` (clockwise, to the left) is
``(s + 1) % players``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ludivox.engines.base import seat_after_in
from ludivox.engines.seven_kingdoms.components import PLACES

VIRTUAL = "virtual"
TABLE = "table"
MODES = (VIRTUAL, TABLE)
MIN_PLAYERS = 2
MAX_PLAYERS = 4  # the box holds 4 summary cards
HAND_LIMIT = 3  # "Le nombre de cartes en main est limité à 3 tout au long de la partie"
DEAL = 3
SIT_OUT_DRAW = 2  # a player without a card draws two
REVEALED_TOKENS = 2  # two tokens are face up at the start

# SevenKingdomsState.phase values
SETUP_BLASONS = "setup_blasons"  # table: the blason cards, from position I
SETUP_TOKENS = "setup_tokens"  # table: the two tokens turned face up
SETUP_FIRST = "setup_first"  # table: who got the first-player pawn
SETUP_ROW = "setup_row"  # table: the 7 cards turned up under the blasons
SETUP_PHASES = ("setup_blasons", "setup_tokens", "setup_first", "setup_row")
PLAY = "play"  # phase 1: seats play a card in turn
BONUS = "bonus"  # phase 2: an Évêque chooses a revealed token to place
REVEAL_TOKEN = "reveal_token"  # table: the token turned up after an Évêque
TAKE = "take"  # phase 2: the resolving seat takes cards (hand or kingdom)
REFILL = "refill"  # table: cards turned up to complete the row (phase 3)
FINAL = "final"  # table: game over, hidden hand cards are shown for the final validation
OVER = "over"
PHASES = (
    SETUP_BLASONS, SETUP_TOKENS, SETUP_FIRST, SETUP_ROW,
    PLAY, BONUS, REVEAL_TOKEN, TAKE, REFILL, FINAL, OVER,
)

# SevenKingdomsState.end values
PILE_EMPTY = "pile_empty"  # ending 1: the draw pile ran out
TOKENS_PLACED = "tokens_placed"  # ending 2: every blason card carries a bonus token
ENDINGS = (PILE_EMPTY, TOKENS_PLACED)


@dataclass(frozen=True)
class SeatState:
    """One player's cards.

    ``hand``: hand cards known to the engine, ascending (in table mode only those the whole
    table saw going into the hand). ``unknown``: secret hand cards the engine does not know
    (table mode). ``seen``: the part of ``hand`` the whole table saw being taken from the row
    (public; the rest of the hand is private). ``kingdom``: validated cards, ascending.
    ``played``: the card played face up this round, until it is resolved. ``sat_out``: the
    player had no card and drew instead of playing this round.
    """

    hand: tuple[int, ...] = ()
    unknown: int = 0
    seen: tuple[int, ...] = ()
    kingdom: tuple[int, ...] = ()
    played: int | None = None
    sat_out: bool = False

    @property
    def hand_size(self) -> int:
        """Cards in hand, known or not."""
        return len(self.hand) + self.unknown

    @property
    def acted(self) -> bool:
        """True once this seat played or sat out this round."""
        return self.played is not None or self.sat_out

    @property
    def to_play(self) -> bool:
        """True while this seat has still to play a card this round (one without a card
        sits out when its turn comes)."""
        return not self.acted and self.hand_size > 0

    @property
    def secret(self) -> tuple[int, ...]:
        """Known hand cards the rest of the table has not seen."""
        return tuple(c for c in self.hand if c not in self.seen)


@dataclass(frozen=True)
class SevenKingdomsState:
    """A whole game position.

    ``blasons``: blason id at positions I..VII (fewer while a table game is being set up).
    ``row``: the card under each place 1..7 (``None``: empty, its card was taken). ``above``:
    the cards placed above blasons I, II, ... this round. ``pile``: virtual draw pile, top
    first; ``pile_unknown``: table draw pile size. ``tokens_hidden``: virtual face-down tokens,
    next first; ``tokens_unknown``: table face-down token count. ``tokens_revealed``: face-up
    tokens not yet placed; ``tokens_placed``: the token on each blason position (``None``:
    none yet). ``discard``: cards set aside (surplus of a line longer than 7, see
    ``transitions``). ``turn``: the seat to play (phase ``play``); ``order``: the seats still
    to resolve this round, highest card first (``order[0]`` acts in phases ``bonus``,
    ``reveal_token`` and ``take``) and ``resolving_card`` is its card (already placed above its
    blason, or validated for an Évêque). ``end``: ``""`` or one of :data:`ENDINGS`.
    """

    mode: str
    seats: tuple[SeatState, ...]
    phase: str = PLAY
    round: int = 1
    first: int = 0
    turn: int = 0
    order: tuple[int, ...] = ()
    resolving_card: int | None = None
    blasons: tuple[int, ...] = ()
    row: tuple[int | None, ...] = (None,) * PLACES
    above: tuple[int, ...] = ()
    pile: tuple[int, ...] = ()
    pile_unknown: int = 0
    tokens_hidden: tuple[str, ...] = ()
    tokens_unknown: int = 0
    tokens_revealed: tuple[str, ...] = ()
    tokens_placed: tuple[str | None, ...] = (None,) * PLACES
    discard: tuple[int, ...] = ()
    end: str = ""

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.seats)

    @property
    def is_table(self) -> bool:
        """True for a physical-table game."""
        return self.mode == TABLE

    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self.pile) + self.pile_unknown

    @property
    def tokens_face_down(self) -> int:
        """Bonus tokens still face down."""
        return len(self.tokens_hidden) + self.tokens_unknown

    @property
    def resolving(self) -> int | None:
        """The seat whose card is being resolved (phase 2), if any."""
        return self.order[0] if self.order else None

    @property
    def game_over(self) -> bool:
        """True once the game is over (scores are final)."""
        return self.phase == OVER

    def seat(self, index: int) -> SeatState:
        """Seat ``index``'s cards."""
        return self.seats[index]

    def with_seat(self, index: int, seat: SeatState) -> SevenKingdomsState:
        """A copy with seat ``index`` replaced."""
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats))

    def next_seat(self, seat: int) -> int:
        """The seat to the left of ``seat`` (clockwise)."""
        return (seat + 1) % len(self.seats)

    def seat_after(self, seat: int) -> int | None:
        """Who acts after ``seat`` this round: while cards are played, the next seat clockwise
        that has still to play one; while they are resolved, the next seat of ``order`` (the one
        acting now for a seat already done). None when nobody does after ``seat``."""
        if self.phase == PLAY:
            later = (self.next_seat(seat + i) for i in range(self.players - 1))
            return next((s for s in later if self.seats[s].to_play), None)
        return seat_after_in(self.order, seat)

    def locations(self) -> dict[int, str]:
        """Where each known card is: ``"row"``, ``"above"``, ``"pile"``, ``"discard"``,
        ``"hand:<seat>"``, ``"kingdom:<seat>"`` or ``"played:<seat>"``."""
        where: dict[int, str] = {}
        for card in self.row:
            if card is not None:
                where[card] = "row"
        for card in self.above:
            where[card] = "above"
        for card in self.pile:
            where[card] = "pile"
        for card in self.discard:
            where[card] = "discard"
        for i, s in enumerate(self.seats):
            for card in s.hand:
                where[card] = f"hand:{i}"
            for card in s.kingdom:
                where[card] = f"kingdom:{i}"
            if s.played is not None:
                where[s.played] = f"played:{i}"
        return where

    def known_cards(self) -> list[int]:
        """Every known card, with repeats if the state is corrupt (for checks)."""
        cards: list[int] = [c for c in self.row if c is not None]
        cards += [*self.above, *self.pile, *self.discard]
        for s in self.seats:
            cards += [*s.hand, *s.kingdom]
            if s.played is not None:
                cards.append(s.played)
        return cards

    def unknown_cards(self) -> int:
        """Cards whose identity the engine does not know (table mode)."""
        return self.pile_unknown + sum(s.unknown for s in self.seats)

    def total_cards(self) -> int:
        """Known plus unknown cards: 49 (``components.CARD_COUNT``) in every reachable state."""
        return len(self.known_cards()) + self.unknown_cards()

