"""What a character does: its effect on the columns, the piles and the discard, and where
its card goes after (``CharacterUsed``, the effect's events, then ``CharacterPassed`` or
``CharacterBoxed`` + ``CharacterRevealed``); and the characters' table set-up.
"""

from __future__ import annotations

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge.character_refusals import wigelm_recipients
from ludivox.engines.kingsbridge.characters import (
    after_use,
    left_neighbour,
    per_pile,
    return_edgar,
)
from ludivox.engines.kingsbridge.charactions import (
    CharacterUse,
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
    CardGiven,
    CardsDiscarded,
    CardsFromDiscard,
    CardsSetAside,
    CharacterRevealed,
    CharactersSet,
    CharacterUsed,
    ColumnAdded,
    EdgarLaid,
)
from ludivox.engines.kingsbridge.columns import NO_POWERS, finished, laid, place_where
from ludivox.engines.kingsbridge.events import ColumnCompleted
from ludivox.engines.kingsbridge.hands import take
from ludivox.engines.kingsbridge.state import CHARACTERS, EDGAR, KingsbridgeState

Result = tuple[KingsbridgeState, tuple[Event, ...]]


def finish(state: KingsbridgeState, index: int, events: list[Event]) -> KingsbridgeState:
    """A finished column (1 to 13, Edgar standing for a card or not) goes to the discard at
    once, cards in column order; Edgar in it goes under the finisher's pile."""
    column = state.columns[index]
    if not finished(column):
        return state
    cards = tuple(c for c in column if c > 0)
    state = state.with_column(index, (), discard=state.discard + cards)
    events.append(ColumnCompleted(column=index + 1))
    if len(cards) < len(column):
        state = return_edgar(state, state.turn, events)
    return state


def set_characters(state: KingsbridgeState, action: SetCharacters) -> Result:
    """Table mode, standard game: a seat's character pile, said by the players."""
    player = state.players[action.seat]
    state = state.with_player(action.seat, player.evolve(characters=action.characters))
    known = [n for n in state.character_places() if n is not None]
    if len(known) == per_pile(len(state.players)) * len(state.players):
        box = tuple(n for n in CHARACTERS if n not in known)
        state = state.evolve(box=box)
    return state, (CharactersSet(seat=action.seat, characters=action.characters),)


def reveal_character(state: KingsbridgeState, action: RevealCharacter) -> Result:
    """Solo / co-op: the top character of the deck is turned face up."""
    state = state.evolve(revealed=(*state.revealed, action.character), deck=state.deck[1:])
    return state, (CharacterRevealed(character=action.character),)




def use(state: KingsbridgeState, action: CharacterUse, events: list[Event]) -> KingsbridgeState:
    """Use a character: its effect, then where its card goes."""
    seat = state.turn
    events.append(CharacterUsed(seat=seat, character=action.character))
    state = _effect(state, action, events)
    return after_use(state, action.character, events)


def _effect(
    state: KingsbridgeState, action: CharacterUse, events: list[Event]
) -> KingsbridgeState:
    seat = state.turn
    if isinstance(action, UseRagna):
        return state.evolve(skip=(action.column, action.skip))
    if isinstance(action, UseEdgar):
        index = action.column - 1
        column = state.columns[index]
        where, _ = place_where(column, (action.value,), index, NO_POWERS, end_only=False)
        state = state.with_column(index, laid(column, (-action.value,), where))
        events.append(EdgarLaid(seat=seat, column=action.column, value=action.value))
        return finish(state.evolve(power=EDGAR), index, events)
    if isinstance(action, UseWynstan | UseDen):
        column = state.columns[action.column - 1]
        count = action.count if isinstance(action, UseWynstan) else len(column)
        return _discard(state, action.column, count, events, isinstance(action, UseDen))
    if isinstance(action, UseGytha):
        return _gytha(state, action, events)
    if isinstance(action, UseEthelred):
        state = state.with_player(
            seat, take(state.current, action.cards),
            columns=(*state.columns, action.cards),
            placed=state.placed + len(action.cards),
        )
        events.append(ColumnAdded(seat=seat, column=len(state.columns), cards=action.cards))
        return state
    if isinstance(action, UseWigelm):
        return _wigelm(state, action, events)
    if isinstance(action, UseWilwulf):
        player = take(state.current, action.cards)
        player = player.evolve(aside=tuple(sorted(player.aside + action.cards)))
        events.append(CardsSetAside(seat=seat, cards=action.cards))
        return state.with_player(seat, player, fresh=state.fresh + action.cards)
    return state  # Aldred, Agatha: the power is the turn's ``power``


def _discard(
    state: KingsbridgeState, number: int, count: int, events: list[Event], den: bool
) -> KingsbridgeState:
    """Wynstan / Den: the last ``count`` cards of column ``number`` go to the discard; Edgar
    among them goes to the left neighbour."""
    column = state.columns[number - 1]
    gone = column[len(column) - count :]
    cards = tuple(c for c in gone if c > 0)
    state = state.with_column(
        number - 1, column[: len(column) - count],
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
    state = state.with_column(index, laid(column, action.cards, where), discard=tuple(discard))
    events.append(CardsFromDiscard(seat=state.turn, column=action.column, cards=action.cards))
    return finish(state, index, events)


def _wigelm(state: KingsbridgeState, action: UseWigelm, events: list[Event]) -> KingsbridgeState:
    for number, to in zip(action.columns, wigelm_recipients(state), strict=True):
        column = state.columns[number - 1]
        card = column[0]
        state = state.with_column(number - 1, column[1:])
        player = state.players[to]
        state = state.with_player(to, player.evolve(pile=(card, *player.pile)))
        events.append(CardGiven(seat=state.turn, to_seat=to, column=number, card=card))
    return state
