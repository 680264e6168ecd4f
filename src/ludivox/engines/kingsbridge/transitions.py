"""What each legal action does: ``transition(state, action) -> (state, events)``.

The caller has checked legality (:func:`ludivox.engines.kingsbridge.refusals.refusal`).
Event order: what happened on the columns first (placed, moved, completed), then the turn's
end (cards exchanged, drawn, turn ended or passed), then the end of the game (won, blocked).
"""

from __future__ import annotations

from dataclasses import replace

from ludivox.engines.base import Event
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
from ludivox.engines.kingsbridge.blocked import fewest_cards, provably_blocked
from ludivox.engines.kingsbridge.events import (
    CardsDrawn,
    CardsExchanged,
    CardsPlaced,
    CardsRevealed,
    ColumnCompleted,
    ColumnMoved,
    ColumnsSet,
    GameBlocked,
    GameWon,
    HandCardsDrawn,
    Passed,
    TurnEnded,
)
from ludivox.engines.kingsbridge.hands import draw_to_six, from_unknown, take
from ludivox.engines.kingsbridge.state import (
    BLOCKED,
    MAX_CARD,
    MIN_CARD,
    WON,
    KingsbridgeState,
)

Result = tuple[KingsbridgeState, tuple[Event, ...]]

QUIET_ROUNDS = 3  # virtual game with characters: blocked after 3 full rounds with nothing done


def transition(state: KingsbridgeState, action: KingsbridgeAction) -> Result:
    """Apply a legal action."""
    if isinstance(action, Place):
        return _place(state, action)
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Exchange):
        return _exchange(state, action)
    if isinstance(action, EndTurn):
        return _end_turn(state)
    if isinstance(action, Pass):
        return _pass(state)
    if isinstance(action, Reveal):
        return _reveal(state, action)
    if isinstance(action, SetColumns):
        return _set_columns(state, action)
    if isinstance(action, DeclareBlocked):
        return _blocked(state, [])
    raise TypeError(f"not a Kingsbridge action: {action!r}")


def _finish_column(state: KingsbridgeState, index: int, events: list[Event]) -> KingsbridgeState:
    """A column holding 1..13 goes to the discard at once (cards appended in column order)."""
    column = state.columns[index]
    if len(column) == MAX_CARD - MIN_CARD + 1:
        state = replace(state.with_column(index, ()), discard=state.discard + column)
        events.append(ColumnCompleted(column=index + 1))
    return state


def _place(state: KingsbridgeState, action: Place) -> Result:
    seat = state.turn
    index = action.column - 1
    player = take(state.current, action.cards)
    state = state.with_player(seat, player)
    state = state.with_column(index, state.columns[index] + action.cards)
    state = replace(state, placed=state.placed + len(action.cards))
    events: list[Event] = [CardsPlaced(seat=seat, cards=action.cards, column=action.column)]
    state = _finish_column(state, index, events)
    if player.cards_left == 0:
        state = replace(state, result=WON, winners=(seat,))
        events.append(GameWon(seat=seat))
    return state, tuple(events)


def _move(state: KingsbridgeState, action: Move) -> Result:
    source = state.columns[action.source - 1]
    moved = source[action.start :]
    state = state.with_column(action.source - 1, source[: action.start])
    state = state.with_column(action.target - 1, state.columns[action.target - 1] + moved)
    state = replace(state, moves=state.moves + 1)
    events: list[Event] = [
        ColumnMoved(
            seat=state.turn, source=action.source, target=action.target, cards=moved,
            whole=action.start == 0,
        )
    ]
    state = _finish_column(state, action.target - 1, events)
    return state, tuple(events)


def _draw(state: KingsbridgeState, events: list[Event]) -> KingsbridgeState:
    seat = state.turn
    player, known, unknown = draw_to_six(state.current)
    count = len(known) + unknown
    if count:
        events.append(CardsDrawn(seat=seat, count=count, pile_left=player.pile_size))
        events.append(HandCardsDrawn(seat=seat, cards=known, unknown=unknown, private_to=seat))
    return state.with_player(seat, player)


def _next_turn(state: KingsbridgeState, quiet: bool, passed: bool) -> KingsbridgeState:
    return replace(
        state,
        turn=state.next_seat,
        placed=0,
        moves=0,
        quiet=state.quiet + 1 if quiet else 0,
        passes=state.passes + 1 if passed else 0,
        power="",
        skip=(0, 0),
        den=0,
        fresh=(),
        placed_aside=0,
    )


def _after_turn(state: KingsbridgeState, events: list[Event]) -> Result:
    """Check the blocked game after a turn ended."""
    if state.passes >= len(state.players) or (not state.is_table and _stuck(state)):
        return _blocked(state, events)
    return state, tuple(events)


def _quiet(state: KingsbridgeState) -> bool:
    """A turn that changed nothing: nothing placed or moved (base game); with characters,
    no card placed (reorganising or using characters alone can go on for ever)."""
    if state.characters_on:
        return state.placed == 0 and state.placed_aside == 0
    return not state.played


def _stuck(state: KingsbridgeState) -> bool:
    """Virtual mode: provably blocked (base game), or with characters (no proof: they can
    always change the columns) three full rounds in which nobody placed a card."""
    if state.characters_on:
        return state.quiet >= QUIET_ROUNDS * len(state.players)
    return provably_blocked(state)


def _blocked(state: KingsbridgeState, events: list[Event]) -> Result:
    winners = fewest_cards(state)
    events.append(GameBlocked(winners=winners, cards_left=state.cards_left()))
    return replace(state, result=BLOCKED, winners=winners), tuple(events)


def _end_turn(state: KingsbridgeState) -> Result:
    seat = state.turn
    events: list[Event] = []
    state = _draw(state, events)
    events.append(TurnEnded(seat=seat, next_seat=state.next_seat))
    return _after_turn(_next_turn(state, quiet=_quiet(state), passed=False), events)


def _exchange(state: KingsbridgeState, action: Exchange) -> Result:
    seat = state.turn
    player = take(state.current, action.cards)
    player = replace(player, pile=player.pile + action.cards)
    state = state.with_player(seat, player)
    events: list[Event] = [CardsExchanged(seat=seat, count=len(action.cards))]
    state = _draw(state, events)
    events.append(TurnEnded(seat=seat, next_seat=state.next_seat))
    return _after_turn(_next_turn(state, quiet=_quiet(state), passed=False), events)


def _pass(state: KingsbridgeState) -> Result:
    events: list[Event] = [Passed(seat=state.turn, next_seat=state.next_seat)]
    return _after_turn(_next_turn(state, quiet=True, passed=True), events)


def _reveal(state: KingsbridgeState, action: Reveal) -> Result:
    player = state.players[action.seat]
    new = tuple(sorted(from_unknown(player, action.cards).elements()))
    if not new:
        return state, ()
    player = replace(
        player, hand=tuple(sorted(player.hand + new)), unknown=player.unknown - len(new)
    )
    state = state.with_player(action.seat, player)
    return state, (CardsRevealed(seat=action.seat, cards=new, private_to=action.seat),)


def _set_columns(state: KingsbridgeState, action: SetColumns) -> Result:
    columns = tuple((card,) for card in action.cards)
    state = replace(state, columns=columns, setup_done=True)
    return state, (ColumnsSet(cards=action.cards),)
