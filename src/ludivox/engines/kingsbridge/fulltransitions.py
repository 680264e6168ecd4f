"""What each legal action does in the full game (characters) and in solo / co-op.

Event order: the character used (``CharacterUsed``), what it did on the columns, then where
the card went (``CharacterPassed`` or ``CharacterBoxed`` + ``CharacterRevealed``); then, for
every action, a finished column (``ColumnCompleted``, Edgar returned), Ethelred's column gone
(``ColumnRemoved``), and the end of the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge import modes
from ludivox.engines.kingsbridge.actions import (
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
)
from ludivox.engines.kingsbridge.characters import (
    after_use,
    drop_empty_extra,
    left_neighbour,
    per_pile,
    powers,
    return_edgar,
)
from ludivox.engines.kingsbridge.charactions import (
    CHARACTER_USES,
    CharacterUse,
    Malus,
    RetrieveEdgar,
    RevealCharacter,
    SetCharacters,
    UseDen,
    UseEdgar,
    UseEthelred,
    UseGytha,
    UseRagna,
    UseWigelm,
    UseWilwulf,
    UseWynstan,
)
from ludivox.engines.kingsbridge.charevents import (
    AsideCardsUsed,
    CardGiven,
    CardsDiscarded,
    CardsFromDiscard,
    CardsPlacedAtStart,
    CardsSetAside,
    CharacterRevealed,
    CharactersSet,
    CharacterUsed,
    ColumnAdded,
    ColumnMovedToStart,
    EdgarLaid,
    EdgarSwapped,
    HoleFilled,
    HoleLeft,
)
from ludivox.engines.kingsbridge.columns import (
    NO_POWERS,
    finished,
    laid,
    move_where,
    place_where,
)
from ludivox.engines.kingsbridge.events import CardsPlaced, ColumnCompleted, ColumnMoved
from ludivox.engines.kingsbridge.hands import take
from ludivox.engines.kingsbridge.state import (
    CHARACTERS,
    EDGAR,
    KingsbridgeState,
    value,
)
from ludivox.engines.kingsbridge.transitions import transition as base_transition
from ludivox.engines.kingsbridge.userefusals import wigelm_recipients

Result = tuple[KingsbridgeState, tuple[Event, ...]]


def transition(state: KingsbridgeState, action: KingsbridgeAction) -> Result:
    """Apply a legal action of a full game."""
    if isinstance(action, SetCharacters):
        return _set_characters(state, action)
    if isinstance(action, RevealCharacter):
        deck = state.deck[1:]
        state = replace(state, revealed=(*state.revealed, action.character), deck=deck)
        return state, (CharacterRevealed(character=action.character),)
    if isinstance(action, EndTurn | Exchange | Pass | Malus):
        return modes.end_of_turn(state, action)
    events: list[Event] = []
    if isinstance(action, Place):
        state = _place(state, action, events)
    elif isinstance(action, Move):
        state = _move(state, action, events)
    elif isinstance(action, RetrieveEdgar):
        state = _retrieve(state, action, events)
    elif isinstance(action, CHARACTER_USES):
        state = _use(state, action, events)
    else:  # Reveal, SetColumns, DeclareBlocked: as in the base game
        return base_transition(state, action)
    if not isinstance(action, UseDen):
        state = replace(state, den=0)
    state = drop_empty_extra(state, events)
    state = modes.after_placing(state, events)
    return state, tuple(events)


def _set_characters(state: KingsbridgeState, action: SetCharacters) -> Result:
    player = state.players[action.seat]
    state = state.with_player(action.seat, replace(player, characters=action.characters))
    known = [n for n in state.character_places() if n is not None]
    if len(known) == per_pile(len(state.players)) * len(state.players):
        box = tuple(n for n in CHARACTERS if n not in known)
        state = replace(state, box=box)
    return state, (CharactersSet(seat=action.seat, characters=action.characters),)


def finish(state: KingsbridgeState, index: int, events: list[Event]) -> KingsbridgeState:
    """A finished column goes to the discard; Edgar in it goes under the finisher's pile."""
    column = state.columns[index]
    if not finished(column):
        return state
    cards = tuple(c for c in column if c > 0)
    state = replace(state.with_column(index, ()), discard=state.discard + cards)
    events.append(ColumnCompleted(column=index + 1))
    if len(cards) < len(column):
        state = return_edgar(state, state.turn, events)
    return state


