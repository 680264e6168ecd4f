"""An aside said between two parts of a move: "le neuf, comme ça je garde le sept pour plus
tard, sur la six"; "le paysan, vu que je vise le jeton paysan, je le valide".

The aside opens with one of the language's ``reason_markers`` after some words of the move,
and the move comes back after it with a place (one of ``prepositions``: "sur la six") or
with the speaker ("je le valide"). Every way to cut the aside so is a reading without it;
the caller keeps one only when exactly one meaning comes out of them (the aside's own words,
"le sept" in "je garde le sept", are never the move's). A reason said after the whole move
is left out elsewhere (``Language.loosened``).
"""

from __future__ import annotations

from collections.abc import Callable

from ludivox.grammars.intents import Intent
from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token, phrase_at

MIN_ASIDE = 2
"""Words of an aside after its marker at least ("comme ça je garde"): a marker and one word
("pour que") says nothing."""


def skipped(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` without each aside that can be cut between two parts of the move, the
    longest aside first; ``[]`` when no reason marker is said after the first word."""
    keys = [t.key for t in tokens]
    out: list[list[Token]] = []
    for at in range(1, len(keys) - 1):
        size = phrase_at(keys, at, lang.reason_markers)
        if not size:
            continue
        placed = _placed(lang, keys[:at])
        for back in range(len(keys) - 1, at + size + MIN_ASIDE - 1, -1):
            if _resumes(lang, keys, back) and not (placed and keys[back] in lang.prepositions):
                out.append([*tokens[:at], *tokens[back:]])
    return out


def read(lang: Language, tokens: list[Token], understand: Callable[[str], list[Intent]]
         ) -> list[Intent]:
    """``tokens`` read (``understand``) without an aside said between two parts of the
    move, word for word, when every way to cut it that reads so gives one meaning; else
    ``[]``."""
    meant: list[Intent] = []
    for rest in skipped(lang, tokens):
        found = understand(" ".join(t.text for t in rest))
        if found and found[0].cost == 0:
            if meant and (found[0].name, found[0].slots) != (meant[0].name, meant[0].slots):
                return []  # two meanings: where the aside ends is unsure
            meant = meant or found
    return meant


def _placed(lang: Language, keys: list[str]) -> bool:
    """Whether ``keys`` already say where the move goes (a preposition, then a number): a
    place said after the aside is then the aside's own ("je pose le sept sur la trois, comme
    ça le neuf passe derrière le huit")."""
    return any(key in lang.prepositions and any(lang.number_value(k) is not None
                                                for k in keys[at + 1:])
               for at, key in enumerate(keys))


def _resumes(lang: Language, keys: list[str], at: int) -> bool:
    """Whether the move may come back at ``keys[at]``: a place, or the speaker's verb."""
    return keys[at] in lang.prepositions or lang.speaker_word(keys[at])


__all__ = ["read", "skipped"]
