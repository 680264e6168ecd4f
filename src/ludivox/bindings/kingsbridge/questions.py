"""Kingsbridge questions: hand, pile, columns, turn, counts (also another player's by name),
the discard, what can be played, the characters, the score and the coach's advice (part of
:class:`~ludivox.bindings.kingsbridge.binding.KingsbridgeBinding`). Answers about a hand go
to its owner only."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ludivox.bindings.kingsbridge import advice
from ludivox.bindings.kingsbridge import full_game as full
from ludivox.bindings.kingsbridge.narration import KingsbridgeNarration
from ludivox.bindings.kingsbridge.thinking import THINKING_SECONDS, deadline
from ludivox.engines.kingsbridge import KingsbridgeState, PlayerState, playable_cards
from ludivox.engines.kingsbridge.actions import EndTurn, Place
from ludivox.engines.kingsbridge.advice import advise
from ludivox.engines.kingsbridge.players import stuck_turn
from ludivox.engines.kingsbridge.refusals import can_end_turn
from ludivox.table import next_player, slots
from ludivox.table.binding import (
    HANDING_OVER,
    Answer,
    IntentLike,
    Interpretation,
    Line,
    Proposal,
    Refusal,
)
from ludivox.table.next_player import NEXT_INTENTS

MAX_PLAYABLE = 6
"""At most this many placements are listed by \"qu'est-ce que je peux poser ?\"."""
RULES = frozenset({"column_done", "empty_column", "empty_pile", "middle", "several", "win",
                   "pass", "exchange", "end"})
"""The rules asked about one at a time ("quand une colonne est-elle finie ?"): rules.<rule>."""


def holds_line(player: PlayerState, card: int, seat: int) -> Line:
    """"J'ai un quatre ?": how many the hand holds, or that it is not among the known ones
    while some cards of the hand are not known yet (table mode); to its owner only."""
    count = player.hand.count(card)
    if count == 0 and player.unknown:
        return Line("answer.holds_unknown", {"card": card, "unknown": player.unknown}, seat)
    return Line("answer.holds", {"card": card, "count": count}, seat)


