"""Refusals of character uses and of the table set-up of the characters (full game).

Choices are judged as the rulebook's pages say: Wynstan, Gytha and Wilwulf take 1 or 2
cards; Ragna skips a value from 2 to 12; Edgar and Gytha's cards go where a card from the
hand could go with no power (end, hole, empty column); Wigelm gives the first card of a
column to each other player (alone or in solo: to oneself), never Edgar; Roi Ethelred makes
one extra column at a time.
"""

from __future__ import annotations

from collections import Counter

from ludivox.engines.base import Reason
from ludivox.engines.kingsbridge.characters import (
    another_allowed,
    per_pile,
    piles_pending,
    reveal_pending,
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
from ludivox.engines.kingsbridge.checks import bad_card, column_ok, hand_problem
from ludivox.engines.kingsbridge.columns import NO_POWERS, place_where, run_fault
from ludivox.engines.kingsbridge.state import (
    CHARACTERS,
    COLUMNS,
    EXTRA_COLUMN,
    MAX_CARD,
    SOLO,
    STANDARD,
    KingsbridgeState,
    value,
)

# --- character uses -----------------------------------------------------------------------


def use_refusal(state: KingsbridgeState, action: CharacterUse) -> Reason | None:
    """Refusal of a character use (turn checks done by the caller)."""
    name = action.character
    if state.power and not another_allowed(state):
        code = "character_still_acting" if state.options.mode == SOLO else "character_already_used"
        return Reason.of(code, character=name, used=state.power)
    if state.shared:
        if name not in state.revealed:
            return Reason.of("character_not_revealed", character=name, revealed=state.revealed)
    else:
        top = state.current.characters[:1]
        if top != (name,):
            return Reason.of("character_not_on_top", character=name, top=top[0] if top else "")
    return _use_choices(state, action)


def _use_choices(state: KingsbridgeState, action: CharacterUse) -> Reason | None:
    if isinstance(action, UseEdgar):
        return _lay(state, action.column, (action.value,))
    if isinstance(action, UseWynstan):
        if action.count not in (1, 2):
            return Reason.of("wynstan_count", count=action.count)
        problem = column_ok(state, action.column)
        if problem is not None:
            return problem
        length = len(state.columns[action.column - 1])
        if not length:
            return Reason.of("column_empty", column=action.column)
        if length < action.count:
            return Reason.of(
                "column_too_short", column=action.column, length=length, count=action.count
            )
        return None
    if isinstance(action, UseGytha):
        return _gytha(state, action)
    if isinstance(action, UseRagna):
        return column_ok(state, action.column) or (
            Reason.of("ragna_skip_range", value=action.skip)
            if not 2 <= action.skip <= MAX_CARD - 1 else None
        )
    if isinstance(action, UseEthelred):
        return _ethelred(state, action)
    if isinstance(action, UseDen):
        problem = column_ok(state, action.column)
        if problem is None and not state.columns[action.column - 1]:
            problem = Reason.of("column_empty", column=action.column)
        return problem
    if isinstance(action, UseWigelm):
        return _wigelm(state, action)
    if isinstance(action, UseWilwulf):
        if len(action.cards) not in (1, 2):
            return Reason.of("wilwulf_count", count=len(action.cards))
        return bad_card(action.cards) or hand_problem(state, action.cards)
    return None  # Aldred, Agatha: nothing to choose


def _lay(state: KingsbridgeState, number: int, cards: tuple[int, ...]) -> Reason | None:
    """Edgar's or Gytha's cards laid on a column as a hand placement with no power would."""
    problem = column_ok(state, number) or bad_card(cards)
    if problem is not None:
        return problem
    bad, _ = run_fault(None, cards, False, 0)
    if bad > 0:
        return Reason.of("not_consecutive", first=cards[bad - 1], second=cards[bad])
    column = state.columns[number - 1]
    if place_where(column, cards, number - 1, NO_POWERS, end_only=False)[0]:
        return None
    last = value(column[-1])
    if last == MAX_CARD:
        return Reason.of("column_ends_with_thirteen", column=number)
    return Reason.of("needs_card", value=cards[0], column=number, last=last, needed=last + 1)


def _gytha(state: KingsbridgeState, action: UseGytha) -> Reason | None:
    if len(action.cards) not in (1, 2):
        return Reason.of("gytha_count", count=len(action.cards))
    problem = bad_card(action.cards)
    if problem is not None:
        return problem
    available = Counter(state.discard)
    for card, wanted in sorted(Counter(action.cards).items()):
        if wanted > available[card]:
            return Reason.of(
                "not_in_discard", value=card, wanted=wanted, available=available[card]
            )
    return _lay(state, action.column, action.cards)


def _ethelred(state: KingsbridgeState, action: UseEthelred) -> Reason | None:
    if len(state.columns) > COLUMNS:
        return Reason.of("extra_column_exists", column=EXTRA_COLUMN)
    if not action.cards:
        return Reason.of("no_cards")
    problem = bad_card(action.cards)
    if problem is not None:
        return problem
    bad, _ = run_fault(None, action.cards, False, 0)
    if bad > 0:
        return Reason.of("not_consecutive", first=action.cards[bad - 1], second=action.cards[bad])
    return hand_problem(state, action.cards)


def wigelm_recipients(state: KingsbridgeState) -> tuple[int, ...]:
    """Who receives Wigelm's cards, in order: each other seat from the left neighbour on
    (solo, or alone: oneself)."""
    n = len(state.players)
    if n == 1:
        return (state.turn,)
    return tuple((state.turn + k) % n for k in range(1, n))


def _wigelm(state: KingsbridgeState, action: UseWigelm) -> Reason | None:
    expected = len(wigelm_recipients(state))
    if len(action.columns) != expected:
        return Reason.of("wigelm_count", expected=expected, got=len(action.columns))
    columns = list(state.columns)
    for number in action.columns:
        problem = column_ok(state, number)
        if problem is not None:
            return problem
        column = columns[number - 1]
        if not column:
            return Reason.of("column_empty", column=number)
        if column[0] < 0:
            return Reason.of("wigelm_takes_edgar", column=number)
        columns[number - 1] = column[1:]
    return None


# --- table set-up of the characters -------------------------------------------------------


def _name_problem(state: KingsbridgeState, names: tuple[str, ...]) -> Reason | None:
    known = [n for n in state.character_places() if n is not None]
    seen: set[str] = set()
    for name in names:
        if name not in CHARACTERS:
            return Reason.of("no_such_character", character=name)
        if name in seen:
            return Reason.of("character_twice", character=name)
        if name in known:
            return Reason.of("character_known_elsewhere", character=name)
        seen.add(name)
    return None


def set_characters_refusal(state: KingsbridgeState, action: SetCharacters) -> Reason | None:
    if not piles_pending(state) or state.options.mode != STANDARD:
        return Reason.of("characters_not_expected")
    n = len(state.players)
    if not 0 <= action.seat < n:
        return Reason.of("no_such_seat", seat=action.seat, players=n)
    if state.players[action.seat].characters:
        return Reason.of("characters_not_expected")
    expected = per_pile(n)
    if len(action.characters) != expected:
        return Reason.of(
            "wrong_character_count", seat=action.seat, expected=expected,
            got=len(action.characters),
        )
    return _name_problem(state, action.characters)


def reveal_character_refusal(state: KingsbridgeState, action: RevealCharacter) -> Reason | None:
    if not reveal_pending(state):
        return Reason.of("characters_not_expected")
    top = state.deck[0]
    if top is not None:
        if action.character != top:
            return Reason.of("deck_top_known", character=action.character, top=top)
        return None
    return _name_problem(state, (action.character,))

