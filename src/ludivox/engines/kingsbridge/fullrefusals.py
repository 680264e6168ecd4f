"""Refusals of the full game (characters) and of the solo / co-op variants (character uses
and their table set-up: :mod:`.userefusals`).

:func:`refusal` judges every action of a game played with characters, and the character
actions of a base game (refused with ``no_characters``). Placements and moves share the column
rules of :mod:`ludivox.engines.kingsbridge.columns` with the coach; their refusal codes are the
base game's (``needs_card``, ``move_needs``, ...) plus the character ones
(:data:`ludivox.engines.kingsbridge.reasons.CHARACTER_REASON_CODES`).

Decisions (rulebook silent or to be made precise):

* A character may be used at any time of one's turn, also after placing, moving or
  exchanging's alternative: using one does not prevent exchanging (exchanging is "au lieu de
  poser des cartes"), and after using one the turn may end without placing.
* Wilwulf's cards are placed with ``Place(..., aside=...)``; only at a column's end (also on
  an empty column, after Agatha's identical card or across Ragna's skip), never at the start
  (Aldred) nor into a hole, and from the turn after they were set aside.
* Retrieving Edgar is not a character use; it counts as placing the card (from the hand, or
  set aside if Edgar ends his column) and is refused in the turn Edgar was laid.
* Solo / co-op: the malus is allowed only before any hand card was placed this turn and when
  no known hand card can be placed right now (nor swapped for Edgar); the player need not
  use a character first (characters are worth points). At a table, cards the assistant does
  not know are the player's own business.
"""

from __future__ import annotations

from collections import Counter

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
from ludivox.engines.kingsbridge.characters import (
    piles_pending,
    powers,
    reveal_pending,
)
from ludivox.engines.kingsbridge.charactions import (
    CHARACTER_ACTIONS,
    CHARACTER_USES,
    Malus,
    RetrieveEdgar,
    RevealCharacter,
    SetCharacters,
)
from ludivox.engines.kingsbridge.columns import move_where, place_where, run_fault
from ludivox.engines.kingsbridge.refusals import (
    MAX_SUGGESTIONS,
    _bad_card,
    _column_ok,
    _declare_blocked,
    _exchange,
    _hand_problem,
    _pass,
    _reveal,
    _set_columns,
)
from ludivox.engines.kingsbridge.state import (
    EDGAR,
    MAX_CARD,
    KingsbridgeState,
    value,
)
from ludivox.engines.kingsbridge.userefusals import (
    reveal_character_refusal,
    set_characters_refusal,
    use_refusal,
)


def is_full_game_action(action: object) -> bool:
    """True for actions that exist only in the full game (characters, Wilwulf cards)."""
    if isinstance(action, Place):
        return bool(action.aside)
    return isinstance(action, CHARACTER_ACTIONS)


def refusal(state: KingsbridgeState, action: KingsbridgeAction) -> Reason | None:
    """``None`` if ``action`` is legal in this full-game state, else the reason."""
    if state.game_over:
        return Reason.of("game_over")
    if not state.characters_on:
        return Reason.of("no_characters")
    if isinstance(action, Reveal):
        return _reveal(state, action)
    if isinstance(action, SetColumns):
        return _set_columns(state, action)
    if isinstance(action, SetCharacters):
        return set_characters_refusal(state, action)
    if isinstance(action, RevealCharacter):
        return reveal_character_refusal(state, action)
    if (state.is_table and not state.setup_done) or piles_pending(state):
        return Reason.of("setup_pending")
    if reveal_pending(state):
        return Reason.of("character_reveal_pending")
    return _turn_action(state, action)


def _turn_action(state: KingsbridgeState, action: KingsbridgeAction) -> Reason | None:
    mode = state.options.mode
    if isinstance(action, Place):
        return place_refusal(state, action, suggest=True)
    if isinstance(action, Move):
        return move_refusal(state, action, suggest=True)
    if isinstance(action, Exchange):
        return Reason.of("exchange_not_allowed", mode=mode) if state.shared else _exchange(
            state, action
        )
    if isinstance(action, EndTurn):
        return _end(state)
    if isinstance(action, Pass):
        if state.shared:
            return Reason.of("pass_not_allowed", mode=mode)
        if state.power and not state.played:
            return Reason.of("pass_after_play", (EndTurn(),))
        return _pass(state)
    if isinstance(action, DeclareBlocked):
        if state.shared:
            return Reason.of("not_blocked_yet", since=0)
        return _declare_blocked(state)
    if isinstance(action, Malus):
        return _malus(state, action)
    if isinstance(action, RetrieveEdgar):
        return _retrieve(state, action)
    if isinstance(action, CHARACTER_USES):
        return use_refusal(state, action)
    raise TypeError(f"not a Kingsbridge action: {action!r}")


# --- ending a turn ------------------------------------------------------------------------


def can_end_turn(state: KingsbridgeState) -> bool:
    """Solo / co-op: after placing a hand card. Standard: after placing, moving or using a
    character, or to draw with an empty hand."""
    player = state.current
    if state.shared:
        return state.placed > 0
    return state.busy or (player.hand_size == 0 and player.pile_size > 0)


