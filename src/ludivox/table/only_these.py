"""« Non, juste le tissu » said while « je vends deux laines et un tissu, c'est bien ça ? »
waits: the player keeps only some of the values they had listed. The request is said again
with its list cut down to them (« je vends le tissu »), to be read and judged like any
other sentence; dropping the « juste » instead would offer the declined request again."""

from __future__ import annotations

from collections.abc import Mapping

from ludivox.grammars.language import Language
from ludivox.grammars.said_values import said_number
from ludivox.grammars.tokens import Token, phrase_at

Item = tuple[str, str]
"""A value said: ("n", "7") for a number, ("v", value id) for a named value."""


def restricted(lang: Language, values: Mapping[str, frozenset[str]], raised: str,
               rest: str) -> list[str]:
    """``raised`` (the words that raised the question) cut down to what ``rest`` keeps, when
    ``rest`` opens with an only-word (``only_words``: « juste », « seulement ») followed by
    values and little words alone, all of them in one list of ``raised`` that had more: the
    list replaced by ``rest``'s words (« non, juste une laine »: « je vends une laine »), then
    by the list's own parts that hold them (« non, seulement les laines »: « je vends deux
    laines »). [] otherwise."""
    said = lang.tokens(rest)
    keys = [t.key for t in said]
    opening = phrase_at(keys, 0, lang.only_words)
    kept = [t for t in said[opening:] if t.key not in lang.discourse_words
            or t.key in lang.cheap_words]
    items = _items(lang, values, kept)
    if not opening or not items or None in items:
        return []
    wanted = {i for i in items if i is not None}
    tokens = lang.tokens(raised)
    for start, end in _lists(lang, values, tokens):
        listed = {i for i in _items(lang, values, tokens[start:end]) if i is not None}
        if not wanted <= listed or len(wanted) == len(listed):
            continue
        head, tail = [t.text for t in tokens[:start]], [t.text for t in tokens[end:]]
        found = [lang.detokenize([*head, *(t.text for t in kept), *tail])]
        parts = _parts(lang, tokens[start:end])
        chosen = [p for p in parts if {i for i in _items(lang, values, p) if i} & wanted]
        if {i for p in chosen for i in _items(lang, values, p) if i} >= wanted:
            joined = f" {lang.list_and} ".join(" ".join(t.text for t in p) for p in chosen)
            found.append(lang.detokenize([*head, joined, *tail]))
        return found
    return []


def _parts(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """A list's parts, as joined by « et » (« deux laines », « un tissu »)."""
    parts: list[list[Token]] = [[]]
    for token in tokens:
        if token.key == lang.list_and:
            parts.append([])
        else:
            parts[-1].append(token)
    return [p for p in parts if p]


def _items(lang: Language, values: Mapping[str, frozenset[str]],
           tokens: list[Token]) -> list[Item | None]:
    """Each value said in ``tokens`` (a named value counts once, by its first id), little
    words left out; None for a word that is neither (a verb: not a list of values)."""
    little = lang.cheap_words | lang.discourse_words
    keys = [t.key for t in tokens]
    out: list[Item | None] = []
    for at, key in enumerate(keys):
        number = said_number(lang, keys, at)
        if number is not None:
            out.append(("n", str(number)))
        elif key in values and key not in little:
            out.append(("v", min(values[key])))
        elif key not in little and number is None:
            out.append(None)
    return out


def _lists(lang: Language, values: Mapping[str, frozenset[str]],
           tokens: list[Token]) -> list[tuple[int, int]]:
    """(start, end) of each run of two values or more joined by little words only
    (« deux laines et un tissu », « le cinq et le six »), its leading little words in."""
    little = lang.cheap_words | lang.discourse_words
    runs: list[tuple[int, int]] = []
    start: int | None = None
    last = -1  # the last value of the current run
    count = 0
    for at, token in enumerate([*tokens, Token("", "")]):
        valued = lang.number_value(token.key) is not None or (
            token.key in values and token.key not in little)
        if valued:
            start = at if start is None else start
            last, count = at, count + 1
        elif token.key in little and token.key:
            start = at if start is None else start
        else:
            if start is not None and count >= 2:
                runs.append((start, last + 1))
            start, count = None, 0
    return runs


__all__ = ["restricted"]
