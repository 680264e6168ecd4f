"""Every reason code the Kingdom Builder engine can refuse with, and its parameters.

The grammars turn each code into a sentence (``refusal.<code>`` in each language's
responses). Hexes are canonical ids ``hex:R-C`` (1-based, row first); ``hexes`` is a tuple of
them; ``seat`` values are 0-based; tiles and terrains are ``components`` ids. Suggestions
(``Reason.suggestions``) carry up to 3 legal actions close to what was asked.
"""

from __future__ import annotations

REASON_CODES: dict[str, tuple[str, ...]] = {
    # flow
    "game_over": (),
    "terrain_not_revealed": ("seat",),  # table mode: the current card must be turned up first
    "no_reveal_expected": ("seat",),  # the current player's card is already known
    "not_table_mode": (),  # RevealTerrain in a virtual game (the engine draws)
    "unknown_terrain": ("terrain",),  # not one of the 5 terrain-card kinds
    "terrain_all_seen": ("terrain", "seen"),  # table mode: all 5 cards of it are known elsewhere
    "no_terrain_card": (),  # no card was left to draw: nothing needs the drawn terrain
    # the mandatory action (3 settlements, one after the other)
    "mandatory_done": ("placed",),  # a 4th build: use a tile or end the turn
    "mandatory_in_progress": ("placed", "needed"),  # tiles wait until the 3 are placed
    "mandatory_not_done": ("placed", "needed"),  # ending the turn too early
    "supply_empty": (),  # no settlement left in the supply
    # where a settlement may go
    "off_board": ("row", "col"),  # 1-based, as given
    "hex_occupied": ("hex", "owner"),  # owner: the seat whose settlement stands there
    "not_buildable": ("hex", "terrain"),  # water, mountain, castle or location
    "wrong_terrain": ("hex", "terrain", "needed"),  # the hex's terrain, the one required
    "not_adjacent_but_possible": ("hex", "needed", "count", "hexes"),  # rule 3: where it could go
    "not_edge": ("hex",),  # Tower: only on the board's edge
    "not_line_end": ("hex",),  # Tavern: not at the end of a line of 3+ own settlements
    "no_target": ("tile", "needed"),  # the tile has nowhere to go now (needed: terrain or "")
    # tiles
    "unknown_tile": ("tile",),
    "wrong_tile_form": ("tile",),  # a placing tile given an origin, or a moving one without
    "tile_not_held": ("tile",),
    "tile_new": ("tile",),  # taken this turn: usable from the next turn
    "tile_used": ("tile", "held"),  # every tile of that kind was used this turn
    # moving a settlement
    "not_own_settlement": ("hex",),  # the origin holds no settlement of the current player
    "same_hex": ("hex",),
    "not_two_in_line": ("origin", "target"),  # Paddock: exactly 2 hexes in a straight line
    # Queenie 2 (Caves)
    "caves_not_in_play": (),
    "cave_used": (),  # once per turn
    "origin_not_by_cave": ("hex",),
    "target_not_by_cave": ("hex",),
}

SETUP_REASON_CODES: dict[str, tuple[str, ...]] = {
    # set-up choices refused (``SetupChoiceError``: ``layout`` and ``cards``, the command
    # line's --layout and --cards); ids as given, ``known``: the ids to choose from
    "layout_not_four": ("count",),  # not 4 comma-separated section names (count: given)
    "layout_section_twice": ("section",),
    "layout_unknown_section": ("section", "known"),
    "cards_count": ("count",),  # not 3 Kingdom Builder cards (count: given)
    "cards_unknown": ("cards", "known"),
    "cards_twice": ("card",),
}
