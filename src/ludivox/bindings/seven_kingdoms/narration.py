"""7 Kingdoms in words: the line of places, the tokens, hands, kingdoms, majorities and
scores; actions, refusals and events as sentences; the prompts of each phase, the opening,
help and the rules reminder (part of
:class:`~ludivox.bindings.seven_kingdoms.binding.SevenKingdomsBinding`). A hand is only ever
said on its owner's channel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludivox.engines.base import Event, Reason
from ludivox.engines.seven_kingdoms import (
    ChooseToken,
    Components,
    Play,
    RevealBlason,
    RevealCard,
    RevealHand,
    RevealToken,
    SetFirst,
    SevenKingdomsEngine,
    SevenKingdomsState,
    Take,
    rank_of,
)
from ludivox.engines.seven_kingdoms import events as ev
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.components import PLACES
from ludivox.table.binding import (
    BindingDefaults,
    Line,
)
from ludivox.table.judge import Judge


def rank_line(card_or_rank: int | str) -> Line:
    """ "le roi", "l'évêque"... for a card number or a rank id."""
    rank = rank_of(card_or_rank) if isinstance(card_or_rank, int) else card_or_rank
    return Line("name.rank", {"rank": rank})


def token_line(token: str) -> Line:
    """ "le jeton fois deux"... for a token id."""
    return Line("name.token", {"token": token})


class SevenKingdomsNarration(BindingDefaults):
    """Seats, turns and everything 7 Kingdoms says."""

    engine: SevenKingdomsEngine
    judge: Judge[Any, Any]
    components: Components

    # --- seats and turns --------------------------------------------------------------

    def acting_seat(self, state: SevenKingdomsState) -> int | None:
        """The seat to play or to take; None while the world reveals or once it is over."""
        return self.judge.awaiting(state).seat

    def next_seat(self, state: SevenKingdomsState, after: int) -> int | None:
        """Who plays or takes after ``after`` this round (:meth:`SevenKingdomsState.seat_after`)."""
        return state.seat_after(after)

    # --- the state in words -----------------------------------------------------------

    def _token_on(self, state: SevenKingdomsState, position: int) -> Any:
        token = state.tokens_placed[position - 1] if 1 <= position <= PLACES else None
        return Line("row_token", {"token": token_line(token)}) if token else ""

    def _place_item(
        self, state: SevenKingdomsState, place: int, key: str, seat: int | None
    ) -> Line:
        blason = state.blasons[place - 1] if place <= len(state.blasons) else 0
        card = state.row[place - 1]
        params: dict[str, Any] = {
            "place": place,
            "blason": blason,
            "token": self._token_on(state, place),
        }
        if card is None:
            return Line(key + "_empty", params, seat)
        return Line(key, {**params, "card": card}, seat)

    def _row_line(self, state: SevenKingdomsState, seat: int | None) -> Line:
        if len(state.blasons) < PLACES:
            return Line("answer.row_setup", {}, seat)
        # the places holding a card (or a token) one by one; the empty ones in one phrase
        shown = [
            p
            for p in range(1, PLACES + 1)
            if state.row[p - 1] is not None or self._token_on(state, p)
        ]
        empty = tuple(p for p in range(1, PLACES + 1) if p not in shown)
        items: list[Line] = [self._place_item(state, p, "answer.row_item", None) for p in shown]
        if empty:
            items.append(Line("answer.row_empties", {"places": empty}))
        return Line("answer.row", {"items": tuple(items)}, seat)

    def _tokens_line(self, state: SevenKingdomsState, seat: int | None) -> Line:
        revealed: Any = tuple(token_line(t) for t in state.tokens_revealed) or Line("none")
        placed: Any = tuple(
            Line(
                "answer.tokens_placed_item",
                {
                    "token": token_line(t),
                    "position": i + 1,
                    "blason": state.blasons[i] if i < len(state.blasons) else 0,
                },
            )
            for i, t in enumerate(state.tokens_placed)
            if t is not None
        ) or Line("none")
        return Line(
            "answer.tokens",
            {"revealed": revealed, "placed": placed, "face_down": state.tokens_face_down},
            seat,
        )

    def _hand_line(self, state: SevenKingdomsState, seat: int) -> Line:
        own = state.seats[seat]
        if own.hand_size == 0:
            return Line("answer.hand_empty", {}, seat)
        if own.unknown == 0:
            return Line("answer.hand", {"cards": own.hand}, seat)
        if not own.hand:
            return Line("answer.hand_unknown", {"count": own.unknown}, seat)
        return Line("answer.hand_partial", {"cards": own.hand, "unknown": own.unknown}, seat)

    # --- speaking ---------------------------------------------------------------------

    def describe(self, state: SevenKingdomsState, action: Any, seat: int) -> Line:
        """An action in words (``action.<kind>``), e.g. "jouer le quarante-quatre"."""
        if isinstance(action, Play):
            return Line("action.play", {"card": action.card})
        if isinstance(action, ChooseToken):
            return Line("action.bonus", {"token": token_line(action.token)})
        if isinstance(action, Take):
            if not action.cards:
                return Line("action.take_nothing")
            return Line(
                "action.take",
                {"cards": action.cards, "keep": action.keep, "validated": action.validated},
            )
        if isinstance(action, RevealBlason):
            return Line("action.blason", {"blason": action.blason})
        if isinstance(action, RevealToken):
            return Line("action.token", {"token": token_line(action.token)})
        if isinstance(action, SetFirst):
            return Line("action.first", {"player": self.name(action.seat)})
        if isinstance(action, RevealCard):
            return Line("action.card", {"card": action.card})
        if isinstance(action, RevealHand):
            return Line("action.hand", {"player": self.name(action.seat), "card": action.card})
        raise TypeError(f"not a 7 Kingdoms action: {action!r}")

    def _where(self, where: str) -> Line:
        kind, _, rest = where.partition(":")
        player = self.name(int(rest)) if rest.isdecimal() else ""
        return Line("name.where", {"where": kind, "player": player})

    def _reason_params(self, state: SevenKingdomsState, reason: Reason) -> dict[str, Any]:
        params: dict[str, Any] = dict(reason.args)
        if "rank" in params:
            params["rank"] = rank_line(str(params["rank"]))
        if "token" in params:
            params["token"] = token_line(str(params["token"]))
        if "revealed" in params:
            params["revealed"] = tuple(token_line(str(t)) for t in params["revealed"] or ())
            if not params["revealed"]:
                params["revealed"] = Line("none")
        if "where" in params:
            params["where"] = self._where(str(params["where"]))
        if "kind" in params:
            params["kind"] = Line("name.kind", {"kind": params["kind"]})
        if "phase" in params:
            params["phase"] = Line("name.phase", {"phase": params["phase"]})
        if "expected" in params:
            params["expected"] = tuple(
                Line("name.kind", {"kind": k}) for k in params["expected"] or ()
            )
        if isinstance(params.get("seat"), int):
            params["player"] = self.name(int(params["seat"]))
            params["seat"] = int(params["seat"]) + 1
        if "place" in params and params["place"] is None:
            params["place"] = 0
        acting = self.acting_seat(state)
        params.setdefault("player", self.name(acting) if acting is not None else "")
        return params

    def refusal_lines(
        self, state: SevenKingdomsState, action: Any, reason: Reason, seat: int
    ) -> tuple[Line, ...]:
        """The refusal (privately), then what would work."""
        lines = [Line(f"refusal.{reason.code}", self._reason_params(state, reason), seat)]
        if reason.suggestions:
            options = tuple(self.describe(state, a, seat) for a in reason.suggestions[:3])
            lines.append(Line("suggestion", {"options": options}, seat))
        return tuple(lines)

    def _event_line(self, event: Event) -> Line:
        params: dict[str, Any] = dict(event.payload())
        seat = params.get("seat")
        if isinstance(seat, int):
            params["player"] = self.name(seat)
        key = f"event.{event.kind}"
        if isinstance(event, ev.RoundStarted):
            params["player"] = self.name(event.first)
        elif isinstance(event, ev.CardPlayed | ev.CardPlacedAbove):
            params["rank"] = rank_line(event.card)
        elif isinstance(event, ev.TokenRevealed | ev.TokenPlaced):
            params["name"] = token_line(event.token)
        elif isinstance(event, ev.RowShifted):
            params["cards"] = tuple(c for c in event.row if c is not None)
            if not params["cards"]:
                key = "event.row_shifted_empty"
        elif isinstance(event, ev.HandValidated) and not event.cards:
            key = "event.hand_validated_empty"
        elif isinstance(event, ev.CardsTaken):
            if not event.cards:
                key = "event.cards_taken_none"
            elif not event.kept:
                key = "event.cards_taken"
            elif not event.validated:
                key = "event.cards_taken_kept"
            else:
                key = "event.cards_taken_split"
        elif isinstance(event, ev.TokenAwarded):
            if event.token is None:
                key = "event.token_awarded_empty"
                params["player"] = ""
            elif event.seat is None:
                key = (
                    "event.token_awarded_none"
                    if max(event.counts, default=0)
                    else "event.token_awarded_nobody"
                )
                params["player"] = ""
            params["name"] = token_line(event.token or "")
        elif isinstance(event, ev.GameScored):
            params["items"] = tuple(
                Line("answer.score_item", {"player": self.name(i), "total": total})
                for i, total in enumerate(event.scores)
            )
            params["winner_names"] = tuple(self.name(s) for s in event.winners)
        return Line(key, params, event.private_to)

    def event_lines(
        self, before: SevenKingdomsState, after: SevenKingdomsState, events: Sequence[Event]
    ) -> tuple[Line, ...]:
        """Each event as ``event.<kind>`` (private ones on their seat's channel), then what
        is expected next when it changed: whose turn, or what the table must reveal."""
        # the pawn passed to who starts the next round: said once, by "Manche N : X commence"
        starts = {e.first for e in events if isinstance(e, ev.RoundStarted)}
        said = [e for e in events if not (isinstance(e, ev.FirstPlayerPassed) and e.seat in starts)]
        lines = [self._event_line(e) for e in said]
        revealed = [i for i, e in enumerate(said) if isinstance(e, ev.CardRevealed)]
        if revealed:  # the pile's count once, after the last card turned up, not after each
            left = said[revealed[-1]].payload().get("pile_left", 0)
            lines.insert(revealed[-1] + 1, Line("event.pile_left", {"pile_left": left}))
            if len(revealed) > 1 and revealed == list(range(revealed[0], revealed[-1] + 1)):
                # a refill in one sentence: "Places cinq, six et sept : le quarante, …"
                turned = [e for e in said if isinstance(e, ev.CardRevealed)]
                lines[revealed[0]:revealed[-1] + 1] = [Line("event.cards_revealed_row", {
                    "places": tuple(e.place for e in turned),
                    "cards": tuple(e.card for e in turned)})]
        was, now = self.judge.awaiting(before), self.judge.awaiting(after)
        changed = (
            (was.seats, was.kinds) != (now.seats, now.kinds)
            or now.world
            or any(isinstance(e, ev.RoundStarted) for e in events)
        )
        if changed:
            lines.extend(self._prompt(after))
        return tuple(lines)

    def event_earcons(self, events: Sequence[Event]) -> tuple[str, ...]:
        """No game-specific earcons."""
        return ()

    def _world_prompt(self, state: SevenKingdomsState, seat: int | None) -> Line:
        phase = state.phase
        if phase == st.SETUP_BLASONS:
            return Line("world_blason", {"position": len(state.blasons) + 1}, seat)
        if phase in (st.SETUP_TOKENS, st.REVEAL_TOKEN):
            return Line("world_token", {}, seat)
        if phase == st.SETUP_FIRST:
            return Line("world_first", {}, seat)
        if phase in (st.SETUP_ROW, st.REFILL):
            empty = [i + 1 for i, c in enumerate(state.row) if c is None]
            return Line("world_card", {"place": empty[0] if empty else 1}, seat)
        names = tuple(self.name(i) for i, s in enumerate(state.seats) if s.unknown)
        return Line("world_hand", {"names": names}, seat)

    def _prompt(self, state: SevenKingdomsState) -> tuple[Line, ...]:
        """Who acts now and how (their hand privately), or what the table must reveal."""
        phase = state.phase
        if phase == st.OVER:
            return ()
        if phase == st.PLAY:
            seat = state.turn
            return (
                Line("your_turn_play", {"player": self.name(seat)}),
                self._hand_line(state, seat),
            )
        if phase == st.TAKE:
            seat, card = state.order[0], state.resolving_card or 0
            return (
                Line(
                    "your_turn_take",
                    {"player": self.name(seat), "card": card, "rank": rank_line(card)},
                ),
                self._hand_line(state, seat),
            )
        if phase == st.BONUS:
            return (
                Line(
                    "your_turn_bonus",
                    {
                        "player": self.name(state.order[0]),
                        "card": state.resolving_card or 0,
                        "tokens": tuple(token_line(t) for t in state.tokens_revealed),
                    },
                ),
            )
        return (self._world_prompt(state, None),)

    def turn_lines(self, state: SevenKingdomsState, seat: int) -> tuple[Line, ...]:
        """Nothing more: :meth:`event_lines` already says whose turn it is."""
        return ()

    def opening_lines(self, state: SevenKingdomsState) -> tuple[Line, ...]:
        """The line under the blasons, each hand privately, and who acts first."""
        if state.game_over:
            return (Line("answer.turn_game_over"),)
        lines: list[Line] = []
        if len(state.blasons) == PLACES and all(c is not None for c in state.row):
            lines.append(self._row_line(state, None))
            lines.append(self._tokens_line(state, None))
        if not state.is_table and state.phase == st.PLAY:
            lines.extend(self._hand_line(state, s) for s in range(state.players) if s != state.turn)
        lines.extend(self._prompt(state))
        return tuple(lines)

    def help_lines(self, state: SevenKingdomsState, seat: int) -> tuple[Line, ...]:
        """What can be said now, depending on the phase and on whose turn it is."""
        phase = state.phase
        if phase == st.OVER:
            return (Line("help.game_over", {}, seat),)
        acting = self.acting_seat(state)
        if acting is None:
            return (Line("help.world", {"what": self._world_prompt(state, None)}, seat),)
        if acting != seat:
            return (Line("help.waiting", {"player": self.name(acting)}, seat),)
        if phase == st.TAKE:
            return (Line("help.take", {"rank": rank_line(state.resolving_card or 1)}, seat),)
        if phase == st.BONUS:
            return (
                Line(
                    "help.bonus",
                    {"tokens": tuple(token_line(t) for t in state.tokens_revealed)},
                    seat,
                ),
            )
        return (Line("help.play", {}, seat),)

    def rules_lines(self, state: SevenKingdomsState, seat: int) -> tuple[Line, ...]:
        """The short rules reminder."""
        return (Line("rules.short", {}, seat),)

    def hint_intents(self, state: SevenKingdomsState, seat: int) -> tuple[str, ...]:
        """Examples offered after something not understood."""
        phase = state.phase
        if phase == st.TAKE:
            return ("take", "ask_row", "help")
        if phase == st.BONUS:
            return ("choose_token", "ask_tokens", "help")
        if phase == st.SETUP_BLASONS:
            return ("reveal_blason", "help")
        if phase in (st.SETUP_TOKENS, st.REVEAL_TOKEN):
            return ("reveal_token", "help")
        if phase == st.SETUP_FIRST:
            return ("set_first", "help")
        if phase in (st.SETUP_ROW, st.REFILL):
            return ("reveal_card", "help")
        if phase == st.FINAL:
            return ("show_hand", "help")
        return ("play", "ask_hand", "help")

    def state_json(self, state: SevenKingdomsState) -> dict[str, Any]:
        """The engine's state JSON (``ludivox.engines.seven_kingdoms.jsonio``), with each
        seat's ``name`` and the ``scores`` so far (validated cards and placed tokens)."""
        data = self.engine.to_json(state)
        data["seats"] = [{"name": self.name(i), **seat} for i, seat in enumerate(data["seats"])]
        data["scores"] = [line.total for line in self.engine.result(state).lines]
        return data


__all__ = ["SevenKingdomsNarration", "rank_line", "token_line"]
