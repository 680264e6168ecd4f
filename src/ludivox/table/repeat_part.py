"""Saying again what a player last heard, whole ("répète") or in part ("répète juste la fin",
"redis seulement la colonne quatre", "juste la deuxième carte", "juste l'or").

A part is found in the answer the player last heard (its lines with an ``answer`` key, else
all of them): cut into sentences, or into the items of its one sentence; a place ("la fin",
"la deuxième") is that piece; a thing named is the one item, else the one sentence, that
names it (words compared by sound, numbers by value; a sentence's heading, "Scores :",
names the whole sentence). Each piece is said on the channel its line was said on (private
information stays with its owner), under that line's key. A thing the answer does not name
is that question asked afresh (``ask_again``), answered only when it is a question, never a
move. Mixed into :class:`~ludivox.table.session.Session`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ludivox.grammars.language import Language
from ludivox.grammars.repeat_parts import LAST, PartAsked
from ludivox.table.binding import Line
from ludivox.table.io import Heard, Output, Say
from ludivox.table.session_pairs import SessionPairs

ANSWER = "answer"
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_HEADING = " : "


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def _heading(lang: Language, sentence: str) -> str:
    """What a sentence is about, said before its colon ("Colonne quatre : le six.")."""
    head, sep, _ = sentence.partition(_HEADING)
    return head if sep and lang.list_separator.strip() not in head else ""


def _items(lang: Language, sentence: str) -> list[str]:
    """The items of a sentence's list, its heading left out ("Scores : Anne dix-huit, Paul
    quinze et Léa seize." -> "Anne dix-huit", "Paul quinze", "Léa seize")."""
    body = sentence.rstrip(".!? ")
    head, sep, rest = body.partition(_HEADING)
    if sep and lang.list_separator.strip() not in head:
        body = rest
    parts = re.split(rf"\s*;\s*|{re.escape(lang.list_separator)}|\s{re.escape(lang.list_and)}\s",
                     body)
    return [p.strip() for p in parts if p.strip()]


def _names(lang: Language, text: str, asked: PartAsked) -> bool:
    """Whether ``text`` names every word and number of ``asked``."""
    words = lang.words(text)
    sounds = {lang.sounds(t.key) for t in words}
    values = {lang.number_value(t.key) for t in words}
    return all(c in sounds for c in asked.content) and all(n in values for n in asked.numbers)


def _said(line: Say, text: str) -> Say:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return Say(line.channel, text if text.endswith((".", "!", "?")) else f"{text}.", line.key)


def part_of(lang: Language, heard: Sequence[Say], asked: PartAsked) -> list[Say] | None:
    """The piece of ``heard`` that ``asked`` names, or None when there is no such piece."""
    lines = [s for s in heard if s.key.startswith(ANSWER)] or list(heard)
    sentences = [(line, s) for line in lines for s in _sentences(line.text)]
    if not sentences:
        return None
    items = [(line, i) for line, s in sentences for i in _items(lang, s)]
    if asked.content or (asked.numbers and asked.position is None) or len(asked.numbers) > 1:
        headed = [(line, s) for line, s in sentences if _names(lang, _heading(lang, s), asked)]
        for pieces, found in ((sentences, headed), (items, None), (sentences, None)):
            found = found if found is not None else [
                (line, p) for line, p in pieces if _names(lang, p, asked)]
            if len(found) == 1:
                return [_said(*found[0])]
            if len(found) > 1 and asked.position is not None and not asked.numbers:
                return [_said(*_at(found, asked.position))] if _fits(found, asked) else None
        return None
    most = max(len(_items(lang, s)) for _, s in sentences)  # "la dernière carte": an
    listed = [(line, i) for line, s in sentences  # item of the answer's longest list
              if len(_items(lang, s)) == most > 1 for i in _items(lang, s)]
    pieces = (listed or items) if asked.item or len(sentences) == 1 else sentences
    if asked.position is None or not _fits(pieces, asked):
        return None
    return [_said(*_at(pieces, asked.position))]


def _fits(pieces: Sequence[object], asked: PartAsked) -> bool:
    return asked.position == LAST or 0 < (asked.position or 0) <= len(pieces)


def _at(pieces: Sequence[tuple[Say, str]], position: int) -> tuple[Say, str]:
    return pieces[-1] if position == LAST else pieces[position - 1]


class SessionRepeat(SessionPairs):
    """"répète", whole or in part (see the module docstring)."""

    def _repeat(self, seat: int) -> list[Output]:
        said = self.announcer.heard_by.get(seat)
        if not said:
            return self._emit([Line("repeat_nothing", {}, seat)], remember=False)
        return list(said)

    def _part_asked(self, seat: int, inp: Heard) -> list[Output] | None:
        """Part of the last answer said again, or that question asked afresh; None when the
        words ask no part (or, without a verb of saying again, when they read as said or a
        question waits for this player)."""
        lang = self.grammar.language
        asked = lang.repeat_parts.read(lang, inp.text)
        if asked is None:
            return None
        heard = self.announcer.heard_by.get(seat) or []
        part = part_of(lang, heard, asked) if heard else None
        if not asked.verb:  # "juste la deuxième": only right after an answer, and a thing
            # read exactly as said is that unless the answer names it, placed nowhere
            if (self.pending is not None and self.pending.seat == seat) or not any(
                    s.key.startswith(ANSWER) for s in heard):
                return None
            read = self.grammar.understand(inp.text, (), self._intents_now())
            if read and read[0].cost == 0 and (part is None or asked.placed):
                return None
        if not heard:
            return self._emit([Line("repeat_nothing", {}, seat)], remember=False)
        if part is not None:
            return list(part)
        again = f"{lang.repeat_parts.ask_again} {asked.rest}"
        if asked.position is None and (asked.content or asked.numbers) and (
                self._a_question_not_a_move(seat, again)):  # "juste l'or"; never "la fin
            # où je peux construire" (the end of a thing: the language's rewrites read it)
            return self._heard_noted(replace(inp, text=again, alternatives=()))
        return list(heard) if asked.verb and not asked.content else None


__all__ = ["SessionRepeat", "part_of"]
