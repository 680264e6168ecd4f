"""A move asked about as said done: "c'est correct si je mets le neuf sur la six ?", "si je
pose le sept sur la trois, ça marche ?", "est-ce que le sept peut aller sur la trois ?".
Each is the statement of the move ("je mets le neuf sur la six", "le sept va sur la trois"),
to be judged and answered, never made (table/move_question.py). Language-neutral: the words
come from ``move_conditions`` in the language data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludivox.grammars.tokens import Token

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class MoveConditions:
    """``openings`` ("c'est correct si") before the move; ``ifs`` ("si") before it and one
    of ``endings`` ("ça marche") after it, or before one of ``subjects`` ("si je pose le
    sept ?": a hypothesis, never a "si" that says yes); ``asked`` ("est-ce que") before a
    move whose verb is one of ``subject_verbs`` ("peut aller"), said instead as its statement
    ("va")."""

    openings: tuple[Phrase, ...] = ()
    ifs: tuple[Phrase, ...] = ()
    endings: tuple[Phrase, ...] = ()
    asked: tuple[Phrase, ...] = ()
    subject_verbs: dict[Phrase, tuple[Token, ...]] = field(default_factory=dict)
    subjects: frozenset[str] = frozenset()
    inabilities: tuple[Phrase, ...] = ()
    obligation: tuple[Token, ...] = ()

    @classmethod
    def load(cls, lang: Language, data: Any) -> MoveConditions:
        """From the language data's ``move_conditions`` mapping (empty when absent)."""
        data = data or {}

        def phrases(key: str) -> tuple[Phrase, ...]:
            found = (tuple(t.key for t in lang.words(str(p))) for p in data.get(key) or ())
            return tuple(sorted((p for p in found if p), key=len, reverse=True))

        verbs = {tuple(t.key for t in lang.words(str(k))): tuple(lang.words(str(v)))
                 for k, v in (data.get("subject_verbs") or {}).items()}
        subjects = frozenset(t.key for p in data.get("subjects") or () for t in lang.words(str(p)))
        return cls(phrases("openings"), phrases("ifs"), phrases("endings"), phrases("asked"),
                   verbs, subjects, phrases("inabilities"),
                   tuple(lang.words(str(data.get("obligation") or ""))))

    def as_rule(self, tokens: list[Token]) -> list[Token] | None:
        """A move supposed impossible ("si je peux plus construire à côté de mes cités") as
        the rule it asks about, the move said as an obligation ("je dois construire à côté
        de mes cités"); None when the statement says no inability."""
        keys = tuple(t.key for t in tokens)
        for inability in self.inabilities:
            if keys[:len(inability)] == inability and len(keys) > len(inability):
                return [*self.obligation, *tokens[len(inability):]]
        return None

    def statement(self, tokens: list[Token]) -> list[Token] | None:
        """The move ``tokens`` ask about, said as done; None when they ask no such thing."""
        keys = tuple(t.key for t in tokens)
        for opening in self.openings:
            if keys[:len(opening)] == opening and len(keys) > len(opening):
                return tokens[len(opening):]
        for if_ in self.ifs:
            if keys[:len(if_)] != if_:
                continue
            for ending in self.endings:
                if len(keys) > len(if_) + len(ending) and keys[-len(ending):] == ending:
                    return tokens[len(if_):-len(ending)]
        if self.hypothesis(keys):  # "si je pose le sept sur la trois ?"
            return tokens[len(next(i for i in self.ifs if keys[:len(i)] == i)):]
        return self._subject_form(tokens, keys)

    def hypothesis(self, keys: Phrase) -> bool:
        """Whether the words (as keys) open with "si" and the speaker as subject ("si je
        construisais en cinq quinze", "si on pose le sept"): a move supposed, not made."""
        return any(keys[:len(i)] == i and len(keys) > len(i) + 1
                   and keys[len(i)] in self.subjects for i in self.ifs)

    def _subject_form(self, tokens: list[Token], keys: Phrase) -> list[Token] | None:
        start = next((len(a) for a in self.asked if keys[:len(a)] == a), 0)
        for at in range(start + 1, len(keys)):
            for verb, said in self.subject_verbs.items():
                if keys[at:at + len(verb)] == verb:
                    return [*tokens[start:at], *said, *tokens[at + len(verb):]]
        return None


__all__ = ["MoveConditions"]
