"""Every reason code the 7 Kingdoms engine can refuse with, and its parameters.

The grammars turn each code into a sentence (``refusal.<code>`` in each language's
responses); an integrity test checks that every code here has one. Places and positions are
numbered from 1 (blason I = 1); ``seat`` values are 0-based seat indexes; ``rank`` is a rank
id (``"roi"``, ``"eveque"``, ...). ``where`` says where a card publicly is: ``"row"``,
``"above"``, ``"discard"``, ``"kingdom:<seat>"``, ``"played:<seat>"``, ``"hand:<seat>"``
(only for cards the table saw going into that hand), or ``""`` when that is not public
(the draw pile, a secret hand): a refusal never leaks hidden information. Suggestions
(``Reason.suggestions``) carry legal actions that come close to what was asked.
"""

from __future__ import annotations

REASON_CODES: dict[str, tuple[str, ...]] = {
    # flow
    "game_over": (),
    "not_table_mode": ("kind",),  # a world reveal in a virtual game (the engine draws itself)
    # expected: the kinds accepted now; within_phase: the phase takes this kind, later
    "not_now": ("kind", "phase", "expected", "within_phase"),
    "no_such_card": ("card",),  # not a title card number 1..49
    # phase 1: playing
    "card_not_in_hand": ("card", "where"),
    # phase 2: the Évêque's token
    "token_not_revealed": ("token", "revealed"),  # revealed: the ids one may choose
    # phase 2: taking
    "duplicate_card": ("card",),
    "card_not_in_row": ("card", "where"),  # the card is not under a blason now
    "keep_not_taken": ("card",),  # a card kept in hand must be one of the cards taken
    "too_many_cards": ("rank", "most", "got"),
    "must_take": ("rank", "least", "available"),  # cards are left: take at least ``least``
    "not_consecutive": ("rank", "width"),  # Général/Chevalier: places not within one window
    "window_not_whole": ("rank", "width", "missing"),  # the window also holds ``missing``
    "no_empty_window": ("rank", "width"),  # taking nothing needs an empty window
    "not_paysan_place": ("card", "place", "places"),  # card at ``place``; Paysan shows places
    "hand_limit": ("limit", "hand", "keep"),  # hand cards now + kept would exceed the limit
    # world reveals (table mode)
    "no_such_blason": ("blason",),
    "blason_already_placed": ("blason", "position"),
    "no_such_token": ("token",),
    "token_already_revealed": ("token",),
    "no_such_seat": ("seat", "players"),
    "card_known": ("card", "where"),  # the card is already known to be elsewhere
    "no_hidden_card": ("seat",),  # every hand card of that seat is already known
}