def _end(state: KingsbridgeState) -> Reason | None:
    if can_end_turn(state):
        return None
    hints: list[KingsbridgeAction] = []
    single = first_single_place(state)
    if single is not None:
        hints.append(single)
    if state.shared:
        if single is None and state.current.hand:
            hints.append(Malus(state.current.hand[0]))
        return Reason.of("must_place_or_malus", hints)
    pile = state.current.pile_size
    if pile == 0:
        hints.append(Pass())
    elif state.current.hand:
        hints.append(Exchange(state.current.hand))
    return Reason.of("nothing_played", hints, pile=pile)


def first_single_place(state: KingsbridgeState) -> Place | None:
    """The first legal placement of one known hand card, columns in order."""
    for card in sorted(set(state.current.hand)):
        for number in range(1, len(state.columns) + 1):
            candidate = Place((card,), number)
            if place_refusal(state, candidate) is None:
                return candidate
    return None


def _malus(state: KingsbridgeState, action: Malus) -> Reason | None:
    if not state.shared:
        return Reason.of("malus_not_in_mode", mode=state.options.mode)
    if state.placed:
        return Reason.of("malus_after_place", (EndTurn(),))
    problem = _bad_card((action.card,)) or _hand_problem(state, (action.card,))
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


# --- placing and moving -------------------------------------------------------------------


def _aside_problem(state: KingsbridgeState, aside: tuple[int, ...]) -> Reason | None:
    player = state.current
    held = Counter(player.aside)
    ready = held - Counter(state.fresh)
    for card, wanted in sorted(Counter(aside).items()):
        if wanted > held[card]:
            return Reason.of("card_not_aside", value=card, wanted=wanted, held=held[card])
        if wanted > ready[card]:
            return Reason.of("aside_this_turn", value=card)
    return None


def place_refusal(state: KingsbridgeState, action: Place, suggest: bool = False) -> Reason | None:
    """Refusal of a ``Place`` in the full game (turn checks done by the caller)."""
    cards = action.cards
    problem = _column_ok(state, action.column)
    if problem is None and not cards:
        problem = Reason.of("no_cards")
    problem = problem or _bad_card(cards) or _bad_card(action.aside)
    if problem is not None:
        return problem
    if action.aside:
        extra = Counter(action.aside) - Counter(cards)
        if extra:
            return Reason.of("aside_not_in_cards", value=min(extra))
    turn = powers(state)
    index = action.column - 1
    bad, _ = run_fault(None, cards, turn.agatha, turn.skip_value if turn.skip_column == index
                       else 0)
    if bad > 0:
        return Reason.of("not_consecutive", first=cards[bad - 1], second=cards[bad])
    if action.aside:
        from_hand = tuple((Counter(cards) - Counter(action.aside)).elements())
        problem = _hand_problem(state, from_hand) or _aside_problem(state, action.aside)
    else:
        problem = _hand_problem(state, cards)
    if problem is not None:
        return problem
    column = state.columns[index]
    where, _ = place_where(column, cards, index, turn, end_only=bool(action.aside))
    if where:
        return None
    if action.aside and place_where(column, cards, index, turn, end_only=False)[0]:
        return Reason.of("aside_not_at_end", value=action.aside[0], column=action.column)
    last = value(column[-1])
    hints = _place_suggestions(state, action) if suggest else ()
    if last == MAX_CARD and not turn.agatha:
        return Reason.of("column_ends_with_thirteen", hints, column=action.column)
    return Reason.of(
        "needs_card", hints, value=cards[0], column=action.column, last=last, needed=last + 1
    )


def _place_suggestions(state: KingsbridgeState, action: Place) -> tuple[Place, ...]:
    found: list[Place] = []
    for cards in (action.cards, action.cards[:1]):
        for number in range(1, len(state.columns) + 1):
            aside = tuple((Counter(action.aside) & Counter(cards)).elements())
            candidate = Place(cards, number, aside)
            if number != action.column and candidate not in found and (
                place_refusal(state, candidate) is None
            ):
                found.append(candidate)
        if found:
            break
    return tuple(found[:MAX_SUGGESTIONS])


def move_refusal(state: KingsbridgeState, action: Move, suggest: bool = False) -> Reason | None:
    """Refusal of a ``Move`` in the full game (turn checks done by the caller)."""
    problem = _column_ok(state, action.source) or _column_ok(state, action.target)
    if problem is not None:
        return problem
    if action.source == action.target:
        return Reason.of("same_column", column=action.source)
    source = state.columns[action.source - 1]
    if not source:
        return Reason.of("empty_source", column=action.source)
    if not 0 <= action.start < len(source):
        return Reason.of("bad_start", column=action.source, start=action.start, length=len(source))
    target = state.columns[action.target - 1]
    turn = powers(state)
    where, _ = move_where(source, action.start, target, action.target - 1, turn)
    if where:
        return None
    last = value(target[-1])
    hints: tuple[Move, ...] = ()
    if suggest:
        hints = tuple(
            m for m in (Move(action.source, action.start, t) for t in range(1, len(state.columns)
                                                                          + 1))
            if m.target not in (action.target, action.source) and move_refusal(state, m) is None
        )[:MAX_SUGGESTIONS]
    if last == MAX_CARD and not turn.agatha:
        return Reason.of("column_ends_with_thirteen", hints, column=action.target)
    return Reason.of(
        "move_needs", hints, source=action.source, target=action.target,
        first=value(source[action.start]), last=last, needed=last + 1,
    )


# --- Edgar --------------------------------------------------------------------------------


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
        return _aside_problem(state, (card,))
    return _hand_problem(state, (card,))
