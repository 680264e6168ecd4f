"""Helpers for the Kingdom Builder tests: one engine, literal mid-game positions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from ludivox.engines.kingdom_builder import (
    SUGGESTED_FIRST_CARDS,
    SUGGESTED_FIRST_LAYOUT,
    KingdomBuilderEngine,
    KingdomBuilderState,
    Layout,
    grid,
)
from ludivox.engines.kingdom_builder.grid import Hex
from ludivox.engines.kingdom_builder.state import EMPTY, HeldTile
from ludivox.gamedata.kingdom_builder import load_sections

ENGINE = KingdomBuilderEngine(load_sections())

# The suggested first layout (1-based): Tavern top-left, Paddock top-right, Oasis
# bottom-left, Farm bottom-right. Locations: tavern 7-3, 7-8; paddock 3-19, 7-12;
# oasis 13-8, 18-6; farm 12-18, 16-13. Castles: 4-4, 8-16, 12-12, 18-2.


def h(label: str) -> Hex:
    """``"5-12"`` -> ``(4, 11)``."""
    return grid.parse_label(label)


def hs(labels: str) -> set[Hex]:
    """``"5-12 5-13"`` -> a set of hexes."""
    return {h(x) for x in labels.split()}


def ids(labels: str) -> tuple[str, ...]:
    """``"5-12 5-13"`` -> ``("hex:5-12", "hex:5-13")``."""
    return tuple(f"hex:{x}" for x in labels.split())


def new_game(
    players: int = 2,
    *,
    seed: int = 1,
    layout: Layout = SUGGESTED_FIRST_LAYOUT,
    cards: tuple[str, ...] = SUGGESTED_FIRST_CARDS,
    **options: object,
) -> KingdomBuilderState:
    """A virtual game on the suggested layout (unless told otherwise)."""
    return ENGINE.new_game(players, seed=seed, layout=layout, cards=cards, **options)


def position(
    state: KingdomBuilderState,
    settlements: Mapping[int, str] | None = None,
    *,
    hand: str | None = None,
    tiles: Mapping[int, Iterable[tuple[str, str]]] | None = None,
    current: int | None = None,
    built: int | None = None,
) -> KingdomBuilderState:
    """``state`` with settlements placed (``{seat: "5-12 5-13"}``, supplies adjusted), the
    current player's terrain card swapped for ``hand`` (card counts kept), tiles held
    (``{seat: [("7-3", "ready")]}``, taken off their location), the turn moved."""
    if current is not None:
        state = replace(state, current=current)
    if settlements:
        owner = list(state.owner)
        supply = list(state.supply)
        for seat, labels in settlements.items():
            for x in labels.split():
                i = grid.index(h(x))
                assert owner[i] == EMPTY, x
                owner[i] = seat
                supply[seat] -= 1
        state = replace(state, owner=tuple(owner), supply=tuple(supply))
    if hand is not None:
        state = give_card(state, state.current, hand)
    if tiles:
        all_tiles = list(state.tiles)
        left = list(state.tiles_left)
        for seat, held in tiles.items():
            new = [HeldTile(h(loc), status) for loc, status in held]
            for t in new:
                left[state.board.locations.index(grid.index(t.location))] -= 1
            all_tiles[seat] = tuple(sorted((*all_tiles[seat], *new), key=lambda t: t.location))
        state = replace(state, tiles=tuple(all_tiles), tiles_left=tuple(left))
    if built is not None:
        state = replace(state, built=built)
    return state


def give_card(state: KingdomBuilderState, seat: int, terrain: str) -> KingdomBuilderState:
    """Swap ``seat``'s terrain card with one of ``terrain`` from the deck (25 cards kept)."""
    hands = list(state.hands)
    if hands[seat] == terrain:
        return state
    deck = list(state.deck)
    k = deck.index(terrain)
    deck[k], hands[seat] = hands[seat], terrain
    return replace(state, deck=tuple(deck), hands=tuple(hands))


def fill(
    state: KingdomBuilderState, seat: int, terrain: str, keep: Iterable[Hex] = ()
) -> KingdomBuilderState:
    """Cover every free hex of ``terrain`` (except ``keep``) with ``seat``'s settlements,
    without counting them against any supply (for exhaustion scenarios only)."""
    owner = list(state.owner)
    kept = {grid.index(x) for x in keep}
    for i in state.board.cells_of[terrain]:
        if owner[i] == EMPTY and i not in kept:
            owner[i] = seat
    return replace(state, owner=tuple(owner))


def legal_texts(state: KingdomBuilderState, kind: str | None = None) -> set[str]:
    """The text of every legal action (of one ``kind``)."""
    return {a.text() for a in ENGINE.legal_actions(state) if kind is None or a.kind == kind}


def play(state: KingdomBuilderState, *texts: str) -> KingdomBuilderState:
    """Apply actions given by their text, in order."""
    for text in texts:
        state, _ = ENGINE.apply(state, ENGINE.parse_action(text))
    return state


def placement_counts(state: KingdomBuilderState) -> dict[str, object]:
    """Perft-style counts: how many actions are legal in the position as it is, and for each
    seat as if it were to play: for each terrain card, the mandatory action's (and
    Oracle's) placements with the rule that decided them and the Barn's (origin, target)
    pairs; for each other tile, its placements (with the rule) or its moves."""
    from ludivox.engines.kingdom_builder import move_options, place_targets
    from ludivox.engines.kingdom_builder.components import BUILDABLE

    def moves(s: KingdomBuilderState, kind: str, seat: int) -> int:
        return sum(len(p) for p in move_options(s, kind, seat).values())

    seats: list[dict[str, object]] = []
    for seat in range(state.players):
        build: dict[str, list[object]] = {}
        barn: dict[str, int] = {}
        for terrain in BUILDABLE:
            hands = list(state.hands)
            hands[seat] = terrain
            s = replace(state, hands=tuple(hands))
            p = place_targets(s, "build", seat)
            build[terrain] = [len(p), p.rule]
            barn[terrain] = moves(s, "barn", seat)
        counts: dict[str, object] = {"build": build, "barn": barn}
        for kind in ("farm", "oasis", "tower", "tavern"):
            p = place_targets(state, kind, seat)
            counts[kind] = [len(p), p.rule]
        for kind in ("harbor", "paddock", "cave"):
            counts[kind] = moves(state, kind, seat)
        seats.append(counts)
    return {"legal_now": sum(1 for _ in ENGINE.legal_actions(state)), "seats": seats}
