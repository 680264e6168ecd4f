"""Advice asked about one move: "c'est un bon coup de jouer l'évêque ?", "c'est un bon coup
vingt dix ?", "tu crois que c'est bien de construire en un un ?", "je pose le neuf sur la
six, c'est une bonne idée ?". The move is read as any move is, then judged and compared with
the coach's advice by the table (``ludivox/table/move_advice.py``); a sentence that asks so
is never a move made. Language-neutral: the words come from ``advice_questions`` in the
language data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludivox.grammars.tokens import Token

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class AdviceQuestions:
    """``openings`` ("c'est un bon coup") before the move, or ``endings`` after it; the
    ``frames`` ("tu crois que") said before an opening; after an opening, one of
    ``infinitive`` ("de") says the move as an infinitive (read after ``wish``: "je veux
    jouer l'évêque"), one of ``joints`` ("si", "que") says it as done ("c'est une bonne idée
    si je joue l'évêque"); ``coach``: sentences asking the game's coach, the first the game
    understands is its general advice; ``opinions``: endings that, said alone ("qu'est-ce
    que tu en dis ?"), ask that general advice."""

    openings: tuple[Phrase, ...] = ()
    endings: tuple[Phrase, ...] = ()
    frames: tuple[Phrase, ...] = ()
    infinitive: tuple[Phrase, ...] = ()
    joints: tuple[Phrase, ...] = ()
    wish: str = ""
    coach: tuple[str, ...] = ()
    opinions: tuple[Phrase, ...] = ()

    @classmethod
    def load(cls, lang: Language, data: Any) -> AdviceQuestions:
        """From the language data's ``advice_questions`` mapping (empty when absent)."""
        data = data or {}

        def phrases(key: str) -> tuple[Phrase, ...]:
            found = (tuple(t.key for t in lang.words(str(p))) for p in data.get(key) or ())
            return tuple(sorted((p for p in found if p), key=len, reverse=True))

        return cls(phrases("openings"), phrases("endings"), phrases("frames"),
                   phrases("infinitive"), phrases("joints"), str(data.get("wish") or ""),
                   tuple(str(s) for s in data.get("coach") or ()), phrases("opinions"))

    def asked(self, tokens: list[Token]) -> tuple[list[Token], bool, bool] | None:
        """The words of the move ``tokens`` ask advice about, whether they are an
        infinitive (to read after :attr:`wish`) and whether the question was said first
        (an opening, not an ending); no words when the sentence asks advice without a move
        said; None when it asks no advice about a move."""
        keys = tuple(t.key for t in tokens)
        start = 0
        while frame := _at(keys, start, self.frames):  # "tu crois que", "à ton avis"
            start += len(frame)
        opening = _at(keys, start, self.openings)
        if opening:
            rest = start + len(opening)
            if (opening[-1],) in self.infinitive:  # "c'est bien de jouer l'évêque"
                return tokens[rest:], True, True
            if infinitive := _at(keys, rest, self.infinitive):
                return tokens[rest + len(infinitive):], True, True
            if joint := _at(keys, rest, self.joints):
                rest += len(joint)
            return tokens[rest:], False, True
        if keys[start:] in self.opinions:  # "qu'est-ce que tu en dis ?" alone
            return [], False, False
        for ending in self.endings:
            if len(keys) > start + len(ending) and keys[-len(ending):] == ending:
                return tokens[start:len(keys) - len(ending)], False, False
        return None


def _at(keys: tuple[str, ...], start: int, phrases: tuple[Phrase, ...]) -> Phrase:
    """The first (longest) of ``phrases`` said at ``start``, else ``()``."""
    for phrase in phrases:
        if keys[start:start + len(phrase)] == phrase:
            return phrase
    return ()


__all__ = ["AdviceQuestions"]
