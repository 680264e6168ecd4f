"""Moves asked about rather than made, as the session answers them: advice on one move ("c'est
un bon coup de jouer l'évêque ?", :mod:`ludivox.table.move_advice`), the rule a move supposed
impossible asks ("qu'est-ce qui se passe si je peux plus construire à côté de mes cités ?"),
and the moves of the verb asked when the rest of a move question is not read ("est-ce que
je peux vendre du bois ?"). Each is answered, never made.
"""

from __future__ import annotations

from ludivox.table import move_advice, move_question
from ludivox.table.binding import Answer, Line
from ludivox.table.io import Output
from ludivox.table.moves import MovePipeline
from ludivox.table.session_core import SESSION_INTENTS


class MovesAsked(MovePipeline):
    """The session's answers to moves asked about (see the module docstring)."""

    def _move_advice(self, seat: int, text: str) -> list[Output] | None:
        """Advice asked about a move: allowed or not, compared with the coach's
        (:mod:`ludivox.table.move_advice`); None when ``text`` asks none."""
        acting = self.acting_seat
        lines = move_advice.answer(
            self.grammar, self.binding, self.match.judge, self.match.state, text, seat,
            self._intents_now(), SESSION_INTENTS,
            self._not_your_turn(acting, seat) if acting is not None and acting != seat else None)
        if lines is None:
            return None
        return self._emit([*lines, *self._asked_again(seat)])

    def _asked_again(self, seat: int) -> list[Line]:
        """The question waiting for ``seat``'s answer, said again after another answer."""
        return [self.pending.question] if self.pending and self.pending.seat == seat else []

    def _by_verb(self, seat: int, verb: str, out_of_turn: Line | None
                 ) -> move_question.Verdict | None:
        """The allowed moves said with ``verb`` (:func:`move_question.by_verb`)."""
        state = self.match.state
        legal = self.match.judge.legal(state, self.match.engine.legal_actions(state))
        return move_question.by_verb(
            self.grammar.language, self.binding, state, legal, verb, seat,
            lambda line: self.announcer.render(line, capitalize=False), out_of_turn)

    def _supposed_rule(self, seat: int, text: str) -> list[Output] | None:
        """"Qu'est-ce qui se passe si je peux plus construire à côté de mes cités ?": the
        answer to the rule question it asks ("je dois construire à côté de mes cités ?")."""
        rule = move_question.as_rule(self.grammar.language, text)
        found = self.grammar.understand(rule, (), self._intents_now()) if rule else []
        answer = (self.binding.interpret(self.match.state, found[0], seat)
                  if found and found[0].cost == 0 else None)
        if not isinstance(answer, Answer):
            return None
        return self._emit([*answer.lines, *self._asked_again(seat)])

    def _verb_moves(self, seat: int, text: str, out_of_turn: Line | None
                    ) -> list[Output] | None:
        """"Est-ce que je peux vendre du bois ?" when the rest is not read: the moves allowed
        now with that verb ("avec ce verbe, tu peux …"), never one of them made."""
        verb = move_question.first_verb(self.grammar.language, text)
        verdict = self._by_verb(seat, verb, out_of_turn) if verb else None
        if verdict is None:
            return None
        lines = list(verdict.lines)
        if lines and lines[0].key in ("answer.can_options", "answer.can_offer"):
            options = lines[0].params.get("options") or (lines[0].params["action"],)
            lines = [Line("answer.can_verb", {"options": options}, seat)]
        return self._emit([*lines, *self._asked_again(seat)])


__all__ = ["MovesAsked"]
