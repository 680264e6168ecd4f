"""The state of a game of Kingsbridge: frozen dataclasses, never mutated.

Two modes share one state shape:

* ``"virtual"``: the engine dealt the cards from a seed; every card is known.
* ``"table"``: physical cards; the assistant only knows what was said or scanned. An unknown
  hand card is counted in :attr:`PlayerState.unknown`, an unknown pile card is ``None``.

Card conservation: known cards plus unknown cards (plus the six starting cards while a table
game awaits its set-up) always make :data:`DECK_SIZE` (104).

The full game (``Options.characters``) and the solo and co-op variants (``Options.mode``) add
fields that all default to "no characters", so a base game's state is unchanged:

* Edgar, the joker, lies in a column as the *negative* of the value he stands for (``-7``: Edgar
  standing for a 7); :func:`value` gives a column card's value. Columns may also hold
  duplicates (Mère Agatha) and holes (Ragna: two neighbours two apart, the value between them
  missing), and a 7th column (Roi Ethelred) exists only while it holds cards.
* ``PlayerState.characters`` is a player's face-up character pile (top first, standard mode);
  ``PlayerState.aside`` the cards Wilwulf set aside face up.
* Solo and co-op: ``revealed`` (the 3 face-up characters), ``deck`` (the face-down character
  deck, top first; ``None`` is a card the assistant does not know, table mode), ``box`` (out of
  the game) and ``malus`` (the malus pile).
* Per-turn flags: ``power`` (the character used this turn), ``skip`` (Ragna: column and value
  that may be skipped, until used), ``den`` (the column Shérif Den emptied, playable at once),
  ``fresh`` (cards set aside this turn: playable from the next turn), ``placed_aside``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar

_T = TypeVar("_T")


def _evolve(obj: _T, changes: dict[str, Any], names: frozenset[str]) -> _T:
    """A copy of a frozen dataclass with ``changes``: ``dataclasses.replace`` without its walk
    over every field (the engine's hot path copies positions thousands of times a second).
    Unknown field names are refused as ``replace`` would."""
    if not changes.keys() <= names:
        raise TypeError(f"no such field: {sorted(changes.keys() - names)}")
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new

MIN_CARD = 1
MAX_CARD = 13
COPIES = 8  # each value 1..13 exists in 8 copies
DECK_SIZE = (MAX_CARD - MIN_CARD + 1) * COPIES  # 104
HAND_SIZE = 6  # players draw back to 6 cards
COLUMNS = 6  # base game; Roi Ethelred adds a 7th while it holds cards
EXTRA_COLUMN = 7  # the number of Roi Ethelred's column
MIN_PLAYERS = 1
MAX_PLAYERS = 5

VIRTUAL = "virtual"
TABLE = "table"
MODES = (VIRTUAL, TABLE)

# ``KingsbridgeState.result`` values
PLAYING = ""
WON = "won"
BLOCKED = "blocked"
SCORED = "scored"  # solo / co-op: the game ended and was scored

# Options.mode values
STANDARD = "standard"
SOLO = "solo"
COOP = "coop"
GAME_MODES = (STANDARD, SOLO, COOP)

# The ten characters, as the rulebook lists them (ids used in actions, notation and JSON).
ALDRED = "aldred"
EDGAR = "edgar"
WYNSTAN = "wynstan"
GYTHA = "gytha"
AGATHA = "agatha"
RAGNA = "ragna"
ETHELRED = "ethelred"
DEN = "den"
WIGELM = "wigelm"
WILWULF = "wilwulf"
CHARACTERS = (ALDRED, EDGAR, WYNSTAN, GYTHA, AGATHA, RAGNA, ETHELRED, DEN, WIGELM, WILWULF)
REVEALED = 3  # solo / co-op: face-up characters kept in front of the players


def value(card: int) -> int:
    """The value of a column card (Edgar, stored negative, stands for ``-card``)."""
    return -card if card < 0 else card


@dataclass(frozen=True)
class Options:
    """How the game is played: base rules or with characters; standard, solo or co-op."""

    characters: bool = False
    mode: str = STANDARD

    @property
    def shared(self) -> bool:
        """True in solo and co-op (revealed characters, malus pile, score)."""
        return self.mode in (SOLO, COOP)


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
    characters: tuple[str, ...] = ()
    aside: tuple[int, ...] = ()

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
        """Cards still to get rid of: hand, pile and cards set aside (Wilwulf) together."""
        return self.hand_size + len(self.pile) + len(self.aside)

    def hand_json(self) -> list[int | None]:
        """The hand as a JSON list: known values ascending, then ``null`` per unknown card."""
        return [*self.hand, *([None] * self.unknown)]

    def pile_json(self) -> list[int | None]:
        """The pile as a JSON list, top first, ``null`` for unknown cards."""
        return list(self.pile)

    def held(self, value: int) -> int:
        """How many known cards of ``value`` are in the hand."""
        return self.hand.count(value)

    def evolve(self, **changes: Any) -> PlayerState:
        """A copy with ``changes`` (field name -> new value)."""
        return _evolve(self, changes, _PLAYER_FIELDS)


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
    options: Options = Options()
    revealed: tuple[str, ...] = ()
    deck: tuple[str | None, ...] = ()
    box: tuple[str, ...] = ()
    malus: tuple[int, ...] = ()
    power: str = ""
    skip: tuple[int, int] = (0, 0)
    den: int = 0
    fresh: tuple[int, ...] = ()
    placed_aside: int = 0

    @property
    def game_over(self) -> bool:
        """True once somebody won or the game is blocked."""
        return self.result != PLAYING

    @property
    def played(self) -> bool:
        """True if a card was placed or a column moved during the current turn."""
        return self.placed > 0 or self.moves > 0 or self.placed_aside > 0

    @property
    def busy(self) -> bool:
        """True if the current turn placed, moved or used a character."""
        return self.played or bool(self.power)

    @property
    def characters_on(self) -> bool:
        """True when the game is played with the character cards."""
        return self.options.characters

    @property
    def shared(self) -> bool:
        """True in solo and co-op."""
        return self.options.shared

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

    def evolve(self, **changes: Any) -> KingsbridgeState:
        """A copy with ``changes`` (field name -> new value)."""
        return _evolve(self, changes, _STATE_FIELDS)

    def with_player(self, seat: int, player: PlayerState, **changes: Any) -> KingsbridgeState:
        """A copy with ``seat``'s player replaced (and any other ``changes``)."""
        players = list(self.players)
        players[seat] = player
        return self.evolve(players=tuple(players), **changes)

    def with_column(
        self, column: int, cards: tuple[int, ...], **changes: Any
    ) -> KingsbridgeState:
        """A copy with the 0-based ``column`` replaced (and any other ``changes``)."""
        columns = list(self.columns)
        columns[column] = cards
        return self.evolve(columns=tuple(columns), **changes)

    def cards_left(self) -> tuple[int, ...]:
        """Cards each seat still holds (hand and pile)."""
        return tuple(p.cards_left for p in self.players)

    def known_counts(self) -> tuple[int, ...]:
        """How many event cards of each value are known anywhere (index = value; index 0
        unused). Edgar is not an event card: he is not counted."""
        counts = [0] * (MAX_CARD + 1)
        for column in self.columns:
            for card in column:
                if card > 0:
                    counts[card] += 1
        for card in self.discard:
            counts[card] += 1
        for card in self.malus:
            counts[card] += 1
        for player in self.players:
            for card in player.hand:
                counts[card] += 1
            for card in player.aside:
                counts[card] += 1
            for maybe in player.pile:
                if maybe is not None:
                    counts[maybe] += 1
        return tuple(counts)

    def edgar_at(self) -> tuple[int, int] | None:
        """Where Edgar lies: (column index from 0, card index from 0), or ``None``."""
        for c, column in enumerate(self.columns):
            for i, card in enumerate(column):
                if card < 0:
                    return c, i
        return None

    def character_places(self) -> list[str | None]:
        """Every character card: piles, revealed, deck (``None``: unknown), box, Edgar laid."""
        out: list[str | None] = []
        for player in self.players:
            out.extend(player.characters)
        out.extend(self.revealed)
        out.extend(self.deck)
        out.extend(self.box)
        if self.edgar_at() is not None:
            out.append(EDGAR)
        return out

    def characters_left(self) -> int:
        """Solo / co-op: characters still usable (revealed and deck together)."""
        return len(self.revealed) + len(self.deck)

    def empty_columns(self) -> int:
        """How many of the six columns are empty."""
        return sum(1 for column in self.columns[:COLUMNS] if not column)

    def score(self) -> int:
        """Solo / co-op score: +1 per character left, +2 per empty column, -5 per malus card."""
        return self.characters_left() + 2 * self.empty_columns() - 5 * len(self.malus)

    def unknown_count(self) -> int:
        """Cards the assistant does not know, including starting cards awaiting set-up."""
        pending = 0 if self.setup_done else len(self.columns)
        hidden = sum(p.unknown + sum(1 for c in p.pile if c is None) for p in self.players)
        return pending + hidden

    def total_cards(self) -> int:
        """Known plus unknown cards: 104 in every reachable state."""
        return sum(self.known_counts()) + self.unknown_count()


_PLAYER_FIELDS = frozenset(f.name for f in fields(PlayerState))
_STATE_FIELDS = frozenset(f.name for f in fields(KingsbridgeState))
