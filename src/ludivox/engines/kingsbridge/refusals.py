"""Why an action is refused: :func:`refusal` returns ``None`` exactly for legal actions, in
the base game, the full game (characters) and the solo and co-op variants alike.

Checks run in a fixed order, so the reason given is the first problem a player would want to
hear about: game over, the characters' absence, set-up, then the action's own shape
(columns, card values, order), then the hand, then the columns. Columns in reason parameters
are counted from 1. Placements and moves: :mod:`.placing`; character uses and their table
set-up: :mod:`.character_refusals`.

Decisions (rulebook silent or to be made precise):

* A character may be used at any time of one's turn, also after placing or moving: using one
  does not prevent exchanging (exchanging is "au lieu de poser des cartes"), and after using
  one the turn may end without placing.
* Retrieving Edgar is not a character use; it counts as placing the card (from the hand, or
  set aside if Edgar ends his column) and is refused in the turn Edgar was laid.
* Solo / co-op: the malus is allowed only before any hand card was placed this turn and when
  no known hand card can be placed right now (nor swapped for Edgar); the player need not
  use a character first (characters are worth points). At a table, cards the assistant does
  not know are the player's own business.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from ludivox.engines.base import Reason
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
from ludivox.engines.kingsbridge.character_refusals import (
    reveal_character_refusal,
    set_characters_refusal,
    use_refusal,
)
from ludivox.engines.kingsbridge.characters import piles_pending, reveal_pending
from ludivox.engines.kingsbridge.charactions import (
    CHARACTER_ACTIONS,
    CHARACTER_USES,
    Malus,
    RetrieveEdgar,
    RevealCharacter,
    SetCharacters,
)
from ludivox.engines.kingsbridge.checks import aside_problem, bad_card, hand_problem
from ludivox.engines.kingsbridge.hands import from_unknown, too_many
from ludivox.engines.kingsbridge.placing import first_single_place, move_refusal, place_refusal
from ludivox.engines.kingsbridge.state import EDGAR, TABLE, KingsbridgeState, value


def refusal(state: KingsbridgeState, action: KingsbridgeAction) -> Reason | None:
    """``None`` if ``action`` is legal in ``state``, else the reason (with suggestions)."""
    if state.game_over:
        return Reason.of("game_over")
    kind = type(action)
    if not state.options.characters and (
        kind in _CHARACTER_ONLY or (isinstance(action, Place) and bool(action.aside))
    ):
        return Reason.of("no_characters")
    world = _WORLD.get(kind)
    if world is not None:
        return world(state, action)
    if state.mode == TABLE:
        if not state.setup_done or piles_pending(state):
            return Reason.of("setup_pending")
        if reveal_pending(state):
            return Reason.of("character_reveal_pending")
    turn = _TURN.get(kind)
    if turn is None:
        raise TypeError(f"not a Kingsbridge action: {action!r}")
    return turn(state, action)


# --- the end of a turn --------------------------------------------------------------------


def can_end_turn(state: KingsbridgeState) -> bool:
    """Solo / co-op: after placing a hand card. Standard: after placing, moving or using a
    character, or to draw with an empty hand (never otherwise)."""
    player = state.current
    if state.shared:
        # "vous devez poser au moins 1 carte de votre main ... ou placer 1 carte de votre
        # main sur une pile de malus": a hand Wilwulf emptied holds no card for either, so
        # the turn may end (the cards set aside go to the malus at the end if never placed).
        return state.placed > 0 or player.hand_size == 0
    return state.busy or (player.hand_size == 0 and player.pile_size > 0)


def can_declare_blocked(state: KingsbridgeState) -> bool:
    """Table mode, standard game: a full round (one turn per player) passed with only
    exchanges and passes."""
    return (
        state.is_table and not state.shared and not state.played
        and state.quiet >= len(state.players)
    )


def _end(state: KingsbridgeState, action: EndTurn) -> Reason | None:
    if can_end_turn(state):
        return None
    hints: list[KingsbridgeAction] = []
    single = first_single_place(state)
    if single is not None:
        hints.append(single)
    if state.shared:
        if single is None and state.current.hand:
            malus = Malus(state.current.hand[0])
            refused = _malus(state, malus)  # Edgar may still be taken back with a hand card
            hints.extend(refused.suggestions if refused is not None else (malus,))
        return Reason.of("must_place_or_malus", hints)
    pile = state.current.pile_size
    if pile == 0:
        hints.append(Pass())
    elif state.current.hand:
        hints.append(Exchange(state.current.hand))
    return Reason.of("nothing_played", hints, pile=pile)


def _exchange(state: KingsbridgeState, action: Exchange) -> Reason | None:
    if state.shared:
        return Reason.of("exchange_not_allowed", mode=state.options.mode)
    if not action.cards:
        return Reason.of("no_cards")
    problem = bad_card(action.cards)
    if problem is not None:
        return problem
    if state.played:
        return Reason.of("exchange_after_play", (EndTurn(),))
    if not state.current.pile:  # a character used this turn: ending it, not passing
        hint = EndTurn() if state.power else Pass()
        return Reason.of("exchange_pile_empty", (hint,))
    return hand_problem(state, action.cards)


def _pass(state: KingsbridgeState, action: Pass) -> Reason | None:
    if state.shared:
        return Reason.of("pass_not_allowed", mode=state.options.mode)
    if state.played or state.power:
        return Reason.of("pass_after_play", (EndTurn(),))
    pile = state.current.pile_size
    if pile:
        hints = (Exchange(state.current.hand),) if state.current.hand else ()
        return Reason.of("pass_pile_not_empty", hints, pile=pile)
    return None


def _declare_blocked(state: KingsbridgeState, action: DeclareBlocked) -> Reason | None:
    if state.shared:
        return Reason.of("not_blocked_yet", since=0)
    if not state.is_table:
        return Reason.of("not_table_mode")
    if not can_declare_blocked(state):
        return Reason.of("not_blocked_yet", since=0 if state.played else state.quiet)
    return None


def _malus(state: KingsbridgeState, action: Malus) -> Reason | None:
    if not state.shared:
        return Reason.of("malus_not_in_mode", mode=state.options.mode)
    if state.placed:
        return Reason.of("malus_after_place", (EndTurn(),))
    problem = bad_card((action.card,)) or hand_problem(state, (action.card,))
    if problem is not None:
        return problem
    single = first_single_place(state)
    if single is not None:
        return Reason.of(
            "malus_but_can_place", (single,), value=single.cards[0], column=single.column
        )
    where = state.edgar_at()
    if where is not None and _retrieve(state, RetrieveEdgar()) is None:
        column, index = where
        card = value(state.columns[column][index])
        if card in state.current.hand:  # known cards only (table mode)
            return Reason.of(
                "malus_but_can_place", (RetrieveEdgar(),), value=card, column=column + 1
            )
    return None


def _retrieve(state: KingsbridgeState, action: RetrieveEdgar) -> Reason | None:
    where = state.edgar_at()
    if where is None:
        return Reason.of("edgar_not_in_column")
    if state.power == EDGAR:
        return Reason.of("edgar_just_laid")
    column, index = where
    card = value(state.columns[column][index])
    if action.aside:
        if index != len(state.columns[column]) - 1:
            return Reason.of("edgar_not_at_end", column=column + 1)
        return aside_problem(state, (card,))
    return hand_problem(state, (card,))


# --- table mode: what the players say is on the table -------------------------------------


def _reveal(state: KingsbridgeState, action: Reveal) -> Reason | None:
    if not state.is_table:
        return Reason.of("not_table_mode")
    if not 0 <= action.seat < len(state.players):
        return Reason.of("no_such_seat", seat=action.seat, players=len(state.players))
    if not action.cards:
        return Reason.of("no_cards")
    problem = bad_card(action.cards)
    if problem is not None:
        return problem
    player = state.players[action.seat]
    new = from_unknown(player, action.cards)  # copies already known in hand are no-ops
    budget = player.unknown
    for card in sorted(new.elements()):
        if budget == 0:
            return Reason.of("no_unknown_card", seat=action.seat, value=card)
        budget -= 1
    over = too_many(state.known_counts(), new)
    if over is not None:
        return Reason.of("too_many_copies", value=over[0], known=over[1])
    return None


def _set_columns(state: KingsbridgeState, action: SetColumns) -> Reason | None:
    if not state.is_table:
        return Reason.of("not_table_mode")
    if state.setup_done:
        return Reason.of("setup_done")
    if len(action.cards) != len(state.columns):
        return Reason.of("wrong_column_count", expected=len(state.columns), got=len(action.cards))
    problem = bad_card(action.cards)
    if problem is not None:
        return problem
    over = too_many(state.known_counts(), Counter(action.cards))
    if over is not None:
        return Reason.of("too_many_copies", value=over[0], known=over[1])
    return None


# Which check judges which action (the world's reveals before the set-up check).
_Check = Callable[[KingsbridgeState, Any], "Reason | None"]
_WORLD: dict[type, _Check] = {
    Reveal: _reveal,
    SetColumns: _set_columns,
    SetCharacters: set_characters_refusal,
    RevealCharacter: reveal_character_refusal,
}
_TURN: dict[type, _Check] = {
    Place: partial(place_refusal, suggest=True),
    Move: partial(move_refusal, suggest=True),
    Exchange: _exchange,
    EndTurn: _end,
    Pass: _pass,
    DeclareBlocked: _declare_blocked,
    Malus: _malus,
    RetrieveEdgar: _retrieve,
    **{use: use_refusal for use in CHARACTER_USES},
}
_CHARACTER_ONLY = frozenset(CHARACTER_ACTIONS)
