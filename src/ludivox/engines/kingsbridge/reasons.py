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

# The full game (characters) and the solo / co-op variants. Kept apart from REASON_CODES
# (whose every code the base-rules refusal tests exercise); ALL_REASON_CODES holds both.
# ``character`` values are character ids (``ragna``); ``revealed`` is a tuple of ids;
# ``mode`` is ``standard``, ``solo`` or ``coop``.
CHARACTER_REASON_CODES: dict[str, tuple[str, ...]] = {
    # using a character
    "no_characters": (),  # a character action (or a Wilwulf card) in a game without them
    "no_such_character": ("character",),  # not one of the ten ids (actions built in code)
    "character_not_on_top": ("character", "top"),  # only the top of one's pile ("" if empty)
    "character_not_revealed": ("character", "revealed"),  # solo / co-op: the face-up three
    "character_already_used": ("character", "used"),  # one per turn (standard, co-op)
    "character_still_acting": ("character", "used"),  # solo: one at a time, until spent
    "character_reveal_pending": (),  # table solo / co-op: say which character was turned up
    "ragna_skip_range": ("value",),  # Ragna skips a value from 2 to 12, never 1 or 13
    "wynstan_count": ("count",),  # Évêque Wynstan discards 1 or 2 cards
    "gytha_count": ("count",),  # Gytha takes 1 or 2 cards
    "wilwulf_count": ("count",),  # Wilwulf sets 1 or 2 cards aside
    "column_too_short": ("column", "length", "count"),  # Wynstan: fewer cards than asked
    "column_empty": ("column",),  # Den or Wigelm on an empty column
    "not_in_discard": ("value", "wanted", "available"),  # Gytha: not (enough) in the discard
    "wigelm_count": ("expected", "got"),  # one column per other player (solo: one)
    "wigelm_takes_edgar": ("column",),  # Edgar is not an event card: he cannot be given
    "extra_column_exists": ("column",),  # Roi Ethelred while his column still holds cards
    "edgar_not_in_column": (),  # taking Edgar back while he lies in no column
    "edgar_just_laid": (),  # taking Edgar back in the turn he was laid
    "edgar_not_at_end": ("column",),  # a card set aside replaces Edgar only at a column's end
    # cards set aside with Wilwulf
    "aside_not_in_cards": ("value",),  # "aside" names a card the placement does not place
    "card_not_aside": ("value", "wanted", "held"),  # not that many such cards set aside
    "aside_this_turn": ("value",),  # set aside this turn: playable from the next turn on
    "aside_not_at_end": ("value", "column"),  # cards set aside go only at a column's end
    # solo / co-op
    "exchange_not_allowed": ("mode",),  # no exchanging in solo or co-op
    "pass_not_allowed": ("mode",),  # place a card or put one on the malus pile
    "must_place_or_malus": (),  # ending a solo / co-op turn without placing a hand card
    "malus_not_in_mode": ("mode",),  # the malus pile exists only in solo and co-op
    "malus_after_place": (),  # a card was placed this turn: just end the turn
    "malus_but_can_place": ("value", "column"),  # a hand card can still be placed
    # table set-up of characters
    "characters_not_expected": (),  # no character pile or reveal is awaited
    "wrong_character_count": ("seat", "expected", "got"),  # each pile holds 10 // players
    "character_known_elsewhere": ("character",),  # that character is already somewhere
    "character_twice": ("character",),  # the same character named twice
    "deck_top_known": ("character", "top"),  # the deck's top card is known to be ``top``
}

ALL_REASON_CODES: dict[str, tuple[str, ...]] = {**REASON_CODES, **CHARACTER_REASON_CODES}
