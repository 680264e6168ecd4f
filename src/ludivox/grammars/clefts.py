"""A move said in a cleft, the thing done put in front: "ce que je pose c'est le sept sur la
trois", "moi ce que je vais faire c'est construire en vingt dix", "là où je mets ma maison
c'est en dix-sept dix", "c'est le roi que je prends, et je le garde en main", "le désert en
dix treize, c'est là que je construis".

Each is read as the plain sentence ("je pose le sept sur la trois", "je vais construire en
vingt dix", "je prends le roi, et je le garde en main", "je construis en dix treize"), which
must then fit on its own: the words are only put back in their usual order, none is
changed or dropped but the cleft's own ("ce que", "c'est", "que", "là", and "faire" when it
only stands for the verb said after it). The words come from the language's ``clefts``.
Only tried when nothing fits as said; the plain sentence is then read as any sentence is
(:meth:`Grammar.understand`), and taken only when it fits exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludivox.grammars.tokens import Token

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class Clefts:
    """``openers`` ("ce que", "là où") start a clause the ``presentatives`` ("c'est") end;
    ``presentatives`` then ``relatives`` ("que") put a complement in front; ``places`` ("c'est
    là que") take up a complement said before them; ``doing`` ("faire") stands for the
    infinitive said after the presentative; ``subjects``: who must say the clause ("je");
    ``dropped``: the speaker said again inside it ("ce que je fais moi c'est …")."""

    openers: tuple[Phrase, ...] = ()
    presentatives: tuple[Phrase, ...] = ()
    relatives: frozenset[str] = frozenset()
    places: tuple[Phrase, ...] = ()
    doing: frozenset[str] = frozenset()
    subjects: frozenset[str] = frozenset()
    dropped: frozenset[str] = frozenset()

    @classmethod
    def load(cls, lang: Language, data: Any) -> Clefts:
        """From the language data's ``clefts`` mapping (empty when absent)."""
        data = data or {}

        def phrases(key: str) -> tuple[Phrase, ...]:
            found = (tuple(t.key for t in lang.words(str(p))) for p in data.get(key) or ())
            return tuple(sorted((p for p in found if p), key=len, reverse=True))

        def keys(key: str) -> frozenset[str]:
            return frozenset(t.key for p in data.get(key) or () for t in lang.words(str(p)))

        return cls(phrases("openers"), phrases("presentatives"), keys("relatives"),
                   phrases("places"), keys("doing"), keys("subjects"), keys("dropped"))


def unclefted(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` said plainly when they are a cleft of the speaker's (see the module): one
    reading, or two when "faire" may stand for the verb after it or be a verb of its own
    ("ce que je fais c'est passer le sept …"); ``[]`` otherwise."""
    clefts = lang.clefts
    keys = tuple(t.key for t in tokens)
    said = _fronted(lang, clefts, tokens, keys) or _placed(lang, clefts, tokens, keys)
    return _pseudo(lang, clefts, tokens, keys) or ([said] if said else [])


def _starts(phrases: tuple[Phrase, ...], keys: Phrase, at: int = 0) -> int:
    """The length of the (longest) phrase of ``phrases`` said at ``at``; 0 when none."""
    return next((len(p) for p in phrases if keys[at:at + len(p)] == p), 0)


def _pseudo(lang: Language, c: Clefts, tokens: list[Token], keys: Phrase
            ) -> list[list[Token]]:
    """"ce que je pose c'est le sept …" -> "je pose le sept …"."""
    opener = _starts(c.openers, keys)
    if not opener or len(keys) <= opener or keys[opener] not in c.subjects:
        return []
    for at in range(opener + 2, len(keys) - 1):
        size = _starts(c.presentatives, keys, at)
        if not size:
            continue
        # "ce que je fais moi c'est …": the speaker said again is left out
        clause = [tokens[opener], *(t for t in tokens[opener + 1:at] if t.key not in c.dropped)]
        rest = tokens[at + size:]
        out = [[*clause, *rest]]
        if len(clause) > 1 and clause[-1].key in c.doing and _infinitive(lang, rest[0].key):
            out.insert(0, [*clause[:-1], *rest])  # "ce que je vais faire c'est construire …"
        return out
    return []


def _fronted(lang: Language, c: Clefts, tokens: list[Token], keys: Phrase
             ) -> list[Token] | None:
    """"c'est le roi que je prends, et je le garde en main" -> "je prends le roi, et …"."""
    size = _starts(c.presentatives, keys)
    if not size:
        return None
    for at in range(size + 1, len(keys) - 2):
        if keys[at] in c.relatives and keys[at + 1] in c.subjects:
            return _with_complement(lang, tokens[at + 1:], tokens[size:at])
    return None


def _placed(lang: Language, c: Clefts, tokens: list[Token], keys: Phrase
            ) -> list[Token] | None:
    """"le désert en dix treize, c'est là que je construis" -> "je construis le désert en dix
    treize"."""
    for at in range(1, len(keys) - 1):
        size = _starts(c.places, keys, at)
        if size and at + size < len(keys) and keys[at + size] in c.subjects:
            return _with_complement(lang, tokens[at + size:], tokens[:at])
    return None


def _with_complement(lang: Language, clause: list[Token], front: list[Token]
                     ) -> list[Token] | None:
    """``clause`` ("je prends, et je le garde") with ``front`` ("le roi") said after its
    verb (and its infinitive after a modal: "je vais poser le sept"); None when the clause
    has no verb there."""
    at = 1
    while at < len(clause) and clause[at].key in lang.verb_clitics:
        at += 1
    if at >= len(clause):
        return None
    at += 1
    if at < len(clause) and _infinitive(lang, clause[at].key):
        at += 1  # "c'est le sept que je vais poser"
    return [*clause[:at], *front, *clause[at:]]


def _infinitive(lang: Language, key: str) -> bool:
    """Whether ``key`` is an infinitive of the game's verbs ("construire", "poser")."""
    return key in lang.meaning_words and key.endswith(lang.infinitive_endings)


__all__ = ["Clefts", "unclefted"]
