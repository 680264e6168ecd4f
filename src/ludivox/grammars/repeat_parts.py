"""Only part of the last answer asked again: "répète juste la fin", "redis seulement la
colonne quatre", "juste la deuxième carte", "juste l'or". Read here as a place in the answer
(the end, the start, the n-th) and the words naming the thing; the table finds that part in
what the player last heard (table/repeat_part.py). Language-neutral: the words come from
``repeat_parts`` in the language data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludivox.grammars.tokens import phrase_at

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

Phrase = tuple[str, ...]
LAST = -1


@dataclass(frozen=True)
class PartAsked:
    """A part asked again: its ``position`` (1 the first, :data:`LAST` the last, None when no
    place is said), the ``content`` words naming it (as they sound), its ``numbers`` (an
    ordinal counts as its number too: "le troisième blason"), the words after the frame as
    said (``rest``), whether a verb of saying again was said (``verb``), and whether the
    piece is named as one thing of a list ("la dernière carte": ``item``)."""

    position: int | None
    content: tuple[str, ...]
    numbers: tuple[int, ...]
    rest: str
    verb: bool
    item: bool = False
    placed: bool = False  # a preposition said: "juste le sept sur la trois" may be a move


@dataclass(frozen=True)
class RepeatParts:
    """The language's words for a part asked again (see the module docstring)."""

    verbs: tuple[Phrase, ...] = ()
    only: tuple[Phrase, ...] = ()
    ends: frozenset[str] = frozenset()
    starts: frozenset[str] = frozenset()
    pieces: frozenset[str] = frozenset()
    items: frozenset[str] = frozenset()
    said: tuple[Phrase, ...] = ()
    empty: frozenset[str] = frozenset()
    ask_again: str = ""
    ordinals: tuple[tuple[str, int], ...] = ()

    @classmethod
    def load(cls, lang: Language, data: Any) -> RepeatParts:
        """From the language data's ``repeat_parts`` mapping (empty when absent)."""
        data = data or {}

        def phrases(key: str) -> tuple[Phrase, ...]:
            found = (tuple(t.key for t in lang.words(str(p))) for p in data.get(key) or ())
            return tuple(sorted((p for p in found if p), key=len, reverse=True))

        def keys(key: str) -> frozenset[str]:
            return frozenset(t.key for p in data.get(key) or () for t in lang.words(str(p)))

        ordinals = tuple((t.key, n) for n in range(1, 13)
                         for form in lang.numbers.ordinal_forms(n) for t in lang.words(form))
        return cls(phrases("verbs"), phrases("only"), keys("ends"), keys("starts"),
                   keys("pieces") | keys("items"), keys("items"), phrases("said"),
                   keys("empty_words"),
                   str(data.get("ask_again") or ""), ordinals)

    def read(self, lang: Language, text: str) -> PartAsked | None:
        """The part ``text`` asks again, or None when it asks none. A verb of saying again
        said alone with a thing named ("redis-moi la colonne quatre") is a plain question:
        None; only a place said after one ("répète la fin") is a part. Said with neither a
        verb nor a word of restriction, only a place and a piece ("le dernier mot")."""
        tokens = lang._drop_fillers(lang.words(text))
        keys = [t.key for t in tokens]
        at = phrase_at(keys, 0, self.verbs)
        verb = at > 0
        only = phrase_at(keys, at, self.only)
        at += only
        rest = keys[at:]
        for said in self.said:  # "… que tu as dite"
            if len(rest) > len(said) and tuple(rest[-len(said):]) == said:
                rest = rest[:-len(said)]
                break
        if any(k in self.ends | self.starts and rest[i + 1] in lang.relation_words
               for i, k in enumerate(rest[:-1])):
            return None  # "la fin de la carte événement", "au bout de la quatre": of a thing
        ordinals = dict(self.ordinals)
        position: int | None = None
        content: list[str] = []
        numbers: list[int] = []
        for key in rest:
            value = lang.number_value(key)
            if key in self.ends:
                position = LAST
            elif key in self.starts:
                position = 1
            elif key in ordinals:
                position = ordinals[key]
                numbers.append(ordinals[key])
            elif value is not None:
                numbers.append(value)
            elif key not in self.pieces and key not in self.empty:
                content.append(lang.sounds(key))
        if not rest or (position is None and not content and not numbers):
            return None
        if not (verb or only) and (position is None or content or not any(
                k in self.pieces for k in rest)):
            return None
        if verb and not only and (content or (numbers and position is None)):
            return None
        words = [t.text for t in tokens[at:]]
        return PartAsked(position, tuple(content), tuple(numbers),
                         lang.detokenize(words), verb, any(k in self.items for k in rest),
                         any(k in lang.prepositions for k in rest))


__all__ = ["LAST", "PartAsked", "RepeatParts"]
