"""Kingsbridge at the table, the full game: characters by voice, solo / co-op, the coach and
the computer players. Used by :class:`ludivox.bindings.kingsbridge.binding.KingsbridgeBinding`.

Character uses are built from the ``use_character`` intent's slots (``character``,
``column``, ``cards``, ``count``, ``columns``, ``twice``); a missing choice is asked for
(:class:`PartialUse`), a missing column becomes one candidate per column (the session applies
the only legal one or asks). Character ids reach sentences as names: a nested
``character.<id>`` line. Coach answers go to the asking seat only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludivox.bindings.kingsbridge.thinking import THINKING_SECONDS, deadline
from ludivox.engines.kingsbridge import (
    KingsbridgeEngine,
    KingsbridgeState,
    best_plan,
    can_finish_column,
    choose_turn,
)
from ludivox.engines.kingsbridge.actions import KingsbridgeAction
from ludivox.engines.kingsbridge.characters import usable
from ludivox.engines.kingsbridge.charactions import (
    Malus,
    RetrieveEdgar,
    UseAgatha,
    UseAldred,
    UseDen,
    UseEdgar,
    UseEthelred,
    UseGytha,
    UseRagna,
    UseWigelm,
    UseWilwulf,
    UseWynstan,
)
from ludivox.engines.kingsbridge.coach import reveal_cut
from ludivox.engines.kingsbridge.columns import holes
from ludivox.engines.kingsbridge.plans import placed_between
from ludivox.engines.kingsbridge.players import STRENGTHS, stuck_turn
from ludivox.engines.kingsbridge.search import Stop
from ludivox.engines.kingsbridge.state import CHARACTERS, EDGAR, value
from ludivox.table.binding import Answer, Interpretation, Line, Proposal, Refusal

# Refusals about the character itself (not about its choices): said before asking choices.
CHARACTER_LEVEL = frozenset({
    "game_over", "no_characters", "character_not_on_top", "character_not_revealed",
    "character_already_used", "character_still_acting", "character_reveal_pending",
    "setup_pending",
})
NEEDS: dict[str, tuple[str, ...]] = {
    "aldred": (), "agatha": (), "edgar": ("cards", "column"), "wynstan": ("count", "column"),
    "gytha": ("cards", "column"), "ragna": ("cards", "column"), "ethelred": ("cards",),
    "den": ("column",), "wigelm": ("columns",), "wilwulf": ("cards",),
}
NAME_PARAMS = ("character", "top", "used", "next")


def name_line(character: str) -> Line:
    """A character's name as a nested line (``character.<id>``)."""
    return Line(f"character.{character}")


