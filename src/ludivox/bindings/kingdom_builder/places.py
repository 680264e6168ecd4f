"""What a player says of the hex they name, checked against the board, never dropped.

"une forêt en onze onze" (its terrain), "en bas, vingt neuf", "sur le bord en un treize",
"deux un, en haut à gauche" (where it lies on the board: halves and quarters of the 20 x 20
board, its edge), "seize douze, juste au-dessus de dix-sept treize" (where it lies from
another hex), "…, à côté de l'enclos", "…, juste à côté de toi" (what it touches). A word
that does not hold makes a refusal that says so: nothing is built.
"""

from __future__ import annotations

from ludivox.bindings.kingdom_builder.narration import hex_line, hex_of, terrain_line, tile_line
from ludivox.engines.kingdom_builder import explore, grid
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.state import KingdomBuilderState
from ludivox.table import described, slots
from ludivox.table.binding import IntentLike, Line, Refusal

Hex = tuple[int, int]

RELATIVE_DIRECTIONS: dict[str, frozenset[str]] = {
    "up": frozenset({"ne", "nw"}),
    "down": frozenset({"se", "sw"}),
    "right": frozenset({"e"}),
    "left": frozenset({"w"}),
    "near": frozenset(grid.DIRECTIONS),
}
"""A place said from another hex: the directions of the neighbours it names."""


def spot_holds(hex_: Hex, spot: str) -> bool:
    """Whether ``hex_`` (0-based) lies where ``spot`` says: ``top`` / ``bottom`` (half of
    the rows), ``top_left`` ... (a quarter, as the board's four sections), ``edge``."""
    if spot == "edge":
        return grid.is_edge(hex_)
    r, c = hex_
    half = grid.SIZE // 2
    top, left = r < half, c < half
    vertical, _, horizontal = spot.partition("_")
    if vertical not in ("top", "bottom") or horizontal not in ("", "left", "right"):
        return False
    return (top == (vertical == "top")) and (
        not horizontal or left == (horizontal == "left"))


def relative_holds(origin: Hex, target: Hex, relative: str) -> bool:
    """Whether ``target`` is the neighbour of ``origin`` that ``relative`` names."""
    return grid.direction_between(origin, target) in RELATIVE_DIRECTIONS.get(
        relative, frozenset())


def said_refusal(
    state: KingdomBuilderState, intent: IntentLike, target: Hex, seat: int
) -> Refusal | None:
    """The refusal when what was said of ``target`` does not hold, else None (a hex off the
    board is left to the engine's refusal)."""
    if not grid.on_board(target):
        return None
    place = hex_line(target)
    said = slots.word(intent, "on")
    terrain = state.board.terrain[grid.index(target)]
    if said is not None and terrain != said:
        return Refusal((Line("refusal.hex_not_terrain", {
            "hex": place, "terrain": terrain_line(terrain), "said": terrain_line(said)},
            seat),))
    near = near_refusal(state, intent, target, seat)
    if near is not None:
        return near
    spot = slots.word(intent, "spot")
    if spot is not None and not spot_holds(target, spot):
        return Refusal((Line("refusal.hex_not_spot", {
            "hex": place, "spot": Line("spot", {"spot": spot})}, seat),))
    relative, origin = slots.word(intent, "relative"), hex_of(intent, "from_row", "from_col")
    if relative is not None and origin is not None and not relative_holds(
            origin, target, relative):
        return Refusal((Line("refusal.hex_not_relative", {
            "hex": place, "relative": Line("relative", {"relative": relative}),
            "origin": hex_line(origin)}, seat),))
    return None


def near_refusal(
    state: KingdomBuilderState, intent: IntentLike, target: Hex, seat: int
) -> Refusal | None:
    """The refusal when ``target`` touches nothing of what was said ("…, à côté du château",
    "…, à côté de l'enclos": a location of that tile), else None."""
    near, tile = slots.word(intent, "near"), slots.word(intent, "near_tile")
    if tile is not None:
        if any(state.board.location_at(n) == tile for n in grid.neighbours(target)):
            return None
        what = Line("near_location", {"tile": tile_line(tile)})
    elif near == "others":  # "…, juste à côté de toi": another player's settlement
        if any(state.owner_at(n) not in (None, seat) for n in grid.neighbours(target)):
            return None
        what = Line("near", {"near": near})
    elif near is not None:
        if target in explore.next_to(state, seat, near):
            return None
        what = Line("near", {"near": near})
    else:
        return None
    return Refusal((Line("refusal.hex_not_near", {"hex": hex_line(target), "near": what},
                         seat),))


def said_again(intent: IntentLike) -> Hex | None:
    """The hex said a second time after « oui » ("dix treize, oui dix treize"), if any."""
    return hex_of(intent, "again_row", "again_col")


def free_in_row(state: KingdomBuilderState, intent: IntentLike, seat: int
                ) -> IntentLike | Refusal:
    """``intent`` with "la première (dernière) case libre de la ligne un" (``col:free_first``)
    as the column of that hex: the first (last) hex of the row with no settlement on a
    terrain one builds on, the build then judged as any; refused when the row has none."""
    rank, row = described.description(intent.slots.get("col")), slots.number(intent, "row")
    if rank not in described.FREE_RANKS or row is None:
        return intent
    if not 1 <= row <= grid.SIZE:
        return Refusal((Line("refusal.off_board", {"row": row, "col": 1}, seat),))
    found = described.free_ranked(
        [(row - 1, c) for c in range(grid.SIZE)],
        lambda h: state.owner_at(h) is None and state.board.terrain[grid.index(h)] in BUILDABLE,
        rank)
    if not found:
        return Refusal((Line("refusal.row_full", {"row": row}, seat),))
    return slots.Said(intent.name, {**intent.slots, "col": f"col:{found[0][1] + 1}"},
                      intent.text, intent.cost)


__all__ = ["RELATIVE_DIRECTIONS", "free_in_row", "near_refusal", "relative_holds", "said_again",
           "said_refusal", "spot_holds"]
