"""Why an action is refused: :func:`refusal` returns ``None`` exactly for legal actions.

Checks run in a fixed order, so the reason given is the first problem a player would want to
hear about: game over, set-up, then the action's own shape (columns, card values, order),
then the hand, then the columns. Columns in reason parameters are counted from 1.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

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
from ludivox.engines.kingsbridge.hands import from_unknown, missing_card, too_many
from ludivox.engines.kingsbridge.state import MAX_CARD, MIN_CARD, KingsbridgeState

MAX_SUGGESTIONS = 3


def refusal(state: KingsbridgeState, action: KingsbridgeAction) -> Reason | None:
    """``None`` if ``action`` is legal in ``state``, else the reason (with suggestions)."""
    if state.game_over:
        return Reason.of("game_over")
    if isinstance(action, Reveal):
        return _reveal(state, action)
    if isinstance(action, SetColumns):
        return _set_columns(state, action)
    if state.is_table and not state.setup_done:
        return Reason.of("setup_pending")
    if isinstance(action, Place):
        return place_refusal(state, action, suggest=True)
    if isinstance(action, Move):
        return move_refusal(state, action, suggest=True)
    if isinstance(action, Exchange):
        return _exchange(state, action)
    if isinstance(action, EndTurn):
        return _end(state)
    if isinstance(action, Pass):
        return _pass(state)
    if isinstance(action, DeclareBlocked):
        return _declare_blocked(state)
    raise TypeError(f"not a Kingsbridge action: {action!r}")


def can_end_turn(state: KingsbridgeState) -> bool:
    """Ending is allowed after playing, or to draw when the hand is empty (never otherwise)."""
    player = state.current
    return state.played or (player.hand_size == 0 and player.pile_size > 0)


def can_declare_blocked(state: KingsbridgeState) -> bool:
    """Table mode: a full round (one turn per player) passed with only exchanges and passes."""
    return state.is_table and not state.played and state.quiet >= len(state.players)


def _bad_card(cards: tuple[int, ...]) -> Reason | None:
    for card in cards:
        if not MIN_CARD <= card <= MAX_CARD:
            return Reason.of("no_such_card", value=card)
    return None


def _column_ok(state: KingsbridgeState, column: int) -> Reason | None:
    if not 1 <= column <= len(state.columns):
        return Reason.of("no_such_column", column=column, columns=len(state.columns))
    return None


def _hand_problem(state: KingsbridgeState, cards: tuple[int, ...]) -> Reason | None:
    player = state.current
    missing = missing_card(player, cards)
    if missing is not None:
        return Reason.of(
            "card_not_in_hand", value=missing, wanted=cards.count(missing),
            held=player.held(missing),
        )
    if state.is_table:
        over = too_many(state.known_counts(), from_unknown(player, cards))
        if over is not None:
            return Reason.of("too_many_copies", value=over[0], known=over[1])
    return None


def place_refusal(state: KingsbridgeState, action: Place, suggest: bool = False) -> Reason | None:
    """Refusal of a ``Place`` (the caller checked game over and set-up)."""
    cards = action.cards
    problem = _column_ok(state, action.column)
    if problem is None and not cards:
        problem = Reason.of("no_cards")
    problem = problem or _bad_card(cards)
    if problem is not None:
        return problem
    for first, second in pairwise(cards):
        if second != first + 1:
            return Reason.of("not_consecutive", first=first, second=second)
    problem = _hand_problem(state, cards)
    if problem is not None:
        return problem
    column = state.columns[action.column - 1]
    if not column:
        return None
    last = column[-1]
    if last == MAX_CARD:
        code, params = "column_ends_with_thirteen", {"column": action.column}
    elif cards[0] != last + 1:
        code = "needs_card"
        params = {"value": cards[0], "column": action.column, "last": last, "needed": last + 1}
    else:
        return None
    hints = _place_suggestions(state, action) if suggest else ()
    return Reason.of(code, hints, **params)


def _place_suggestions(state: KingsbridgeState, action: Place) -> tuple[Place, ...]:
    """Legal placements close to a refused one: with the missing cards, or elsewhere."""
    found: list[Place] = []
    column = state.columns[action.column - 1]
    if column and column[-1] < action.cards[0] - 1:
        longer = Place(tuple(range(column[-1] + 1, action.cards[-1] + 1)), action.column)
        if place_refusal(state, longer) is None:
            found.append(longer)
    for runs in (action.cards, action.cards[:1]):
        for number in range(1, len(state.columns) + 1):
            candidate = Place(runs, number)
            if number != action.column and candidate not in found and (
                place_refusal(state, candidate) is None
            ):
                found.append(candidate)
        if found:
            break
    return tuple(found[:MAX_SUGGESTIONS])


def move_refusal(state: KingsbridgeState, action: Move, suggest: bool = False) -> Reason | None:
    """Refusal of a ``Move`` (the caller checked game over and set-up)."""
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
    if not target:
        return None
    last = target[-1]
    first = source[action.start]
    if last == MAX_CARD:
        code, params = "column_ends_with_thirteen", {"column": action.target}
    elif first != last + 1:
        code = "move_needs"
        params = {
            "source": action.source, "target": action.target, "first": first, "last": last,
            "needed": last + 1,
        }
    else:
        return None
    hints = _move_suggestions(state, action) if suggest else ()
    return Reason.of(code, hints, **params)


def _move_suggestions(state: KingsbridgeState, action: Move) -> tuple[Move, ...]:
    """The same part moved elsewhere, or the part of the source that fits the target."""
    found: list[Move] = []
    source = state.columns[action.source - 1]
    target = state.columns[action.target - 1]
    if target[-1] + 1 in source:
        found.append(Move(action.source, source.index(target[-1] + 1), action.target))
    for number in range(1, len(state.columns) + 1):
        candidate = Move(action.source, action.start, number)
        if number != action.target and move_refusal(state, candidate) is None:
            found.append(candidate)
    return tuple(found[:MAX_SUGGESTIONS])


def _exchange(state: KingsbridgeState, action: Exchange) -> Reason | None:
    if not action.cards:
        return Reason.of("no_cards")
    problem = _bad_card(action.cards)
    if problem is not None:
        return problem
    if state.played:
        return Reason.of("exchange_after_play", (EndTurn(),))
    if not state.current.pile:
        return Reason.of("exchange_pile_empty", (Pass(),))
    return _hand_problem(state, action.cards)


def _end(state: KingsbridgeState) -> Reason | None:
    if can_end_turn(state):
        return None
    pile = state.current.pile_size
    hints: list[KingsbridgeAction] = []
    single = _first_single_place(state)
    if single is not None:
        hints.append(single)
    if pile == 0:
        hints.append(Pass())
    elif state.current.hand:
        hints.append(Exchange(state.current.hand))
    return Reason.of("nothing_played", hints, pile=pile)


def _first_single_place(state: KingsbridgeState) -> Place | None:
    player = state.current
    values = set(player.hand) if not player.unknown else set(range(MIN_CARD, MAX_CARD + 1))
    for number, column in enumerate(state.columns, start=1):
        wanted = sorted(values) if not column else [column[-1] + 1]
        for value in wanted:
            candidate = Place((value,), number)
            if value in values and place_refusal(state, candidate) is None:
                return candidate
    return None


def _pass(state: KingsbridgeState) -> Reason | None:
    if state.played:
        return Reason.of("pass_after_play", (EndTurn(),))
    pile = state.current.pile_size
    if pile:
        hints = (Exchange(state.current.hand),) if state.current.hand else ()
        return Reason.of("pass_pile_not_empty", hints, pile=pile)
    return None


def _declare_blocked(state: KingsbridgeState) -> Reason | None:
    if not state.is_table:
        return Reason.of("not_table_mode")
    if not can_declare_blocked(state):
        return Reason.of("not_blocked_yet", since=0 if state.played else state.quiet)
    return None


def _reveal(state: KingsbridgeState, action: Reveal) -> Reason | None:
    if not state.is_table:
        return Reason.of("not_table_mode")
    if not 0 <= action.seat < len(state.players):
        return Reason.of("no_such_seat", seat=action.seat, players=len(state.players))
    if not action.cards:
        return Reason.of("no_cards")
    problem = _bad_card(action.cards)
    if problem is not None:
        return problem
    player = state.players[action.seat]
    new = from_unknown(player, action.cards)  # copies already known in hand are no-ops
    budget = player.unknown
    for value in sorted(new.elements()):
        if budget == 0:
            return Reason.of("no_unknown_card", seat=action.seat, value=value)
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
    problem = _bad_card(action.cards)
    if problem is not None:
        return problem
    over = too_many(state.known_counts(), Counter(action.cards))
    if over is not None:
        return Reason.of("too_many_copies", value=over[0], known=over[1])
    return None
