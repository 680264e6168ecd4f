"""Un monde sans fin questions: my stock and hand (private), what I can do, the favour track,
the projects, the houses, the plague, the score, the lasting events, my end-of-period
obligations, what a card or a favour does, whose turn, and the event card (part of
:class:`~ludivox.bindings.world_without_end.binding.WweBinding`)."""

from __future__ import annotations

from typing import Any

from ludivox.bindings.world_without_end.narration import WweNarration
from ludivox.bindings.world_without_end.words import (
    amount_line,
    card_line,
    due_line,
    favour_line,
    gain_line,
    project_line,
    res_line,
)
from ludivox.engines.world_without_end import Play, WweState
from ludivox.engines.world_without_end.components import (
    FREE_HOUSE,
    PERIODS,
    RESOURCES,
    ROUNDS,
    VP,
)
from ludivox.engines.world_without_end.favour import landing
from ludivox.engines.world_without_end.projects import free_slots
from ludivox.engines.world_without_end.state import HEALED, SICK, thaw
from ludivox.table import next_player, slots
from ludivox.table.binding import Answer, IntentLike, Interpretation, Line
from ludivox.table.next_player import NEXT_INTENTS

NEXT_SPACES = 3


class WweQuestions(WweNarration):
    """The answers to every Un monde sans fin question."""

    def _question(self, state: WweState, intent: IntentLike, seat: int) -> Interpretation | None:
        name = intent.name
        if name == "ask_stock" and slots.word(intent, "resource") == VP:  # "j'ai combien de points"
            return Answer((Line("answer.score", {"items": self.score_items(state)}, seat),))
        if name == "ask_stock":
            return Answer((self.stock_line(state, seat, slots.word(intent, "resource")),))
        if name == "ask_hand":
            return Answer((self.hand_line(state, seat),))
        if name == "ask_afford":
            return Answer((self.afford_line(state, seat),))
        if name == "ask_favour":
            return Answer((self.favour_answer(state, seat),))
        if name == "ask_favour_space":
            return Answer((Line("answer.favour_space",
                                {"favour": favour_line(slots.word(intent, "favour"))}, seat),))
        if name == "ask_projects":
            return Answer((self.projects_line(state, seat, slots.word(intent, "project")),))
        if name == "ask_houses":
            return Answer((self.houses_line(state, seat),))
        if name == "ask_plague":
            return Answer((self.plague_line(state, seat),))
        if name == "ask_score":
            return Answer((Line("answer.score", {"items": self.score_items(state)}, seat),))
        if name == "ask_lasting":
            items = tuple(self.event_text(state, n, None) for n in state.lasting)
            key = "answer.lasting" if items else "answer.lasting_none"
            return Answer((Line(key, {"items": items}, seat),))
        if name == "ask_obligations":
            return Answer(self.obligations_lines(state, seat))
        if name == "ask_card":
            return Answer((Line("answer.card_power", {"card": slots.word(intent, "card")}, seat),))
        if name == "ask_turn":
            return Answer((self.turn_answer(state, seat),))
        if name == "ask_end":
            return Answer((self.end_line(state, seat),))
        if name in NEXT_INTENTS:
            return next_player.answer(self, state, intent, seat)
        if name == "ask_advice":  # no coach for this game: said so
            return Answer((Line("answer.no_advice", {}, seat),))
        if name == "ask_event":
            return Answer(self.event_answer(state, seat, slots.number(intent, "event")))
        return None

    def about_question(self, state: WweState, intent: IntentLike, seat: int,
                       about: int) -> Answer | None:
        """A question about another player by name: their stock stays behind their screen
        (said so, never read out); their cards played this period are on the table for
        everyone, with how many they hold. None for the other questions, and for a reading
        by the words alone (the name taken out may have been what the question was about)."""
        if intent.name not in ("ask_stock", "ask_hand") or intent.cost > 0:
            return None
        if about == seat or slots.word(intent, "resource") == VP:  # points are public
            own = self._question(state, intent, seat)
            return own if isinstance(own, Answer) else None
        if intent.name == "ask_stock":
            return Answer((Line("answer.stock_other", {"player": self.name(about)}, seat),))
        other = state.seats[about]
        played = tuple(card_line(c) for c in other.played) or Line("name.nothing")
        return Answer((Line("answer.hand_other", {"player": self.name(about), "played": played,
                                                  "count": len(other.hand)}, seat),))

    # --- private ----------------------------------------------------------------------

    def stock_line(self, state: WweState, seat: int, resource: str | None) -> Line:
        """The stock behind ``seat``'s screen (its own channel only)."""
        own = state.seats[seat]
        if resource is not None and resource in RESOURCES:
            return Line("answer.stock_one", {"items": amount_line(resource, own.has(resource))},
                        seat)
        items = tuple(amount_line(r, n) for r, n in zip(RESOURCES, own.stock, strict=True) if n)
        if not items:
            return Line("answer.stock_empty", {}, seat)
        return Line("answer.stock", {"items": items}, seat)

    def hand_line(self, state: WweState, seat: int) -> Line:
        """Cards in hand, played and discarded this period (its own channel only)."""
        own = state.seats[seat]

        def cards(ids: tuple[str, ...]) -> Any:
            return tuple(card_line(c) for c in ids) or Line("name.nothing")

        return Line("answer.hand", {"cards": cards(own.hand), "played": cards(own.played),
                                    "discards": cards(own.discards)}, seat)

    def afford_line(self, state: WweState, seat: int) -> Line:
        """For each card of the hand, what it can do now (a few ways each)."""
        now = self.judge.awaiting(state)
        if now.seat is not None and now.seat != seat:
            return Line("answer.afford_other", {"player": self.name(now.seat)}, seat)
        hand = state.seats[seat].hand
        if not hand:
            return Line("answer.afford_none", {}, seat)
        ways: dict[str, list[Play]] = {}
        if now.seat == seat and state.phase == "action" and not state.queue:
            for action in self.engine.legal_actions(state):
                if isinstance(action, Play) and not action.renounce:
                    ways.setdefault(action.card, []).append(action)
        items = []
        for card in sorted(set(hand)):
            found = ways.get(card, [])
            options = tuple(w for p in found[:3] if (w := self.what_line(state, p, seat)))
            if options:
                items.append(Line("answer.afford_item", {"card": card_line(card),
                                                         "options": options}))
            elif found:
                items.append(Line("answer.afford_plain", {"card": card_line(card)}))
        if not items:
            return Line("answer.afford_later", {}, seat)
        return Line("answer.afford", {"items": tuple(items)}, seat)

    def obligations_lines(self, state: WweState, seat: int) -> tuple[Line, ...]:
        """The contributions due at the end of the period, and what is missing now (the
        tax counted at the die's highest face)."""
        view = self.engine.view(state, seat)
        dues = view["dues"]
        low, high = dues["tax"]
        own = state.seats[seat]
        short = [(k, need - own.has(k)) for k, need in
                 (("piety", dues["piety"]), ("grain", dues["grain"]), ("gold", high))
                 if own.has(k) < need]
        verdict = Line("answer.obligations_unpaid", {"items": tuple(
            Line("answer.obligation_short", {"due": due_line(k),
                                             "missing": amount_line(k, n)})
            for k, n in short)}, seat) if short else \
            Line("answer.obligations_ok", {"gold_high": high}, seat)
        return (Line("answer.obligations", {
            "piety": dues["piety"], "grain": dues["grain"], "gold_low": low, "gold_high": high,
            "have_piety": own.has("piety"), "have_grain": own.has("grain"),
            "have_gold": own.has("gold"),
        }, seat), verdict)

    # --- public -----------------------------------------------------------------------

    def favour_answer(self, state: WweState, seat: int) -> Line:
        """Where the marker is and what the next spaces give."""
        t = thaw(state)
        names = self.components.favours
        nexts = []
        for steps in range(1, NEXT_SPACES + 1):
            land = landing(t, self.components, steps)
            if land is not None:
                nexts.append(Line("answer.favour_next_item",
                                  {"steps": steps, "favour": favour_line(names[land])}))
        covered = tuple(c.partition(":")[2] for c in state.covers if c.startswith("favour:"))
        cov: Any = Line("name.gain", {"items": tuple(favour_line(c) for c in covered)}) \
            if covered else ""
        return Line("answer.favour", {"space": favour_line(names[state.favour]),
                                      "next": tuple(nexts), "covered": cov}, seat)

    def projects_line(self, state: WweState, seat: int, only: str | None) -> Line:
        """Each project on the board: what is still to build, donors, bonus."""
        items = []
        for p in state.projects:
            if only is not None and p.id != only:
                continue
            spec = self.components.project(p.id)
            stone, wood = free_slots(self.components, thaw(state).project(p.id))  # type: ignore[arg-type]
            donors: Any = tuple(self.name(d) for d in p.donors) or Line("answer.no_donor")
            closed = "done" if p.done else "covered" \
                if f"project:{p.id}" in state.covers else "open"
            materials = Line("answer.project_materials", {
                "stone": stone, "wood": wood, "metal": max(spec.metal - p.metal, 0)})
            items.append(Line("answer.project_item", {
                "project": project_line(p.id), "materials": materials, "donors": donors,
                "bonus": gain_line(spec.bonus), "closed": closed}))
        if not items:
            if only is not None:
                return Line("answer.project_absent", {"project": project_line(only)}, seat)
            return Line("answer.projects_none", {}, seat)
        return Line("answer.projects", {"items": tuple(items)}, seat)

    def houses_line(self, state: WweState, seat: int) -> Line:
        """Who has houses where, and the free sites with their material and income."""
        taken = dict(state.houses)
        by_owner: dict[int, list[int]] = {}
        for site, owner in state.houses:
            by_owner.setdefault(owner, []).append(site)
        free = tuple(
            Line("answer.site_item", {"site": s.number, "material": res_line(s.material),
                                      "income": gain_line(s.income)})
            for s in self.components.sites if s.number not in taken
        ) or Line("name.nothing")
        if not by_owner:
            return Line("answer.houses_none", {"free": free}, seat)
        items = tuple(Line("answer.houses_item", {"player": self.name(o), "sites": tuple(s)})
                      for o, s in sorted(by_owner.items()))
        return Line("answer.houses", {"items": items, "free": free}, seat)

    def plague_line(self, state: WweState, seat: int) -> Line:
        """The sick places, what healing each needs and gives, and my knowledge."""
        if state.period < 3:
            return Line("answer.plague_none", {"period": state.period}, seat)
        items: list[Line] = []
        for i, status in enumerate(state.places):
            if status != SICK:
                continue
            reward = self.components.rewards[i]
            said: Any = Line("reward.free_house") if reward == FREE_HOUSE else \
                gain_line(reward) if not isinstance(reward, str) else Line("name.nothing")
            items.append(Line("answer.plague_item", {"place": i + 1,
                                                     "value": state.tiles[i] or 0,
                                                     "reward": said}))
        healed = tuple(i + 1 for i, s in enumerate(state.places) if s == HEALED)
        if healed:
            items.append(Line("answer.plague_healed", {"places": healed}))
        if not items:
            items.append(Line("name.nothing"))
        return Line("answer.plague", {"items": tuple(items),
                                      "knowledge": state.seats[seat].has("medicine")}, seat)

    def turn_answer(self, state: WweState, seat: int) -> Line:
        """Period, round, phase and who acts."""
        now = self.judge.awaiting(state)
        if now.game_over:
            return Line("answer.turn_over", {}, seat)
        if now.world:
            return Line("answer.turn_world", {"period": state.period, "round": state.round,
                                              "what": self.world_line(state)}, seat)
        question = self.question_line(state)
        if question is not None:
            return Line("answer.turn_question", {"player": self.name(now.seat or 0),
                                                 "what": question}, seat)
        return Line("answer.turn", {"period": state.period, "round": state.round,
                                    "phase": Line("name.phase", {"phase": state.phase}),
                                    "player": self.name(now.seat or 0)}, seat)

    def end_line(self, state: WweState, seat: int) -> Line:
        """When the game ends (after period four) and the rounds left, this one counted."""
        if self.judge.awaiting(state).game_over:
            return Line("answer.turn_over", {}, seat)
        left = (PERIODS - state.period) * ROUNDS + ROUNDS - state.round + 1
        return Line("answer.game_end", {"period": state.period, "round": state.round,
                                        "left": left}, seat)

    def event_answer(self, state: WweState, seat: int, number: int | None) -> tuple[Line, ...]:
        """An event card read aloud; the one on the Council building also with what each
        orientation gives while it is to be turned."""
        if number is not None:
            try:
                self.components.event(number)
            except KeyError:
                return (Line("answer.no_such_event", {"card": number}, seat),)
            return (self.event_text(state, number, seat),)
        council = state.council
        if council is None:
            return (Line("answer.event_none", {}, seat),)
        lines = [self.event_text(state, council, seat)]
        if state.phase == "orient":
            lines.extend(self.orientation_lines(state, seat))
        return tuple(lines)


__all__ = ["WweQuestions"]
