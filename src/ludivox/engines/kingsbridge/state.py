"""The state of a game of Kingsbridge: frozen dataclasses, never mutated.

Two modes share one state shape:

* ``"virtual"``: the engine dealt the cards from a seed; every card is known.
* ``"table"``: physical cards; the assistant only knows what was said or scanned. An unknown
  hand card is counted in :attr:`PlayerState.unknown`, an unknown pile card is ``None``.

Card conservation: known cards plus unknown cards (plus the six starting cards while a table
game awaits its set-up) always make :data:`DECK_SIZE` (104).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

MIN_CARD = 1
MAX_CARD = 13
COPIES = 8  # each value 1..13 exists in 8 copies
DECK_SIZE = (MAX_CARD - MIN_CARD + 1) * COPIES  # 104
HAND_SIZE = 6  # players draw back to 6 cards
COLUMNS = 6  # base game; Roi Ethelred (a later issue) adds a 7th
MIN_PLAYERS = 1
MAX_PLAYERS = 5

VIRTUAL = "virtual"
TABLE = "table"
MODES = (VIRTUAL, TABLE)

# ``KingsbridgeState.result`` values
PLAYING = ""
WON = "won"
BLOCKED = "blocked"


@dataclass(frozen=True)
class PlayerState:
    """One player's hand and pile.

    ``hand`` holds the known hand values in ascending order, ``unknown`` counts the hand cards
    not known to the assistant (table mode only). ``pile`` is top first; ``None`` is a card the
    assistant does not know (cards put under the pile by an exchange are known).
    """

    hand: tuple[int, ...] = ()
    unknown: int = 0
    pile: tuple[int | None, ...] = ()

    @property
    def hand_size(self) -> int:
        """How many cards are in the hand (known or not)."""
        return len(self.hand) + self.unknown

    @property
    def pile_size(self) -> int:
        """How many cards are in the pile."""
        return len(self.pile)

    @property
    def cards_left(self) -> int:
        """Cards still to get rid of: hand and pile together."""
        return self.hand_size + len(self.pile)

    def hand_json(self) -> list[int | None]:
        """The hand as a JSON list: known values ascending, then ``null`` per unknown card."""
        return [*self.hand, *([None] * self.unknown)]

    def pile_json(self) -> list[int | None]:
        """The pile as a JSON list, top first, ``null`` for unknown cards."""
        return list(self.pile)

    def held(self, value: int) -> int:
        """How many known cards of ``value`` are in the hand."""
        return self.hand.count(value)


@dataclass(frozen=True)
class KingsbridgeState:
    """A whole game position.

    ``columns`` are listed column 1 first; each column lists its cards first placed first
    (``()`` is an empty column). ``discard`` lists the discarded cards oldest first. ``turn``
    is the seat (from 0) that plays now.

    Per-turn bookkeeping: ``placed`` (cards placed this turn) and ``moves`` (reorganisations
    this turn). For the blocked game: ``quiet`` counts the consecutive turns that ended with an
    exchange or a pass (nothing placed or moved), ``passes`` the consecutive passes.
    ``result`` is ``""`` while playing, ``"won"`` or ``"blocked"`` once over, with ``winners``.
    ``setup_done`` is false while a table game waits for its six starting cards.
    """

    mode: str
    columns: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    players: tuple[PlayerState, ...]
    turn: int = 0
    placed: int = 0
    moves: int = 0
    quiet: int = 0
    passes: int = 0
    setup_done: bool = True
    result: str = PLAYING
    winners: tuple[int, ...] = ()

    @property
    def game_over(self) -> bool:
        """True once somebody won or the game is blocked."""
        return self.result != PLAYING

    @property
    def played(self) -> bool:
        """True if a card was placed or a column moved during the current turn."""
        return self.placed > 0 or self.moves > 0

    @property
    def is_table(self) -> bool:
        """True for a physical-table game (unknown cards possible)."""
        return self.mode == TABLE

    @property
    def current(self) -> PlayerState:
        """The player whose turn it is."""
        return self.players[self.turn]

    @property
    def next_seat(self) -> int:
        """The seat after the current one, clockwise."""
        return (self.turn + 1) % len(self.players)

    def with_player(self, seat: int, player: PlayerState) -> KingsbridgeState:
        """A copy with ``seat``'s player replaced."""
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))

    def with_column(self, column: int, cards: tuple[int, ...]) -> KingsbridgeState:
        """A copy with the 0-based ``column`` replaced."""
        columns = list(self.columns)
        columns[column] = cards
        return replace(self, columns=tuple(columns))

    def cards_left(self) -> tuple[int, ...]:
        """Cards each seat still holds (hand and pile)."""
        return tuple(p.cards_left for p in self.players)

    def known_counts(self) -> tuple[int, ...]:
        """How many cards of each value are known anywhere (index = value; index 0 unused)."""
        counts = [0] * (MAX_CARD + 1)
        for column in self.columns:
            for card in column:
                counts[card] += 1
        for card in self.discard:
            counts[card] += 1
        for player in self.players:
            for card in player.hand:
                counts[card] += 1
            for maybe in player.pile:
                if maybe is not None:
                    counts[maybe] += 1
        return tuple(counts)

    def unknown_count(self) -> int:
        """Cards the assistant does not know, including starting cards awaiting set-up."""
        pending = 0 if self.setup_done else len(self.columns)
        hidden = sum(p.unknown + sum(1 for c in p.pile if c is None) for p in self.players)
        return pending + hidden

    def total_cards(self) -> int:
        """Known plus unknown cards: 104 in every reachable state."""
        return sum(self.known_counts()) + self.unknown_count()
