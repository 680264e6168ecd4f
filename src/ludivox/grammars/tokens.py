"""A normalised word and its matching key (shared by the language and its passes)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Token:
    """A normalised word: ``text`` as written (lowercase), ``key`` for matching."""

    text: str
    key: str


def fold(word: str) -> str:
    """The matching key of a word: accents removed (``"pioché"`` -> ``"pioche"``)."""
    decomposed = unicodedata.normalize("NFD", word)
    out = "".join(c for c in decomposed if not unicodedata.combining(c))
    return out.replace("œ", "oe").replace("æ", "ae")


Phrases = Iterable[tuple[str, ...]]
_Groups = dict[str, tuple[tuple[str, ...], ...]]
_GROUPED: dict[tuple[int, int], tuple[Phrases, _Groups]] = {}
_FEW = 16  # fewer phrases than this are looked through, not indexed


def _at_edge(phrases: Phrases, word: str, edge: int) -> tuple[tuple[str, ...], ...]:
    """The ``phrases`` whose first (``edge`` 0) or last (-1) word is ``word``, in their
    order. A tuple or frozenset of many is indexed once (the language's lists hold
    thousands of phrases, most of them never near the word heard)."""
    if not isinstance(phrases, tuple | frozenset) or len(phrases) < _FEW:
        return tuple(p for p in phrases if p and p[edge] == word)
    hit = _GROUPED.get((id(phrases), edge))
    if hit is None or hit[0] is not phrases:
        groups: dict[str, list[tuple[str, ...]]] = {}
        for phrase in phrases:
            if phrase:
                groups.setdefault(phrase[edge], []).append(phrase)
        if len(_GROUPED) > 512:  # phrases filtered per sentence come and go
            _GROUPED.clear()
        hit = _GROUPED[(id(phrases), edge)] = (
            phrases, {w: tuple(group) for w, group in groups.items()})
    return hit[1].get(word, ())


def starting_with(phrases: Phrases, word: str) -> tuple[tuple[str, ...], ...]:
    """The ``phrases`` whose first word is ``word``, in their order."""
    return _at_edge(phrases, word, 0)


def ending_with(phrases: Phrases, word: str) -> tuple[tuple[str, ...], ...]:
    """The ``phrases`` whose last word is ``word``, in their order."""
    return _at_edge(phrases, word, -1)


def phrase_at(keys: Sequence[str], at: int, phrases: Phrases) -> int:
    """The length of the first of ``phrases`` said at ``keys[at]`` (0: none is)."""
    if at >= len(keys):
        return 0
    return next((len(p) for p in starting_with(phrases, keys[at])
                 if tuple(keys[at:at + len(p)]) == p), 0)


def words_left_out(shorter: Sequence[Token], said: Sequence[Token]) -> bool:
    """Whether ``shorter`` is ``said`` with words left out and none changed."""
    if len(shorter) >= len(said):
        return False
    rest = iter(t.key for t in said)
    return all(any(key == t.key for key in rest) for t in shorter)


__all__ = ["Token", "ending_with", "fold", "phrase_at", "starting_with", "words_left_out"]
