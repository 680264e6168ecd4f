"""A player's name said in a sentence ("je m'appelle Marie", "c'est Jean-Pierre").

Names are free words a grammar cannot list, so they are read from the sentence's surface:
the words after one of the language's ``naming`` phrases (and, when answering "what is
their name?", its ``naming_answers`` or nothing at all). The name keeps its accents and
hyphens; a name heard in lower case (as speech recognisers give it) gets its capitals.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

_APOSTROPHES = str.maketrans({c: "'" for c in "’‘ʼ`´′"})
_PIECE = re.compile(r"[^\s\-‐‑–—,.;:!?«»\"()]+")
_LETTERS = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
MAX_NAME_WORDS = 3  # "Jean-Pierre", "Marie Claire", "Anne de Bretagne": longer is a sentence


def key(word: str) -> str:
    """A word's matching key: lower case, accents removed."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _pieces(text: str) -> list[re.Match[str]]:
    return list(_PIECE.finditer(text))


def name_phrases(items: Any) -> tuple[tuple[str, ...], ...]:
    """The word keys of each phrase of a ``naming`` list, longest first."""
    phrases = (tuple(key(p.group()) for p in _pieces(_normal(str(item)))) for item in items or ())
    return tuple(sorted((p for p in phrases if p), key=len, reverse=True))


def _normal(text: str) -> str:
    return unicodedata.normalize("NFC", text).translate(_APOSTROPHES).strip()


def said_name(language: Language, text: str, answering: bool = False) -> str | None:
    """The name ``text`` gives, or None.

    Without ``answering`` the sentence must introduce the name ("appelle-moi Marie"); when
    answering a question about a name, "c'est Paul" and a bare "Paul" are names too.
    """
    text = _normal(text)
    pieces = _pieces(text)
    keys = [key(p.group()) for p in pieces]
    phrases = language.naming + (language.naming_answers if answering else ())
    leading = frozenset(language.fillers + language.leading_fillers)
    trailing = frozenset(language.fillers + language.trailing_fillers + language.naming_endings)
    widest = max((len(p) for p in trailing), default=1)

    def filler(i: int, j: int, which: frozenset[tuple[str, ...]]) -> bool:
        """Are the pieces i..j-1 one filler ("euh", "s'il te plaît")?"""
        said = text[pieces[i].start() : pieces[j - 1].end()]
        return tuple(t.key for t in language.words(said)) in which

    start = 0
    while True:  # "euh moi c'est Marie": fillers before the phrase, the phrase, the name
        phrase = next((p for p in phrases if tuple(keys[start : start + len(p)]) == p), None)
        if phrase is not None:
            start += len(phrase)
            while (again := next((p for p in phrases
                                  if tuple(keys[start : start + len(p)]) == p), None)):
                start += len(again)  # "moi, je suis Marie": one phrase after another
            break
        width = next(
            (
                w
                for w in range(1, 4)
                if start + w <= len(keys) and filler(start, start + w, leading)
            ),
            0,
        )
        if width:
            start += width
            continue
        if not answering:
            return None
        break
    end = len(pieces)
    while end > start:
        width = next(
            (w for w in range(widest, 0, -1)
             if end - w >= start and filler(end - w, end, trailing)), 0
        )
        if not width:
            break
        end -= width
    if not 0 < end - start <= MAX_NAME_WORDS:
        return None
    if any(not _LETTERS.fullmatch(p.group()) for p in pieces[start:end]):
        return None  # digits, symbols: not a name
    if all(language.number_value(k) is not None or k in language.cheap_words
           for k in keys[start:end]):
        return None  # "moi c'est un deux": numbers and little words say a move, not a name
    return _capitalised(text[pieces[start].start() : pieces[end - 1].end()])


def without_name(text: str, name: str, instead: str = "") -> str | None:
    """``text`` with the name said in it taken out ("qu'a joué Jean-Pierre ?" -> "qu'a
    joué ?") or replaced by ``instead``, or None when the name is not said."""
    text = _normal(text)
    pieces = _pieces(text)
    keys = [key(p.group()) for p in pieces]
    wanted = [key(p.group()) for p in _pieces(_normal(name))]
    # "d'Anne": the name may follow an elided word inside the same piece
    bare = [k.rsplit("'", 1)[-1] for k in keys]
    for at in range(len(keys) - len(wanted) + 1):
        if wanted and bare[at : at + len(wanted)] == wanted:
            elided = len(keys[at]) - len(bare[at])
            start, end = pieces[at].start() + elided, pieces[at + len(wanted) - 1].end()
            return f"{text[:start]} {instead} {text[end:]}".strip()
    return None


class Vocative(NamedTuple):
    """A sentence said with a player's name first or last: the rest, and where the name was."""

    rest: str
    first: bool  # "Paul pose le sept", "Paul, c'est à toi" (else "à toi de jouer Paul")
    spoken_to: bool = False  # "Paul, t'as vu, je pose le sept": said to them, not by them
    name: str = ""  # the name as the players list has it


def without_vocative(text: str, names: Sequence[str],
                     address: Sequence[tuple[str, ...]] = ()) -> Vocative | None:
    """``text`` without a player's name said first or last, to them ("à toi de jouer Paul",
    "Paul, c'est à toi"), or None when no name opens or closes it. One of the ``address``
    phrases said with the name ("attends Paul", "Paul t'as vu", "regarde Marie") goes with it
    and marks the name as the one spoken to (``spoken_to``)."""
    pieces = _pieces(_normal(text))
    keys = [key(p.group()) for p in pieces]

    def rest(start: int, end: int) -> str:
        said = _normal(text)
        head = said[: pieces[start].start()] if start else ""
        tail = said[pieces[end].start():] if end < len(pieces) else ""
        return f"{head} {tail}".strip(" ,")

    for name in names:
        wanted = [key(p.group()) for p in _pieces(_normal(name))]
        if not wanted or len(wanted) >= len(keys):
            continue
        size = len(wanted)
        for at in (0, *(len(p) for p in address)):  # the name first, or after a phrase
            if keys[at:at + size] != wanted or at >= len(keys) - size or (
                    at and tuple(keys[:at]) not in address):
                continue
            after = next((len(p) for p in address
                          if tuple(keys[at + size:at + size + len(p)]) == p), 0)
            end = at + size + after
            if end < len(keys):
                return Vocative(rest(0, end), first=True, spoken_to=bool(at or after),
                                name=name)
        if keys[-size:] == wanted:
            before = next((len(p) for p in address
                           if tuple(keys[len(keys) - size - len(p):len(keys) - size]) == p), 0)
            start = len(keys) - size - before
            if start > 0:
                return Vocative(rest(start, len(keys)), first=False, spoken_to=bool(before),
                                name=name)
    return None


def _capitalised(name: str) -> str:
    """ "jean-pierre" -> "Jean-Pierre"; a name written with capitals is kept as written."""
    if name != name.lower():
        return name
    return re.sub(r"[^\W\d_]+", lambda m: m.group()[:1].upper() + m.group()[1:], name)


__all__ = ["MAX_NAME_WORDS", "Vocative", "key", "name_phrases", "said_name", "without_name",
           "without_vocative"]
