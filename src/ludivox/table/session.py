"""The conversational loop: ``Session.handle(input) -> outputs``, for any game.

The session knows seats, whose turn it is, who is speaking, the dialogue (repeat, undo within
the turn, help, rules reminder, quit, questions when a move is incomplete or ambiguous,
"did you mean" for fuzzy matches) and the private channels. Everything about the game goes
through its binding (:mod:`ludivox.table.binding`); every sentence comes from the grammar.

Choosing what was meant: the grammar ranks its intents by cost. Among the intents whose cost
is within :data:`COST_MARGIN` of the best one, the first that leads to something doable (a
legal action, a question, an answer) wins; only when none does is the best one refused. So a
slightly fuzzier reading that is legal beats an illegal first reading. A reading that costs
:data:`CONFIRM_COST` or more (a fuzzy match) is confirmed first ("Tu veux dire : ... ?"),
whatever the player's settings.

Before a legal move said aloud is made, two checks may ask a question, as the speaking
player's settings say (:mod:`ludivox.table.settings`; computer players are never asked):

* the scan check (``scan_check``): when the binding knows which physical cards the move uses
  (:meth:`~ludivox.table.binding.BindingDefaults.scan_expectation`), the player is asked to
  scan them, one by one in any order. The right card makes the move; another card is refused
  with what was announced and what was scanned, nothing changes and the question stays (the
  player scans the right card, or says "annule", or announces another move); "sans scanner"
  makes the move without the scan. A scan is a deliberate act: no confirmation follows it.
* the confirmation (``confirm``): ``always``, or ``irreversible`` when the binding says the
  move cannot be taken back at a real table: "<the move>, c'est bien ça ?"; "oui" makes it,
  "non" or "annule" cancels it, anything else is handled as new.

A move the binding offers as a yes / no question (:attr:`~ludivox.table.binding.Proposal.offer`,
for example a scanned card that fits one column only) is made on "oui", which is also its
confirmation; "non" cancels it; the other answers its question takes still work.

Voice and settings ("plus vite", "mode expert", "confirme tous mes coups"...) change the
speaking player's settings, saved at once in the settings store, and give a
:class:`~ludivox.table.io.SettingsChanged` output for the devices; a question being asked
stays pending. A fuzzy reading of one is confirmed first like any other ("chut" and "stop"
act at once). "répète" never replays a settings answer (it would tell an old value).

Who is speaking or scanning: an input with its seat is that player's. Without one (one
microphone, one keyboard, one reader for the whole table), the binding may say whose it is
(:meth:`~ludivox.table.binding.BindingDefaults.scan_owner`, ``speech_owner``: the player who
just drew and scans their cards while the next one plays); when several players could be
meant, the session asks "c'est la carte de qui ?" and the name said settles it. Otherwise it
is the player whose turn it is. :attr:`Session.last_seat` tells the devices whose input the
last one was. Verbosity: a private line is said in its player's verbosity; a table line
short only when every human player chose short answers.

Channels: game events go to the table (private events to their seat); the dialogue with one
player (answers, questions, refusals, help) goes to that player's channel.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludivox.engines.base import IllegalAction, Reason
from ludivox.grammars.names import said_name, without_name
from ludivox.nfc.payload import BadPayload, TagPayload, WrongGame, parse_payload
from ludivox.table import compound, history, slots
from ludivox.table.announcer import Announcer, GrammarLike, folded
from ludivox.table.binding import (
    Answer,
    Binding,
    IntentLike,
    Interpretation,
    Line,
    Refusal,
)
from ludivox.table.io import (
    Heard,
    Input,
    Key,
    Output,
    Quit,
    SettingsChanged,
    TagSeen,
)
from ludivox.table.journal import Journal
from ludivox.table.match import TURN_END_EVENTS, Match
from ludivox.table.questions import (
    Choice,
    CommandCheck,
    MoveCheck,
    MoveOffer,
    Question,
    QuitCheck,
    ReadingCheck,
    ScanCheck,
    SequenceCheck,
)
from ludivox.table.scan_check import CardCheck
from ludivox.table.settings import PlayerSettings, SettingsStore
from ludivox.table.voice_settings import COMMANDS, VOICE, SettingsCommands

log = logging.getLogger(__name__)

COST_MARGIN = 0.3
"""Intents costing at most this much more than the best one compete on legality."""

CONFIRM_COST = 0.35
"""A reading at least this fuzzy is confirmed before acting."""

MAX_CHOICES = 3
"""At most this many candidates are offered as a spoken choice."""

MAX_COMPUTER_MOVES = 1000
"""Computer players stop after this many moves in a row (a safety net, never reached)."""

ComputerPlayer = Callable[[Any], Any]
"""A computer player: given the state, the action of the acting seat (see ``computers``)."""


# Dialogue intents (grammars/common/intents.yaml, intents.dialogue.yaml).
SKIP_SCAN = "skip_scan"
NO_READER = "no_reader"  # "je n'ai pas de lecteur": no scan is asked for in this game
DIALOGUE = frozenset({"repeat", "undo", "help", "rules", "quit", "yes", "no", "choose",
                      SKIP_SCAN, NO_READER})
LAST_MOVES = "last_moves"
"""What happened lately (:mod:`ludivox.table.history`), asked at any time."""
SESSION_INTENTS = DIALOGUE | COMMANDS | {LAST_MOVES}
"""Intents the session itself handles, understood whatever the binding restricts."""
DETAILS = "details"
"""A game intent asking for the rest of the last answer (:attr:`Answer.details`)."""

# Keys: names of inputs.Key the session understands.
KEY_REPEAT = "repeat"
KEY_HELP = "help"
KEY_QUIT_NOW = "quit_now"  # end of keyboard input: save and stop without asking


@dataclass(frozen=True)
class _Whose:
    """An input nobody could attribute: asked "c'est la carte de qui ?" among ``seats``."""

    input: Heard | TagSeen
    seats: tuple[int, ...]


class Session:
    """One game at one table: feed it inputs, perform the outputs it returns."""

    def __init__(
        self,
        binding: Binding[Any, Any],
        grammar: GrammarLike,
        match: Match[Any, Any],
        players: Sequence[str],
        journal: Journal | None = None,
        computers: Mapping[int, ComputerPlayer] | None = None,
        settings: SettingsStore | None = None,
    ) -> None:
        self.binding = binding
        self.grammar = grammar
        self.match = match
        binding.judge = match.judge  # a reading is judged once, by the binding and here
        self.players = list(players)
        self.journal = journal
        # Seats played by the computer (virtual games): they act as soon as it is their
        # turn, their moves are narrated on the table like anyone's, and nothing is said on
        # their private channels nor to invite them to play ("your_turn*" keys).
        self.computers = dict(computers or {})
        # Each player's settings, by name (in memory only when no store is given).
        self.settings = settings if settings is not None else SettingsStore(None)
        self._computing = False
        self.pending: Question | None = None
        self.closed = False
        self.last_seat: int | None = None
        """Whose input the last one handled was (None: nobody's, for example a question
        to the whole table); the devices use it to apply that player's settings."""
        self._whose: _Whose | None = None
        self._details: dict[int, tuple[Line, ...]] = {}  # "plus de détails", per seat
        self.announcer = Announcer(
            grammar, self.players, self.computers, self.prefs, lambda: self.acting_seat,
            self._intents_now, lambda: self._whose.seats if self._whose is not None else (),
        )
        self._emit = self.announcer.emit
        self.commands = SettingsCommands(
            self.settings, self.players, lambda: self.binding.real_cards(self.match.state)
        )
        self.render = self.announcer.render
        """A line's sentence, as this table hears it (in its listener's verbosity)."""
        self.cards = CardCheck(binding, lambda: self.match.state)

    # --- public -----------------------------------------------------------------------

    @property
    def known_word(self) -> Callable[[str], bool] | None:
        """The speech model's vocabulary check: phrase lists keep only words it knows."""
        return self.announcer.known_word

    @known_word.setter
    def known_word(self, check: Callable[[str], bool] | None) -> None:
        self.announcer.known_word = check

    @property
    def reader_connected(self) -> bool | None:
        """Whether a card reader is connected (None: the session cannot know)."""
        return self.cards.reader_connected

    @reader_connected.setter
    def reader_connected(self, connected: bool | None) -> None:
        self.cards.reader_connected = connected

    def phrases_now(self) -> tuple[str, ...]:
        """What can be said now, as a phrase list for the speech recognizer."""
        return self.announcer.phrases_now()

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
        if self.settings.problem == "damaged":
            lines.append(Line("settings.store_damaged", {}))
        lines.extend(self.binding.opening_lines(self.match.state))
        return self._emit(lines) + self._computers_play()

    def handle(self, inp: Input) -> list[Output]:
        """The whole conversational loop for one input."""
        if self.closed:
            return []
        self.last_seat = None
        whose, self._whose = self._whose, None
        if whose is not None and isinstance(inp, Heard):
            owner = self._named(inp.text, whose.seats)
            if owner is not None:
                return self.handle(replace(whose.input, seat=owner))
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

    def prefs(self, seat: int) -> PlayerSettings:
        """The settings of the player at ``seat``."""
        return self.settings.get(self.players[seat])

    def _intents_now(self) -> frozenset[str] | None:
        now = self.binding.intents_now(self.match.state)
        return None if now is None else now | SESSION_INTENTS

    def _named(self, text: str, seats: Sequence[int]) -> int | None:
        """The one seat among ``seats`` whose player's name ``text`` says, if exactly one."""
        said = f" {folded(text)} "
        named = [s for s in seats if f" {folded(self.players[s])} " in said]
        return named[0] if len(named) == 1 else None

    def _owners(self, seats: Sequence[int]) -> tuple[int, ...]:
        return tuple(s for s in seats if 0 <= s < len(self.players) and s not in self.computers)

    def _ask_whose(self, inp: Heard | TagSeen, seats: tuple[int, ...]) -> list[Output]:
        """Several players may have scanned (or said) this: ask the table whose it is."""
        self._whose = _Whose(inp, seats)
        what = "card" if isinstance(inp, TagSeen) else "said"
        names = tuple(self.players[s] for s in seats)
        return self._emit([Line("whose_input", {"what": what, "players": names})],
                          remember=False)

    def _heard(self, inp: Heard) -> list[Output]:
        seat = self._speaker(inp.seat)
        self.last_seat = seat
        name = said_name(self.grammar.language, inp.text)
        if name is not None:
            humans = self._owners(range(len(self.players)))
            if inp.seat is None and len(humans) > 1:
                return self._ask_whose(inp, humans)
            return self._rename(seat, name)
        about = self._about_player(seat, inp.text)
        if about is not None:
            again = [self.pending.question] if self.pending and self.pending.seat == seat else []
            return self._emit([*about, *again])
        intents = list(
            self.grammar.understand(inp.text, tuple(inp.alternatives), self._intents_now())
        )
        best = intents[0] if intents else None
        # the voice and the settings change at any time; a question asked stays pending
        if best is not None and best.name in COMMANDS:
            if best.cost >= CONFIRM_COST and best.name != "stop":
                question = Line("did_you_mean", {"text": best.text}, seat)
                resume = self.pending if self.pending and self.pending.seat == seat else None
                self.pending = CommandCheck(seat=seat, question=question, command=best.name,
                                            resume=resume)
                return self._emit([question])
            return self._command(seat, best.name)
        if inp.seat is None and best is not None and best.name not in SESSION_INTENTS:
            owners = self._owners(self.binding.speech_owner(self.match.state, best))
            if len(owners) > 1:
                return self._ask_whose(inp, owners)
            if owners:
                seat = self.last_seat = owners[0]
        if self.pending is not None and self.pending.seat == seat:
            settled = self._answer_pending(seat, intents)
            if settled is not None:
                return settled
        if best is None or best.cost > 0:
            several = self._compound(seat, inp.text)
            if several is not None:
                return several
        if best is None:
            return self._not_understood(seat)
        if best.name == SKIP_SCAN:
            return self._emit([Line("skip_scan.nothing", {}, seat)])
        if best.name == NO_READER:
            self.cards.no_reader()
            return self._emit([Line("no_reader.noted", {}, seat)])
        if best.name == LAST_MOVES:
            return self._emit(self._last_moves(seat))
        if best.name in DIALOGUE:
            return self._dialogue(seat, best)
        if best.name == DETAILS and self._details.get(seat):
            return self._emit(list(self._details.pop(seat)))
        return self._interpret(seat, intents)

    def _tag(self, inp: TagSeen) -> list[Output]:
        seat = self._speaker(inp.seat)
        parsed = parse_payload(inp.payload, self.binding.game)
        if inp.seat is None and isinstance(parsed, TagPayload) and not self._awaits_scan(seat):
            owners = self._owners(self.binding.scan_owner(self.match.state, parsed.kind,
                                                          parsed.value))
            if len(owners) > 1:
                return self._ask_whose(inp, owners)
            if owners:
                seat = owners[0]
        self.last_seat = seat
        if isinstance(parsed, BadPayload):
            return self._emit([Line("scan.unreadable", {"problem": parsed.problem}, seat)],
                              earcon="refused")
        if isinstance(parsed, WrongGame):
            line = Line("scan.wrong_game", {"game": parsed.payload.game}, seat)
            return self._emit([line], earcon="refused")
        pending = self.pending if self.pending and self.pending.seat == seat else None
        if isinstance(pending, ScanCheck):
            return self._scan_check(seat, pending, parsed, inp.uid)
        partial = pending.partial if pending is not None else None
        if pending is not None:
            self.pending = None
        result = self.binding.scan(self.match.state, parsed.kind, parsed.value, seat, partial,
                                   uid=inp.uid)
        return self._settle(seat, result, scanned=True)

    def _awaits_scan(self, seat: int) -> bool:
        """Is a question to ``seat`` waiting for a card (a scan check, "which card?")?"""
        pending = self.pending
        return (pending is not None and pending.seat == seat
                and (bool(pending.expected) or pending.partial is not None))

    def _key(self, inp: Key) -> list[Output]:
        seat = self._speaker(None)
        self.last_seat = seat
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
            self.pending = QuitCheck(seat=seat, question=Line("confirm_quit", {}, seat))
            return self._emit([self.pending.question])
        return self._not_understood(seat)  # oui / non / la première: nothing was asked

    def _rename(self, seat: int, name: str) -> list[Output]:
        """"Appelle-moi Marie": the player at ``seat`` is called ``name`` from now on (their
        settings go with them unless the name already has its own)."""
        old = self.players[seat]
        if any(folded(name) == folded(p) for s, p in enumerate(self.players) if s != seat):
            return self._emit([Line("setup.name_taken", {"name": name}, seat)],
                              earcon="refused")
        if self.settings.get(name) == PlayerSettings():
            self.settings.put(name, self.prefs(seat))
        self.players[seat] = self.binding.players[seat] = name
        if self.journal is not None:
            self.journal.rename(seat, name, self.match.state)
        return self._emit([Line("renamed", {"old": old, "name": name})])

    def _last_moves(self, seat: int, named: int | None = None) -> list[Line]:
        return history.told(self.match.history, self.match.engine, self.binding, seat, named)

    def _about_player(self, seat: int, text: str) -> list[Line] | None:
        """The answer to a question naming a player ("qu'a joué Paul ?", "combien de cartes
        a Paul ?"), or None when no name is said or the rest is no such question."""
        word = self.grammar.language.player_word
        for about, name in enumerate(self.players):
            for instead in ("", word):
                rest = without_name(text, name, instead)
                if rest is None:
                    break
                best = next(iter(self.grammar.understand(rest)), None)
                if best is None or best.cost >= CONFIRM_COST:
                    continue
                if best.name == LAST_MOVES:
                    return self._last_moves(seat, about)
                answer = self.binding.about(self.match.state, best, seat, about)
                if isinstance(answer, Answer):
                    return list(answer.lines)
        return None

    def _repeat(self, seat: int) -> list[Output]:
        said = self.announcer.heard_by.get(seat)
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
            if pending.expected:
                return self._emit([Line("help.scan", {}, seat), pending.question])
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
            first = Line("help.scan" if pending.expected
                         else "yes_no_expected" if pending.yes_no else "not_understood", {}, seat)
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
        if names[:1] in (["no"], ["undo"]):
            # "non", or "annule" while a question waits: nothing is done
            self.pending = pending.resume
            again = [pending.resume.question] if pending.resume is not None else []
            return self._emit([Line("cancelled", {}, seat), *again])
        if isinstance(pending, ScanCheck):
            if names[:1] == [NO_READER]:
                self.cards.no_reader()
                self.pending = None
                return self._emit([Line("no_reader.noted", {}, seat)]) + self._act(
                    seat, pending.action)
            if names[:1] == [SKIP_SCAN]:
                self.pending = None
                return self._act(seat, pending.action)
            if names[:1] == ["yes"]:
                return self._emit([Line("help.scan", {}, seat), pending.question])
        elif names[:1] == ["yes"]:
            return self._yes(seat, pending)
        for intent in intents[:3]:
            if isinstance(pending, ScanCheck):
                break  # waiting for a scan: anything else is new
            if intent.name == "choose" and pending.candidates:
                ordinal = slots.number(intent, "ordinal")
                index = None if ordinal is None else ordinal - 1
                if index is not None and 0 <= index < len(pending.candidates):
                    self.pending = None
                    return self._propose(seat, pending.candidates[index],
                                         scanned=pending.scanned)
                count = len(pending.candidates)
                return self._emit([Line("choose_invalid", {"count": count}, seat)])
            if pending.candidates and len(pending.candidates) > 1:
                index = self.binding.choice_index(pending.candidates, intent)
                if index is not None:
                    self.pending = None
                    return self._propose(seat, pending.candidates[index],
                                         scanned=pending.scanned)
            if pending.partial is not None:
                result = self.binding.complete(self.match.state, pending.partial, intent, seat)
                if result is not None:
                    self.pending = None
                    if self._refused(result):
                        # the answer is refused with its reason; the question still stands
                        # (the cards taken are not forgotten): say why, then ask again
                        out = self._settle(seat, result, scanned=pending.scanned)
                        self.pending = pending
                        return [*out, *self._emit([pending.question])]
                    return self._settle(seat, result, scanned=pending.scanned)
        if names and names[0] in ("repeat", "help"):
            return None  # keep the question: repeat it / explain it
        if not intents:
            return None  # not understood: the question is asked again
        answered = self._aside(seat, intents)
        if answered is not None:
            # a question asked while ours waits: answered, then ours is asked again
            self.pending = pending
            return [*answered, *self._emit([pending.question])]
        self.pending = pending.resume  # something new was said: forget the question
        return None

    def _aside(self, seat: int, intents: list[Any]) -> list[Output] | None:
        """The answer to a question about the game (nothing changes), else None."""
        best = intents[0]
        if best.cost >= CONFIRM_COST:
            return None
        if best.name == "rules":
            return self._emit(list(self.binding.rules_lines(self.match.state, seat)))
        if best.name == LAST_MOVES:
            return self._emit(self._last_moves(seat))
        if best.name == DETAILS and self._details.get(seat):
            return self._emit(list(self._details.pop(seat)))
        if best.name in DIALOGUE or best.name in VOICE or best.name in SESSION_INTENTS:
            return None
        result = self.binding.interpret(self.match.state, best, seat)
        if not isinstance(result, Answer):
            return None
        self._details[seat] = result.details
        return self._emit(list(result.lines))

    def _yes(self, seat: int, pending: Question) -> list[Output]:
        """"Oui" to a question: what it was about is done."""
        if not pending.yes_no:
            return self._emit([Line("help.choose", {}, seat), pending.question])
        self.pending = None
        if isinstance(pending, CommandCheck):
            self.pending = pending.resume
            return self._command(seat, pending.command)
        if isinstance(pending, QuitCheck):
            return self._quit()
        if isinstance(pending, ReadingCheck):
            return self._settle(seat, pending.then, confirmed=True, scanned=pending.scanned)
        if isinstance(pending, MoveOffer):
            return self._propose(seat, pending.action, scanned=pending.scanned, confirmed=True)
        if isinstance(pending, SequenceCheck):
            return self._act_all(seat, pending.actions)
        assert isinstance(pending, MoveCheck)
        return self._act(seat, pending.action)

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

    def _refused(self, result: Interpretation) -> bool:
        """A refusal, or a proposal of moves that are all illegal and asks nothing."""
        if isinstance(result, Refusal):
            return True
        if isinstance(result, Answer) or result.question is not None:
            return False
        return bool(result.candidates) and not self._legal(result.candidates)

    def _doable(self, result: Interpretation) -> bool:
        if isinstance(result, Answer):
            return True
        if isinstance(result, Refusal):
            return False
        return bool(self._legal(result.candidates)) or result.question is not None

    def _legal(self, candidates: Sequence[Any]) -> list[Any]:
        return self.match.judge.legal(self.match.state, candidates)

    def _settle(
        self, seat: int, result: Interpretation, intent: IntentLike | None = None,
        confirmed: bool = False, scanned: bool = False,
    ) -> list[Output]:
        """Act on an interpretation: answer, refuse, confirm, ask, or apply.

        ``confirmed``: the player already said "oui" to this reading; ``scanned``: the request
        began with a scan (no scan check for it)."""
        if intent is not None and intent.cost >= CONFIRM_COST and not confirmed:
            question = Line("did_you_mean", {"text": intent.text}, seat)
            self.pending = ReadingCheck(seat=seat, question=question, then=result,
                                        scanned=scanned)
            return self._emit([question])
        if isinstance(result, Answer):
            self._details[seat] = result.details
            return self._emit(list(result.lines))
        if isinstance(result, Refusal):
            return self._emit(list(result.lines), earcon="refused")
        said = list(result.said)
        legal = self._legal(result.candidates)
        if result.offer and len(legal) == 1 and result.question is not None:
            self.pending = MoveOffer(seat=seat, question=result.question, action=legal[0],
                                     request=result.partial, scanned=scanned)
            return self._emit([*said, result.question])
        if len(legal) == 1:
            return self._propose(seat, legal[0], said, scanned=scanned, confirmed=confirmed)
        if 1 < len(legal) <= MAX_CHOICES:
            question = self.binding.choice_line(self.match.state, legal, seat) or Line(
                "choose_among",
                {"options": tuple(self.binding.describe(self.match.state, a, seat)
                                  for a in legal)},
                seat,
            )
            self.pending = Choice(seat=seat, question=question, options=tuple(legal),
                                  request=result.partial, scanned=scanned)
            return self._emit([*said, question])
        if result.question is not None:
            self.pending = Choice(seat=seat, question=result.question, options=tuple(legal),
                                  request=result.partial, scanned=scanned)
            return self._emit([*said, result.question])
        target = result.refusal_of
        if target is None and result.candidates:
            target = result.candidates[0]
        if target is None:
            return self._not_understood(seat)
        return self._act(seat, target, said)

    def _propose(
        self, seat: int, action: Any, said: Sequence[Line] = (), *, scanned: bool = False,
        confirmed: bool = False,
    ) -> list[Output]:
        """A move the player asked for: the scan check or the confirmation their settings
        call for, then :meth:`_act`. Refused moves are refused at once, never asked about."""
        state = self.match.state
        acting = self.acting_seat
        if (seat in self.computers
                or (self.binding.needs_turn(action) and acting is not None and seat != acting)
                or self.match.judge.refusal(state, action) is not None):
            return self._act(seat, action, said)
        prefs = self.prefs(seat)
        expected = () if scanned else self.cards.expected(seat, action, prefs)
        told = None if expected or scanned else self.cards.no_reader_line(seat, action, prefs)
        if told is not None:
            said = [*said, told]
        if expected:
            question = self.cards.question(seat, action, expected, first=True)
            self.pending = ScanCheck(seat=seat, question=question, action=action,
                                     waiting=expected)
            return self._emit([*said, question])
        if not confirmed and (prefs.confirm == "always" or (
                prefs.confirm == "irreversible" and self.binding.irreversible(state, action))):
            what = self.binding.describe(state, action, seat)
            question = Line("confirm_move", {"action": what}, seat)
            self.pending = MoveCheck(seat=seat, question=question, action=action,
                                     scanned=scanned)
            return self._emit([*said, question])
        return self._act(seat, action, said)

    def _compound(self, seat: int, text: str) -> list[Output] | None:
        """Several moves in one sentence: all made in order, or none (``compound``)."""
        reading = compound.read(self.grammar, self.binding, self.match.state, text, seat,
                                self._intents_now(), SESSION_INTENTS)
        if reading is None:
            return None
        if isinstance(reading, compound.Broken):
            told = Line("compound.nothing_done", {"part": reading.part}, seat)
            return self._emit([told, *reading.lines], earcon="refused")
        actions = reading.actions
        acting = self.acting_seat
        if self.binding.needs_turn(actions[0]) and acting is not None and seat != acting:
            return self._emit([self._not_your_turn(acting, seat)], earcon="refused")
        prefs = self.prefs(seat)
        if any(self.cards.expected(seat, action, prefs) for action in actions):
            return self._emit([Line("compound.one_at_a_time", {}, seat)])
        states = [self.match.state]
        for action in actions[:-1]:
            states.append(self.match.engine.apply(states[-1], action)[0])
        steps = list(zip(states, actions, strict=True))
        if prefs.confirm == "always" or (prefs.confirm == "irreversible" and any(
                self.binding.irreversible(state, action) for state, action in steps)):
            said = tuple(self.binding.describe(state, action, seat) for state, action in steps)
            question = Line("confirm_moves", {"actions": said}, seat)
            self.pending = SequenceCheck(seat=seat, question=question, actions=actions)
            return self._emit([question])
        return self._act_all(seat, actions)

    def _act_all(self, seat: int, actions: Sequence[Any]) -> list[Output]:
        """Make ``actions`` in order if they are all still legal in turn, else none."""
        state = self.match.state
        for number, action in enumerate(actions, 1):
            reason = self.match.engine.refusal(state, action)
            if reason is not None:
                told = Line("compound.nothing_done", {"part": number}, seat)
                lines = self.binding.refusal_lines(state, action, reason, seat)
                return self._emit([told, *lines], earcon="refused")
            state = self.match.engine.apply(state, action)[0]
        out: list[Output] = []
        for action in actions:
            out += self._act(seat, action)
        return out

    # --- scan check -------------------------------------------------------------------

    def _scan_check(
        self, seat: int, pending: ScanCheck, scanned: TagPayload, uid: str | None
    ) -> list[Output]:
        """A card scanned while a spoken move waits for its scan."""
        refused = self.cards.take(pending, scanned, uid)
        if refused is not None:
            return self._emit([refused], earcon="refused")
        if pending.waiting:
            return self._emit([pending.question])
        self.pending = None
        return self._act(seat, pending.action)

    # --- voice and settings -----------------------------------------------------------

    def _command(self, seat: int, name: str) -> list[Output]:
        """A voice or settings command (the question pending, if any, stays pending)."""
        done = self.commands.run(seat, name)
        if done.control is not None:
            return [done.control]
        out = self._emit(done.lines, earcon="refused" if done.refused else None, remember=False)
        return [SettingsChanged(seat, done.changed), *out] if done.changed is not None else out

    # --- applying ---------------------------------------------------------------------

    def _act(self, seat: int, action: Any, said: Sequence[Line] = ()) -> list[Output]:
        """Apply ``action`` for ``seat`` if allowed (journal first), else say why not."""
        state = self.match.state
        acting = self.acting_seat
        if self.binding.needs_turn(action) and acting is not None and seat != acting:
            return self._emit([*said, self._not_your_turn(acting, seat)], earcon="refused")
        reason = self.match.judge.refusal(state, action)
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
            turn = self.binding.turn_lines(self.match.state, now)
            name = self.players[now]
            if any(line.params.get("next_player") == name and name in self.render(line)
                   for line in lines):
                # "Fin du tour d'Anne. À Paul de jouer." already said whose turn it is: not
                # "À toi, Paul." again (a turn line with more to say is kept)
                turn = tuple(line for line in turn if line.key != "your_turn")
            lines.extend(turn)
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

def _turn_ended(events: Sequence[Any]) -> bool:
    return any(getattr(e, "kind", "") in TURN_END_EVENTS for e in events)


__all__ = [
    "CONFIRM_COST",
    "COST_MARGIN",
    "MAX_CHOICES",
    "SESSION_INTENTS",
    "GrammarLike",
    "Session",
]
