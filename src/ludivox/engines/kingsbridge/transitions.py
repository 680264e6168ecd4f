"""What each legal action does: ``transition(state, action) -> (state, events)``, one path
for the base game, the full game (characters) and the solo and co-op variants.

The caller has checked legality (:func:`ludivox.engines.kingsbridge.refusals.refusal`).
Event order: what happened on the columns first (placed, moved, completed; a character used,
what it did, where its card went), then the turn's end (cards exchanged, drawn, turn ended or
passed: :mod:`.turns`), then the end of the game (won, blocked, scored). Character effects:
:mod:`.character_effects`.
"""

from __future__ import annotations

from collections import Counter

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge import character_effects, turns
from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
    Reveal,
    SetColumns,
)
from ludivox.engines.kingsbridge.character_effects import finish
from ludivox.engines.kingsbridge.characters import drop_empty_extra, powers, return_edgar
from ludivox.engines.kingsbridge.charactions import (
    CHARACTER_USES,
    Malus,
    RetrieveEdgar,
    RevealCharacter,
    SetCharacters,
    UseDen,
)
from ludivox.engines.kingsbridge.charevents import (
    AsideCardsUsed,
    CardsPlacedAtStart,
    ColumnMovedToStart,
    EdgarSwapped,
    HoleFilled,
    HoleLeft,
)
from ludivox.engines.kingsbridge.columns import laid, move_where, place_where
from ludivox.engines.kingsbridge.events import CardsPlaced, ColumnMoved
from ludivox.engines.kingsbridge.hands import take
from ludivox.engines.kingsbridge.state import KingsbridgeState, value

Result = tuple[KingsbridgeState, tuple[Event, ...]]


def transition(state: KingsbridgeState, action: KingsbridgeAction) -> Result:
    """Apply a legal action."""
    if isinstance(action, SetCharacters):
        return character_effects.set_characters(state, action)
    if isinstance(action, RevealCharacter):
        return character_effects.reveal_character(state, action)
    if isinstance(action, Reveal):
        return turns.reveal(state, action)
    if isinstance(action, SetColumns):
        return turns.set_columns(state, action)
    if isinstance(action, DeclareBlocked):
        return turns.blocked(state, [])
    if isinstance(action, EndTurn | Exchange | Pass | Malus):
        return turns.end_of_turn(state, action)
    events: list[Event] = []
    if isinstance(action, Place):
        state = _place(state, action, events)
    elif isinstance(action, Move):
        state = _move(state, action, events)
    elif isinstance(action, RetrieveEdgar):
        state = _retrieve(state, action, events)
    elif isinstance(action, CHARACTER_USES):
        state = character_effects.use(state, action, events)
    else:
        raise TypeError(f"not a Kingsbridge action: {action!r}")
    if state.den and not isinstance(action, UseDen):
        state = state.evolve(den=0)
    state = drop_empty_extra(state, events)
    state = turns.after_placing(state, events)
    return state, tuple(events)


def _take_cards(
    state: KingsbridgeState, cards: tuple[int, ...], aside: tuple[int, ...]
) -> KingsbridgeState:
    """The current player without ``cards`` (``aside`` among them from the cards set aside)."""
    from_hand = tuple((Counter(cards) - Counter(aside)).elements()) if aside else cards
    player = take(state.current, from_hand)
    if aside:
        left = Counter(player.aside) - Counter(aside)
        player = player.evolve(aside=tuple(sorted(left.elements())))
    return state.with_player(
        state.turn, player,
        placed=state.placed + len(from_hand),
        placed_aside=state.placed_aside + len(aside),
    )


def _place(state: KingsbridgeState, action: Place, events: list[Event]) -> KingsbridgeState:
    seat = state.turn
    index = action.column - 1
    column = state.columns[index]
    turn = powers(state)
    where, skipped = place_where(column, action.cards, index, turn, bool(action.aside))
    state = _take_cards(state, action.cards, action.aside)
    state = state.with_column(index, laid(column, action.cards, where))
    if where == "start":
        events.append(CardsPlacedAtStart(seat=seat, cards=action.cards, column=action.column))
    elif where == "hole":
        events.append(HoleFilled(seat=seat, card=action.cards[0], column=action.column))
    else:
        events.append(CardsPlaced(seat=seat, cards=action.cards, column=action.column))
    if action.aside:
        events.append(AsideCardsUsed(seat=seat, cards=action.aside))
    if skipped:
        events.append(HoleLeft(column=action.column, value=turn.skip_value))
        state = state.evolve(skip=(0, 0))
    return finish(state, index, events)


def _move(state: KingsbridgeState, action: Move, events: list[Event]) -> KingsbridgeState:
    source = state.columns[action.source - 1]
    target = state.columns[action.target - 1]
    turn = powers(state)
    where, skipped = move_where(source, action.start, target, action.target - 1, turn)
    moved = source[action.start :]
    columns = list(state.columns)
    columns[action.source - 1] = source[: action.start]
    columns[action.target - 1] = laid(target, moved, where)
    state = state.evolve(columns=tuple(columns), moves=state.moves + 1)
    shown = tuple(value(c) for c in moved)
    whole = action.start == 0
    seat = state.turn
    if where == "start":
        events.append(ColumnMovedToStart(
            seat=seat, source=action.source, target=action.target, cards=shown, whole=whole
        ))
    else:
        events.append(ColumnMoved(
            seat=seat, source=action.source, target=action.target, cards=shown, whole=whole
        ))
    if skipped:
        events.append(HoleLeft(column=action.target, value=turn.skip_value))
        state = state.evolve(skip=(0, 0))
    return finish(state, action.target - 1, events)


def _retrieve(
    state: KingsbridgeState, action: RetrieveEdgar, events: list[Event]
) -> KingsbridgeState:
    where = state.edgar_at()
    assert where is not None  # checked by the refusal
    index, at = where
    column = state.columns[index]
    card = value(column[at])
    state = _take_cards(state, (card,), (card,) if action.aside else ())
    state = state.with_column(index, (*column[:at], card, *column[at + 1 :]))
    events.append(EdgarSwapped(seat=state.turn, column=index + 1, value=card))
    return return_edgar(state, state.turn, events)
