"""Sentences said for nothing: greetings and discourse words alone (« bonjour », « on dit
quoi », « c'est comment », « salut frérot »). Nothing in them asks the game anything: they
are read by no template's look-alike and no topic ("quoi" is no question there), so the
player hears what can be said now, never a game answer. Language-neutral: every word comes
from the language's filler lists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludivox.grammars.tokens import phrase_at

if TYPE_CHECKING:
    from ludivox.grammars.language import Language


def for_nothing(lang: Language, text: str) -> bool:
    """Whether ``text`` is made only of fillers, openers and closers, said whole."""
    keys = [t.key for t in lang.words(text)]
    phrases = sorted({*lang.fillers, *lang.leading_fillers, *lang.trailing_fillers},
                     key=len, reverse=True)
    at = 0
    while at < len(keys):
        size = phrase_at(keys, at, phrases)
        if not size:
            return False
        at += size
    return bool(keys)


__all__ = ["for_nothing"]
