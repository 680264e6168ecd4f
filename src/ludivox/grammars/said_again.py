"""A move said again whole after a correction: "quatre au dé, ah non pardon, c'est un deux",
"maison sur le trois, euh rectification, je construis sur le cinq".

The words before the correction and the words after it each read exactly, as the same
intent: what was said first is dropped and the move said last is the one meant (a
self-correction takes the last value). The words a correction only replaces in part ("le
sept, non, le huit") are :mod:`ludivox.grammars.valuepasses`'; this is for a decision said
again in other words. Different intents on each side ("je pose le sept, non, je passe") are
not guessed between."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token
from ludivox.grammars.valuepasses import correction_at, corrections_in

if TYPE_CHECKING:
    from ludivox.grammars.intents import Intent


def said_again(lang: Language, tokens: list[Token],
               read: Callable[[list[Token]], list[Intent]]) -> list[Intent]:
    """The readings of the words said after the last correction of ``tokens`` that are of
    an intent the words before it read as too (``read``: a piece's word-for-word readings);
    ``[]`` when there is no such correction."""
    for start, after in sorted(corrections_in(lang, tokens), key=lambda c: -c[1]):
        after = correction_at(lang, tokens, after) or after  # "ah non | pardon"
        before, again = tokens[:start], tokens[after:]
        if not before or not says_more_than_values(lang, again):
            continue  # "la trois, non, mon quatre": values replaced (valuepasses.py)
        meant = {i.name for i in read(before)}
        found = [i for i in read(again) if i.name in meant]
        if found:
            return found
    return []


def says_more_than_values(lang: Language, tokens: list[Token]) -> bool:
    """Whether ``tokens`` hold a word other than numbers and their little words."""
    little = lang.cheap_words | lang.articles | lang.dislocation_determiners
    return any(lang.number_value(t.key) is None and t.key not in little for t in tokens)


__all__ = ["said_again", "says_more_than_values"]