def _take_cards(
    state: KingsbridgeState, cards: tuple[int, ...], aside: tuple[int, ...]
) -> KingsbridgeState:
    """The current player without ``cards`` (``aside`` among them from the cards set aside)."""
    from_hand = tuple((Counter(cards) - Counter(aside)).elements())
    player = take(state.current, from_hand)
    left = Counter(player.aside) - Counter(aside)
    player = replace(player, aside=tuple(sorted(left.elements())))
    return replace(
        state.with_player(state.turn, player),
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
        state = replace(state, skip=(0, 0))
    return finish(state, index, events)


def _move(state: KingsbridgeState, action: Move, events: list[Event]) -> KingsbridgeState:
    source = state.columns[action.source - 1]
    target = state.columns[action.target - 1]
    turn = powers(state)
    where, skipped = move_where(source, action.start, target, action.target - 1, turn)
    moved = source[action.start :]
    state = state.with_column(action.source - 1, source[: action.start])
    state = state.with_column(action.target - 1, laid(target, moved, where))
    state = replace(state, moves=state.moves + 1)
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
        state = replace(state, skip=(0, 0))
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


# --- character uses -----------------------------------------------------------------------


def _use(state: KingsbridgeState, action: CharacterUse, events: list[Event]) -> KingsbridgeState:
    seat = state.turn
    events.append(CharacterUsed(seat=seat, character=action.character))
    state = _effect(state, action, events)
    return after_use(state, action.character, events)


def _effect(
    state: KingsbridgeState, action: CharacterUse, events: list[Event]
) -> KingsbridgeState:
    seat = state.turn
    if isinstance(action, UseRagna):
        return replace(state, skip=(action.column, action.skip))
    if isinstance(action, UseEdgar):
        index = action.column - 1
        column = state.columns[index]
        where, _ = place_where(column, (action.value,), index, NO_POWERS, end_only=False)
        state = state.with_column(index, laid(column, (-action.value,), where))
        events.append(EdgarLaid(seat=seat, column=action.column, value=action.value))
        return finish(replace(state, power=EDGAR), index, events)
    if isinstance(action, UseWynstan | UseDen):
        column = state.columns[action.column - 1]
        count = action.count if isinstance(action, UseWynstan) else len(column)
        return _discard(state, action.column, count, events, isinstance(action, UseDen))
    if isinstance(action, UseGytha):
        return _gytha(state, action, events)
    if isinstance(action, UseEthelred):
        state = replace(
            state.with_player(seat, take(state.current, action.cards)),
            columns=(*state.columns, action.cards),
            placed=state.placed + len(action.cards),
        )
        events.append(ColumnAdded(seat=seat, column=len(state.columns), cards=action.cards))
        return state
    if isinstance(action, UseWigelm):
        return _wigelm(state, action, events)
    if isinstance(action, UseWilwulf):
        player = take(state.current, action.cards)
        player = replace(player, aside=tuple(sorted(player.aside + action.cards)))
        events.append(CardsSetAside(seat=seat, cards=action.cards))
        return replace(state.with_player(seat, player), fresh=state.fresh + action.cards)
    return state  # Aldred, Agatha: the power is the turn's ``power``


def _discard(
    state: KingsbridgeState, number: int, count: int, events: list[Event], den: bool
) -> KingsbridgeState:
    """Wynstan / Den: the last ``count`` cards of column ``number`` go to the discard; Edgar
    among them goes to the left neighbour."""
    column = state.columns[number - 1]
    gone = column[len(column) - count :]
    cards = tuple(c for c in gone if c > 0)
    state = replace(
        state.with_column(number - 1, column[: len(column) - count]),
        discard=state.discard + cards,
        den=number if den else state.den,
    )
    events.append(CardsDiscarded(seat=state.turn, column=number, cards=cards))
    if len(cards) < len(gone):
        state = return_edgar(state, left_neighbour(state, state.turn), events)
    return state


def _gytha(state: KingsbridgeState, action: UseGytha, events: list[Event]) -> KingsbridgeState:
    discard = list(state.discard)
    for card in action.cards:  # the most recent copy of each
        del discard[len(discard) - 1 - discard[::-1].index(card)]
    index = action.column - 1
    column = state.columns[index]
    where, _ = place_where(column, action.cards, index, NO_POWERS, end_only=False)
    state = replace(
        state.with_column(index, laid(column, action.cards, where)), discard=tuple(discard)
    )
    events.append(CardsFromDiscard(seat=state.turn, column=action.column, cards=action.cards))
    return finish(state, index, events)


def _wigelm(state: KingsbridgeState, action: UseWigelm, events: list[Event]) -> KingsbridgeState:
    for number, to in zip(action.columns, wigelm_recipients(state), strict=True):
        column = state.columns[number - 1]
        card = column[0]
        state = state.with_column(number - 1, column[1:])
        player = state.players[to]
        state = state.with_player(to, replace(player, pile=(card, *player.pile)))
        events.append(CardGiven(seat=state.turn, to_seat=to, column=number, card=card))
    return state
