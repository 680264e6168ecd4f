"""Kingdom Builder's components, as language-neutral ids (French names live in the grammars).

Counts are the rulebook's ("Matériel du jeu de base"): 25 terrain cards (5 of each buildable
terrain), 40 settlements per player, 2 location tiles on each location hex, 10 Kingdom
Builder cards of which 3 are used, 3 points per castle.
"""

from __future__ import annotations

# Terrain ids and their one-letter codes in sections.json and in the notation.
TERRAIN_CODES: dict[str, str] = {
    "G": "grass",  # Prairie
    "K": "canyon",  # Canyon
    "D": "desert",  # Désert
    "F": "flower",  # Fleurs
    "T": "forest",  # Forêt
    "W": "water",  # Eau
    "M": "mountain",  # Montagne
    "C": "castle",  # Château
    "L": "location",  # lieu
}
TERRAIN_LETTERS: dict[str, str] = {v: k for k, v in TERRAIN_CODES.items()}

BUILDABLE: tuple[str, ...] = ("grass", "canyon", "desert", "flower", "forest")
"""The five buildable terrains, which are also the five kinds of terrain card."""

TERRAIN_CARDS_PER_KIND = 5
SETTLEMENTS_PER_PLAYER = 40
SETTLEMENTS_PER_TURN = 3
TILES_PER_LOCATION = 2
CASTLE_POINTS = 3
KINGDOM_BUILDER_CARDS_PER_GAME = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 4

# Location kinds (the rulebook's French names in comments) and what their tile does.
PLACE_TILES: tuple[str, ...] = ("oracle", "farm", "oasis", "tower", "tavern")
"""Tiles that place one more settlement from the supply (Oracle, Ferme, Oasis, Tour,
Taverne)."""
MOVE_TILES: tuple[str, ...] = ("barn", "harbor", "paddock")
"""Tiles that move one of one's settlements already on the board (Grange, Port, Enclos)."""
LOCATION_KINDS: tuple[str, ...] = PLACE_TILES + MOVE_TILES

# The terrain a placing/moving tile requires; None: see the tile's own rule.
TILE_TERRAIN: dict[str, str | None] = {
    "oracle": None,  # the drawn terrain card
    "farm": "grass",
    "oasis": "desert",
    "tower": None,  # any buildable terrain on the board's edge
    "tavern": None,  # any buildable terrain at the end of a line of 3+ own settlements
    "barn": None,  # the drawn terrain card
    "harbor": "water",
    "paddock": None,  # any buildable terrain two hexes away in a straight line
}

# The ten Kingdom Builder cards, in the rulebook's order (page 5). French names for the
# grammars: Pêcheurs, Marchands, Découvreurs, Ermites, Citoyens, Mineurs, Travailleurs,
# Chevaliers, Seigneurs, Fermiers (Queenie 3's text also calls them "Lords", "Paysans",
# "Explorateurs").
KINGDOM_BUILDER_CARDS: tuple[str, ...] = (
    "fishermen",
    "merchants",
    "discoverers",
    "hermits",
    "citizens",
    "miners",
    "workers",
    "knights",
    "lords",
    "farmers",
)

SUGGESTED_FIRST_CARDS: tuple[str, str, str] = ("fishermen", "knights", "merchants")
"""Page 7: "Placez les cartes Kingdom Builder Pêcheurs, Chevaliers et Marchands"."""
