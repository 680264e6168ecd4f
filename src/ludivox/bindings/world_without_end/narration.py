"""Un monde sans fin in words: resources, cards, projects and the event card; actions,
refusals and events as sentences; the prompt of each phase, the opening, help and rules
(part of :class:`~ludivox.bindings.world_without_end.binding.WweBinding`).

What is private stays on its owner's channel: a stock, a hand, a face-down discard. The table
hears the moves, the event card, everyone's income (the corners are face up) and whose turn
it is; the rest is told when asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludivox.bindings.world_without_end.words import (
    amount_line,
    card_line,
    due_line,
    effect_line,
    favour_line,
    gain_line,
    project_line,
    res_line,
)
from ludivox.engines.base import Event, Reason
from ludivox.engines.world_without_end import (
    Choose,
    Discard,
    Orient,
    Penitence,
    Play,
    Printed,
    Protect,
    Reveal,
    Tax,
    Tile,
    WweEngine,
    WweState,
)
from ludivox.engines.world_without_end import events as ev
from ludivox.engines.world_without_end.actions import parse_action
from ludivox.engines.world_without_end.components import Components, EventCard
from ludivox.engines.world_without_end.effects import prompt_op
from ludivox.engines.world_without_end.flow import seat_after, side_of
from ludivox.engines.world_without_end.state import PRINTED_BASE, thaw
from ludivox.table.binding import BindingDefaults, Line
from ludivox.table.judge import Judge

WORLD_ACTIONS = (Reveal, Printed, Tile, Tax, Penitence)
SIDES = 4


class WweNarration(BindingDefaults):
    """Seats, turns and everything Un monde sans fin says."""

    engine: WweEngine
    judge: Judge[Any, Any]
    components: Components

    # --- seats and turns --------------------------------------------------------------

    def acting_seat(self, state: WweState) -> int | None:
        """The seat that acts (or answers) now; None while the world reveals or at the end."""
        return self.judge.awaiting(state).seat

    def next_seat(self, state: WweState, after: int) -> int | None:
        """Who acts after ``after`` (:func:`~ludivox.engines.world_without_end.flow.seat_after`)."""
        return seat_after(state, after)

    def needs_turn(self, action: Any) -> bool:
        """The world's reveals (card, tile, die, penitence) can be told by anyone."""
        return not isinstance(action, WORLD_ACTIONS)

    def seat_at(self, state: WweState, side: int) -> int | None:
        """The seat sitting at ``side`` of the board, if any."""
        found = [s for s in range(state.players) if side_of(s, state.players) == side]
        return found[0] if found else None

    def target_line(self, state: WweState, side: int, turner: int | None = None) -> Line:
        """Who the arrow points at when it is on ``side`` (``turner``'s own: "sa place")."""
        seat = self.seat_at(state, side)
        if seat is None:
            return Line("target.nobody")
        if seat == turner:
            return Line("target.self")
        return Line("target.player", {"player": self.name(seat)})

    # --- the event card ---------------------------------------------------------------

    def card_of(self, state: WweState, number: int) -> EventCard:
        """An event card of the data, or one the table described (numbers from 101)."""
        if number > PRINTED_BASE:
            return state.printed[number - PRINTED_BASE - 1]
        return self.components.event(number)

    def event_text(self, state: WweState, number: int, seat: int | None) -> Line:
        """The card read aloud: number, name, lasting or not, plague place, effect."""
        card = self.card_of(state, number)
        if number > PRINTED_BASE:
            return Line("event_text_printed", {"lasting": card.lasting, "place": Line(
                "event_place", {"place": card.place}) if card.place else ""}, seat)
        place = Line("event_place", {"place": card.place}) if card.place else ""
        # a virtual deck is the data itself: only a real card may say otherwise
        unsure = state.mode == "table" and self.components.is_provisional(f"event:{number}")
        return Line("event_text", {
            "card": number, "name": card.name, "lasting": card.lasting, "place": place,
            "effect": effect_line(card),
            "provisional": Line("event_provisional") if unsure else "",
        }, seat)

    def orientation_lines(self, state: WweState, seat: int | None) -> tuple[Line, ...]:
        """What each orientation gives each seat, and the favour reached."""
        view = self.engine.view(state, None)
        lines = []
        for item in view["orientations"]:
            side = int(item["side"])
            incomes = tuple(
                Line("orientation_income", {"player": self.name(s), "gain": gain_line(g)})
                for s, g in enumerate(item["incomes"])
            )
            lines.append(Line("orientation_item", {
                "arrow": int(item["steps"]), "target": self.target_line(state, side),
                "incomes": incomes, "favour": favour_line(item["favour"]),
                "allowed": bool(item["allowed"]),
            }, seat))
        return tuple(lines)

    # --- actions in words -------------------------------------------------------------

    def what_line(self, state: WweState, play: Play, seat: int) -> Line | None:
        """The choices of a card played, or None when it has none."""
        if play.material:
            return Line("what.material", {"material": amount_line(play.material, 1)})
        if play.project and (play.stone or play.wood):
            mats = tuple(amount_line(r, n) for r, n in (("stone", play.stone),
                                                        ("wood", play.wood)) if n)
            return Line("what.project", {"materials": mats,
                                         "project": project_line(play.project)})
        if play.project:
            return Line("what.donation", {"project": project_line(play.project)})
        if play.card in ("vente", "privilege") and (play.cloth or play.wool) and \
                self._effective(state, play, seat) == "vente":
            goods = tuple(amount_line(r, n) for r, n in (("wool", play.wool),
                                                         ("cloth", play.cloth)) if n)
            return Line("what.sale", {"goods": goods})
        if play.wool:
            return Line("what.cloth", {"wool": amount_line("wool", play.wool)})
        if play.site:
            return Line("what.house", {"site": play.site})
        if play.sites:
            return Line("what.harvest", {"sites": play.sites})
        if play.places:
            return Line("what.heal", {"places": play.places})
        if play.service:
            return Line("what.service")
        if play.card == "privilege":
            last = state.seats[seat].last_used if 0 <= seat < state.players else ""
            if last:
                return Line("what.privilege", {"card": card_line(last)})
        return None

    def _effective(self, state: WweState, play: Play, seat: int) -> str:
        if play.card != "privilege" or not 0 <= seat < state.players:
            return play.card
        return state.seats[seat].last_used

    def choose_line(self, value: str) -> Line:
        """An answer to the question asked, in words."""
        head, _, rest = value.partition(":")
        if value in ("yes", "no", "none"):
            return Line(f"what.{value}")
        if head == "site":
            return Line("what.site", {"site": int(rest)})
        if head == "place":
            return Line("what.place", {"place": int(rest)})
        return Line("what.resource", {"resource": amount_line(value, 1)})

    def describe(self, state: WweState, action: Any, seat: int) -> Line:
        """An action in words (``action.<kind>``)."""
        if isinstance(action, Play):
            if action.renounce:
                return Line("action.renounce", {"card": card_line(action.card)})
            what = self.what_line(state, action, seat)
            if what is None:
                return Line("action.play", {"card": card_line(action.card)})
            return Line("action.play_with", {"card": card_line(action.card), "what": what})
        if isinstance(action, Discard):
            return Line("action.discard", {"card": card_line(action.card)})
        if isinstance(action, Orient):
            return Line("action.orient", {"side": action.side,
                                          "target": self.target_line(state, action.side),
                                          "arrow": self.components.council[action.side]
                                          if 0 <= action.side < SIDES else action.side})
        if isinstance(action, Choose):
            return Line("action.choose", {"what": self.choose_line(action.value)})
        if isinstance(action, Protect):
            return Line("action.protect", {"dues": tuple(due_line(k) for k in action.kinds)})
        if isinstance(action, Printed):
            return Line("action.world", {"kind": "printed", "value": ""})
        value: Any = card_line(action.card) if isinstance(action, Penitence) else \
            action.card if isinstance(action, Reveal) else action.value
        return Line("action.world", {"kind": action.kind, "value": value})

    # --- refusals ---------------------------------------------------------------------

    def _reason_params(self, state: WweState, reason: Reason) -> dict[str, Any]:
        params: dict[str, Any] = dict(reason.args)
        for count in ("need", "left"):  # "une laine", "deux pierres": the amount agrees
            if count in params and "resource" in params:
                params[count] = amount_line(str(params["resource"]), int(params[count]))
        if isinstance(params.get("card"), str):
            params["card"] = card_line(str(params["card"]))
        for key in ("resource", "material"):
            if key in params:
                params[key] = res_line(str(params[key]))
        if "project" in params:
            params["project"] = project_line(str(params["project"]))
        if "kind" in params:
            params["kind"] = Line("name.kind", {"kind": params["kind"]})
        if "phase" in params:
            params["phase"] = Line("name.phase", {"phase": params["phase"]})
        if "side" in params:
            side = int(params["side"])
            params["side"] = self.target_line(state, side) if 0 <= side < SIDES else str(side)
        if "choice" in params:
            params["choice"] = Line("name.choice", {"choice": params["choice"]})
        if "question" in params:
            params["question"] = Line("name.question", {"question": params["question"]})
        if "contribution" in params:
            params["contribution"] = due_line(str(params["contribution"]))
        if "owner" in params:
            params["player"] = self.name(int(params["owner"]))
        if "answer" in params:
            params["answer"] = self.choose_line(str(params["answer"]))
        acting = self.acting_seat(state)
        params.setdefault("player", self.name(acting) if acting is not None else "")
        return params

    def refusal_lines(
        self, state: WweState, action: Any, reason: Reason, seat: int
    ) -> tuple[Line, ...]:
        """The refusal (on the speaker's channel: it may name their cards), then what would
        work."""
        lines = [Line(f"refusal.{reason.code}", self._reason_params(state, reason), seat)]
        if reason.suggestions:
            options = tuple(self.describe(state, a, seat) for a in reason.suggestions[:3])
            lines.append(Line("suggestion", {"options": options}, seat))
        return tuple(lines)

    # --- events -----------------------------------------------------------------------

    def _event_line(self, before: WweState, after: WweState, event: Event) -> list[Line]:
        params: dict[str, Any] = dict(event.payload())
        seat = params.get("seat")
        if isinstance(seat, int):
            params["player"] = self.name(seat)
        else:
            params["player"] = ""
        if isinstance(event, ev.EventDrawn):
            if event.card > PRINTED_BASE:
                return [self.event_text(after, event.card, None)]
            card = self.card_of(after, event.card)
            params.update(name=card.name, lasting=card.lasting, text=effect_line(card))
            return [Line("event.event_drawn", params)]
        if isinstance(event, ev.ScoreChanged | ev.GameEnded):
            return []  # said together (event_lines), or by the closing prompt
        if isinstance(event, ev.StockChanged):
            items = tuple(Line("stock_change", {"amount": amount_line(r, abs(n)),
                                                "gained": n > 0})
                          for r, n in event.changes)
            return [Line("event.stock_changed", {**params, "items": items}, event.seat)]
        if isinstance(event, ev.FavourMoved):
            return [Line("event.favour_moved", {**params, "favour": favour_line(event.name)})]
        if isinstance(event, ev.ProjectFinished):
            return [Line("event.project_finished",
                         {**params, "name": project_line(event.project)})]
        if isinstance(event, ev.PeriodEnded):
            sanctions = tuple(
                Line("sanction_item", {"player": self.name(s), "sanctions": tuple(
                    Line("name.sanction", {"sanction": x}) for x in kinds)})
                for s, kinds in enumerate(event.sanctions) if kinds)
            told = [Line("event.period_ended", {**params, "items": self.score_items(after)})]
            if sanctions:
                told.append(Line("sanctions_told", {"items": sanctions}))
            return told
        if isinstance(event, ev.Turned):
            return self._turned(before, event)
        if isinstance(event, ev.CardPlayed):
            play = parse_action(event.action)
            assert isinstance(play, Play)
            acted = event.seat if event.seat is not None else -1
            params["card"] = card_line(play.card)
            if play.renounce:
                return [Line("event.card_renounced", params)]
            what = self.what_line(before, play, acted)
            if what is None:
                return [Line("event.card_played", params)]
            return [Line("event.card_played_with", {**params, "what": what})]
        if isinstance(event, ev.CardDiscarded):
            if event.private_to is None:
                return [Line("event.card_discarded_hidden", params)]
            params["name"] = card_line(event.card)
            return [Line("event.card_discarded", params, event.private_to)]
        if isinstance(event, ev.QuestionAnswered):
            params["what"] = self.choose_line(event.answer)
            return [Line("event.question_answered", params)]
        if isinstance(event, ev.LoyaltyPaid):
            if not event.kinds:
                return [Line("event.loyalty_paid_none", params)]
            params["dues"] = tuple(due_line(k) for k in event.kinds)
            return [Line("event.loyalty_paid", params)]
        return [Line(f"event.{event.kind}", params, event.private_to)]

    def _turned(self, before: WweState, event: ev.Turned) -> list[Line]:
        view = self.engine.view(before, None)
        item = next((o for o in view["orientations"] if o["side"] == event.side), None)
        target = self.target_line(before, event.side, event.seat)
        steps = self.components.council[event.side]
        favour = favour_line(item["favour"] if item else None)
        lines = [Line("event.turned", {"seat": event.seat, "side": target,
                                       "player": self.name(event.seat), "steps": steps,
                                       "favour": favour})]
        if before.mode == "table":
            turn = (event.side - side_of(event.seat, before.players)) % SIDES
            lines.append(Line("orient_said", {"player": self.name(event.seat),
                                              "target": Line("direction", {"turn": turn}),
                                              "arrow": steps}, event.seat))
        if item is not None:
            items = tuple(
                Line("event.incomes_item", {"player": self.name(s), "gain": gain_line(g)})
                for s, g in enumerate(item["incomes"])
            )
            lines.append(Line("event.incomes", {"items": items, "favour": favour}))
        return lines

    def score_items(self, state: WweState) -> tuple[Line, ...]:
        """Each seat's score ("Anne douze et demi")."""
        return tuple(
            Line("answer.score_item", {"player": self.name(i), "score": s.score, "half": s.half})
            for i, s in enumerate(state.seats)
        )

    def event_lines(
        self, before: WweState, after: WweState, events: Sequence[Event]
    ) -> tuple[Line, ...]:
        """Each event (private ones on their owner's channel), the scores when a period
        ends, then what is expected next when it changed."""
        lines: list[Line] = []
        drawn = any(isinstance(e, ev.EventDrawn) for e in events)
        ended = any(isinstance(e, ev.PeriodEnded) for e in events)
        turned = any(isinstance(e, ev.Turned) for e in events)
        for event in events:
            if not (turned and isinstance(event, ev.FavourMoved | ev.StockChanged)):
                lines += self._event_line(before, after, event)  # else: the incomes line
        scores = [e for e in events if isinstance(e, ev.ScoreChanged)]
        if scores and not ended:
            lines.append(Line("event.score_changed", {"items": tuple(
                Line("score_change", {"player": self.name(e.seat), "gained": e.after > e.before,
                                      "points": abs(e.after - e.before), "total": e.after})
                for e in scores)}))
        was, now = self.judge.awaiting(before), self.judge.awaiting(after)
        if (was.seats, was.kinds, was.phase) != (now.seats, now.kinds, now.phase) or \
                drawn:
            lines.extend(self.prompt(after))
        return tuple(lines)

    def event_earcons(self, events: Sequence[Event]) -> tuple[str, ...]:
        """No game-specific earcons."""
        return ()

    # --- prompts ----------------------------------------------------------------------

    def question_line(self, state: WweState, seat: int | None = None) -> Line | None:
        """The question the engine asks now, in words, or None."""
        if not state.queue:
            return None
        prompt = state.queue[0]
        who = self.name(prompt.seat)
        options = [a.value for a in self.engine.legal_actions(state) if isinstance(a, Choose)]
        kind = prompt.kind
        if kind == "exchange":
            op = prompt_op(thaw(state), self.components, prompt)
            return Line("question.exchange", {"player": who, "give": gain_line(op.give),
                                              "get": gain_line(op.get)}, seat)
        if kind == "lose_one":
            return Line("question.lose_one", {"player": who, "options": tuple(
                res_line(o) for o in options)}, seat)
        numbers = tuple(int(o.partition(":")[2]) for o in options if ":" in o)
        if kind == "remove_house":
            return Line("question.remove_house", {"player": who, "sites": numbers}, seat)
        if kind == "hospice":
            return Line("question.hospice", {"player": who, "places": numbers}, seat)
        return Line("question.free_house", {"player": who, "sites": numbers}, seat)

    def world_line(self, state: WweState, seat: int | None = None) -> Line:
        """What the table must tell now (table mode)."""
        phase = state.phase
        if phase == "event":
            return Line("world.event", {"player": self.name(state.active),
                                        "period": state.period}, seat)
        if phase == "plague_tile":
            place = self.card_of(state, state.drawn[-1]).place if state.drawn else 0
            return Line("world.tile", {"place": place}, seat)
        if phase == "tax":
            return Line("world.tax", {}, seat)
        victim = state.pending[0] if state.pending else 0
        key = "world.random_discard" if phase == "random_discard" else "world.penitence"
        return Line(key, {"player": self.name(victim)}, seat)

    def prompt(self, state: WweState, read_card: bool = False) -> tuple[Line, ...]:
        """Who acts now and how, or what the table must tell (``read_card``: the event card
        on the Council building is read first)."""
        card = (self.event_text(state, state.council, None),) \
            if read_card and state.council is not None else ()
        return (*card, *self._prompt(state))

    def _prompt(self, state: WweState) -> tuple[Line, ...]:
        now = self.judge.awaiting(state)
        if now.game_over:
            return (Line("game_over", {"items": self.score_items(state),
                                       "winner_names": tuple(self.name(s)
                                                             for s in now.winners)}),)
        if now.world:
            return (self.world_line(state),)
        question = self.question_line(state)
        if question is not None:
            return (question,)
        seat = now.seat if now.seat is not None else 0
        player = self.name(seat)
        if state.phase == "orient":
            return (Line("your_turn_orient", {"player": player}),)
        if state.phase == "discard":
            return (Line("your_turn_discard", {"player": player}),)
        if state.phase == "protect":
            unpaid = [k for k, n in zip(("piety", "grain", "gold"),
                                        state.shortfalls[seat], strict=True) if n]
            return (Line("your_turn_protect", {"player": player,
                                               "dues": tuple(due_line(k) for k in unpaid)}),)
        return (Line("your_turn_play", {"player": player, "round": state.round}),)

    def turn_lines(self, state: WweState, seat: int) -> tuple[Line, ...]:
        """Nothing more: :meth:`event_lines` already says whose turn it is."""
        return ()

    def opening_lines(self, state: WweState) -> tuple[Line, ...]:
        """The period and who has the blason, then what happens now."""
        if state.phase == "over":
            return self.prompt(state)
        return (Line("period_start", {"period": state.period,
                                      "player": self.name(state.active)}),
                *self.prompt(state, read_card=True))

    def help_lines(self, state: WweState, seat: int) -> tuple[Line, ...]:
        """What can be said now, by phase and by whose turn it is."""
        now = self.judge.awaiting(state)
        if now.game_over:
            return (Line("help.game_over", {}, seat),)
        if now.world:
            told = Line("help.world", {"what": self.world_line(state)}, seat)
            if state.phase == "event":
                return (told, Line("help.describe", {}, seat))
            return (told,)
        if now.seat != seat:
            return (Line("help.waiting", {"player": self.name(now.seat or 0)}, seat),)
        question = self.question_line(state)
        if question is not None:
            return (Line("help.question", {"what": question}, seat),)
        key = {"orient": "help.orient", "discard": "help.discard",
               "protect": "help.protect"}.get(state.phase, "help.play")
        return (Line(key, {}, seat),)

    def rules_lines(self, state: WweState, seat: int) -> tuple[Line, ...]:
        """The short rules reminder."""
        return (Line("rules.short", {}, seat),)

    def hint_intents(self, state: WweState, seat: int) -> tuple[str, ...]:
        """Examples offered after something not understood."""
        phase = state.phase
        if state.queue:
            return ("exchange_yes", "give_one", "choose_none", "help")
        return {
            "event": ("reveal_event", "describe_event", "help"),
            "plague_tile": ("reveal_tile", "help"),
            "orient": ("orient_to", "orient_for", "ask_event", "help"),
            "discard": ("discard", "ask_hand", "help"),
            "tax": ("tax", "roll_tax", "help"),
            "protect": ("protect", "protect_none", "help"),
            "penitence": ("penitence_random", "help"),
            "random_discard": ("penitence_random", "help"),
        }.get(phase, ("play", "play_project", "ask_stock", "help"))

    def state_json(self, state: WweState) -> dict[str, Any]:
        """The engine's state JSON with the players' ``names``."""
        data = self.engine.to_json(state)
        data["names"] = [self.name(i) for i in range(state.players)]
        return data


__all__ = ["WweNarration"]
