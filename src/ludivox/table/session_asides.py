"""What a player says beside a move (the session's asides): a question naming a player
("qu'a joué Paul ?"), a question about a move ("est-ce que je peux poser le sept ?"), a
question read by its topic, a new name ("appelle-moi Marie"). Each is answered and a question
waiting for the player is asked again after it; only a move named with a player is made
(through the usual pipeline). Mixed into :class:`~ludivox.table.session.Session`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludivox.grammars.dislocation import instead
from ludivox.grammars.done_by import done_by
from ludivox.grammars.grammar import HANDOVER_INTENTS
from ludivox.grammars.hand_ranks import by_rank
from ludivox.grammars.imperatives import hyphenated
from ludivox.grammars.intents import Intent
from ludivox.grammars.meant import meant
from ludivox.grammars.names import Vocative, without_name
from ludivox.grammars.tenses import told_done
from ludivox.grammars.valuepasses import correction_at
from ludivox.table import (
    compound,
    history,
    move_question,
    topic_answer,
    yes_rest,
)
from ludivox.table.announcer import folded
from ludivox.table.binding import Answer, Line, Proposal, Refusal
from ludivox.table.io import Heard, Output
from ludivox.table.moves import GUESS_MARGIN
from ludivox.table.only_these import restricted
from ludivox.table.questions import MoveOffer
from ludivox.table.session_core import CONFIRM_COST, LAST_MOVES, SESSION_INTENTS
from ludivox.table.session_yes_no import SessionYesNo
from ludivox.table.settings import PlayerSettings
from ludivox.table.voice_settings import VOICE

# Questions whose answer tells every player's part (scores, whose turn it is): asked about
# one player by name, that answer is given when the game has none about that player alone.
TABLE_WIDE = frozenset({"ask_score", "ask_scores", "ask_turn"})
OWNED_SLIP = 3  # words of a correction that owns the slip ("je me suis trompé"): alone, a no


class SessionAsides(SessionYesNo):
    """Questions and renaming, answered beside the moves (see the module docstring)."""

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

    def _by_rank(self, seat: int, inp: Heard) -> tuple[Heard, list[Any]] | None:
        """"Je pose mon plus petit", "je joue ma carte la plus forte": said again with the
        numbers of ``seat``'s hand (:mod:`ludivox.grammars.hand_ranks`) when the hand is known
        and the new sentence is understood word for word; else None."""
        hand = self.binding.hand_numbers(self.match.state, seat)
        said = by_rank(self.grammar.language, inp.text, hand)
        if said is None:
            return None
        found = list(self.grammar.understand(said, (), self._intents_now()))
        if not found or found[0].cost > 0:
            return None
        return replace(inp, text=said, alternatives=()), found

    def _rejected(self, seat: int, inp: Heard) -> list[Output] | None:
        """"Non, plutôt sur la quatre" while a yes/no question waits for this player: the
        answer is no (what was offered is never done, and never asked again), and the words
        after the correction are a new request. They are read with the words that raised
        the question when that makes one exact sentence ("je construis en un un" then "non,
        plutôt en deux un": "je construis en un un, non, en deux un"), else alone. None when
        the sentence does not open with a correction followed by more words."""
        pending = self.pending
        if pending is None or pending.seat != seat or not pending.yes_no:
            return None
        lang = self.grammar.language
        tokens = lang.tokens(inp.text)
        start, owned = 0, False
        while (end := correction_at(lang, tokens, start)) is not None:
            owned = owned or end - start >= OWNED_SLIP
            start = end
        if owned and start >= len(tokens):  # "non, je me suis trompé de case": a no
            return self._heard_noted(replace(inp, text=self.grammar.examples({"no"})[0],
                                             alternatives=()))
        if start == 0 or start >= len(tokens):
            return None
        said_no = self.grammar.understand(inp.text, (), {"no"})  # "non, je change d'avis"
        if said_no and said_no[0].cost == 0:
            return None
        if yes_rest.denies(lang, self.grammar.value_words, lang.detokenize(
                [t.text for t in tokens[start:]]), self._asked_words(seat, pending),
                self._asked_context(seat, pending)):  # "non merci, je veux pas": a no
            return self._heard_noted(replace(inp, text=self.grammar.examples({"no"})[0],
                                             alternatives=()))
        tokens = [*tokens[:start], *(meant(lang, tokens[start:]) or instead(lang, tokens[start:])
                                     or tokens[start:])]
        rest = lang.detokenize([t.text for t in tokens[start:]])
        self.pending = pending.resume
        out = self._emit([Line("cancelled", {}, seat)])
        raised = self._raised_by
        if raised is not None and raised[0] is pending:
            # the words said for nothing out ("plutôt"): "je prends le neuf et je le valide"
            # then "non, garde-le plutôt en main" is "je prends le neuf et garde-le en main"
            kept = hyphenated([t for t in tokens[start:]
                               if t.key not in lang.lone_discourse_words], inp.text)
            # or its value said again ("non, le douze plutôt, et je le valide"), or only some
            # of its values kept ("non, juste le tissu")
            only = restricted(lang, self.grammar.value_words, raised[1], rest)
            for both in (*only, f"{raised[1]}, non, {rest}",
                         *compound.value_restated(lang, raised[1], rest),
                         *compound.value_swapped(lang, self.grammar.value_words, raised[1],
                                                 rest),
                         *compound.last_part_replaced(lang, raised[1], kept)):
                found = self.grammar.understand(both, (), self._intents_now())
                if found and found[0].cost == 0 and not self._declined(seat, found[0], pending):
                    return out + self._heard_noted(replace(inp, text=both, alternatives=()))
        resumed = self.pending
        said = self._heard_noted(replace(inp, text=rest, alternatives=()))
        now = self.pending
        if now is not None and now is not resumed and now.yes_no and _offered(now) \
                and _offered(now) <= _offered(pending):
            self.pending = resumed  # never the declined request again, even as a guess
            return out + self._not_understood(seat)
        return out + said

    def _declined(self, seat: int, intent: Any, pending: Any) -> bool:
        """Would ``intent`` make only what the player just said no to (``pending``)?"""
        declined = _offered(pending)
        result = self.binding.interpret(self.match.state, intent, seat)
        if not declined or not isinstance(result, Proposal):
            return False
        legal = self._legal(result.candidates)
        return bool(legal) and set(legal) <= declined

    def _told_done(self, seat: int, text: str) -> list[Any] | None:
        """"J'ai posé le neuf sur la six" said by the player whose turn it is: the move done at
        the table, read as "je pose le neuf sur la six" when that is exactly a move, allowed
        or refused (never a question: "j'ai joué quoi ?" is no "je joue quoi ?"); None
        otherwise."""
        lang = self.grammar.language
        if self.acting_seat != seat:
            return None
        words, whole = lang.words(text), lang.tokens(text)
        said = None  # read on the words as said ("en dix neuf": a hex), past leading fillers
        for start in range(len(words) - 1):
            if said is None and (not start or lang.tokens(
                    " ".join(w.text for w in words[start:])) == whole):
                said = told_done(lang, words[start:])
        if said is None:
            return None
        read = self.grammar.understand(" ".join(t.text for t in said), (), self._intents_now())
        if read and read[0].cost == 0 and isinstance(
                self.binding.interpret(self.match.state, read[0], seat), Proposal | Refusal):
            return read
        return None

    def _last_moves(self, seat: int, named: int | None = None) -> list[Line]:
        """What was done lately (``named``: by that player). When the session saw nothing
        by that player (a game loaded, a card played before the assistant listened), what
        the game's state still shows of it (the card played this round), not « rien »."""
        lines = history.told(self.match.history, self.match.engine, self.binding, seat, named)
        if named is not None and [line.key for line in lines] == ["history.nothing_by"]:
            shown = self.binding.about(self.match.state, Intent(LAST_MOVES, {}, "", 0.0),
                                       seat, named)
            if isinstance(shown, Answer):
                return list(shown.lines)
        return lines

    def _about_player(self, seat: int, text: str) -> list[Output] | None:
        """The answer to a question naming a player ("qu'a joué Paul ?", "combien de cartes
        a Paul ?"), or a move naming one ("la pierre pour Anne, le point pour moi"), settled
        like any other reading; None when no name is said or the rest is neither."""
        word = self.grammar.language.player_word
        wide = loose_wide = None
        for about, name in enumerate(self.players):
            rests = [r for r in (without_name(text, name, i) for i in ("", word)) if r]
            # the name left out or heard as "joueur", the closer reading first ("c'est au
            # tour de Paul": "c'est au tour de joueur", not a look-alike of "c'est au tour de");
            # as close, the one the name is part of ("et après Léa, c'est qui ?": after Léa)
            read = sorted(((rest, next(iter(self.grammar.understand(rest)), None))
                           for rest in reversed(rests)),
                          key=lambda r: r[1].cost if r[1] else 9.0)
            for rest, best in read:
                # a question read by its words (also rather than a look-alike to ask about):
                # answered, never a move
                by_topic = best is None or best.cost >= CONFIRM_COST
                if by_topic:
                    best = next(iter(getattr(self.grammar, "topic", lambda _: [])(rest)), best)
                if best is None or best.cost >= CONFIRM_COST:
                    loosely = topic_answer.answer(  # "Léa, elle est à combien de points ?"
                        self.grammar, self.binding, self.match.state, rest, seat, None,
                        (SESSION_INTENTS | VOICE) - {LAST_MOVES}, loose=True, about=about)
                    if loosely is None and loose_wide is None:  # "Marie, elle a combien
                        topic: Any = getattr(self.grammar, "topic", lambda *_: [])
                        loose_wide = next((i for i in topic(rest, None, True)[:1]  # de points
                                           if i.name in TABLE_WIDE), None)  # ?": for all
                    if loosely is None or loosely[0].name == LAST_MOVES:
                        continue
                    best = loosely[0]
                waiting = self.pending if self.pending and self.pending.seat == seat else None
                again = [waiting.question] if waiting is not None else []
                if best.name == LAST_MOVES:
                    return self._emit([*self._last_moves(seat, about), *again])
                answer = self.binding.about(self.match.state, best, seat, about)
                if answer is None and best.name in TABLE_WIDE and wide is None:
                    wide = best  # answered for everyone if nothing answers for this player
                if isinstance(answer, Answer):
                    return self._emit([*answer.lines, *again])
                if answer is not None and not by_topic:
                    if waiting is not None:  # a move was said: the question is forgotten
                        self.pending = waiting.resume
                    return self._settle(seat, answer, intent=best)
        waiting = self.pending if self.pending and self.pending.seat == seat else None
        again = [waiting.question] if waiting is not None else []
        if wide is not None:  # "combien de points a Paul ?": the answer about everyone
            answer = self.binding.interpret(self.match.state, wide, seat)
            if isinstance(answer, Answer):
                return self._emit([*answer.lines, *again])
        for about, name in enumerate(self.players):
            if done_by(self.grammar.language, text, name):  # "Paul a joué le quinze ?"
                return self._emit([*self._last_moves(seat, about), *again])
        if loose_wide is not None:  # read loosely: after what the player did
            answer = self.binding.interpret(self.match.state, loose_wide, seat)
            if isinstance(answer, Answer):
                return self._emit([*answer.lines, *again])
        return None

    def _move_question(self, seat: int, text: str, best: Any) -> list[Output] | None:
        """"Est-ce que je peux poser le sept sur la trois ?": answered, the move offered when
        allowed (:mod:`ludivox.table.move_question`); None when ``text`` asks no such thing
        (or its own exact reading is another question: "est-ce que je peux poser le sept ?")."""
        advice = self._move_advice(seat, text)  # "c'est un bon coup de jouer l'évêque ?"
        if advice is not None:
            return advice
        move = move_question.as_move(self.grammar.language, text, known=self.grammar.known)
        if move is None:
            return self._move_question_guessed(seat, text)
        state = self.match.state
        if best is not None and best.cost == 0 and not isinstance(
                self.binding.interpret(state, best, seat), Proposal | Refusal):
            return None
        readings = self.grammar.understand(move, (), self._intents_now())
        if not (readings and readings[0].cost == 0):
            # "est-ce que j'ai le droit de construire en vingt huit ?": 20 and 8, a hex
            apart = move_question.as_move(self.grammar.language, text, numbers_apart=True,
                                          known=self.grammar.known)
            if apart is not None and apart != move:
                readings = self.grammar.understand(apart, (), self._intents_now()) or readings
        if readings and readings[0].cost >= CONFIRM_COST:  # a look-alike ("loin" / "le
            readings = []  # long"): never answered as the move asked about
        acting = self.acting_seat
        out_of_turn = (self._not_your_turn(acting, seat)
                       if acting is not None and acting != seat else None)
        several = None if readings and readings[0].cost == 0 else move_question.sequence(
            self.grammar, self.binding, state, move, seat, self._intents_now(),
            SESSION_INTENTS, out_of_turn)  # "… en dix dix-huit puis en onze dix-neuf ?"
        if several is not None:
            return self._emit([*several[0].lines, *self._asked_again(seat)])
        verdict = move_question.answer(self.binding, self.match.judge, state, readings, seat,
                                       out_of_turn)
        incomplete = verdict is not None and verdict.lines[0].key == "answer.can_incomplete"
        verb = (move_question.asked_verb(self.grammar.language, text)
                if not readings or incomplete else None)
        if verb is not None:  # "est-ce que je peux échanger ?": the moves with that verb
            verdict = self._by_verb(seat, verb, out_of_turn) or verdict
        if verdict is None:  # a move asked about or supposed is never made: a question
            # about it (« si je prends le roi ça me fait combien de points ») is answered by
            # its words, the rule of a move supposed impossible, or the moves of its verb
            return (self._supposed_rule(seat, text) or self._by_topic(seat, text)
                    or self._by_topic(seat, text, loose=True)
                    or self._verb_moves(seat, text, out_of_turn) or self._not_understood(seat))
        if verdict.offer is not None:
            self.pending = MoveOffer(seat=seat, question=verdict.lines[-1], action=verdict.offer)
            return self._emit(list(verdict.lines))
        again = [self.pending.question] if self.pending and self.pending.seat == seat else []
        return self._emit([*verdict.lines, *again])

    def _move_question_guessed(self, seat: int, text: str) -> list[Output] | None:
        """"Je peux glisser le neuf sur la colonne six ?": a verb the game does not know, the
        one legal move the rest's meaning words fit (the last-resort guess) offered in the
        game's words ("Oui, tu peux poser le neuf sur la colonne six. Tu le fais ?"), « oui »
        making it; two or three as close (a verb that says two moves) are listed, none
        offered; None when none fits, or more, or it is not the asker's turn."""
        move = move_question.as_move(self.grammar.language, text, unknown=True)
        if move is None or self.acting_seat != seat:
            return None
        close = self._close_moves(seat, self.grammar.guess(f"je {move}", self._intents_now()),
                                  GUESS_MARGIN)
        if not close or len(close) > move_question.MAX_LISTED:
            return None
        if len(close) > 1:
            options = tuple(self.binding.describe(self.match.state, a, seat) for a in close)
            return self._emit([Line("answer.can_options", {"options": options}, seat)])
        what = self.binding.describe(self.match.state, close[0], seat)
        question = Line("answer.can_offer", {"action": what}, seat)
        self.pending = MoveOffer(seat=seat, question=question, action=close[0])
        return self._emit([question])

    def _named_acts(self, inp: Heard, bare: Vocative) -> tuple[int, list[Any]] | None:
        """"Anne pose le quatre sur la une", "Paul construit en un deux": the seat named first
        and the move said for them, read exactly with its verb as the language's
        ``named_subject`` says it ("on construit"); None when the rest is no move with a
        value ("Paul, à toi" hands the turn over), when the name is said to the player,
        or when the microphone is another player's."""
        named = self.players.index(bare.name) if bare.name in self.players else None
        if named is None or not bare.first or bare.spoken_to or inp.seat not in (None, named):
            return None
        subject = self.grammar.language.named_subject
        for text in (bare.rest, f"{subject} {bare.rest}") if subject else (bare.rest,):
            readings = [r for r in self.grammar.understand(text, (), self._intents_now())
                        if r.cost == 0 and r.slots and r.name not in SESSION_INTENTS]
            if readings and not isinstance(
                    self.binding.interpret(self.match.state, readings[0], named), Answer):
                return named, readings
        return None

    def _their_move(self, bare: Vocative, readings: list[Any]) -> bool:
        """A name said first, then a move (``readings``: the words after the name) with that
        player's possessive ("Paul, mets ton onze sur la deux", "Marie, joue ton un"): a move
        said to another player, not to do ("Paul, c'est ton tour" hands the turn over)."""
        lang = self.grammar.language
        return bare.first and bool(readings) and readings[0].name not in HANDOVER_INTENTS \
            and any(t.key in lang.listener_possessives for t in lang.tokens(bare.rest))

    def _said_to_them(self, bare: Vocative) -> bool:
        """A name said first with a phrase to that player, and then the speaker's own words
        ("attends Paul, je mets le neuf sur la six"): the rest is the speaker's."""
        words = self.grammar.language.tokens(bare.rest)
        return bare.spoken_to and bool(words) \
            and words[0].key in self.grammar.language.speaker_openers

    def _by_topic(self, seat: int, text: str, loose: bool = False) -> list[Output] | None:
        """A question no template fits, read by its words and answered (``topic_answer``;
        ``loose``: the last try); a question waiting for this player is asked again after
        the answer."""
        if loose and any(without_name(text, name) is not None for name in self.players):
            return None  # a player named: the question may be about them, not the asker
        found = self._topic_found(seat, text, loose)
        if found is None:
            return None
        intent, result = found
        again = [self.pending.question] if self.pending and self.pending.seat == seat else []
        if intent.name == LAST_MOVES:
            return self._emit([*self._last_moves(seat), *again])
        self._details[seat] = result.details
        return self._emit([*result.lines, *again])

    def _topic_found(self, seat: int, text: str, loose: bool = False
                     ) -> tuple[Any, Answer] | None:
        """A question no template fits, read by its words (``topic_answer``), or None."""
        return topic_answer.answer(self.grammar, self.binding, self.match.state, text, seat,
                                   self._intents_now(), (SESSION_INTENTS | VOICE) - {LAST_MOVES},
                                   loose)


def _offered(question: Any) -> set[Any]:
    """The moves a yes to ``question`` would make (a move, a sequence, a guess)."""
    then = getattr(question, "then", None)
    return {*question.candidates, *getattr(question, "actions", ()),
            *(then.candidates if isinstance(then, Proposal) else ())}

