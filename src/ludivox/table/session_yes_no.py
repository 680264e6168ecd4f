"""A yes or a no said in a sentence, answering a yes / no question waiting for the player
(the session's « tu veux dire … ? » or the game's own, an exchange offered): « oui, sur la
trois », « bah oui pourquoi pas », « non merci, ça m'intéresse pas l'échange ». The words after
the yes or the no either only say it again (then it is the answer) or make a request of their
own. Mixed into :class:`~ludivox.table.session.Session`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludivox.table import compound, move_question, yes_rest
from ludivox.table.binding import Answer, Line, Refusal
from ludivox.table.io import Heard, Output
from ludivox.table.session_asked import MovesAsked
from ludivox.table.session_core import CONFIRM_COST, SESSION_INTENTS


class SessionYesNo(MovesAsked):
    """Yes and no said with more words (see the module docstring)."""

    def _heard_noted(self, inp: Heard) -> list[Output]:
        """Something said, handled whole (the session's loop)."""
        raise NotImplementedError

    def _answer_and(self, seat: int, inp: Heard) -> list[Output] | None:
        """A yes (:meth:`_yes_and`) or a no (:meth:`_no_and`) said with more words."""
        answered = self._yes_and(seat, inp)
        return answered if answered is not None else self._no_and(seat, inp)

    def _yes_and(self, seat: int, inp: Heard) -> list[Output] | None:
        """"Oui, je prends les trois ors", "oui, sur la trois": a yes said first, then more
        words. When those words are understood, they are the request (the yes opened it);
        when they are not, they only restate a yes / no question waiting for this player, and
        the answer is yes. None when the sentence does not open with a yes, or nothing waits
        for a yes and the rest is not understood either."""
        lang = self.grammar.language
        if move_question.supposed(lang, inp.text):  # "et si je pose …": « si » is no yes
            return None
        opened = self._answer_said(lang.words(inp.text), "yes")
        if opened is None:
            return None
        head, rest = opened
        read = self.grammar.understand(rest, (), self._intents_now())
        pending = self.pending if self.pending and self.pending.seat == seat else None
        asked = pending.candidates if pending is not None and pending.yes_no else None
        waiting = asked is not None or self.binding.yes_no(
            self.match.state, True, seat) is not None
        if (waiting and read and read[0].cost == 0 and read[0].name not in compound.BARE
                and yes_rest.sequenced(lang, rest)):
            # "oui, et je termine mon tour": the yes, then what is said after it (judged
            # once the yes is made: the turn cannot end before the card is placed)
            out = self._heard_noted(replace(inp, text=head, alternatives=()))
            return out + self._heard_noted(replace(inp, text=rest, alternatives=()))
        kind = self._after_yes(seat, read[0], asked or ()) if read else "none"
        if read and read[0].cost < CONFIRM_COST and (not waiting or kind == "other"):
            return self._heard_noted(replace(inp, text=rest, alternatives=()))
        if not waiting:
            return None
        asked_words = self._asked_words(seat, pending)
        same = asked is not None and kind == "same" and read[0].cost == 0
        # "oui, un or pour le pont": the rest, read word for word, is the move asked about
        if not same and not yes_rest.restates(lang, self.grammar.value_words, rest,
                                              asked_words, self._asked_context(seat, pending)):
            # "oui, et ajoute le tissu": not what was offered, and what is meant is not
            # understood: the offer is dropped (a later "oui" must not make it)
            if pending is None:
                return self._not_understood(seat)
            self.pending = pending.resume
            return self._emit([Line("cancelled", {}, seat)]) + self._not_understood(seat)
        return self._heard_noted(replace(inp, text=head, alternatives=()))

    def _no_and(self, seat: int, inp: Heard) -> list[Output] | None:
        """"Non merci, je veux pas", "non, ça m'intéresse pas l'échange": a no said first,
        then words that only deny again what the yes / no question waiting for this player
        asks (a negation, and nothing named that the question does not name). The answer is
        no. None otherwise: "non, le huit" is a correction (``_rejected``)."""
        pending = self.pending if self.pending and self.pending.seat == seat else None
        if pending is not None and not pending.yes_no:
            return None
        if pending is None and self.binding.yes_no(self.match.state, False, seat) is None:
            return None  # nothing waits for a no: no reading of the words is needed
        lang = self.grammar.language
        opened = self._answer_said(lang.words(inp.text), "no")
        if opened is None:
            return None
        head, rest = opened
        if not yes_rest.denies(lang, self.grammar.value_words, rest,
                               self._asked_words(seat, pending),
                               self._asked_context(seat, pending)):
            return None
        return self._heard_noted(replace(inp, text=head, alternatives=()))

    def _answer_said(self, words: list[Any], answer: str) -> tuple[str, str] | None:
        """The yes (``answer`` "yes") or no ("no") a sentence opens with (the longest) and the
        words after it, or None. Words said for nothing may come first ("attends où est-ce
        que j'en étais, oui, huit dix-huit"): each start the reading drops anyway is tried,
        the shortest first ("bien sûr" is a yes, not "bien" then "sûr")."""
        lang = self.grammar.language
        said = [w.text for w in words]
        whole = lang.tokens(" ".join(said))
        for start in range(len(said) - 1):
            if start and lang.tokens(" ".join(said[start:])) != whole:
                continue
            for size in range(min(5, len(said) - start - 1), 0, -1):  # the longest yes first
                head = " ".join(said[start:start + size])
                found = self.grammar.understand(head, (), {answer})  # its templates only
                if found and found[0].cost == 0:
                    return head, " ".join(said[start + size:])
        return None

    def _asked_words(self, seat: int, pending: Any) -> list[str]:
        """What the yes / no question waiting for ``seat`` is about: the player's own words
        that raised it; when there are none, the question and the moves a yes makes
        (``pending``: the session's question), or what the game asks at this turn (None:
        the game's own question, an exchange offered). Never the
        question's words beside the player's: a card's name would count as a value said
        (« la vente de laine et de tissu » holds « tissu »)."""
        raised = self._raised_by
        if pending is not None and raised is not None and raised[0] is pending:
            return [raised[1]]
        return self._asked_context(seat, pending)

    def _asked_context(self, seat: int, pending: Any) -> list[str]:
        """The question waiting for ``seat`` and the moves a yes makes, as Ludivox says them
        (the game's own question when ``pending`` is None)."""
        state = self.match.state
        if pending is None:
            asked = self.binding.yes_no_question(state, seat)
            return [] if asked is None else [self.render(asked)]
        return [self.render(pending.question), *(
            self.render(self.binding.describe(state, m, seat)) for m in pending.candidates)]

    def _after_yes(self, seat: int, intent: Any, asked: tuple[Any, ...]) -> str:
        """What ``intent``, said after a yes to a question about ``asked``, is: ``"other"``, a
        request of its own (a question, a different complete move); ``"same"``, exactly the
        moves asked about (« oui, un or pour le pont »); ``"again"``, the yes said again
        (« oui, pose-le », « oui valide »: incomplete or refused)."""
        if intent.name in SESSION_INTENTS:
            return "again" if intent.name in ("yes", "choose", "number") else "other"
        result = self.binding.interpret(self.match.state, intent, seat)
        if result is None or isinstance(result, Answer):
            return "other"
        if isinstance(result, Refusal) or result.question is not None:
            return "again"
        legal = self._legal(result.candidates)
        if legal and not any(a in asked for a in legal):
            return "other"
        return "same" if legal and all(a in asked for a in legal) else "again"


__all__ = ["SessionYesNo"]
