"""A card named by its rank among the numbers of a hand: "mon plus petit", "ma plus grande
carte", "la carte la plus forte", "la plus petite de mes cartes", "mes deux plus petits".
:func:`by_rank` says the sentence again with the numbers ("je pose le un sur la trois", "je
pose le un et le sept ..."); the table uses it only when the hand is known and the new
sentence is understood word for word.

The words are the language's data (``ranks`` in ``language.yaml``): determiners ("mon",
"la"), plural ones with a count ("mes deux"), the nouns a card may be called by ("carte",
"numéro"), the word of the superlative ("plus") and the adjectives of the lowest and of the
highest ("petit", "bas", "faible"; "grand", "haut", "fort").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludivox.grammars.imperatives import hyphenated
from ludivox.grammars.language import Language


@dataclass(frozen=True)
class Rank:
    """A rank said from ``start`` to ``end`` (word indexes): the ``count`` lowest or highest."""

    start: int
    end: int
    count: int
    lowest: bool


def _adjective(language: Language, key: str) -> bool | None:
    """True for a word of the lowest, False for one of the highest, else None."""
    if key in language.ranks.get("lowest", frozenset()):
        return True
    if key in language.ranks.get("highest", frozenset()):
        return False
    return None


def rank_at(language: Language, keys: Sequence[str], start: int) -> Rank | None:
    """The rank said from word ``start`` of ``keys``, if one is."""
    ranks = language.ranks
    if start >= len(keys):
        return None
    j, count = start + 1, 1
    if keys[start] in ranks.get("plural", frozenset()):
        value = language.number_value(keys[j]) if j < len(keys) else None
        if value is None or value < 1:
            return None  # "mes plus petites": how many is not said
        j, count = j + 1, value
    elif keys[start] not in ranks.get("determiners", frozenset()):
        return None
    most, nouns = ranks.get("most", frozenset()), ranks.get("nouns", frozenset())
    rest = list(keys[j:j + 4])
    if len(rest) >= 2 and rest[0] in most and _adjective(language, rest[1]) is not None:
        end = j + 2 + (len(rest) > 2 and rest[2] in nouns)  # "mon plus petit [numéro]"
        of = list(keys[j + 2:j + 5])  # "la plus petite de mes cartes": of the hand
        if (len(of) == 3 and of[0] in language.relation_words
                and of[1] in ranks.get("plural", frozenset()) and of[2] in nouns):
            end = j + 5
        return Rank(start, end, count, bool(_adjective(language, rest[1])))
    if (len(rest) == 4 and rest[0] in nouns and rest[1] in ranks.get("articles", frozenset())
            and rest[2] in most and _adjective(language, rest[3]) is not None):
        # "ma carte la plus forte"
        return Rank(start, j + 4, count, bool(_adjective(language, rest[3])))
    return None


def by_rank(language: Language, text: str, hand: Sequence[int]) -> str | None:
    """``text`` with its first rank said as the hand's numbers ("le un", "le un et le sept":
    the language's ``ranks.said`` article); None when no rank is said or the hand has too
    few cards."""
    if not hand or not language.ranks:
        return None
    article = min(language.ranks.get("said", frozenset()), default="")
    tokens = language.words(text)
    keys = [t.key for t in tokens]
    for start in range(len(keys)):
        rank = rank_at(language, keys, start)
        if rank is None:
            continue
        if rank.count > len(hand):
            return None
        ordered = sorted(hand) if rank.lowest else sorted(hand, reverse=True)
        chosen = sorted(ordered[:rank.count])
        named = f" {language.list_and} ".join(
            f"{article} {language.numbers.cardinal(n)}".strip() for n in chosen)
        # as said around it ("échange-moi les deux plus petites": the hyphen kept)
        return " ".join(part for part in (hyphenated(tokens[:rank.start], text), named,
                                          hyphenated(tokens[rank.end:], text)) if part)
    return None


__all__ = ["Rank", "by_rank", "rank_at"]