class KingsbridgeQuestions(KingsbridgeNarration):
    """The answers to every Kingsbridge question."""

    thinking: float | None = THINKING_SECONDS  # the coach's seconds per question (None: no clock)

    def about(
        self, state: KingsbridgeState, intent: IntentLike, seat: int, about: int
    ) -> Interpretation | None:
        """ "Combien de cartes a Paul ?": Paul's counts only. "C'est à Paul", said by the
        player whose turn it is to the next one when the turn may end: the turn ends."""
        if intent.name in NEXT_INTENTS:  # "qui joue après Paul ?"
            return next_player.answer(self, state, intent, seat, about)
        if intent.name == "ask_counts" and 0 <= about < len(state.players):
            return self._counts(state, seat, (about,))
        if intent.name in HANDING_OVER and seat == state.turn != about == state.next_seat \
                and can_end_turn(state):
            return Proposal((EndTurn(),))
        return None

    def _counts(self, state: KingsbridgeState, seat: int, seats: Iterable[int]) -> Answer:
        """How many cards each of ``seats`` has left (in hand, in their pile): public."""
        items = tuple(
            Line(
                "answer.counts_item",
                {
                    "player": self.name(i),
                    "hand": p.hand_size,
                    "pile": p.pile_size,
                    "total": p.cards_left,
                },
            )
            for i, p in ((i, state.players[i]) for i in seats)
        )
        return Answer((Line("answer.counts", {"items": items}, seat),))

    def _question(
        self, state: KingsbridgeState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        name = intent.name
        player = state.players[seat]
        if name == "ask_hand":
            return Answer((self._hand_line(state, seat),))
        if name == "ask_where_card":
            value = slots.number(intent, "card") or 0
            columns = tuple(i + 1 for i, column in enumerate(state.columns) if value in column)
            return Answer((Line("answer.where_card", {"card": value, "count": len(columns),
                                                      "columns": columns}, seat),))
        if name == "ask_holds":
            return Answer((holds_line(player, slots.number(intent, "card") or 0, seat),))
        if name == "ask_rule" and slots.word(intent, "rule") in RULES:
            rule = slots.word(intent, "rule")
            if rule == "win" and state.shared:  # solo / co-op: won on points
                rule = state.options.mode
            return Answer((Line(f"rules.{rule}", {}, seat),))
        if name == "ask_pile":
            return Answer((Line("answer.pile", {"count": player.pile_size}, seat),))
        if name == "ask_column":
            column = slots.number(intent, "column") or 0
            if not 1 <= column <= len(state.columns):
                return Refusal(
                    (
                        Line(
                            "refusal.no_such_column",
                            {"column": column, "columns": len(state.columns)},
                            seat,
                        ),
                    )
                )
            lines = full.column_lines("answer.column", state, column, seat)
            if column > 6:
                lines = (*lines, Line("answer.extra_column", {"column": column}, seat))
            return Answer(lines)
        if name == "ask_columns":
            return Answer((self._columns_line(state, seat),))
        if name == "ask_turn":
            return Answer((self._turn_answer(state, seat),))
        if name in NEXT_INTENTS:
            return next_player.answer(self, state, intent, seat)
        if name == "ask_counts":
            return self._counts(state, seat, range(len(state.players)))
        if name == "ask_discard":
            if not state.discard:
                return Answer((Line("answer.discard_empty", {}, seat),))
            return Answer(
                (
                    Line(
                        "answer.discard",
                        {"count": len(state.discard), "cards": state.discard},
                        seat,
                    ),
                )
            )
        if name == "ask_playable":
            card = slots.number(intent, "card")
            if card is not None:
                return self._playable_card(state, card, seat)
            on = slots.number(intent, "column")
            if on is not None:
                return self._playable_on(state, on, seat)
            return Answer((self._playable_line(state, seat),))
        return self._full_question(state, intent, seat)

    def _full_question(
        self, state: KingsbridgeState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        name = intent.name
        if name == "ask_character":
            return Answer((full.character_answer(state, seat),))
        if name == "ask_revealed":
            return Answer((full.revealed_answer(state, seat),))
        if name == "ask_power":
            return full.power_answer((slots.words(intent, "character") or ("",))[0], seat)
        if name == "ask_score":
            line = full.score_answer(state, seat)
            if line is None and state.game_over:  # standard game over: the final result
                return Answer((self._result_line(state, seat),))
            if line is None:
                return self._question(state, _Asked("ask_counts"), seat)
            lines = [line]
            if state.malus and not state.game_over:
                lines.append(Line("answer.malus", {"malus": len(state.malus)}, seat))
            return Answer(tuple(lines))
        if name == "ask_malus":
            return Answer((Line("answer.malus", {"malus": len(state.malus)}, seat),))
        if name == "ask_aside":
            return Answer((full.aside_answer(state, seat),))
        return self._advice(state, intent, seat)

    def _advice(
        self, state: KingsbridgeState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """The coach, privately (see :mod:`ludivox.bindings.kingsbridge.advice`)."""
        name = intent.name
        acting = self.acting_seat(state)
        acting_name = self.name(acting) if acting is not None else ""

        def describe(s: KingsbridgeState, a: Any) -> Line:
            return self.describe(s, a, seat)

        stop = deadline(self.thinking)
        if name == "ask_best":
            return advice.best_answer(self.engine, state, seat, describe, acting_name, stop)
        if name == "ask_why":
            return advice.why_answer(self.engine, state, seat, acting_name, stop)
        if name == "ask_other":
            return advice.other_answer(self.engine, state, seat, describe, acting_name, stop)
        if name == "ask_best_column":
            column = slots.number(intent, "column")
            return advice.column_answer(self.engine, state, seat, column, describe,
                                        acting_name, stop)
        if name == "ask_finish":
            return full.coach_answer(
                self.engine,
                state,
                seat,
                True,
                describe,
                acting_name,
                stop,
            )
        return None

    def advised(self, state: KingsbridgeState, seat: int) -> tuple[Any, ...]:
        """The moves "fais-le" plays: those of the coach's advice."""
        return advice.advised_actions(self.engine, state, seat, deadline(self.thinking))

    def hand_numbers(self, state: KingsbridgeState, seat: int) -> tuple[int, ...]:
        """The hand's values, when all are known ("mon plus petit")."""
        if not 0 <= seat < len(state.players) or state.players[seat].unknown:
            return ()
        return tuple(state.players[seat].hand)

    def _holds(self, state: KingsbridgeState, card: int, seat: int) -> bool:
        player = state.players[seat]
        return card in player.hand or player.unknown > 0

    def _playable_card(self, state: KingsbridgeState, card: int, seat: int) -> Answer:
        if not self._holds(state, card, seat):
            return Answer((Line("answer.card_not_in_hand", {"card": card}, seat),))
        columns = tuple(
            c
            for c in range(1, len(state.columns) + 1)
            if seat == state.turn and self.judge.refusal(state, Place((card,), c)) is None
        )
        if not columns:
            return Answer((Line("answer.card_not_playable", {"card": card}, seat),))
        return Answer((Line("answer.playable_card", {"card": card, "columns": columns}, seat),))

    def _playable_on(self, state: KingsbridgeState, column: int, seat: int) -> Interpretation:
        """"Qu'est-ce que je peux mettre sur la trois ?": the hand's cards that go there now."""
        if not 1 <= column <= len(state.columns):
            return Refusal((Line("refusal.no_such_column",
                                 {"column": column, "columns": len(state.columns)}, seat),))
        cards = tuple(sorted({
            c for c in state.players[seat].hand
            if seat == state.turn and self.judge.refusal(state, Place((c,), column)) is None}))
        if not cards:
            return Answer((Line("answer.none_on_column", {"column": column}, seat),))
        return Answer((Line("answer.playable_on_column", {"column": column, "cards": cards},
                            seat),))

    def _playable_line(self, state: KingsbridgeState, seat: int) -> Line:
        player = state.players[seat]
        options: list[Line] = []
        if seat == state.turn and not state.game_over:
            for card in sorted(set(player.hand)):
                for column in range(1, len(state.columns) + 1):
                    if self.judge.refusal(state, Place((card,), column)) is None:
                        options.append(
                            Line("answer.playable_item", {"cards": (card,), "column": column})
                        )
        if state.characters_on and seat == state.turn and not state.game_over:
            # cards set aside with Wilwulf can go too (the first column each fits)
            options.extend(
                Line("answer.playable_item", {"cards": (o.value,), "column": o.places[0].column})
                for o in playable_cards(state, seat)
                if o.aside and o.places
            )
        if not options and seat == state.turn and not state.game_over:
            # no card goes on directly; the coach's advice (one source of truth) may still
            # place some: a move first, a character, or cards in a row
            found = advise(state, seat, count=1, stop=deadline(self.thinking))
            if found:
                plan = found[0].plan
                steps = full.plan_steps(
                    self.engine, state, plan.actions, lambda s, a: self.describe(s, a, seat)
                )
                return Line(
                    "answer.playable_plan",
                    {"cards": full.said_cards(self.engine, state, plan.actions), "steps": steps},
                    seat
                )
            if state.shared and not state.placed and seat == state.turn:
                # nothing fits even with a character: the coach's way out, as it advises it
                steps = full.plan_steps(self.engine, state, stuck_turn(state),
                                        lambda s, a: self.describe(s, a, seat))
                return Line("answer.nothing_playable_stuck", {"steps": steps}, seat)
        if not options:
            return Line("answer.nothing_playable", {"way": full.way_out(state, seat)}, seat)
        return Line("answer.playable", {"options": tuple(options[:MAX_PLAYABLE])}, seat)


@dataclass(frozen=True)
class _Asked:
    """A question asked on the player's behalf (``ask_score`` in a standard game)."""

    name: str
    slots: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    cost: float = 0.0


__all__ = ["MAX_PLAYABLE", "KingsbridgeQuestions"]
