"""A game's verb said in the future, read as said now ("je tisserai ma laine").

The language lists its future endings by subject (French "je …rai", "on …ra", "nous …rons");
a word with one, after its subject, is read as the first of its stem's forms the grammar
knows ("tisserai" -> "tisse", "bâtirai" -> "bâtis", "mettrai" -> "met"). Irregular futures
("ferai") are rewrites of the language file. Only tried when nothing fits as said.
"""

from __future__ import annotations

from collections.abc import Collection

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token


def _stems(key: str, ending: str) -> list[str]:
    """The present forms a future may come from: the stem, with "s", less its last letter."""
    base = key[: -len(ending)]
    return [base, f"{base}s", base[:-1], f"{base[:-1]}s"] if len(base) > 2 else []


def in_present(lang: Language, tokens: list[Token], known: Collection[str]
               ) -> list[Token] | None:
    """``tokens`` with each future of a known verb after its subject said in the present,
    or None when there is none."""
    out = list(tokens)
    for at in range(1, len(tokens)):
        ending = lang.future_endings.get(tokens[at - 1].key)
        key = tokens[at].key
        if ending is None or not key.endswith(ending) or key in known:
            continue
        present = next((s for s in _stems(key, ending) if s in known), None)
        if present is not None:
            out[at] = Token(present, present)
    return out if out != tokens else None


__all__ = ["in_present"]
