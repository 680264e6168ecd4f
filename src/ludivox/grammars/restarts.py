"""Words said again: a restart after a hesitation or a cut word ("je pose le euh le sept",
"je po- je pose") and words said twice in a row ("je... je mets le neuf"). Language-neutral:
every word comes from the language data."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from ludivox.grammars.tokens import Token, phrase_at
from ludivox.grammars.valuepasses import MAX_REWORDED

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

MAX_CUT_AHEAD = 3  # "je po- je pose": a cut word is begun again within three words


def restarted(lang: Language, text: str, known: Collection[str] = (),
              phrases: bool = True) -> str | None:
    """``text`` without a restart after a hesitation: the words said before "euh" and said
    again after it count once ("en dix-huit euh dix-huit douze" -> "en dix-huit douze",
    "je pose le euh le sept" -> "je pose le sept"); None when there is none. A word cut off
    and begun again is a hesitation too: one not in ``known`` (the grammar's words) that
    starts one of the next words ("je po- je pose", "l'év- l'évêque"). Only when there is
    no such restart (and ``phrases``), the same around a phrase that confirms what was said
    ("trois neuf, oui c'est ça, trois neuf" -> "trois neuf"): where the grammar reads the
    words said twice as such ("… ouais c'est ça vingt treize"), it still does."""
    words = lang.words(text)
    keys = [t.key for t in words]
    for phrased in (False, True) if phrases else (False,):
        for at in range(len(keys)):
            cut = not phrased and _cut_off(keys, at, known)
            said = 1 if cut else _hesitation(lang, keys, at, phrased)
            if not said:
                continue
            for size in range(min(MAX_REWORDED, at, len(keys) - at - said), 0, -1):
                if keys[at - size:at] == keys[at + said:at + said + size]:
                    kept = " ".join(t.text for t in [*words[:at - size], *words[at + said:]])
                    return restarted(lang, kept, known, False) or kept
            if cut:  # "je prends l'év- l'évêque": the cut word alone
                kept = " ".join(t.text for t in [*words[:at], *words[at + 1:]])
                return restarted(lang, kept, known, False) or kept
    return None


def _hesitation(lang: Language, keys: list[str], at: int, phrased: bool) -> int:
    """How many words of hesitation are said from ``keys[at]`` on: a single word ("euh"),
    or (``phrased``) words and phrases ("oui c'est ça") one after the other (0: none; a
    word that opens such a phrase is no single one)."""
    end = at
    while end < len(keys):
        size = phrase_at(keys, end, lang.hesitation_phrases) or int(keys[end] in lang.hesitations)
        if not size:
            break
        end += size
    said = end - at if phrase_at(keys, at, lang.hesitation_phrases) or end - at > 1 else 0
    if phrased:
        return said
    return 0 if said else int(keys[at] in lang.hesitations)  # "oui | c'est ça": a phrase's


def _cut_off(keys: list[str], at: int, known: Collection[str]) -> bool:
    """True when ``keys[at]`` is a word cut off: unknown, and the start of one of the next
    ``MAX_CUT_AHEAD`` words."""
    key = keys[at]
    return bool(known) and key not in known and key.isalpha() and any(
        later != key and later.startswith(key) for later in keys[at + 1:at + 1 + MAX_CUT_AHEAD])


def stuttered(lang: Language, text: str) -> list[str]:
    """``text`` with words said twice in a row counted once ("je... je mets le neuf", "le
    le sept"), one repetition at a time ("premier premier joueur joueur deux": "joueur joueur"
    may be meant); never numbers alone ("deux deux" are two values), but a value said again
    with the word before it is said once ("la quatre, la quatre": the column four), and so is
    a number begun again ("trente... trente-quatre": the second one goes on into one number).
    Phrases are compared as said, then as rewritten (``rewrites``): "on en est où, c'est à
    qui ?" is one question said twice."""
    out = _stuttered(lang, lang.words(text))
    rewritten = lang.rewritten_words(text)
    return out + [t for t in _stuttered(lang, rewritten) if t not in out]


def unstuttered(lang: Language, text: str) -> str | None:
    """``text`` with every word or phrase said twice in a row said once ("je je voulais
    mettre le le sept", "j'utilise j'utilise la taverne"), when two or more are; else None.
    Never one holding a number ("dix dix-huit" is a hex, not "dix-huit" begun again)."""
    words = lang.words(text)
    count = 0
    while count < MAX_STUTTERS:
        keys = [t.key for t in words]
        found = next(((at, n) for at in range(1, len(keys))
                      for n in range(min(MAX_REWORDED, at, len(keys) - at), 0, -1)
                      if keys[at - n:at] == keys[at:at + n]
                      and all(lang.number_value(k) is None for k in keys[at:at + n])), None)
        if found is None:
            break
        words = [*words[:found[0]], *words[found[0] + found[1]:]]
        count += 1
    return " ".join(t.text for t in words) if count > 1 else None


MAX_STUTTERS = 4
"""Repetitions said once together at most (:func:`unstuttered`)."""


def _stuttered(lang: Language, words: list[Token]) -> list[str]:
    """:func:`stuttered` over ``words``."""
    keys = [t.key for t in words]

    def once(phrase: list[str], after: list[str]) -> bool:
        numbers = [lang.number_value(k) is not None for k in phrase]
        if len(phrase) == 1 and numbers[0] and after:  # "trente trente quatre"
            whole = lang.tokens(f"{phrase[0]} {after[0]}")
            return len(whole) == 1 and lang.number_value(whole[0].key) is not None
        return not any(numbers) or (len(phrase) > 1 and not numbers[0])

    out = []
    for at in range(1, len(words)):
        size = next((n for n in range(min(MAX_REWORDED, at, len(keys) - at), 0, -1)
                     if keys[at - n:at] == keys[at:at + n]
                     and once(keys[at:at + n], keys[at + n:at + n + 1])), 0)
        if size:
            out.append(" ".join(t.text for t in [*words[:at], *words[at + size:]]))
    return out
