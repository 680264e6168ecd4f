"""Two things said in one breath (the session's pairs): a move then a question ("je pose le
neuf sur la six et il me reste combien de cartes ?"), two questions ("c'est à qui et il reste
combien de cartes dans la pioche ?"), a question the player answers themselves ("est-ce que
je peux mettre le sept sur la trois, bon allez, je le mets"). Each part is read as if said
alone, and only when each is exactly what it must be; else nothing here applies. Mixed into
:class:`~ludivox.table.session.Session`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ludivox.table import afterthoughts, deliberation, move_question
from ludivox.table.binding import Answer, Proposal, Refusal
from ludivox.table.io import Heard, Output
from ludivox.table.session_asides import SessionAsides
from ludivox.table.session_core import SESSION_INTENTS


class SessionPairs(SessionAsides):
    """Two things said in one breath, each read alone (see the module docstring)."""

    def _move_then_question(self, seat: int, inp: Heard) -> list[Output] | None:
        """"Je pose le neuf sur la six et il me reste combien de cartes ?": the move, then the
        question, each read as if said alone (the question answered once the move is made, or
        beside the yes / no the move raised); None unless the words before a sequence word
        are exactly a move and the words after it a question (:mod:`afterthoughts`); the
        move is the longest one said exactly ("je joue la vente de laine et de tissu sans
        l'utiliser et …" is never "je joue la vente de laine" then a question)."""
        cuts = [cut for cut in afterthoughts.move_then_question(self.grammar.language, inp.text)
                if self._exactly_a_move(seat, cut[0])]
        longest = max((len(first) for first, _ in cuts), default=0)
        for first, second in cuts:
            if len(first) == longest and self._a_question_not_a_move(seat, second):
                out = self._heard_noted(replace(inp, text=first, alternatives=()))
                return out + self._heard_noted(replace(inp, text=second, alternatives=()))
        return None

    def _in_two(self, seat: int, inp: Heard, first_is: Callable[[int, str], bool],
                second_is: Callable[[int, str], bool]) -> list[Output] | None:
        """The words cut in two at a sequence word, the first part ``first_is``, the second
        ``second_is``: each heard as if said alone, in order; None when no cut fits."""
        for first, second in afterthoughts.move_then_question(self.grammar.language, inp.text):
            if first_is(seat, first) and second_is(seat, second):
                out = self._heard_noted(replace(inp, text=first, alternatives=()))
                return out + self._heard_noted(replace(inp, text=second, alternatives=()))
        return None

    def _exactly_a_move(self, seat: int, text: str) -> bool:
        """Whether ``text`` alone reads exactly as a move (allowed or refused)."""
        read = self.grammar.understand(text, (), self._intents_now())
        return bool(read) and read[0].cost == 0 and isinstance(
            self.binding.interpret(self.match.state, read[0], seat), Proposal | Refusal)

    def _a_question(self, seat: int, text: str) -> bool:
        """Whether ``text`` alone is a question answered now (as said, or by its words)."""
        read = self.grammar.understand(text, (), self._intents_now())
        if read and read[0].cost == 0:
            return isinstance(self.binding.interpret(self.match.state, read[0], seat), Answer) \
                or read[0].name in SESSION_INTENTS
        return self._topic_found(seat, text) is not None

    def _a_question_not_a_move(self, seat: int, text: str) -> bool:
        """:meth:`_a_question`, where a question read only by its words holds no move said
        whole ("… et quoi je passe": « je passe » is a move, whatever « quoi » asks)."""
        if not self._a_question(seat, text):
            return False
        read = self.grammar.understand(text, (), self._intents_now())
        if read and read[0].cost == 0:
            return True
        words = self.grammar.language.words(text)
        return not any(self._exactly_a_move(seat, self.grammar.language.detokenize(
            [t.text for t in words[k:]])) for k in range(1, len(words) - 1))

    def _asked_then_done(self, seat: int, inp: Heard) -> list[Output] | None:
        """"Est-ce que j'ai le droit de mettre le sept sur la trois, bon allez, je le mets":
        the player answered their own question. The words after the restart are the move
        when they are one exactly ("…, bon allez, je joue le trente-cinq"); when they only
        carry out the move asked about ("je le mets"), that move is made (as any move said:
        judged, confirmed as the player likes); None otherwise."""
        lang = self.grammar.language
        # never after a supposition: « si j'avais pris la tour, j'aurais pu aller en un
        # onze » says what might have been, not a move
        cuts = [(asked, said, move) for asked, said in afterthoughts.restarts(lang, inp.text)
                for move in [move_question.as_move(lang, asked, known=self.grammar.known)]
                if move is not None
                and not move_question.supposed(lang, asked)]
        for asked, said, move in cuts:
            if afterthoughts.commits(lang, asked, said):  # "je le mets": the move asked
                wished = self.grammar.understand(move, (), self._intents_now())
                if wished and wished[0].cost == 0:
                    return self._heard_noted(replace(inp, text=move, alternatives=()))
        for _, said, _ in cuts:
            if self._exactly_a_move(seat, said):
                return self._heard_noted(replace(inp, text=said, alternatives=()))
        return self._weighed_then_done(seat, inp)

    def _weighed_then_done(self, seat: int, inp: Heard) -> list[Output] | None:
        """"Bon voyons voir, vingt dix ou vingt douze… bon, je construis en vingt douze": the
        player thought aloud, then decided; the decision is heard alone when it is exactly a
        whole move, nothing left to ask (:mod:`deliberation`); None otherwise."""
        for said in deliberation.decisions(self.grammar.language, inp.text):
            read = self.grammar.understand(said, (), self._intents_now())
            meant = self.binding.interpret(self.match.state, read[0], seat) \
                if read and read[0].cost == 0 else None
            if isinstance(meant, Refusal) or (isinstance(meant, Proposal) and meant.candidates
                                              and meant.question is None):
                return self._heard_noted(replace(inp, text=said, alternatives=()))
        return None

    def _two_questions(self, seat: int, inp: Heard) -> list[Output] | None:
        """"C'est à qui et il me reste combien d'or ?": both answered, in the order asked;
        None unless the words on each side of a sequence word are each a question answered
        now (:meth:`_a_question`)."""
        return self._in_two(seat, inp, self._a_question, self._a_question)
