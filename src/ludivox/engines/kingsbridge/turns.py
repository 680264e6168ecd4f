"""The end of a turn and of the game: standard, solo and co-op; and what the players say
is on the table (table mode).

Base game and standard mode: ending a turn (``EndTurn``, ``Exchange``) draws back to 6 and
passes the turn; a pass ends it too; the blocked game is checked after each turn.


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
* A turn whose hand Wilwulf emptied before any card was placed may end: no hand card is left
  to place or to put on the malus pile (refusals.can_end_turn).
* Standard mode with characters: the game is won as soon as a player has no card in hand,
  pile or set aside. The blocked game (virtual mode): no proof is attempted (characters can
  always change the columns); the game is blocked after a full round of passes or after
  three full rounds in which nobody placed a card ("même après avoir changé plusieurs fois
  de cartes"; reorganising or using characters alone could go on for ever). Table mode: the
  players declare it after a full round without a card placed.
"""

from __future__ import annotations

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge.actions import (
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Pass,
    Reveal,
    SetColumns,
)
from ludivox.engines.kingsbridge.blocked import fewest_cards, provably_blocked
from ludivox.engines.kingsbridge.characters import drop_empty_extra
from ludivox.engines.kingsbridge.charactions import Malus
from ludivox.engines.kingsbridge.charevents import AsideToMalus, GameScored, MalusAdded, MalusCard
from ludivox.engines.kingsbridge.events import (
    CardsDrawn,
    CardsExchanged,
    CardsRevealed,
    ColumnsSet,
    GameBlocked,
    GameWon,
    HandCardsDrawn,
    Passed,
    TurnEnded,
)
from ludivox.engines.kingsbridge.hands import draw_to_six, from_unknown, take
from ludivox.engines.kingsbridge.state import BLOCKED, SCORED, WON, KingsbridgeState

Result = tuple[KingsbridgeState, tuple[Event, ...]]

QUIET_ROUNDS = 3  # virtual game with characters: blocked after 3 full rounds with nothing done


def end_of_turn(state: KingsbridgeState, action: KingsbridgeAction) -> Result:
    """``EndTurn``, ``Exchange``, ``Pass`` (standard) or ``Malus`` (solo / co-op)."""
    events: list[Event] = []
    state = drop_empty_extra(state.evolve(den=0) if state.den else state, events)
    if not state.shared:
        state, more = _standard_end(state, action)
        return state, (*events, *more)
    seat = state.turn
    if isinstance(action, Malus):
        player = take(state.current, (action.card,))
        state = state.with_player(seat, player, malus=(*state.malus, action.card))
        events.append(MalusAdded(seat=seat, count=1, malus=len(state.malus)))
        events.append(MalusCard(seat=seat, card=action.card, private_to=seat))
    state = draw(state, events)
    nxt = next_with_cards(state)
    events.append(TurnEnded(seat=seat, next_seat=seat if nxt is None else nxt))
    if nxt is None:
        return score(state, events), tuple(events)
    return _new_turn(state, nxt, quiet=0, passes=0), tuple(events)


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
        return state.evolve(result=WON, winners=(state.turn,))
    return state


def score(state: KingsbridgeState, events: list[Event]) -> KingsbridgeState:
    """End a solo / co-op game: cards still set aside go to the malus pile, then score."""
    for seat, player in enumerate(state.players):
        if player.aside:
            events.append(AsideToMalus(seat=seat, cards=player.aside))
            state = state.with_player(
                seat, player.evolve(aside=()),
                malus=state.malus + player.aside,
            )
    points = state.score()
    won = points >= 1
    events.append(GameScored(
        score=points, characters=state.characters_left(), empty_columns=state.empty_columns(),
        malus=len(state.malus), won=won,
    ))
    winners = tuple(range(len(state.players))) if won else ()
    return state.evolve(result=SCORED, winners=winners)