def names(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with character ids replaced by their names (nested lines)."""
    out = dict(params)
    for key in NAME_PARAMS:
        if isinstance(out.get(key), str) and out[key] in CHARACTERS:
            out[key] = name_line(out[key])
    for key in ("characters", "revealed"):
        if isinstance(out.get(key), tuple):
            out[key] = tuple(name_line(c) for c in out[key] if c in CHARACTERS)
    return out


@dataclass(frozen=True)
class PartialUse:
    """A character use waiting for some of its choices."""

    character: str
    column: int | None = None
    cards: tuple[int, ...] = ()
    count: int | None = None
    columns: tuple[int, ...] = ()


@dataclass(frozen=True)
class PartialMalus:
    """A malus waiting for its card."""


def build(use: PartialUse, column: int | None = None) -> KingsbridgeAction:
    """The action for a use whose needed choices are all there (``column`` overrides)."""
    c = column if column is not None else (use.column or 0)
    first = use.cards[0] if use.cards else 0
    makers: dict[str, Callable[[], KingsbridgeAction]] = {
        "aldred": UseAldred, "agatha": UseAgatha,
        "edgar": lambda: UseEdgar(c, first),
        "wynstan": lambda: UseWynstan(c, use.count or 0),
        "gytha": lambda: UseGytha(c, use.cards),
        "ragna": lambda: UseRagna(c, first),
        "ethelred": lambda: UseEthelred(use.cards),
        "den": lambda: UseDen(c),
        "wigelm": lambda: UseWigelm(use.columns),
        "wilwulf": lambda: UseWilwulf(use.cards),
    }
    return makers[use.character]()


def open_uses(
    moves: Sequence[KingsbridgeAction], use: PartialUse
) -> tuple[KingsbridgeAction, ...]:
    """The legal ``moves`` that an incomplete character use may still become."""
    return tuple(
        m for m in moves
        if getattr(m, "character", None) == use.character
        and (use.column is None or getattr(m, "column", use.column) == use.column)
    )


def _dummy(use: PartialUse) -> KingsbridgeAction:
    """A complete stand-in, to learn whether the character itself may be used now."""
    return build(replace(use, column=use.column or 1, cards=use.cards or (5,),
                         count=use.count or 1, columns=use.columns or (1,)))


def others(state: KingsbridgeState) -> int:
    """How many columns Wigelm needs: one per other player (solo, or alone: one)."""
    return max(1, len(state.players) - 1)


def use_interpretation(
    engine: KingsbridgeEngine, state: KingsbridgeState, use: PartialUse, seat: int
) -> Interpretation:
    """A character use: refused at once if the character cannot be used, else asked for its
    missing choices, else proposed (one candidate per column when the column is missing)."""
    reason = engine.refusal(state, _dummy(use))
    if reason is not None and reason.code in CHARACTER_LEVEL:
        return Proposal((_dummy(use),))
    if use.character == "wynstan" and use.count is None and use.cards:
        return _wynstan_by_cards(state, use, seat)
    needs = NEEDS[use.character]
    name = name_line(use.character)
    if "cards" in needs and not use.cards:
        key = {"ragna": "ask_use_skip", "edgar": "ask_use_value"}.get(use.character,
                                                                      "ask_use_cards")
        return Proposal((), Line(key, {"character": name}, seat), use)
    if "count" in needs and use.count is None:
        return Proposal((), Line("ask_use_count", {"character": name}, seat), use)
    if "columns" in needs and not use.columns:
        question = Line("ask_use_columns", {"character": name, "count": others(state)}, seat)
        return Proposal((), question, use)
    if "column" in needs and use.column is None:
        candidates = tuple(build(use, c) for c in range(1, len(state.columns) + 1))
        question = Line("ask_use_column", {"character": name}, seat)
        return Proposal(candidates, question, use)
    return Proposal((build(use),))


def _wynstan_by_cards(state: KingsbridgeState, use: PartialUse, seat: int) -> Interpretation:
    """The Évêque Wynstan said with the cards he takes away ("j'enlève le sept de la colonne
    cinq"): the count of the use, when they are the last cards of the column said (or of
    the only column, or of each column asked about, that ends with them); else refused."""
    wanted = sorted(use.cards)
    if len(wanted) > 2:
        return Refusal((Line("refusal.wynstan_count", {"count": len(wanted)}, seat),))
    ending = [n for n, column in enumerate(state.columns, start=1)
              if [value(c) for c in column[-len(wanted):]] == wanted]
    if use.column is not None:
        if use.column not in ending:
            params = {"cards": tuple(wanted), "count": len(wanted), "column": use.column}
            return Refusal((Line("refusal.wynstan_not_at_end", params, seat),))
        ending = [use.column]
    if not ending:
        params = {"cards": tuple(wanted), "count": len(wanted)}
        return Refusal((Line("refusal.wynstan_no_column", params, seat),))
    counted = replace(use, count=len(wanted), cards=())
    if len(ending) == 1:
        return Proposal((build(counted, ending[0]),))
    question = Line("ask_use_column", {"character": name_line(use.character)}, seat)
    return Proposal(tuple(build(counted, c) for c in ending), question, counted)


def complete_use(use: PartialUse, intent_name: str, numbers: tuple[int, ...],
                 column: int | None, cards: tuple[int, ...]) -> PartialUse | None:
    """Fill the first missing choice of ``use`` from an answer; None if it does not fit."""
    needs = NEEDS[use.character]
    if "cards" in needs and not use.cards:
        got = cards or numbers
        return replace(use, cards=got, column=column or use.column) if got else None
    if "count" in needs and use.count is None:
        return replace(use, count=numbers[0]) if numbers else None
    if "columns" in needs and not use.columns:
        got = numbers or ((column,) if column else ())
        return replace(use, columns=got) if got else None
    if "column" in needs and use.column is None:
        got_column = column or (numbers[0] if numbers else None)
        return replace(use, column=got_column) if got_column else None
    return None


def describe_use(action: Any) -> Line | None:
    """A character action in words (``action.character`` around ``use.<id>``)."""
    if isinstance(action, RetrieveEdgar):
        return Line("action.retrieve", {"aside": action.aside})
    if isinstance(action, Malus):
        return Line("action.malus", {"card": action.card})
    character = getattr(action, "character", None)
    if getattr(action, "kind", "") != "character" or not isinstance(character, str):
        return None
    params: dict[str, Any] = {
        k: getattr(action, k) for k in ("column", "value", "count", "cards", "skip", "columns")
        if hasattr(action, k)
    }
    return Line("action.character", {"text": Line(f"use.{character}", params)})


# --- questions -----------------------------------------------------------------------------


def character_answer(state: KingsbridgeState, seat: int) -> Line:
    """My character now: the top of my pile (standard) or the revealed ones (solo / co-op)."""
    if not state.characters_on:
        return Line("answer.no_characters", {}, seat)
    if state.shared:
        return revealed_answer(state, seat)
    if state.power and seat == state.turn:
        return Line("answer.character_used", {"character": name_line(state.power)}, seat)
    pile = state.players[seat].characters
    if not pile:
        return Line("answer.character_none", {}, seat)
    if len(pile) > 1:
        return Line("answer.character_next",
                    {"character": name_line(pile[0]), "next": name_line(pile[1])}, seat)
    return Line("answer.character", {"character": name_line(pile[0])}, seat)


def revealed_answer(state: KingsbridgeState, seat: int | None) -> Line:
    """The revealed characters and how many are left in the deck (solo / co-op)."""
    if not state.characters_on:
        return Line("answer.no_characters", {}, seat)
    if not state.shared:
        return character_answer(state, seat) if seat is not None else Line(
            "answer.no_characters")
    return Line("answer.revealed", {"characters": tuple(name_line(c) for c in state.revealed),
                                    "deck": len(state.deck)}, seat)


def score_answer(state: KingsbridgeState, seat: int) -> Line | None:
    """The solo / co-op score; None in a standard game (the binding answers the counts)."""
    if not state.shared:
        return None
    if state.game_over:
        return Line("answer.score_final", {"score": state.score(), "won": state.score() >= 1},
                    seat)
    return Line("answer.score", {"score": state.score(), "characters": state.characters_left(),
                                 "empty_columns": state.empty_columns(),
                                 "malus": len(state.malus)}, seat)


def aside_answer(state: KingsbridgeState, seat: int) -> Line:
    """The cards I set aside with Wilwulf."""
    aside = state.players[seat].aside
    if not aside:
        return Line("answer.aside_none", {}, seat)
    return Line("answer.aside", {"cards": aside}, seat)


def column_lines(key: str, state: KingsbridgeState, column: int,
                 seat: int | None) -> tuple[Line, ...]:
    """A column in words, Edgar said as "Edgar à la place du dix", then its holes."""
    raw = state.columns[column - 1]
    if not raw:
        return (Line(key + "_empty", {"column": column}, seat),)
    cards = tuple(value(c) for c in raw)
    params: dict[str, Any] = {"column": column, "first": cards[0], "last": cards[-1],
                              "count": len(cards)}
    edgar = [value(c) for c in raw if c < 0]
    if edgar:
        edgar_key = "answer.column_edgar" if key == "answer.column" else key + "_edgar"
        if key == "answer.column":
            params["cards"] = cards
        lines = [Line(edgar_key, {**params, "edgar": edgar[0]}, seat)]
    else:
        if key == "answer.column":
            params["cards"] = cards
        lines = [Line(key, params, seat)]
    missing = holes(raw)
    if missing and key == "answer.column":
        lines.append(Line("answer.column_holes", {"column": column, "holes": missing}, seat))
    return tuple(lines)


def plan_steps(engine: KingsbridgeEngine, state: KingsbridgeState,
           actions: Sequence[KingsbridgeAction],
           describe: Callable[[KingsbridgeState, Any], Line]) -> tuple[Line, ...]:
    """The steps said of a plan: up to a character use that reveals one the seat cannot know
    yet (:func:`reveal_cut`), then "redemande-moi" (the computer player searches again
    there)."""
    cut = reveal_cut(state, actions)
    steps: list[Line] = []
    for number, action in enumerate(actions if cut is None else actions[: cut + 1], start=1):
        steps.append(Line("answer.best_step", {"number": number, "text": describe(state, action)}))
        try:
            state, _ = engine.apply(state, action)
        except Exception:  # a plan is always legal; never break an answer on it
            break
    if cut is not None:
        steps.append(Line("answer.best_step_reveal", {}))
    return tuple(steps)


def said(state: KingsbridgeState, actions: Sequence[KingsbridgeAction]
         ) -> tuple[KingsbridgeAction, ...]:
    """``actions`` up to a character use that reveals one another use may follow
    (:func:`reveal_cut`): what the advice says and "fais-le" plays."""
    cut = reveal_cut(state, actions)
    return tuple(actions if cut is None else actions[: cut + 1])


def said_cards(engine: KingsbridgeEngine, state: KingsbridgeState,
               actions: Sequence[KingsbridgeAction]) -> int:
    """The cards placed by the steps said of a plan (:func:`said`): « tu poses ainsi … »
    counts what the player hears, not the steps after a reveal."""
    after = state
    for action in said(state, actions):
        after, _ = engine.apply(after, action)
    return placed_between(state, after)


def coach_answer(
    engine: KingsbridgeEngine, state: KingsbridgeState, seat: int, finish: bool,
    describe: Callable[[KingsbridgeState, Any], Line], acting_name: str,
    stop: Stop | None = None,
) -> Answer:
    """"Quel est le meilleur coup ?" / "puis-je finir une colonne ?", privately."""
    if state.game_over:
        return Answer((Line("answer.turn_game_over", {}, seat),))
    if engine.awaiting(state).seat != seat:
        return Answer((Line("answer.coach_not_your_turn", {"player": acting_name}, seat),))
    if finish:
        found = can_finish_column(state, seat, stop=stop)
        if found is None:
            exact = best_plan(state, seat, stop=stop).exact
            return Answer((Line("answer.finish_none", {"exact": exact}, seat),))
        steps = plan_steps(engine, state, found.actions, describe)
        return Answer((Line("answer.finish", {"steps": steps, "exact": found.exact}, seat),))
    # solo / co-op: the rulebook's advice (keep an empty column for the next turn) as the goal
    plan = best_plan(state, seat, goal="keep_empty" if state.shared else "cards", stop=stop)
    if not plan.actions and state.shared and not state.placed:
        # the computer player's way out of a stuck turn, said as the advice (one source)
        steps = plan_steps(engine, state, stuck_turn(state), describe)
        return Answer((Line("answer.best_stuck", {"exact": plan.exact, "steps": steps},
                            seat),))
    if not plan.actions:
        return Answer((Line("answer.best_nothing", {"exact": plan.exact,
                                                     "pile": state.players[seat].pile_size},
                            seat),))
    steps = plan_steps(engine, state, plan.actions, describe)
    lines = [Line("answer.best", {"steps": steps,
                                  "cards": said_cards(engine, state, plan.actions),
                                  "exact": plan.exact}, seat)]
    if plan.columns_finished:
        lines.append(Line("answer.best_finishes", {"finished": plan.columns_finished}, seat))
    return Answer(tuple(lines))


def way_out(state: KingsbridgeState, seat: int) -> str:
    """What to do when nothing can be placed, by the mode's rules: in a standard game
    exchange (or pass once the pile is empty); in solo and co-op, where exchanging is
    forbidden, a revealed character first, then the malus pile."""
    if state.shared:
        return "characters" if seat == state.turn and usable(state) else "malus"
    return "exchange" if state.players[seat].pile_size else "pass"


def power_answer(character: str, seat: int) -> Answer | Refusal:
    """What a character does."""
    if character not in CHARACTERS:
        return Refusal((Line("refusal.no_such_character", {"character": character}, seat),))
    return Answer((Line(f"power.{character}", {}, seat),))


def retrieve_interpretation(
    character: str | None, aside: bool, seat: int,
    state: KingsbridgeState | None = None, card: int | None = None,
) -> Interpretation:
    """"Je reprends Edgar" / "je pose le dix à la place d'Edgar": only Edgar can be taken
    back, and only with the card he stands for (a card named must be that one)."""
    if character is not None and character != EDGAR:
        return Refusal((Line("retrieve_only_edgar", {"character": name_line(character)},
                             seat),))
    where = state.edgar_at() if state is not None and card is not None else None
    if state is not None and where is not None:
        stands_for = value(state.columns[where[0]][where[1]])
        if card != stands_for:
            return Refusal((Line("retrieve_wrong_card", {"card": card, "value": stands_for},
                                 seat),))
    return Proposal((RetrieveEdgar(aside),))


# --- computer players ----------------------------------------------------------------------


def computer_player(engine: KingsbridgeEngine, strength: str, seed: int,
                    thinking: float | None = THINKING_SECONDS
                    ) -> Callable[[KingsbridgeState], KingsbridgeAction]:
    """A computer seat: plans its whole turn with the coach (``thinking`` wall-clock seconds
    per turn at most, ``None``: no clock), then gives one action per call (replanned whenever
    the position is not the one it expected)."""
    wanted = "debutant" if strength == "débutant" else strength
    if wanted not in STRENGTHS:
        raise ValueError(f"niveau inconnu {strength!r} (au choix : {', '.join(STRENGTHS)})")
    queue: list[KingsbridgeAction] = []
    expected: list[KingsbridgeState | None] = [None]

    def play(state: KingsbridgeState) -> KingsbridgeAction:
        if queue and state == expected[0]:
            action = queue.pop(0)
        else:
            seat = engine.awaiting(state).seat
            turn = choose_turn(state, seat if seat is not None else state.turn, wanted, seed,
                               stop=deadline(thinking))
            action, queue[:] = turn[0], turn[1:]
        if queue:
            try:
                expected[0] = engine.apply(state, action)[0]
            except Exception:
                queue.clear()
        return action

    return play


def is_world_action(action: Any) -> bool:
    """Table set-up of characters: said by anyone, out of turn."""
    return getattr(action, "kind", "") in ("characters", "reveal_character")


__all__ = [
    "PartialMalus", "PartialUse", "aside_answer", "best_plan", "character_answer",
    "coach_answer", "column_lines", "complete_use", "computer_player", "describe_use",
    "is_world_action", "name_line", "names", "others", "plan_steps", "power_answer",
    "retrieve_interpretation", "revealed_answer", "said", "score_answer", "use_interpretation",
    "way_out",
]
