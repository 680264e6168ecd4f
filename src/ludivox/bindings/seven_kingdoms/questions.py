"""7 Kingdoms questions: the line, the tokens, a hand, a kingdom (also another player's by
name), the majorities, the score, whose turn, what a card or a rank is and does, and the
coach's advice (part of :class:`~ludivox.bindings.seven_kingdoms.binding.SevenKingdomsBinding`)."""

from __future__ import annotations

from typing import Any

from ludivox.bindings.seven_kingdoms.narration import (
    SevenKingdomsNarration,
    rank_line,
    token_line,
)
from ludivox.bindings.seven_kingdoms.said import edge_card
from ludivox.engines.seven_kingdoms import (
    ChooseToken,
    Play,
    SevenKingdomsState,
    coach,
)
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, PLACES
from ludivox.table import next_player, slots
from ludivox.table.binding import (
    Answer,
    IntentLike,
    Interpretation,
    Line,
    Refusal,
)
from ludivox.table.next_player import NEXT_INTENTS
from ludivox.table.session_core import LAST_MOVES

# the rules asked about one at a time (rules.<rule>)
RULES = frozenset({"end", "hand", "points", "validate", "round", "secret", "goal"})


class SevenKingdomsQuestions(SevenKingdomsNarration):
    """The answers to every 7 Kingdoms question."""

    def _question(
        self, state: SevenKingdomsState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        name = intent.name
        if name == "ask_row":
            place = slots.number(intent, "place")
            if place is not None:
                return Answer((self._place_line(state, place, seat),))
            return Answer((self._row_line(state, seat),))
        if name == "ask_rule" and slots.word(intent, "rule") in RULES:
            return Answer((Line(f"rules.{slots.word(intent, 'rule')}", {}, seat),))
        if name == "ask_tokens":
            return Answer((self._tokens_line(state, seat),))
        if name == "ask_hand":
            return Answer((self._hand_line(state, seat),))
        if name == "ask_kingdom":
            asked = slots.number(intent, "seat")
            if asked is not None and not 1 <= asked <= state.players:
                return Refusal(
                    (Line("answer.no_such_seat", {"seat": asked, "players": state.players}, seat),)
                )
            target = seat if asked is None else asked - 1
            return Answer((self._kingdom_line(state, target, seat, own=target == seat),))
        if name == "ask_kingdoms":
            items = tuple(
                self._kingdom_line(state, s, None, False, "answer.kingdoms_item")
                for s in range(state.players)
            )
            return Answer((Line("answer.kingdoms", {"items": items}, seat),))
        if name == "ask_majorities":
            return Answer((self._majorities_line(state, seat),))
        if name == "ask_score":
            return Answer((self._score_line(state, seat),))
        if name == "ask_turn":
            return Answer((self._turn_answer(state, seat),))
        if name in NEXT_INTENTS:
            return next_player.answer(self, state, intent, seat)
        if name == "ask_card_at":  # "la carte tout à droite c'est quoi"
            place = slots.number(intent, "place")  # "la troisième carte, c'est laquelle"
            if place is not None and (not 1 <= place <= PLACES or state.row[place - 1] is None):
                return Answer((self._place_line(state, place, seat),))
            spot = edge_card(state, intent, seat) if place is None else state.row[place - 1]
            return spot if isinstance(spot, Refusal) else self._card_answer(spot, seat)
        if name == "ask_card":
            return self._card_answer(slots.number(intent, "card"), seat)
        if name == "ask_rank_power":
            return Answer((Line("answer.rank_power", {"rank": slots.word(intent, "rank")}, seat),))
        if name == "ask_coach":
            return self._coach(state, seat)
        if name == "ask_pile":
            count = len(state.pile) + state.pile_unknown
            return Answer((Line("answer.pile", {"count": count}, seat),))
        if name == "ask_played":
            items = tuple(
                Line("answer.played_item", {"player": self.name(i), "card": s.played})
                for i, s in enumerate(state.seats)
                if s.played is not None
            )
            if not items:
                return Answer((Line("answer.played_none", {}, seat),))
            return Answer((Line("answer.played", {"items": items}, seat),))
        return None

    def about(
        self, state: SevenKingdomsState, intent: IntentLike, seat: int, about: int
    ) -> Interpretation | None:
        """ "Le royaume de Paul": Paul's kingdom (validated cards are public)."""
        if intent.name in NEXT_INTENTS:  # "qui joue après Paul ?"
            return next_player.answer(self, state, intent, seat, about)
        if intent.name == "ask_kingdom" and 0 <= about < state.players:
            return Answer((self._kingdom_line(state, about, seat, own=about == seat),))
        if intent.name == LAST_MOVES and 0 <= about < state.players:
            # "qu'a joué Marie ?" with nothing seen: her card of this round, as it lies
            played = state.seats[about].played
            if played is None and state.resolving == about:
                played = state.resolving_card
            if played is not None:
                item = Line("answer.played_item", {"player": self.name(about), "card": played})
                return Answer((Line("answer.played", {"items": (item,)}, seat),))
        return None

    def _card_answer(self, number: int | None, seat: int) -> Interpretation | None:
        """A title card as printed (its rank, blason, a Paysan's places), then its power;
        said to be provisional while the data file has not been checked against a box."""
        if number is None or not 1 <= number <= CARD_COUNT:
            return None
        card = self.components.card(number)
        places = Line("answer.card_places", {"places": card.places}) if card.places else ""
        unsure = f"card:{number}" in self.components.provisional
        params = {
            "card": number,
            "rank": rank_line(number),
            "blason": card.blason,
            "places": places,
            "provisional": Line("answer.card_provisional", {}) if unsure else "",
        }
        return Answer(
            (
                Line("answer.card", params, seat),
                Line("answer.rank_power", {"rank": card.rank}, seat),
            )
        )

    def _place_line(self, state: SevenKingdomsState, place: int, seat: int) -> Line:
        if not 1 <= place <= PLACES:
            return Line("place_empty", {"place": place}, seat)
        if len(state.blasons) < PLACES:
            return Line("answer.row_setup", {}, seat)
        card = state.row[place - 1]
        blason = state.blasons[place - 1]
        if card is None:
            return Line("answer.place_empty", {"place": place, "blason": blason}, seat)
        return Line(
            "answer.place",
            {"place": place, "card": card, "blason": blason, "token": self._token_on(state, place)},
            seat,
        )

    def _kingdom_line(
        self,
        state: SevenKingdomsState,
        target: int,
        seat: int | None,
        own: bool,
        key: str = "answer.kingdom",
    ) -> Line:
        kingdom = state.seats[target].kingdom
        if not kingdom:
            if own:
                return Line("answer.kingdom_yours_empty", {}, seat)
            return Line(key + "_empty", {"player": self.name(target)}, seat)
        by_blason: dict[int, list[int]] = {}
        for card in kingdom:
            by_blason.setdefault(self.components.card(card).blason, []).append(card)
        order = [b for b in state.blasons if b in by_blason] + sorted(
            b for b in by_blason if b not in state.blasons
        )
        items = tuple(
            Line("answer.kingdom_item", {"blason": b, "cards": tuple(by_blason[b])}) for b in order
        )
        if own:
            return Line("answer.kingdom_yours", {"count": len(kingdom), "items": items}, seat)
        return Line(key, {"player": self.name(target), "count": len(kingdom), "items": items}, seat)

    def _majorities_line(self, state: SevenKingdomsState, seat: int) -> Line:
        items: list[Line] = []
        for position, blason in enumerate(state.blasons, start=1):
            counts = [
                sum(1 for c in s.kingdom if self.components.card(c).blason == blason)
                for s in state.seats
            ]
            best = max(counts, default=0)
            if best == 0:
                continue
            leaders = [i for i, n in enumerate(counts) if n == best]
            token = self._token_on(state, position)
            if len(leaders) == 1:
                items.append(
                    Line(
                        "answer.majority_item",
                        {
                            "blason": blason,
                            "player": self.name(leaders[0]),
                            "count": best,
                            "token": token,
                        },
                    )
                )
            else:
                items.append(
                    Line(
                        "answer.majority_tie",
                        {
                            "blason": blason,
                            "count": best,
                            "token": token,
                            "names": tuple(self.name(i) for i in leaders),
                        },
                    )
                )
        if not items:
            return Line("answer.majorities_none", {}, seat)
        return Line("answer.majorities", {"items": tuple(items)}, seat)

    def _score_line(self, state: SevenKingdomsState, seat: int) -> Line:
        result = self.engine.result(state)
        items = tuple(
            Line("answer.score_item", {"player": self.name(line.seat), "total": line.total})
            for line in result.lines
        )
        if self.judge.awaiting(state).game_over:
            winners = tuple(self.name(s) for s in result.winners)
            return Line("answer.score_final", {"items": items, "winner_names": winners}, seat)
        return Line("answer.score", {"items": items}, seat)

    def _turn_answer(self, state: SevenKingdomsState, seat: int) -> Line:
        phase = state.phase
        if phase == st.OVER:
            return Line("answer.turn_game_over", {}, seat)
        if phase == st.PLAY:
            return Line(
                "answer.turn_play",
                {"player": self.name(state.turn), "first": self.name(state.first)},
                seat,
            )
        if phase in (st.TAKE, st.BONUS) and state.order:
            card = state.resolving_card or 0
            if phase == st.BONUS:
                return Line(
                    "answer.turn_bonus", {"player": self.name(state.order[0]), "card": card}, seat
                )
            later = tuple(
                Line(
                    "answer.order_item",
                    {"player": self.name(s), "card": state.seats[s].played or 0},
                )
                for s in state.order[1:]
            )
            after: Any = Line("answer.turn_next", {"items": later}) if later else ""
            return Line(
                "answer.turn_take",
                {
                    "player": self.name(state.order[0]),
                    "card": card,
                    "rank": rank_line(card),
                    "next": after,
                },
                seat,
            )
        return Line("answer.turn_world", {"what": self._world_prompt(state, None)}, seat)

    # --- the coach (issue 14) -----------------------------------------------------------

    def _coach(self, state: SevenKingdomsState, seat: int) -> Interpretation:
        """The expert's choice for ``seat`` and why, on ``seat``'s own channel; the next best
        choices as details ("plus de détails")."""
        acting = self.acting_seat(state)
        if acting is None:
            return Answer((Line("answer.coach_none", {}, seat),))
        if acting != seat:
            return Answer((Line("answer.coach_not_your_turn", {"player": self.name(acting)},
                                seat),))
        advice = coach.advise(state, self.components, seat)
        if advice is None:
            return Answer((Line("answer.coach_hand_unknown", {}, seat),))
        head = self._advice_line(state, advice.action, advice.reasons, seat)
        others = tuple(
            Line("answer.coach_else", {
                "action": self.describe(state, a, seat),
                "reasons": self._why_lines(coach.reasons(state, self.components, seat, a)),
            }, seat)
            for a in advice.others
        )
        return Answer((head,), details=(head, *others))

    def hand_numbers(self, state: SevenKingdomsState, seat: int) -> tuple[int, ...]:
        """The numbers a rank among cards is said of: the hand's, when all are known ("ma
        carte la plus forte"); for the seat taking, the row's ("je prends les deux plus
        gros numéros": only cards of the row can be taken then)."""
        if state.phase == st.TAKE and self.acting_seat(state) == seat:
            return tuple(c for c in state.row if c is not None)
        if not 0 <= seat < len(state.seats) or state.seats[seat].unknown:
            return ()
        return tuple(state.seats[seat].hand)

    def advised(self, state: SevenKingdomsState, seat: int) -> tuple[Any, ...]:
        """The move "fais-le" plays: the expert's choice :meth:`_coach` says."""
        if self.acting_seat(state) != seat:
            return ()
        advice = coach.advise(state, self.components, seat)
        return () if advice is None else (advice.action,)

    def _advice_line(self, state: SevenKingdomsState, action: Any,
                     reasons: tuple[coach.Why, ...], seat: int) -> Line:
        why = self._why_lines(reasons)
        if isinstance(action, Play):
            return Line("answer.coach_play",
                        {"card": action.card, "rank": rank_line(action.card), "reasons": why},
                        seat)
        if isinstance(action, ChooseToken):
            return Line("answer.coach_bonus",
                        {"token": token_line(action.token), "reasons": why}, seat)
        return Line("answer.coach_take",
                    {"action": self.describe(state, action, seat), "reasons": why}, seat)

    def _why_lines(self, reasons: tuple[coach.Why, ...]) -> tuple[Line, ...]:
        return tuple(self._why_line(r) for r in reasons)

    @staticmethod
    def _why_line(why: coach.Why) -> Line:
        params = dict(why.params)
        if why.code == "play_takes":
            if not params["takes"]:
                return Line("coach.play_takes_nothing", {})
            return Line("coach.play_takes", {"takes": params["takes"]})
        if why.code in ("majority", "token_lead", "token_behind"):
            token = params.get("token")
            if why.code == "majority":
                params["token"] = Line("row_token", {"token": token_line(str(token))}) \
                    if token else ""
            else:
                params["token"] = token_line(str(token))
        return Line(f"coach.{why.code}", params)


__all__ = ["SevenKingdomsQuestions"]
