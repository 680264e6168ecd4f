"""What an action does to the state (``apply`` without the legality check) and the automatic
steps that follow it (revealing the next card, the no-space exception, the end of the game).

Location tiles (rulebook, "Lieux et Plaquettes de lieu"): placing a settlement next to a
location takes "immédiatement" one of its tiles if any is left; "qu'une seule plaquette de
lieu d'un même lieu" at a time, hence at most two identical tiles (two locations per
section). A player keeps it "aussi longtemps qu'une de ses cités est placée sur une case
adjacente au lieu"; moving the last one away discards it, "retirée du jeu". A settlement
*moved* next to a location takes a tile too (it is placed there), and a player who lost a
location's tile may never take one of that location again (« Un joueur ne peut récupérer
qu'une seule plaquette de lieu d'un même lieu » ; the lost one « est ensuite retirée du
jeu »): the state remembers those locations per player (``KingdomBuilderState.spent``).
Two tiles of one kind are interchangeable cardboard: when one must be discarded and the other
has already been turned (used, or taken this turn), the turned one goes, so the player keeps
the use they are entitled to.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ludivox.engines.base import Event
from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.actions import (
    Build,
    CaveMove,
    EndTurn,
    KingdomBuilderAction,
    MoveTile,
    PlaceTile,
    RevealTerrain,
)
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.events import (
    DeckReshuffled,
    FinalRoundStarted,
    GameEnded,
    HiddenTerrainDrawn,
    SettlementBuilt,
    SettlementMoved,
    TerrainDrawn,
    TerrainRevealed,
    TerrainSetAside,
    TileLost,
    TileTaken,
    TurnEnded,
)
from ludivox.engines.kingdom_builder.grid import NEIGHBOURS, Hex
from ludivox.engines.kingdom_builder.placement import (
    ADJACENT,
    UNRESTRICTED,
    free_cells,
    move_targets,
    place_targets,
)
from ludivox.engines.kingdom_builder.rules import mandatory_open
from ludivox.engines.kingdom_builder.scoring import score_sheets, winners
from ludivox.engines.kingdom_builder.state import (
    EMPTY,
    NEW,
    NO_CARD,
    READY,
    TABLE,
    UNKNOWN,
    USED,
    HeldTile,
    KingdomBuilderState,
)


def perform(
    state: KingdomBuilderState, action: KingdomBuilderAction
) -> tuple[KingdomBuilderState, list[Event]]:
    """The state after a *legal* ``action`` and the events, automatic steps included."""
    events: list[Event] = []
    if isinstance(action, Build):
        state = _place(state, action.hex, "build", events)
    elif isinstance(action, PlaceTile):
        state = _use_tile(state, action.tile)
        state = _place(state, action.hex, action.tile, events)
    elif isinstance(action, MoveTile):
        state = _use_tile(state, action.tile)
        state = _move(state, action.origin, action.target, action.tile, events)
    elif isinstance(action, CaveMove):
        state = replace(state, cave_used=True)
        state = _move(state, action.origin, action.target, "cave", events)
    elif isinstance(action, EndTurn):
        state = _end_turn(state, events)
    elif isinstance(action, RevealTerrain):
        hands = list(state.hands)
        hands[state.current] = action.terrain
        state = replace(state, hands=tuple(hands))
        events.append(TerrainRevealed(seat=state.current, terrain=action.terrain))
    state = settle(state, events)
    return state, events


# ---- settlements and tiles ----------------------------------------------------------------


def _use_tile(state: KingdomBuilderState, kind: str) -> KingdomBuilderState:
    seat = state.current
    tiles = list(state.tiles[seat])
    for n, t in enumerate(tiles):
        if t.status == READY and state.tile_kind(t) == kind:
            tiles[n] = replace(t, status=USED)
            break
    return _with_tiles(state, seat, tuple(tiles))


def _with_tiles(
    state: KingdomBuilderState, seat: int, tiles: tuple[HeldTile, ...]
) -> KingdomBuilderState:
    all_tiles = list(state.tiles)
    all_tiles[seat] = tuple(sorted(tiles, key=lambda t: t.location))
    return replace(state, tiles=tuple(all_tiles))


def _place(
    state: KingdomBuilderState, hex_: Hex, via: str, events: list[Event]
) -> KingdomBuilderState:
    seat = state.current
    rule = place_targets(state, via).rule
    i = grid.index(hex_)
    owner = list(state.owner)
    owner[i] = seat
    supply = list(state.supply)
    supply[seat] -= 1
    built = state.built + (1 if via == "build" else 0)
    state = replace(state, owner=tuple(owner), supply=tuple(supply), built=built)
    events.append(
        SettlementBuilt(
            seat=seat,
            hex=grid.hex_id(hex_),
            terrain=state.board.terrain[i],
            via=via,
            placed=built,
            supply_left=supply[seat],
            forced_anywhere=rule not in (ADJACENT, UNRESTRICTED),
        )
    )
    state = _take_tiles(state, i, events)
    if supply[seat] == 0 and not state.final_round:
        state = replace(state, final_round=True)
        events.append(FinalRoundStarted(seat=seat, last_seat=state.players - 1))
    return state


def _move(
    state: KingdomBuilderState, origin: Hex, target: Hex, via: str, events: list[Event]
) -> KingdomBuilderState:
    seat = state.current
    rule = move_targets(state, via, origin).rule
    o, t = grid.index(origin), grid.index(target)
    owner = list(state.owner)
    owner[o] = EMPTY
    owner[t] = seat
    state = replace(state, owner=tuple(owner))
    events.append(
        SettlementMoved(
            seat=seat,
            origin=grid.hex_id(origin),
            target=grid.hex_id(target),
            terrain=state.board.terrain[t],
            via=via,
            forced_anywhere=rule not in (ADJACENT, UNRESTRICTED),
        )
    )
    state = _take_tiles(state, t, events)
    return _lose_tiles(state, o, events)


def _take_tiles(state: KingdomBuilderState, cell: int, events: list[Event]) -> KingdomBuilderState:
    seat = state.current
    board = state.board
    for n in NEIGHBOURS[cell]:
        kind = board.location_of[n]
        if not kind:
            continue
        loc = grid.at(n)
        if not state.can_take_tile(seat, loc):
            continue
        slot = board.locations.index(n)
        left = list(state.tiles_left)
        left[slot] -= 1
        state = replace(state, tiles_left=tuple(left))
        state = _with_tiles(state, seat, (*state.tiles[seat], HeldTile(loc, NEW)))
        events.append(TileTaken(seat=seat, tile=kind, location=grid.hex_id(loc), left=left[slot]))
    return state


def _lose_tiles(
    state: KingdomBuilderState, vacated: int, events: list[Event]
) -> KingdomBuilderState:
    seat = state.current
    board, owner = state.board, state.owner
    for n in NEIGHBOURS[vacated]:
        kind = board.location_of[n]
        loc = grid.at(n)
        if not kind or any(owner[x] == seat for x in NEIGHBOURS[n]):
            continue
        tiles = list(state.tiles[seat])
        lost = next((t for t in tiles if t.location == loc), None)
        if lost is None:
            continue
        tiles.remove(lost)
        if lost.status == READY:
            # Interchangeable tiles: discard an already-turned twin instead of a ready one.
            for k, twin in enumerate(tiles):
                if state.tile_kind(twin) == kind and twin.status != READY:
                    tiles[k] = replace(twin, status=READY)
                    break
        state = _with_tiles(state, seat, tuple(tiles))
        spent = list(state.spent or ((),) * state.players)
        spent[seat] = tuple(sorted((*spent[seat], loc)))
        state = replace(state, spent=tuple(spent))
        events.append(TileLost(seat=seat, tile=kind, location=grid.hex_id(loc)))
    return state


# ---- terrain cards ------------------------------------------------------------------------


def _draw(state: KingdomBuilderState, events: list[Event]) -> tuple[KingdomBuilderState, str]:
    """Take the top card of the terrain deck, reshuffling the discard first if needed."""
    deck, discard, shuffles = state.deck, state.discard, state.shuffles
    if not deck and discard:
        if state.mode == TABLE:
            new_deck = [UNKNOWN] * len(discard)  # shuffled at the table: order unknown
        else:
            shuffles += 1
            new_deck = sorted(discard)
            random.Random(f"{state.seed}:{shuffles}").shuffle(new_deck)
        events.append(DeckReshuffled(count=len(discard)))
        deck, discard = tuple(new_deck), ()
    if not deck:
        return replace(state, deck=deck, discard=discard, shuffles=shuffles), NO_CARD
    state = replace(state, deck=deck[1:], discard=discard, shuffles=shuffles)
    return state, deck[0]


def _set_hand(state: KingdomBuilderState, seat: int, card: str) -> KingdomBuilderState:
    hands = list(state.hands)
    hands[seat] = card
    return replace(state, hands=tuple(hands))


def settle(state: KingdomBuilderState, events: list[Event]) -> KingdomBuilderState:
    """The no-space exception: while the mandatory action still needs settlements and no
    free hex of the drawn terrain is left, that card is "retirée du jeu" and the player draws
    again. This applies whenever it happens during the mandatory action ("pendant le tour
    d'un joueur ... jusqu'à ce qu'il puisse effectuer son action obligatoire"), also after
    1 or 2 settlements: the remaining ones go on the new terrain."""
    while mandatory_open(state):
        seat = state.current
        card = state.hands[seat]
        if card == UNKNOWN or free_cells(state.board, state.owner, (card,)):
            break
        events.append(TerrainSetAside(seat=seat, terrain=card))
        state = replace(state, removed=(*state.removed, card))
        state, new = _draw(state, events)
        state = _set_hand(state, seat, new)
        if new in BUILDABLE:
            events.append(TerrainRevealed(seat=seat, terrain=new))
    return state


def _end_turn(state: KingdomBuilderState, events: list[Event]) -> KingdomBuilderState:
    seat = state.current
    card = state.hands[seat]
    if card in BUILDABLE:
        state = replace(state, discard=(*state.discard, card))
    state = _set_hand(state, seat, NO_CARD)
    fresh = tuple(replace(t, status=READY) for t in state.tiles[seat])
    state = _with_tiles(state, seat, fresh)
    nxt = state.seat_after(seat)
    if nxt is None:
        state = replace(state, over=True, built=0, cave_used=False)
        sheets = score_sheets(state)
        totals = tuple(s.total for s in sheets)
        events.append(
            GameEnded(
                totals=totals,
                winners=winners(totals),
                sheets=tuple(tuple((i.source, i.points, i.basis) for i in s.items) for s in sheets),
            )
        )
        return state
    state, drawn = _draw(state, events)
    state = _set_hand(state, seat, drawn)
    events.append(TerrainDrawn(seat=seat, deck_left=len(state.deck)))
    if drawn in BUILDABLE:
        events.append(HiddenTerrainDrawn(seat=seat, terrain=drawn, private_to=seat))
    state = replace(state, current=nxt, built=0, cave_used=False)
    events.append(TurnEnded(seat=seat, next_seat=nxt))
    if state.hands[nxt] in BUILDABLE:
        events.append(TerrainRevealed(seat=nxt, terrain=state.hands[nxt]))
    return state


def start(state: KingdomBuilderState) -> tuple[KingdomBuilderState, list[Event]]:
    """The first turn's automatic steps: the first player's card is turned face up."""
    events: list[Event] = []
    if state.hands[state.current] in BUILDABLE:
        events.append(TerrainRevealed(seat=state.current, terrain=state.hands[state.current]))
    return settle(state, events), events
