"""The conversational loop: ``Session.handle(input) -> outputs``, for any game.

The session knows seats, whose turn it is, who is speaking, the dialogue (repeat, undo within
the turn, help, rules reminder, quit, questions when a move is incomplete or ambiguous,
"did you mean" for fuzzy matches) and the private channels. Everything about the game goes
through its binding (:mod:`ludivox.table.binding`); every sentence comes from the grammar.

Choosing what was meant: the grammar ranks its intents by cost. Among the intents whose cost
is within :data:`COST_MARGIN` of the best one, the first that leads to something doable (a
legal action, a question, an answer) wins; only when none does is the best one refused. So a
slightly fuzzier reading that is legal beats an illegal first reading. A reading that is not
word for word what was said (cost above 0) is only ever a move of a kind the engine awaits
now (``Awaiting.kinds``): a move said exactly out of its time is refused with the reason, a
changed one is not offered at all. The phrase list is not narrowed the same way: a command
missing from it would be forced by the recogniser onto another phrase. A reading that costs
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
from dataclasses import replace
from typing import Any

from ludivox.grammars.intents import Intent
from ludivox.grammars.names import said_name, without_vocative
from ludivox.nfc.payload import BadPayload, TagPayload, WrongGame, parse_payload
from ludivox.table import slots
from ludivox.table.announcer import GrammarLike
from ludivox.table.binding import (
    Answer,
    IntentLike,
    Line,
)
from ludivox.table.io import (
    Heard,
    Input,
    Key,
    Output,
    Quit,
    TagSeen,
)
from ludivox.table.questions import (
    CommandCheck,
    MoveCheck,
    MoveOffer,
    Question,
    QuitCheck,
    ReadingCheck,
    ScanCheck,
    SequenceCheck,
)
from ludivox.table.repeat_part import SessionRepeat
from ludivox.table.session_core import (
    CONFIRM_COST,
    COST_MARGIN,
    DETAILS,
    DIALOGUE,
    FOLLOW_ADVICE,
    KEY_HELP,
    KEY_QUIT_NOW,
    KEY_REPEAT,
    LAST_MOVES,
    MAX_CHOICES,
    NO_READER,
    SESSION_INTENTS,
    SKIP_SCAN,
    Whose,
)
from ludivox.table.voice_settings import COMMANDS, VOICE

log = logging.getLogger(__name__)


class Session(SessionRepeat):
    """One game at one table: feed it inputs, perform the outputs it returns."""

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
            return self._heard_noted(inp)
        if isinstance(inp, TagSeen):
            return self._tag(inp)
        if isinstance(inp, Key):
            return self._key(inp)
        raise TypeError(f"not an input: {inp!r}")

    # --- inputs -----------------------------------------------------------------------

    def _ask_whose(self, inp: Heard | TagSeen, seats: tuple[int, ...]) -> list[Output]:
        """Several players may have scanned (or said) this: ask the table whose it is."""
        self._whose = Whose(inp, seats)
        what = "card" if isinstance(inp, TagSeen) else "said"
        names = tuple(self.players[s] for s in seats)
        return self._emit([Line("whose_input", {"what": what, "players": names})],
                          remember=False)

    def _heard_noted(self, inp: Heard) -> list[Output]:
        """:meth:`_heard`, remembering the words that raised a new question."""
        before = self.pending
        out = self._heard(inp)
        if self.pending is not None and self.pending is not before:
            self._raised_by = (self.pending, inp.text)
        return out

    def _heard(self, inp: Heard) -> list[Output]:
        seat = self._speaker(inp.seat)
        self.last_seat = seat
        rejected = self._rejected(seat, inp)  # "non, plutôt sur la quatre" to a yes/no
        if rejected is not None:
            return rejected
        name = said_name(self.grammar.language, inp.text)
        if name is not None:
            humans = self._owners(range(len(self.players)))
            if inp.seat is None and len(humans) > 1:
                return self._ask_whose(inp, humans)
            return self._rename(seat, name)
        about = self._about_player(seat, inp.text)
        if about is None:  # "redis seulement la colonne quatre", "juste la fin"
            about = self._part_asked(seat, inp)
        if about is not None:
            return about
        intents = list(
            self.grammar.understand(inp.text, tuple(inp.alternatives), self._intents_now())
        )
        if not intents or intents[0].cost > 0:  # "j'ai posé le neuf sur la six"
            intents = self._told_done(seat, inp.text) or intents
        if not intents or intents[0].cost > 0:  # "je pose mon plus petit": "le un"
            ranked = self._by_rank(seat, inp)
            if ranked is not None:
                inp, intents = ranked
        if not intents or intents[0].cost > 0:  # "oui, je prends les trois ors"
            answered = self._answer_and(seat, inp)
            if answered is not None:
                return answered
        bare = without_vocative(inp.text, self.players,  # "à toi de jouer Paul"
                                self.grammar.language.address_phrases)
        if bare is not None and (not intents or intents[0].cost >= CONFIRM_COST):
            readings = list(self.grammar.understand(bare.rest, (), self._intents_now()))
            acts = self._named_acts(inp, bare)  # "Anne pose le quatre sur la une"
            acting = self.acting_seat
            if acts is not None and acting is not None and acts[0] != acting:
                return self._emit([self._not_your_turn(acting, acts[0])], earcon="refused")
            if acts is not None:  # the player whose turn it is, said doing it
                readings = acts[1]
            elif self._their_move(bare, readings):  # "Paul, mets ton onze …": talk, said to Paul
                return []
            elif bare.first and not self._said_to_them(bare):
                # a name said first may be who acts ("Paul pose le sept") or who is spoken
                # to ("Paul, c'est à toi"): the rest is asked, never done for the speaker
                readings = [replace(r, cost=max(r.cost, CONFIRM_COST)) for r in readings]
            intents = readings or intents
        best = intents[0] if intents else None
        if best is None or best.cost > 0:  # a move and a question in one breath
            both = (self._asked_then_done(seat, inp) or self._move_then_question(seat, inp)
                    or self._two_questions(seat, inp))
            if both is not None:
                return both
        asked = self._move_question(seat, inp.text, best)
        if asked is not None:
            return asked
        # the voice and the settings change at any time; a question asked stays pending
        if best is not None and best.name in COMMANDS:
            if best.cost >= CONFIRM_COST and best.name != "stop":
                answered = self._by_topic(seat, inp.text)  # "c'est quoi mes réserves ?"
                if answered is not None:  # is no look-alike of "c'est quoi mes réglages"
                    return answered
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
        if best is not None and best.cost >= CONFIRM_COST:
            answered = (self._by_topic(seat, inp.text)  # a question read by its words
                        or self._by_topic(seat, inp.text, loose=True))
            if answered is not None:  # rather than "tu veux dire ... ?" of a look-alike
                return answered
        if best is None:
            return (self._by_topic(seat, inp.text) or self._compound_asked(seat, inp.text)
                    or self._guessed(seat, inp.text)
                    or self._by_topic(seat, inp.text, loose=True)
                    or self._not_understood(seat))
        if best.name == SKIP_SCAN:
            return self._emit([Line("skip_scan.nothing", {}, seat)])
        if best.name == NO_READER:
            self.cards.no_reader()
            return self._emit([Line("no_reader.noted", {}, seat)])
        if best.name == LAST_MOVES:
            return self._emit(self._last_moves(seat))
        if best.name == FOLLOW_ADVICE:
            return self._follow_advice(seat)
        if best.name in DIALOGUE:
            return self._dialogue(seat, best)
        if best.name == DETAILS and self._details.get(seat):
            return self._emit(list(self._details.pop(seat)))
        return self._interpret(seat, intents, inp.text)

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
        if name in ("yes", "no"):  # the game's own pending question of that seat, if any
            answer = self.binding.yes_no(self.match.state, name == "yes", seat)
            asked = self.binding.yes_no_question(self.match.state, seat)
            if answer is not None and asked is not None and not self._heard_last(seat, asked):
                return self._emit([asked])  # « oui » after other words: to what? asked again
            if answer is not None:
                return self._settle(seat, answer, intent=intent)
        return self._not_understood(seat)  # oui / non / la première: nothing was asked

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
        elif names[:1] == ["yes"] or (names[:1] == [FOLLOW_ADVICE] and pending.yes_no):
            # "fais-le" / "vas-y fais-le" answering a yes/no question: do what it asked
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
                if ordinal is not None:  # "la quatrième" of two: the fourth column, say
                    named = self.binding.choice_index(pending.candidates, Intent(
                        "number", {"number": f"number:{ordinal}"}, intent.text, intent.cost))
                    if named is not None:
                        self.pending = None
                        return self._propose(seat, pending.candidates[named],
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


__all__ = [
    "CONFIRM_COST",
    "COST_MARGIN",
    "MAX_CHOICES",
    "SESSION_INTENTS",
    "GrammarLike",
    "Session",
]
