"""The end of a turn and of the game with characters: standard, solo and co-op.

Solo and co-op ("Variantes"): no exchanging and no passing; each turn places at least one
card from the hand, or, when none can be placed, puts one hand card on the malus pile (which
ends the turn). The game ends "dès que votre pioche de cartes Évènement est vide et que vous
n'avez plus de cartes en main", then is scored: +1 per character left (revealed and deck),
+2 per empty column, -5 per malus card; won with at least 1 point.

Decisions:

* Co-op: "votre pioche" is read for every player: the game ends when no player holds a card
  in hand or pile. A player left with none is skipped.
* Cards set aside with Wilwulf are not in the hand: the game ends as soon as every hand, pile
  and set-aside row is empty (at once, after a placement), or at the end of a turn when every
  hand and pile is empty; cards still set aside then go on the malus pile (they were not
  placed).
* Standard mode with characters: the game is won as soon as a player has no card in hand,
  pile or set aside. The blocked game (virtual mode): no proof is attempted (characters can
  always change the columns); the game is blocked after a full round of passes or after
  three full rounds in which nobody placed a card ("même après avoir changé plusieurs fois
  de cartes"; reorganising or using characters alone could go on for ever). Table mode: the
  players declare it after a full round without a card placed.
"""

from __future__ import annotations

from dataclasses import replace

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge.actions import KingsbridgeAction
from ludivox.engines.kingsbridge.characters import drop_empty_extra
from ludivox.engines.kingsbridge.charactions import Malus
from ludivox.engines.kingsbridge.charevents import AsideToMalus, GameScored, MalusAdded, MalusCard
from ludivox.engines.kingsbridge.events import GameWon, TurnEnded
from ludivox.engines.kingsbridge.hands import take
from ludivox.engines.kingsbridge.state import SCORED, WON, KingsbridgeState
from ludivox.engines.kingsbridge.transitions import _draw, transition

Result = tuple[KingsbridgeState, tuple[Event, ...]]


def end_of_turn(state: KingsbridgeState, action: KingsbridgeAction) -> Result:
    """``EndTurn``, ``Exchange``, ``Pass`` (standard) or ``Malus`` (solo / co-op)."""
    events: list[Event] = []
    state = drop_empty_extra(replace(state, den=0), events)
    if not state.shared:
        state, more = transition(state, action)
        return state, (*events, *more)
    seat = state.turn
    if isinstance(action, Malus):
        player = take(state.current, (action.card,))
        state = replace(state.with_player(seat, player), malus=(*state.malus, action.card))
        events.append(MalusAdded(seat=seat, count=1, malus=len(state.malus)))
        events.append(MalusCard(seat=seat, card=action.card, private_to=seat))
    state = _draw(state, events)
    nxt = next_with_cards(state)
    events.append(TurnEnded(seat=seat, next_seat=seat if nxt is None else nxt))
    if nxt is None:
        return score(state, events), tuple(events)
    state = replace(
        state, turn=nxt, placed=0, moves=0, quiet=0, passes=0, power="", skip=(0, 0), den=0,
        fresh=(), placed_aside=0,
    )
    return state, tuple(events)


def next_with_cards(state: KingsbridgeState) -> int | None:
    """Solo / co-op: the next seat clockwise holding a card in hand or pile (maybe oneself)."""
    n = len(state.players)
    for k in range(1, n + 1):
        seat = (state.turn + k) % n
        player = state.players[seat]
        if player.hand_size or player.pile:
            return seat
    return None


def after_placing(state: KingsbridgeState, events: list[Event]) -> KingsbridgeState:
    """After a turn action: a standard game is won by a player with no card left; a solo /
    co-op game ends when every card has been placed."""
    if state.game_over:
        return state
    if state.shared:
        if all(p.cards_left == 0 for p in state.players):
            return score(state, events)
        return state
    if state.current.cards_left == 0:
        events.append(GameWon(seat=state.turn))
        return replace(state, result=WON, winners=(state.turn,))
    return state


def score(state: KingsbridgeState, events: list[Event]) -> KingsbridgeState:
    """End a solo / co-op game: cards still set aside go to the malus pile, then score."""
    for seat, player in enumerate(state.players):
        if player.aside:
            events.append(AsideToMalus(seat=seat, cards=player.aside))
            state = replace(
                state.with_player(seat, replace(player, aside=())),
                malus=state.malus + player.aside,
            )
    points = state.score()
    won = points >= 1
    events.append(GameScored(
        score=points, characters=state.characters_left(), empty_columns=state.empty_columns(),
        malus=len(state.malus), won=won,
    ))
    winners = tuple(range(len(state.players))) if won else ()
    return replace(state, result=SCORED, winners=winners)

