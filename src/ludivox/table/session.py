"""The conversational loop: ``Session.handle(input) -> outputs``, for any game.

The session knows seats, whose turn it is, who is speaking, the dialogue (repeat, undo within
the turn, help, rules reminder, quit, questions when a move is incomplete or ambiguous,
"did you mean" for fuzzy matches) and the private channels. Everything about the game goes
through its binding (:mod:`ludivox.table.binding`); every sentence comes from the grammar.

Choosing what was meant: the grammar ranks its intents by cost. Among the intents whose cost
is within :data:`COST_MARGIN` of the best one, the first that leads to something doable (a
legal action, a question, an answer) wins; only when none does is the best one refused. So a
slightly fuzzier reading that is legal beats an illegal first reading. A reading that costs
:data:`CONFIRM_COST` or more (a fuzzy match) is confirmed first ("Tu veux dire : ... ?").

Channels: game events go to the table (private events to their seat); the dialogue with one
player (answers, questions, refusals, help) goes to that player's channel.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ludivox.engines.base import IllegalAction, Reason
from ludivox.nfc.payload import BadPayload, WrongGame, parse_payload
from ludivox.table.binding import (
    Answer,
    Binding,
    IntentLike,
    Interpretation,
    Line,
    Refusal,
)
from ludivox.table.io import (
    TABLE,
    Earcon,
    Heard,
    Input,
    Key,
    Output,
    Quit,
    Say,
    SetPhrases,
    SpeechControl,
    TagSeen,
    channel_seat,
    seat_channel,
)
from ludivox.table.journal import Journal
from ludivox.table.match import TURN_END_EVENTS, Match

log = logging.getLogger(__name__)

COST_MARGIN = 0.3
"""Intents costing at most this much more than the best one compete on legality."""

CONFIRM_COST = 0.35
"""A reading at least this fuzzy is confirmed before acting."""

MAX_CHOICES = 3

MAX_COMPUTER_MOVES = 1000
"""Computer players stop after this many moves in a row (a safety net, never reached)."""

ComputerPlayer = Callable[[Any], Any]
"""A computer player: given the state, the action of the acting seat (see ``computers``)."""
"""At most this many candidates are offered as a spoken choice."""

# Dialogue intents (grammars/common/intents.yaml).
DIALOGUE = frozenset({"repeat", "undo", "help", "rules", "quit", "yes", "no", "choose"})
VOICE = frozenset({"stop", "louder", "quieter", "faster", "slower"})
DETAILS = "details"
"""A game intent asking for the rest of the last answer (:attr:`Answer.details`)."""

# Keys: names of inputs.Key the session understands.
KEY_REPEAT = "repeat"
KEY_HELP = "help"
KEY_QUIT_NOW = "quit_now"  # end of keyboard input: save and stop without asking


class GrammarLike(Protocol):
    """What the session uses of :class:`ludivox.grammars.grammar.Grammar`."""

    def understand(
        self, text: str, alternatives: Sequence[str] = (), intents: Any = None
    ) -> list[Any]: ...

    def phrases(self, intents: Any = None, known: Any = None) -> list[str]: ...

    def vocabulary(self, intents: Any = None, known: Any = None) -> set[str]: ...

    def examples(self, intents: Any = None) -> list[str]: ...

    def say(self, key: str, /, *, capitalize: bool = True, **params: Any) -> str: ...

    def has_response(self, key: str) -> bool: ...


@dataclass
class Pending:
    """A question the session asked; the next answer of ``seat`` may settle it.

    ``candidates`` are offered actions (a choice, or one action to confirm); ``partial`` is the
    binding's incomplete request; ``then`` is an interpretation to settle on "oui" (a fuzzy
    reading being confirmed); ``quit`` marks "do you really want to stop?".
    """

    seat: int
    question: Line
    candidates: tuple[Any, ...] = ()
    partial: Any = None
    then: Interpretation | None = None
    quit: bool = False

    @property
    def yes_no(self) -> bool:
        """True when the question expects oui / non."""
        return self.quit or self.then is not None or len(self.candidates) == 1


class Session:
    """One game at one table: feed it inputs, perform the outputs it returns."""

    def __init__(
        self,
        binding: Binding,
        grammar: GrammarLike,
        match: Match[Any, Any],
        players: Sequence[str],
        journal: Journal | None = None,
        computers: Mapping[int, ComputerPlayer] | None = None,
    ) -> None:
        self.binding = binding
        self.grammar = grammar
        self.match = match
        self.players = list(players)
        self.journal = journal
        # Seats played by the computer (virtual games): they act as soon as it is their
        # turn, their moves are narrated on the table like anyone's, and nothing is said on
        # their private channels nor to invite them to play ("your_turn*" keys).
        self.computers = dict(computers or {})
        self._computing = False
        self.pending: Pending | None = None
        self.closed = False
        self._heard_by: dict[int, list[Say]] = {}
        self._details: dict[int, tuple[Line, ...]] = {}  # "plus de détails", per seat
        self._phrases: tuple[str, ...] | None = None
        # the speech model's vocabulary check: phrase lists keep only words it knows
        self.known_word: Callable[[str], bool] | None = None

    # --- public -----------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The game's current state."""
        return self.match.state

    @property
    def acting_seat(self) -> int | None:
        """The seat whose turn it is (None during a world reveal or once the game is over)."""
        return self.binding.acting_seat(self.match.state)

    def start(
        self, resumed: bool = False, torn: bool = False, after_crash: bool = False,
        moves: int = 0,
    ) -> list[Output]:
        """What to say when the game starts or resumes: welcome, set-up, hands, whose turn."""
        game = self.grammar.say("game_name") if self.grammar.has_response("game_name") else ""
        lines: list[Line] = []
        if torn:
            lines.append(Line("save.truncated", {"moves": moves}))
        elif after_crash:
            lines.append(Line("resume.after_crash", {"moves": moves}))
        elif resumed:
            lines.append(Line("resume.resumed", {"game": game}))
        else:
            lines.append(Line("welcome", {"game": game}))
        lines.extend(self.binding.opening_lines(self.match.state))
        return self._emit(lines) + self._computers_play()

    def handle(self, inp: Input) -> list[Output]:
        """The whole conversational loop for one input."""
        if self.closed:
            return []
        if isinstance(inp, Heard):
            return self._heard(inp)
        if isinstance(inp, TagSeen):
            return self._tag(inp)
        if isinstance(inp, Key):
            return self._key(inp)
        raise TypeError(f"not an input: {inp!r}")

    def close(self) -> None:
        """Close the journal (everything is already on disk)."""
        if self.journal is not None and not self.closed:
            self.journal.close()
        self.closed = True

    # --- inputs -----------------------------------------------------------------------

    def _speaker(self, seat: int | None) -> int:
        if seat is not None and 0 <= seat < len(self.players):
            return seat
        acting = self.acting_seat
        return acting if acting is not None else 0

    def _heard(self, inp: Heard) -> list[Output]:
        seat = self._speaker(inp.seat)
        intents = list(
            self.grammar.understand(
                inp.text, tuple(inp.alternatives), self.binding.intents_now(self.match.state)
            )
        )
        if self.pending is not None and self.pending.seat == seat:
            settled = self._answer_pending(seat, intents)
            if settled is not None:
                return settled
        if not intents:
            return self._not_understood(seat)
        best = intents[0]
        if best.name in VOICE:
            return [SpeechControl(best.name)]
        if best.name in DIALOGUE:
            return self._dialogue(seat, best)
        if best.name == DETAILS and self._details.get(seat):
            return self._emit(list(self._details.pop(seat)))
        return self._interpret(seat, intents)

    def _tag(self, inp: TagSeen) -> list[Output]:
        seat = self._speaker(inp.seat)
        parsed = parse_payload(inp.payload, self.binding.game)
        if isinstance(parsed, BadPayload):
            return self._emit([Line("scan.unreadable", {"problem": parsed.problem}, seat)],
                              earcon="refused")
        if isinstance(parsed, WrongGame):
            return self._emit([Line("scan.wrong_game", {"game": parsed.payload.game}, seat)],
                              earcon="refused")
        pending = self.pending if self.pending and self.pending.seat == seat else None
        partial = pending.partial if pending is not None else None
        if pending is not None:
            self.pending = None
        result = self.binding.scan(self.match.state, parsed.kind, parsed.value, seat, partial)
        return self._settle(seat, result)

    def _key(self, inp: Key) -> list[Output]:
        seat = self._speaker(None)
        if inp.name == KEY_REPEAT:
            return self._repeat(seat)
        if inp.name == KEY_HELP:
            return self._help(seat)
        if inp.name == KEY_QUIT_NOW:
            return self._quit()
        return []

    # --- dialogue ---------------------------------------------------------------------

    def _dialogue(self, seat: int, intent: IntentLike) -> list[Output]:
        name = intent.name
        if name == "repeat":
            return self._repeat(seat)
        if name == "help":
            return self._help(seat)
        self.pending = None
        if name == "undo":
            return self._undo(seat)
        if name == "rules":
            return self._emit(list(self.binding.rules_lines(self.match.state, seat)))
        if name == "quit":
            self.pending = Pending(seat, Line("confirm_quit", {}, seat), quit=True)
            return self._emit([self.pending.question])
        return self._not_understood(seat)  # oui / non / la première: nothing was asked

    def _repeat(self, seat: int) -> list[Output]:
        said = self._heard_by.get(seat)
        if not said:
            return self._emit([Line("repeat_nothing", {}, seat)], remember=False)
        return list(said)

    def _undo(self, seat: int) -> list[Output]:
        acting = self.acting_seat
        if acting is not None and seat != acting:
            return self._emit([self._not_your_turn(acting, seat)], earcon="refused")
        action = self.match.undo()
        if action is None:
            return self._emit([Line("nothing_to_undo", {}, seat)], earcon="refused")
        if self.journal is not None:
            self.journal.undo(self.match.state)
        what = self.binding.describe(self.match.state, action, seat)
        return self._emit([Line("undone", {"action": what}, what.seat)])

    def _help(self, seat: int) -> list[Output]:
        pending = self.pending
        if pending is not None and pending.seat == seat:
            key = "help.confirm" if pending.yes_no else "help.choose"
            lines = [Line(key, {}, seat)] if pending.candidates or pending.yes_no else []
            return self._emit([*lines, pending.question])
        lines = list(self.binding.help_lines(self.match.state, seat))
        lines.append(Line("help.general", {}, seat))
        return self._emit(lines)

    def _quit(self) -> list[Output]:
        self.pending = None
        saved = self.journal is not None
        out = self._emit([Line("saved_and_quit" if saved else "goodbye", {})])
        if self.journal is not None:
            self.journal.quit(self.match.state)
        self.close()
        return [*out, Quit(saved)]

    def _not_understood(self, seat: int) -> list[Output]:
        if self.pending is not None and self.pending.seat == seat:
            pending = self.pending
            first = Line("yes_no_expected" if pending.yes_no else "not_understood", {}, seat)
            return self._emit([first, pending.question], earcon="refused")
        intents = self.binding.hint_intents(self.match.state, seat)
        examples = tuple(self.grammar.examples(intents)) if intents else ()
        line = (Line("not_understood_hint", {"examples": examples}, seat) if examples
                else Line("not_understood", {}, seat))
        return self._emit([line], earcon="refused")

    def _not_your_turn(self, acting: int, seat: int) -> Line:
        return Line("not_your_turn",
                    {"player": self.players[seat], "current": self.players[acting]}, seat)

    # --- questions --------------------------------------------------------------------

    def _answer_pending(self, seat: int, intents: list[Any]) -> list[Output] | None:
        """Settle the pending question with this answer, or None to treat it as new."""
        pending = self.pending
        assert pending is not None
        names = [i.name for i in intents]
        if "no" in names[:1]:
            self.pending = None
            return self._emit([Line("cancelled", {}, seat)])
        if "yes" in names[:1]:
            if not pending.yes_no:
                return self._emit([Line("help.choose", {}, seat), pending.question])
            self.pending = None
            if pending.quit:
                return self._quit()
            if pending.then is not None:
                return self._settle(seat, pending.then, confirmed=True)
            return self._act(seat, pending.candidates[0])
        for intent in intents[:3]:
            if intent.name == "choose" and pending.candidates:
                index = _ordinal(intent)
                if index is not None and 0 <= index < len(pending.candidates):
                    self.pending = None
                    return self._act(seat, pending.candidates[index])
                count = len(pending.candidates)
                return self._emit([Line("choose_invalid", {"count": count}, seat)])
            if pending.candidates and len(pending.candidates) > 1:
                index = self.binding.choice_index(pending.candidates, intent)
                if index is not None:
                    self.pending = None
                    return self._act(seat, pending.candidates[index])
            if pending.partial is not None:
                result = self.binding.complete(self.match.state, pending.partial, intent, seat)
                if result is not None:
                    self.pending = None
                    return self._settle(seat, result)
        if names and names[0] in ("repeat", "help"):
            return None  # keep the question: repeat it / explain it
        if not intents:
            return None  # not understood: the question is asked again
        self.pending = None  # something new was said: forget the question
        return None

    # --- game actions -----------------------------------------------------------------

    def _interpret(self, seat: int, intents: list[Any]) -> list[Output]:
        best_cost = intents[0].cost
        first: tuple[Any, Interpretation] | None = None
        for intent in intents:
            if intent.cost > best_cost + COST_MARGIN:
                break
            if intent.name in DIALOGUE or intent.name in VOICE:
                continue
            result = self.binding.interpret(self.match.state, intent, seat)
            if result is None:
                continue
            if first is None:
                first = (intent, result)
            if self._doable(result):
                return self._settle(seat, result, intent=intent)
        if first is None:
            return self._not_understood(seat)
        return self._settle(seat, first[1], intent=first[0])

    def _doable(self, result: Interpretation) -> bool:
        if isinstance(result, Answer):
            return True
        if isinstance(result, Refusal):
            return False
        return bool(self._legal(result.candidates)) or result.question is not None

    def _legal(self, candidates: Sequence[Any]) -> list[Any]:
        engine = self.match.engine
        return [a for a in candidates if engine.refusal(self.match.state, a) is None]

    def _settle(
        self, seat: int, result: Interpretation, intent: IntentLike | None = None,
        confirmed: bool = False,
    ) -> list[Output]:
        """Act on an interpretation: answer, refuse, confirm, ask, or apply."""
        if intent is not None and intent.cost >= CONFIRM_COST and not confirmed:
            question = Line("did_you_mean", {"text": intent.text}, seat)
            self.pending = Pending(seat, question, then=result)
            return self._emit([question])
        if isinstance(result, Answer):
            self._details[seat] = result.details
            return self._emit(list(result.lines))
        if isinstance(result, Refusal):
            return self._emit(list(result.lines), earcon="refused")
        said = list(result.said)
        legal = self._legal(result.candidates)
        if len(legal) == 1:
            return self._act(seat, legal[0], said)
        if 1 < len(legal) <= MAX_CHOICES:
            question = self.binding.choice_line(self.match.state, legal, seat) or Line(
                "choose_among",
                {"options": tuple(self.binding.describe(self.match.state, a, seat)
                                  for a in legal)},
                seat,
            )
            self.pending = Pending(seat, question, tuple(legal), result.partial)
            return self._emit([*said, question])
        if result.question is not None:
            self.pending = Pending(seat, result.question, tuple(legal), result.partial)
            return self._emit([*said, result.question])
        target = result.refusal_of
        if target is None and result.candidates:
            target = result.candidates[0]
        if target is None:
            return self._not_understood(seat)
        return self._act(seat, target, said)

    def _act(self, seat: int, action: Any, said: Sequence[Line] = ()) -> list[Output]:
        """Apply ``action`` for ``seat`` if allowed (journal first), else say why not."""
        state = self.match.state
        acting = self.acting_seat
        if self.binding.needs_turn(action) and acting is not None and seat != acting:
            return self._emit([*said, self._not_your_turn(acting, seat)], earcon="refused")
        reason = self.match.engine.refusal(state, action)
        if reason is not None:
            return self._refuse(state, action, reason, seat, said)
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:  # refusal and apply disagree: still refuse cleanly
            return self._refuse(state, action, exc.reason, seat, said)
        if self.journal is not None:
            self.journal.action(seat, action, self.match.state)
        lines = [*said, *self.binding.event_lines(state, self.match.state, events)]
        now = self.acting_seat
        turn_changed = now is not None and (now != acting or _turn_ended(events))
        if turn_changed:
            assert now is not None
            lines.extend(self.binding.turn_lines(self.match.state, now))
        earcons = list(self.binding.event_earcons(events))
        if turn_changed:
            earcons.append("your_turn")
        return self._emit(lines, earcons=earcons) + self._computers_play()

    def _computers_play(self) -> list[Output]:
        """Let computer seats act while it is their turn; what they do is narrated."""
        if self._computing or not self.computers:
            return []
        self._computing = True
        out: list[Output] = []
        try:
            for _ in range(MAX_COMPUTER_MOVES):
                seat = self.acting_seat
                if seat is None or seat not in self.computers:
                    break
                before = self.match.state
                out.extend(self._act(seat, self.computers[seat](before)))
                if self.match.state is before:  # refused: never loop on it
                    log.error("computer player of seat %d made a refused move", seat)
                    break
        finally:
            self._computing = False
        return out

    def _refuse(
        self, state: Any, action: Any, reason: Reason, seat: int, said: Sequence[Line] = ()
    ) -> list[Output]:
        lines = self.binding.refusal_lines(state, action, reason, seat)
        return self._emit([*said, *lines], earcon="refused")

    # --- outputs ----------------------------------------------------------------------

    def _value(self, value: Any) -> Any:
        if isinstance(value, Line):
            return self._inner(value)
        if isinstance(value, tuple) and value and all(isinstance(v, Line) for v in value):
            return tuple(self._inner(v) for v in value)
        return value

    def _inner(self, line: Line) -> str:
        """A line rendered to go inside another sentence: no capital but names' own."""
        return self._render(line, capitalize=False)

    def _render(self, line: Line, capitalize: bool = True) -> str:
        """The sentence of a line (nested lines in its parameters rendered first)."""
        params = {k: self._value(v) for k, v in line.params.items()}
        key = line.key
        if not self.grammar.has_response(key):
            log.error("missing response key %r (params %r)", key, params)
            key = "not_understood"
        return self.grammar.say(key, capitalize=capitalize, **params)

    def _emit(
        self,
        lines: Sequence[Line],
        earcon: str | None = None,
        earcons: Sequence[str] = (),
        remember: bool = True,
    ) -> list[Output]:
        """Turn lines into outputs, remember what each seat heard, refresh the phrases."""
        says = [
            Say(TABLE if line.seat is None else seat_channel(line.seat), self._render(line),
                line.key)
            for line in lines
            if line.seat is None or line.seat not in self.computers
            if not (line.key.startswith("your_turn") and self.acting_seat in self.computers)
        ]
        if remember and says:
            for seat in range(len(self.players)):
                heard = [s for s in says if s.channel == TABLE or channel_seat(s.channel) == seat]
                if heard:
                    self._heard_by[seat] = heard
        out: list[Output] = [Earcon(e) for e in ([earcon] if earcon else [])]
        out.extend(Earcon(e) for e in earcons)
        out.extend(says)
        phrases = self._current_phrases()
        if phrases is not None:
            out.append(SetPhrases(phrases))
        return out

    def phrases_now(self) -> tuple[str, ...]:
        """What can be said now, as a phrase list for the speech recognizer."""
        intents = self.binding.intents_now(self.match.state)
        return tuple(self.grammar.phrases(intents, known=self.known_word))

    def _current_phrases(self) -> tuple[str, ...] | None:
        """The phrases that can be said now, when they changed since last time."""
        phrases = self.phrases_now()
        if phrases == self._phrases:
            return None
        self._phrases = phrases
        return phrases


def _ordinal(intent: IntentLike) -> int | None:
    value = intent.slots.get("ordinal")
    if not isinstance(value, str):
        return None
    try:
        return int(value.partition(":")[2]) - 1
    except ValueError:
        return None


def _turn_ended(events: Sequence[Any]) -> bool:
    return any(getattr(e, "kind", "") in TURN_END_EVENTS for e in events)


__all__ = ["CONFIRM_COST", "COST_MARGIN", "MAX_CHOICES", "GrammarLike", "Pending", "Session"]
