"""A choice weighed aloud, then made: "le sept sur la trois ou sur la quatre... bon allez, la
quatre", "soit j'envoie l'évêque, soit un chevalier... allez, l'évêque", "soit je saute avec
l'enclos, soit je construis… allez, je construis en dix treize".

The words before the decision (``decisions`` in the language file) offer alternatives (one
of ``alternatives``: "ou", "soit"); what follows the decision is the choice:

* a whole sentence that reads word for word, says more than values and takes up a word of
  the alternatives: that is the move meant;
* or the words of one of the alternatives ("la quatre"): the sentence said before with the
  other alternative left out, when that reads word for word, and as one thing only (two
  different readings are not guessed between). The alternative left out is the fewest words
  that leave a reading (not the words both alternatives share: "le sept | sur la trois ou
  sur la quatre"); it names something, and no more things than the choice does (one
  alternative, not the rest of the sentence with it); it never holds the words chosen as
  they were said, which the words kept must hold.

Language-neutral: every word comes from the language data."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from ludivox.grammars.language import Language
from ludivox.grammars.said_again import says_more_than_values
from ludivox.grammars.tokens import Token, phrase_at

if TYPE_CHECKING:
    from ludivox.grammars.intents import Intent

Read = Callable[[list[Token]], list["Intent"]]


def weighed(lang: Language, tokens: list[Token], read: Read, alone: Read,
            values: Collection[str] = ()) -> list[Intent]:
    """The readings of the choice made after weighing alternatives aloud in ``tokens``
    (``read``: a piece's word-for-word readings; ``alone``: a sentence's exact readings, as
    the grammar reads it whole; ``values``: the words naming a value of the game,
    "évêque"); ``[]`` when there is none."""
    keys = [t.key for t in tokens]
    for start, size in reversed(_decisions(lang, keys)):
        before, choice = tokens[:start], tokens[start + size:]
        if not choice or not any(_offers(lang, t) for t in before):
            continue
        named = [t for t in choice if t.key not in values]  # "l'évêque": a value only
        whole = alone(choice) if says_more_than_values(lang, named) and _takes_up(
            lang, before, choice) else []
        if whole:
            return whole
        chosen = _chosen(lang, before, choice, read)
        if chosen:
            return chosen
    return []


def _takes_up(lang: Language, before: list[Token], choice: list[Token]) -> bool:
    """Whether ``choice`` takes up a word that names something in ``before`` (the move
    weighed, said again: "… soit je construis direct… allez, je construis en …"), not only
    something new ("le roi ou la princesse hmm le roi, allez, dans le royaume": where the
    card weighed goes)."""
    little = _little(lang)
    said = {t.key for t in before if _names(lang, t.key, little)}
    return any(t.key in said for t in choice if _names(lang, t.key, little))


def _decisions(lang: Language, keys: list[str]) -> list[tuple[int, int]]:
    """(start, length) of each decision phrase in ``keys``, the longest at each place
    ("bon allez" rather than its "allez")."""
    found, at = [], 1
    while at < len(keys):
        size = phrase_at(keys, at, lang.decisions)
        if size:
            found.append((at, size))
        at += size or 1
    return found


def _chosen(lang: Language, before: list[Token], choice: list[Token], read: Read
            ) -> list[Intent]:
    """``before`` read with every alternative but ``choice`` left out, when exactly one
    reading comes of it."""
    little = _little(lang)
    wanted = [t.key for t in choice]  # "la quatre", "un un", "l'évêque": said as they are
    named = _count_named(lang, wanted, little)
    if not named:
        return []
    keys = [t.key for t in before]
    found: dict[int, dict[str, Intent]] = {}  # by the number of words left out
    marks = [k for k, t in enumerate(before) if _offers(lang, t)]
    for mark in marks:
        spans = [(i, mark + 1) for i in range(mark)]  # the one before the mark left out
        spans += [(mark, j) for j in range(mark + 1, len(keys) + 1)]  # the one after it
        for i, j in spans:
            if not _whole_words(lang, keys, i, j):
                continue
            dropped = [k for at, k in enumerate(keys[i:j], i) if at not in marks]
            names = _count_named(lang, dropped, little)
            if not 0 < names <= named or _holds(dropped, wanted):
                continue  # nothing named, or more than one alternative, or the choice
            kept = [*before[:i], *before[j:]]
            kept = kept[1:] if kept and _offers(lang, kept[0]) else kept  # "soit A"
            if not _holds([t.key for t in kept], wanted):
                continue
            for intent in read(kept)[:1]:  # its best reading ("cards" or "plain" alike)
                meaning = repr((intent.name, sorted(intent.slots.items())))
                found.setdefault(j - i, {}).setdefault(meaning, intent)
    fewest = found[min(found)] if found else {}  # the alternative, not what it shares
    return list(fewest.values()) if len(fewest) == 1 else []


def _little(lang: Language) -> frozenset[str]:
    """Words that name nothing: articles, determiners, prepositions, cheap words."""
    return (lang.cheap_words | lang.articles | lang.dislocation_determiners
            | lang.prepositions)


def _offers(lang: Language, token: Token) -> bool:
    """Whether ``token`` offers an alternative ("ou", "soit"; never « où », said alike)."""
    return token.key in lang.alternatives and token.text.lower() == token.key


def _whole_words(lang: Language, keys: list[str], i: int, j: int) -> bool:
    """Whether leaving out ``keys[i:j]`` parts no article from its word ("je pose un sept ou
    un | deux": that « un » is the article of « deux », said again)."""
    articles = lang.articles | lang.plural_determiners
    return not (i > 0 and keys[i] not in lang.alternatives and keys[i - 1] in articles) and not (
        j < len(keys) and keys[j - 1] in articles)


def _count_named(lang: Language, keys: list[str], little: frozenset[str]) -> int:
    """How many things ``keys`` name: an article that is a number too ("un") names nothing
    when a word naming something follows it ("un chevalier", "un sept")."""
    return sum(_names(lang, key, little) and not (
        key in lang.articles and at + 1 < len(keys) and _names(lang, keys[at + 1], little))
        for at, key in enumerate(keys))


def _names(lang: Language, key: str, little: frozenset[str]) -> bool:
    """Whether ``key`` names something: a number ("une" too), or no little word."""
    return key not in little or lang.number_value(key) is not None


def _holds(keys: list[str], wanted: list[str]) -> bool:
    """Whether ``wanted`` is said in ``keys``, word after word."""
    return any(keys[at:at + len(wanted)] == wanted for at in range(len(keys)))


__all__ = ["weighed"]
