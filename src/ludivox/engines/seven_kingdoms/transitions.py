"""What each legal action does, and the automatic steps that follow it.

Every function takes a state and a list that collects events, and returns the new state.
After an action the engine runs on until a seat or the world must decide (a player with no
card draws by himself, a take with nothing to take happens by itself, virtual draws happen
by themselves).

Decisions taken where the rulebook is silent (quotes are the rulebook's):

* Évêque: "vous le placez directement dans votre royaume" — it is played face up in phase 1
  like any card (its number sets its place in the resolution order) and, when its turn comes
  in phase 2, it is validated instead of going above a blason, then its token and its card
  follow. It takes no position: the next card resolved goes above the next free blason
  (44, 12, 5 resolved in that order go above I, -, II).
* Ending 1, "Il n'y a plus de carte dans la pioche. A ce moment-là, la partie s'achève
  immédiatement": checked each time a card is drawn from the pile (row refill, a player
  without cards drawing two). When the draw takes the pile's last card the game ends at
  once, even if the row is complete, and nothing else of the round happens. A card played
  this round and not yet resolved stays in front of its player: it is neither in the hand
  nor validated, so it does not score ("chaque joueur valide toutes les cartes qu'il a en
  main").
* Ending 2, "Tous les jetons bonus ont été placés sur les cartes blason": there are 8 tokens
  for 7 blason cards, so it means every blason card carries a token (the 7th Évêque). The
  game ends when phase 2 of that round is over; phases 3 and 4 only prepare a round that will
  not be played and are skipped (in table mode nobody is asked to turn cards up).
* Phase 3: the new line is the cards placed above the blasons (I first) followed by the
  unclaimed cards (order kept), completed from the pile to 7. If that line is longer than 7
  (possible when players take nothing: a Paysan whose places are empty, an empty window),
  only its first 7 cards go back under the blasons and the rest is set aside, out of play.
* A player with no card in hand draws two ("il tire deux cartes de la pioche"), or the last
  card if only one is left; this happens at their turn in phase 1, in turn order.
* The Évêque's new token is revealed only while face-down tokens remain; its token step is
  skipped if no token is face up or no blason card is free (cannot happen with 7 Évêques and
  8 tokens).
"""

from __future__ import annotations

from dataclasses import replace

from ludivox.engines.base import Event
from ludivox.engines.seven_kingdoms import events as ev
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.actions import (
    ChooseToken,
    Play,
    RevealBlason,
    RevealCard,
    RevealHand,
    RevealToken,
    SetFirst,
    SevenKingdomsAction,
    Take,
)
from ludivox.engines.seven_kingdoms.components import BLASON_COUNT, EVEQUE, PLACES, Components
from ludivox.engines.seven_kingdoms.powers import take_sets
from ludivox.engines.seven_kingdoms.scoring import score
from ludivox.engines.seven_kingdoms.state import SeatState, SevenKingdomsState


