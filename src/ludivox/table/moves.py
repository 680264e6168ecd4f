"""From a reading to a move: legality among close readings, the choice, the scan check and
the confirmation the player's settings ask for, several moves said at once, then applying
and narrating (and the computer players' moves that follow). Part of the session
(:mod:`ludivox.table.session`); the rules of each step are told there."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ludivox.engines.base import IllegalAction, Reason
from ludivox.grammars import learner
from ludivox.grammars.names import without_name
from ludivox.nfc.payload import TagPayload
from ludivox.table import compound
from ludivox.table.binding import (
    Answer,
    IntentLike,
    Interpretation,
    Line,
    Proposal,
    Refusal,
)
from ludivox.table.io import (
    Output,
    SettingsChanged,
)
from ludivox.table.match import TURN_END_EVENTS
from ludivox.table.questions import (
    Choice,
    MoveCheck,
    MoveOffer,
    ReadingCheck,
    ScanCheck,
    SequenceCheck,
)
from ludivox.table.session_core import (
    CONFIRM_COST,
    COST_MARGIN,
    DIALOGUE,
    MAX_CHOICES,
    MAX_COMPUTER_MOVES,
    SESSION_INTENTS,
    SessionCore,
)
from ludivox.table.voice_settings import VOICE

log = logging.getLogger(__name__)
# A guess is asked only when the next legal one costs this much more (else none is asked).
GUESS_MARGIN = 0.2
# Readings within this cost of an exact one are as exact (the same words read two ways).
EXACT_MARGIN = 1e-9


class MovePipeline(SessionCore):
    """The session's path from an understood sentence (or a scan) to the engine."""

    # --- game actions -----------------------------------------------------------------

    def _interpret(self, seat: int, intents: list[Any], text: str | None = None) -> list[Output]:
        """The move the best readings say; none of a kind awaited now: the last-resort guess
        of ``text`` (« je balance la récolte » read as « je cache … » out of its time)."""
        best_cost = intents[0].cost
        # to be asked: rival readings that are other moves, costly ones or, said word for
        # word, two ways the same words say ("je glisse le six derrière le cinq": the six of
        # the hand placed, or the column's six and what follows moved?)
        # (one reading alone is never a choice: it is interpreted once, below, since a
        # table-mode set-up notes a column as it is read)
        margin = COST_MARGIN if best_cost >= CONFIRM_COST else EXACT_MARGIN
        rivals = len(intents) > 1 and intents[1].cost < best_cost + margin
        close = self._close_moves(seat, intents, margin) if rivals and (
            best_cost >= CONFIRM_COST or best_cost == 0) else []
        if len(close) > 1:
            return self._ask_between(seat, close)
        first: tuple[Any, Interpretation] | None = None
        for intent in intents:
            if intent.cost > best_cost + COST_MARGIN:
                break
            if intent.name in DIALOGUE or intent.name in VOICE:
                continue
            result = self.binding.interpret(self.match.state, intent, seat)
            if result is None or (intent.cost > 0 and not self._awaited(result)):
                continue
            if first is None:
                first = (intent, result)
            if self._doable(result):
                return self._settle(seat, result, intent=intent)
        if first is None:
            guessed = self._guessed(seat, text) if text is not None and best_cost > 0 else None
            return guessed if guessed is not None else self._not_understood(seat)
        return self._settle(seat, first[1], intent=first[0])

    def _awaited(self, result: Interpretation) -> bool:
        """False for moves of a kind the game does not await now (``Awaiting.kinds``): a
        reading that changed or added words is only ever a move that can be made now, while a
        move said exactly out of its time is still heard, and refused with the reason."""
        if not isinstance(result, Proposal) or not result.candidates:
            return True
        kinds = self.match.judge.awaiting(self.match.state).kinds
        return any(getattr(action, "kind", None) in kinds for action in result.candidates)

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

    def _guessed(self, seat: int, text: str) -> list[Output] | None:
        """The last resort (``Grammar.guess``): the legal move of the moment that the words
        carrying meaning fit, asked in the game's own words ("Tu veux dire : le sept sur la
        colonne trois ?"), « oui » making it; two or three as close are offered as a choice.
        None when no move fits, or more than three as closely."""
        guesses = self.grammar.guess(text, self._intents_now())
        close = self._close_moves(seat, guesses, GUESS_MARGIN)
        if not close or len(close) > MAX_CHOICES:
            return None
        if len(close) > 1:
            return self._ask_between(seat, close)
        lang = self.grammar.language
        if learner.said_by_learner(lang, text) and learner.complete(lang, text, guesses[0].text) \
                and self._close_moves(seat, guesses[:1], GUESS_MARGIN) == close:
            return self._propose(seat, close[0])  # "moi prendre roi garder main": all said
        state = self.match.state
        question = Line("guess_move", {"action": self.binding.describe(state, close[0], seat)},
                        seat)
        self.pending = ReadingCheck(seat=seat, question=question, then=Proposal((close[0],)))
        return self._emit([question])

    def _close_moves(self, seat: int, intents: Sequence[Any], margin: float) -> list[Any]:
        """The distinct legal moves that readings within ``margin`` of the best one ask for,
        each complete (one legal action, nothing more to ask), best first."""
        state = self.match.state
        moves: list[Any] = []
        for intent in intents:
            if intent.cost >= intents[0].cost + margin:
                break
            if intent.name in SESSION_INTENTS or intent.name in DIALOGUE or intent.name in VOICE:
                continue
            result = self.binding.interpret(state, intent, seat)
            if not isinstance(result, Proposal) or result.question is not None:
                continue
            legal = self._legal(result.candidates)
            if len(legal) == 1 and self._awaited(result) and legal[0] not in moves:
                moves.append(legal[0])
        return moves

    def _ask_between(self, seat: int, moves: Sequence[Any]) -> list[Output]:
        """"Poser le treize sur la colonne un, ou déplacer … ?": readings as close as each
        other that are different moves are asked as a choice, never one of them guessed."""
        state = self.match.state
        question = self.binding.choice_line(state, moves, seat) or Line(
            "choose_among",
            {"options": tuple(self.binding.describe(state, a, seat) for a in moves)}, seat)
        self.pending = Choice(seat=seat, question=question, options=tuple(moves))
        return self._emit([question])

    def _compound(self, seat: int, text: str) -> list[Output] | None:
        """Several moves in one sentence: all made in order, or none (``compound``)."""
        reading = None
        variants = self._names_as_player_word(text)
        named = {about for _, about in variants if about is not None}
        misnamed: tuple[int, int] | None = None
        upcoming = self.binding.next_seat(self.match.state, seat)
        for variant, about in variants:
            # the handover read as to the player who comes next; the name said is then checked
            handed = about if about is None or upcoming is None else upcoming
            reading = compound.read(self.grammar, self.binding, self.match.state, variant, seat,
                                    self._intents_now(), SESSION_INTENTS, handed)
            if isinstance(reading, compound.Moves):
                after = self._hands_to(reading, seat, named)
                if after is not None:  # « …, à toi Anne » on Anne's turn: not who plays next
                    who = about if about is not None else min(named)
                    misnamed, reading = misnamed or (who, after), None
            if reading is not None:
                break
        if reading is None and misnamed is not None:
            who, after = misnamed
            return self._emit([Line("compound.not_next", {
                "named": self.players[who], "next": self.players[after]}, seat)],
                earcon="refused")
        if reading is None:
            return None
        if isinstance(reading, compound.Broken):
            told = [Line("compound.nothing_done", {"part": reading.part}, seat)] \
                if reading.part else []
            return self._emit([*told, *reading.lines], earcon="refused")
        actions = reading.actions
        acting = self.acting_seat
        if self.binding.needs_turn(actions[0]) and acting is not None and seat != acting:
            return self._emit([self._not_your_turn(acting, seat)], earcon="refused")
        prefs = self.prefs(seat)
        if any(self.cards.expected(seat, action, prefs) for action in actions):
            return self._emit([Line("compound.one_at_a_time", {}, seat)])
        steps = self._steps(actions)
        if prefs.confirm == "always" or (prefs.confirm == "irreversible" and any(
                self.binding.irreversible(state, action) for state, action in steps)):
            return self._ask_moves(seat, "confirm_moves", actions)
        return self._act_all(seat, actions)

    def _compound_asked(self, seat: int, text: str) -> list[Output] | None:
        """Several moves in one sentence, a part of it not said word for word but as the
        grammar would ask about alone (« Edgar fera le huit sur la cinq puis … »): the whole
        asked in order (« Tu veux dire, dans l'ordre : … ? »), « oui » making all of it;
        never done at once, never half. None when no such reading gives legal moves."""
        reading = compound.read(self.grammar, self.binding, self.match.state, text, seat,
                                self._intents_now(), SESSION_INTENTS, loose=COST_MARGIN)
        if not isinstance(reading, compound.Moves):
            return None
        actions = reading.actions
        acting = self.acting_seat
        if self.binding.needs_turn(actions[0]) and acting is not None and seat != acting:
            return None  # not the speaker's turn: not guessed as their moves
        if any(self.cards.expected(seat, action, self.prefs(seat)) for action in actions):
            return self._emit([Line("compound.one_at_a_time", {}, seat)])
        return self._ask_moves(seat, "guess_moves", actions)

    def _hands_to(self, reading: compound.Moves, seat: int, named: set[int]) -> int | None:
        """The seat that plays after ``reading`` when it ends ``seat``'s turn in a sentence
        naming players and gives the turn to none of them (a name said with a handover is
        who plays next); None when the names fit or the turn goes on."""
        if not named:
            return None  # no name said: nothing to check, nothing replayed
        state = self.match.state
        for action in reading.actions:
            state = self.match.engine.apply(state, action)[0]
        after = self.binding.acting_seat(state)
        return None if after is None or after == seat or after in named else after

    def _names_as_player_word(self, text: str) -> list[tuple[str, int | None]]:
        """``text``, then ``text`` with a player's name said in it heard as the language's
        player word ("..., à toi Paul": "..., à toi joueur"), as the grammar says names;
        each with the seat of the player named (None: none)."""
        word = self.grammar.language.player_word
        named: dict[str, int] = {}
        for seat, name in enumerate(self.players if word else ()):
            variant = without_name(text, name, word)
            if variant:
                named.setdefault(variant, seat)  # the first player whose name reads so
        return [(text, None), *named.items()]

    def _follow_advice(self, seat: int) -> list[Output]:
        """"Fais-le": the coach's moves for ``seat``, said and confirmed, then all made in
        order (:meth:`_act_all`); with cards to scan, its first move takes the usual path
        (scan, then "fais-le" again gives the next one)."""
        acting = self.acting_seat
        if acting is not None and seat != acting:
            return self._emit([self._not_your_turn(acting, seat)], earcon="refused")
        actions = self.binding.advised(self.match.state, seat)
        if not actions:
            return self._emit([Line("advice.nothing", {}, seat)])
        prefs = self.prefs(seat)
        if any(self.cards.expected(seat, action, prefs) for action in actions):
            return self._propose(seat, actions[0])
        return self._ask_moves(seat, "advice.confirm", actions)

    def _ask_moves(self, seat: int, key: str, actions: Sequence[Any]) -> list[Output]:
        """``actions`` said in order, each from the position it is made in, as the question
        ``key`` ("…, c'est bien ça ?"); « oui » makes them all (:class:`SequenceCheck`)."""
        said = tuple(self.binding.describe(state, action, seat)
                     for state, action in self._steps(actions))
        question = Line(key, {"actions": said}, seat)
        self.pending = SequenceCheck(seat=seat, question=question, actions=tuple(actions))
        return self._emit([question])

    def _steps(self, actions: Sequence[Any]) -> list[tuple[Any, Any]]:
        """Each of ``actions`` with the position it is made from, in order from now."""
        states = [self.match.state]
        for action in actions[:-1]:
            states.append(self.match.engine.apply(states[-1], action)[0])
        return list(zip(states, actions, strict=True))

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


__all__ = ["MovePipeline"]