def _standard_end(state: KingsbridgeState, action: KingsbridgeAction) -> Result:
    if isinstance(action, Exchange):
        return _exchange(state, action)
    if isinstance(action, Pass):
        return _pass(state)
    if isinstance(action, EndTurn):
        return _end_turn(state)
    raise TypeError(f"not the end of a turn: {action!r}")


def draw(state: KingsbridgeState, events: list[Event]) -> KingsbridgeState:
    """The acting seat draws back to 6 (events: public count, private cards)."""
    seat = state.turn
    player, known, unknown = draw_to_six(state.current)
    count = len(known) + unknown
    if count:
        events.append(CardsDrawn(seat=seat, count=count, pile_left=player.pile_size))
        events.append(HandCardsDrawn(seat=seat, cards=known, unknown=unknown, private_to=seat))
    return state.with_player(seat, player)


def _next_turn(state: KingsbridgeState, quiet: bool, passed: bool) -> KingsbridgeState:
    return _new_turn(
        state, state.next_seat, quiet=state.quiet + 1 if quiet else 0,
        passes=state.passes + 1 if passed else 0,
    )


def _new_turn(state: KingsbridgeState, seat: int, quiet: int, passes: int) -> KingsbridgeState:
    """``seat``'s turn begins: every per-turn flag cleared."""
    return state.evolve(
        turn=seat, placed=0, moves=0, quiet=quiet, passes=passes, power="",
        skip=(0, 0), den=0, fresh=(), placed_aside=0,
    )


def _after_turn(state: KingsbridgeState, events: list[Event]) -> Result:
    """Check the blocked game after a turn ended."""
    if state.passes >= len(state.players) or (not state.is_table and _stuck(state)):
        return blocked(state, events)
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


def blocked(state: KingsbridgeState, events: list[Event]) -> Result:
    """The game ends blocked: the fewest cards left win."""
    winners = fewest_cards(state)
    events.append(GameBlocked(winners=winners, cards_left=state.cards_left()))
    return state.evolve(result=BLOCKED, winners=winners), tuple(events)


def _end_turn(state: KingsbridgeState) -> Result:
    seat = state.turn
    events: list[Event] = []
    state = draw(state, events)
    events.append(TurnEnded(seat=seat, next_seat=state.next_seat))
    return _after_turn(_next_turn(state, quiet=_quiet(state), passed=False), events)


def _exchange(state: KingsbridgeState, action: Exchange) -> Result:
    seat = state.turn
    player = take(state.current, action.cards)
    player = player.evolve(pile=player.pile + action.cards)
    state = state.with_player(seat, player)
    events: list[Event] = [CardsExchanged(seat=seat, count=len(action.cards))]
    state = draw(state, events)
    events.append(TurnEnded(seat=seat, next_seat=state.next_seat))
    return _after_turn(_next_turn(state, quiet=_quiet(state), passed=False), events)


def _pass(state: KingsbridgeState) -> Result:
    events: list[Event] = [Passed(seat=state.turn, next_seat=state.next_seat)]
    return _after_turn(_next_turn(state, quiet=True, passed=True), events)


def reveal(state: KingsbridgeState, action: Reveal) -> Result:
    """Table mode: cards of a hand become known (nothing happens if already known)."""
    player = state.players[action.seat]
    new = tuple(sorted(from_unknown(player, action.cards).elements()))
    if not new:
        return state, ()
    player = player.evolve(
        hand=tuple(sorted(player.hand + new)), unknown=player.unknown - len(new)
    )
    state = state.with_player(action.seat, player)
    return state, (CardsRevealed(seat=action.seat, cards=new, private_to=action.seat),)


def set_columns(state: KingsbridgeState, action: SetColumns) -> Result:
    """Table mode: the six starting cards, said by the players."""
    columns = tuple((card,) for card in action.cards)
    state = state.evolve(columns=columns, setup_done=True)
    return state, (ColumnsSet(cards=action.cards),)
