"""Every reason code the Kingsbridge engine can refuse with, and its parameters.

The grammars turn each code into a sentence (``refusal.<code>`` in each language's
responses); an integrity test checks that every code here has one. Columns are numbered
from 1 as players say them; ``seat`` values are 0-based seat indexes. Suggestions
(``Reason.suggestions``) carry legal actions that come close to what was asked.
"""

from __future__ import annotations

REASON_CODES: dict[str, tuple[str, ...]] = {
    # flow
    "game_over": (),
    "setup_pending": (),  # table mode: the six starting cards are not known yet
    "setup_done": (),  # SetColumns once the game has started
    "wrong_column_count": ("expected", "got"),
    "not_table_mode": (),  # Reveal / SetColumns / DeclareBlocked in a virtual game
    "no_such_seat": ("seat", "players"),
    # placing
    "no_such_column": ("column", "columns"),
    "no_cards": (),  # Place or Exchange naming no card
    "no_such_card": ("value",),  # a card value outside 1..13 (actions built in code)
    "card_not_in_hand": ("value", "wanted", "held"),  # held: how many of that value are known
    "not_consecutive": ("first", "second"),  # the placed cards do not follow each other
    "needs_card": ("value", "column", "last", "needed"),  # column ends with last: needs last+1
    "column_ends_with_thirteen": ("column",),  # nothing can follow a 13
    # reorganising
    "same_column": ("column",),
    "empty_source": ("column",),
    "bad_start": ("column", "start", "length"),  # the start index is outside the column
    "move_needs": ("source", "target", "first", "last", "needed"),  # segment starts with first
    # exchanging, ending, passing
    "exchange_after_play": (),  # exchanging is instead of playing, not after
    "exchange_pile_empty": (),  # nothing to draw back: pass instead
    "pass_pile_not_empty": ("pile",),  # passing needs an empty pile: exchange instead
    "pass_after_play": (),  # already played this turn: end the turn instead
    "nothing_played": ("pile",),  # ending a turn without playing: place, exchange, or pass
    # table mode knowledge
    "no_unknown_card": ("seat", "value"),  # every hand card of that seat is known already
    "too_many_copies": ("value", "known"),  # more than 8 cards of that value would be known
    "not_blocked_yet": ("since",),  # someone placed a card within the last round
}