def _sorted(cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(c for c in cards if c != card)


def perform(
    state: SevenKingdomsState,
    action: SevenKingdomsAction,
    components: Components,
    out: list[Event],
) -> SevenKingdomsState:
    """Apply a legal ``action`` (already checked) and run the automatic steps after it."""
    if isinstance(action, Play):
        return _play(state, action, components, out)
    if isinstance(action, ChooseToken):
        return _bonus(state, action, components, out)
    if isinstance(action, Take):
        return _take(state, action, components, out)
    if isinstance(action, RevealBlason):
        return _reveal_blason(state, action, out)
    if isinstance(action, RevealToken):
        return _reveal_token(state, action, components, out)
    if isinstance(action, SetFirst):
        return _set_first(state, action, out)
    if isinstance(action, RevealCard):
        return _reveal_card(state, action, components, out)
    return _reveal_hand(state, action, components, out)


# --- set-up -----------------------------------------------------------------------------
def _reveal_blason(
    state: SevenKingdomsState, action: RevealBlason, out: list[Event]
) -> SevenKingdomsState:
    blasons = (*state.blasons, action.blason)
    out.append(ev.BlasonRevealed(position=len(blasons), blason=action.blason))
    phase = st.SETUP_TOKENS if len(blasons) == BLASON_COUNT else st.SETUP_BLASONS
    return replace(state, blasons=blasons, phase=phase)


def _reveal_token(
    state: SevenKingdomsState, action: RevealToken, components: Components, out: list[Event]
) -> SevenKingdomsState:
    state = replace(
        state,
        tokens_revealed=(*state.tokens_revealed, action.token),
        tokens_unknown=state.tokens_unknown - 1,
    )
    out.append(ev.TokenRevealed(token=action.token))
    if state.phase == st.SETUP_TOKENS:
        if len(state.tokens_revealed) == st.REVEALED_TOKENS or state.tokens_unknown == 0:
            return replace(state, phase=st.SETUP_FIRST)
        return state
    return _enter_take(replace(state, phase=st.TAKE), components, out)


def _set_first(state: SevenKingdomsState, action: SetFirst, out: list[Event]) -> SevenKingdomsState:
    seats = tuple(replace(s, unknown=s.unknown + st.DEAL) for s in state.seats)
    state = replace(
        state,
        first=action.seat,
        turn=action.seat,
        seats=seats,
        pile_unknown=state.pile_unknown - st.DEAL * len(seats),
        phase=st.SETUP_ROW,
    )
    out.append(ev.FirstPlayerChosen(seat=action.seat, dealt=st.DEAL))
    return state


def _reveal_card(
    state: SevenKingdomsState, action: RevealCard, components: Components, out: list[Event]
) -> SevenKingdomsState:
    place = state.row.index(None) + 1
    state = replace(state, pile_unknown=state.pile_unknown - 1)
    state = _put_in_row(state, place, action.card, out)
    if state.phase == st.SETUP_ROW:
        if None in state.row:
            return state
        return start_round(state, components, out)
    if state.pile_size == 0:
        return end_game(state, st.PILE_EMPTY, components, out)
    if None in state.row:
        return state
    return _pass_first(state, components, out)


def _put_in_row(
    state: SevenKingdomsState, place: int, card: int, out: list[Event]
) -> SevenKingdomsState:
    row = list(state.row)
    row[place - 1] = card
    out.append(ev.CardRevealed(place=place, card=card, pile_left=state.pile_size))
    return replace(state, row=tuple(row))


# --- phase 1 ----------------------------------------------------------------------------
def start_round(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    """Begin the next round (``round + 1``) with the current first player."""
    seats = tuple(replace(s, played=None, sat_out=False) for s in state.seats)
    state = replace(
        state,
        seats=seats,
        round=state.round + 1,
        phase=st.PLAY,
        turn=state.first,
        order=(),
        resolving_card=None,
        above=(),
    )
    out.append(ev.RoundStarted(round=state.round, first=state.first))
    return _run_play(state, components, out)


def _run_play(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    """Seats without a card draw and sit out; stops at a seat that must play, or collects."""
    while True:
        if all(s.acted for s in state.seats):
            return _start_collect(state, components, out)
        seat = state.seats[state.turn]
        if seat.hand_size > 0:
            return state
        state = _sit_out(state, state.turn, out)
        if state.pile_size == 0:
            return end_game(state, st.PILE_EMPTY, components, out)
        state = replace(state, turn=state.next_seat(state.turn))


def _sit_out(state: SevenKingdomsState, index: int, out: list[Event]) -> SevenKingdomsState:
    count = min(st.SIT_OUT_DRAW, state.pile_size)
    seat = state.seats[index]
    if state.is_table:
        seat = replace(seat, unknown=seat.unknown + count, sat_out=True)
        state = replace(state, pile_unknown=state.pile_unknown - count)
        out.append(ev.SatOut(seat=index, count=count, pile_left=state.pile_size))
        return state.with_seat(index, seat)
    drawn = state.pile[:count]
    seat = replace(seat, hand=_sorted(seat.hand + drawn), sat_out=True)
    state = replace(state, pile=state.pile[count:]).with_seat(index, seat)
    out.append(ev.SatOut(seat=index, count=count, pile_left=state.pile_size))
    out.append(ev.CardsDrawn(seat=index, cards=_sorted(drawn), private_to=index))
    return state


def _play(
    state: SevenKingdomsState, action: Play, components: Components, out: list[Event]
) -> SevenKingdomsState:
    index = state.turn
    seat = state.seats[index]
    if action.card in seat.hand:
        seat = replace(
            seat, hand=_without(seat.hand, action.card), seen=_without(seat.seen, action.card)
        )
    else:
        seat = replace(seat, unknown=seat.unknown - 1)
    seat = replace(seat, played=action.card)
    state = replace(state.with_seat(index, seat), turn=state.next_seat(index))
    out.append(ev.CardPlayed(seat=index, card=action.card))
    return _run_play(state, components, out)


# --- phase 2 ----------------------------------------------------------------------------
def _start_collect(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    played = [(s.played, i) for i, s in enumerate(state.seats) if s.played is not None]
    order = tuple(i for _, i in sorted(played, reverse=True))
    return _next_resolver(replace(state, order=order, above=()), components, out)


def _next_resolver(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    if not state.order:
        return _end_collect(replace(state, resolving_card=None), components, out)
    index = state.order[0]
    seat = state.seats[index]
    card = seat.played
    assert card is not None  # every seat in ``order`` played a card
    seat = replace(seat, played=None)
    if components.card(card).rank == EVEQUE:
        seat = replace(seat, kingdom=_sorted((*seat.kingdom, card)))
        state = replace(state.with_seat(index, seat), resolving_card=card)
        out.append(ev.BishopValidated(seat=index, card=card))
        if state.tokens_revealed and None in state.tokens_placed:
            return replace(state, phase=st.BONUS)
        return _enter_take(replace(state, phase=st.TAKE), components, out)
    state = replace(
        state.with_seat(index, seat), above=(*state.above, card), resolving_card=card
    )
    out.append(ev.CardPlacedAbove(seat=index, card=card, position=len(state.above)))
    return _enter_take(replace(state, phase=st.TAKE), components, out)


def _enter_take(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    """Wait for the take, unless taking nothing is the only choice."""
    assert state.resolving_card is not None
    if take_sets(state.row, components.card(state.resolving_card)) == [()]:
        return _take(state, Take(()), components, out)
    return state


def _bonus(
    state: SevenKingdomsState, action: ChooseToken, components: Components, out: list[Event]
) -> SevenKingdomsState:
    index = state.order[0]
    position = state.tokens_placed.index(None) + 1
    placed = list(state.tokens_placed)
    placed[position - 1] = action.token
    state = replace(
        state,
        tokens_placed=tuple(placed),
        tokens_revealed=tuple(t for t in state.tokens_revealed if t != action.token),
    )
    out.append(
        ev.TokenPlaced(
            seat=index, token=action.token, position=position, blason=state.blasons[position - 1]
        )
    )
    if state.tokens_unknown:
        return replace(state, phase=st.REVEAL_TOKEN)
    if state.tokens_hidden:
        token = state.tokens_hidden[0]
        state = replace(
            state,
            tokens_hidden=state.tokens_hidden[1:],
            tokens_revealed=(*state.tokens_revealed, token),
        )
        out.append(ev.TokenRevealed(token=token))
    return _enter_take(replace(state, phase=st.TAKE), components, out)


def _take(
    state: SevenKingdomsState, action: Take, components: Components, out: list[Event]
) -> SevenKingdomsState:
    index = state.order[0]
    seat = state.seats[index]
    validated = action.validated
    seat = replace(
        seat,
        hand=_sorted(seat.hand + action.keep),
        seen=_sorted(seat.seen + action.keep),
        kingdom=_sorted(seat.kingdom + validated),
    )
    row = tuple(None if c in action.cards else c for c in state.row)
    state = replace(state.with_seat(index, seat), row=row, order=state.order[1:])
    out.append(
        ev.CardsTaken(seat=index, cards=action.cards, kept=action.keep, validated=validated)
    )
    return _next_resolver(state, components, out)


def _end_collect(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    if None not in state.tokens_placed:
        return end_game(state, st.TOKENS_PLACED, components, out)
    line = [*state.above, *(c for c in state.row if c is not None)]
    kept, aside = line[:PLACES], tuple(line[PLACES:])
    row: tuple[int | None, ...] = (*kept, *([None] * (PLACES - len(kept))))
    state = replace(state, row=row, above=(), discard=(*state.discard, *aside), phase=st.REFILL)
    out.append(ev.RowShifted(row=row, set_aside=aside))
    return _refill(state, components, out)


def _refill(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    while None in state.row:
        if state.is_table:
            return state  # the world turns the cards up (RevealCard)
        place = state.row.index(None) + 1
        card, pile = state.pile[0], state.pile[1:]
        state = _put_in_row(replace(state, pile=pile), place, card, out)
        if not state.pile:
            return end_game(state, st.PILE_EMPTY, components, out)
    return _pass_first(state, components, out)


# --- phase 4 ----------------------------------------------------------------------------
def _pass_first(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    first = state.next_seat(state.first)
    out.append(ev.FirstPlayerPassed(seat=first))
    return start_round(replace(state, first=first), components, out)


# --- end --------------------------------------------------------------------------------
def end_game(
    state: SevenKingdomsState, reason: str, components: Components, out: list[Event]
) -> SevenKingdomsState:
    """The game ends now: hidden hands are shown (table), then hands validated and scored."""
    state = replace(state, end=reason, order=(), resolving_card=None)
    out.append(ev.GameEnded(reason=reason, round=state.round))
    if any(s.unknown for s in state.seats):
        return replace(state, phase=st.FINAL)
    return _finish(state, components, out)


def _reveal_hand(
    state: SevenKingdomsState, action: RevealHand, components: Components, out: list[Event]
) -> SevenKingdomsState:
    seat = state.seats[action.seat]
    seat = replace(
        seat,
        hand=_sorted((*seat.hand, action.card)),
        seen=_sorted((*seat.seen, action.card)),  # shown to everyone
        unknown=seat.unknown - 1,
    )
    state = state.with_seat(action.seat, seat)
    out.append(ev.HandCardRevealed(seat=action.seat, card=action.card))
    if any(s.unknown for s in state.seats):
        return state
    return _finish(state, components, out)


def _finish(
    state: SevenKingdomsState, components: Components, out: list[Event]
) -> SevenKingdomsState:
    seats: list[SeatState] = []
    for i, seat in enumerate(state.seats):
        out.append(ev.HandValidated(seat=i, cards=seat.hand))
        seats.append(replace(seat, hand=(), seen=(), kingdom=_sorted(seat.kingdom + seat.hand)))
    state = replace(state, seats=tuple(seats), phase=st.OVER)
    result = score(state, components)
    for award in result.awards:
        out.append(
            ev.TokenAwarded(
                blason=award.blason,
                position=award.position,
                token=award.token,
                seat=award.seat,
                counts=award.counts,
            )
        )
    out.append(
        ev.GameScored(
            scores=tuple(line.total for line in result.lines),
            kings=tuple(line.kings for line in result.lines),
            winners=result.winners,
        )
    )
    return state
