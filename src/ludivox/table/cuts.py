"""Where a sentence said in one breath may be cut into parts: at the language's sequence words
("et", "puis", "après quoi"), never inside a number, and between values said one after the
other ("seize un seize deux"). Pure text: what each part means is :mod:`compound`'s."""

from __future__ import annotations

import itertools

from ludivox.grammars.imperatives import hyphenated
from ludivox.grammars.language import Language
from ludivox.grammars.tokens import phrase_at

MAX_PARTS = 4  # moves said in one breath, cut between values ("seize un seize deux ...")
MAX_MEANS = 4  # words naming what a move is made with ("grâce à | la mère Agatha")


def sequence_cuts(language: Language, keys: list[str]) -> list[tuple[int, int]]:
    """Where a sequence word stands between two non-empty parts: (its start, its end);
    never inside a number ("le quarante et un"). A cut is tried whole first: « pis après »
    before « pis » (then « après le neuf … », a place after the nine) and « après »; one
    inside a longer cut comes after them all, for when the longer one is no sequence word
    there (« combien de malus et puis-je finir une colonne »: « et », « puis-je » a verb).
    A sequence word is never cut short where what the longer one adds opens no part by
    itself: « après quoi je passe » is never « après » then « quoi je passe »."""
    words = language.sequence_words
    found = []
    for i in range(1, len(keys)):
        said = [p for p in words if i + len(p) < len(keys) and tuple(keys[i : i + len(p)]) == p]
        for phrase in said:
            cut_short = any(len(p) > len(phrase) and p[:len(phrase)] == phrase
                            and phrase_at(list(p[len(phrase):]), 0, words) == 0 for p in said)
            if not cut_short and not in_number(language, keys, i, i + len(phrase)):
                found.append((i, i + len(phrase)))
    inside = [(a, b) for a, b in found
              if any(c <= a and b <= d and (c, d) != (a, b) for c, d in found)]
    return [cut for cut in found if cut not in inside] + inside


def whole_cuts(language: Language, text: str) -> int:
    """How many of ``text``'s cuts (:func:`parts`' two-part ones come in their order) are
    whole sequence words, none inside a longer one: those come first."""
    keys = [t.key for t in language.words(text)]
    cuts = sequence_cuts(language, keys)
    return sum(1 for a, b in cuts
               if not any(c <= a and b <= d and (c, d) != (a, b) for c, d in cuts))


def in_number(language: Language, keys: list[str], start: int, end: int) -> bool:
    """Whether the words ``keys[start:end]`` are inside a number said in words."""
    size = language.max_compound
    return any(tuple(keys[a:b]) in language.compounds
               for a in range(max(0, end - size), start)
               for b in range(end + 1, min(len(keys), a + size) + 1))


def last_part_replaced(language: Language, text: str, instead: str) -> list[str]:
    """``text`` with the part after one of its sequence words replaced by ``instead`` ("je
    prends le neuf et je le valide" with "je le garde en main": "je prends le neuf et je le
    garde en main"), the last cut first; [] when ``text`` is one part."""
    tokens = language.words(text)
    cuts = sequence_cuts(language, [t.key for t in tokens])
    return [" ".join([*(t.text for t in tokens[:j]), instead]) for _, j in reversed(cuts)]


def parts(language: Language, text: str) -> list[list[str]]:
    """The ways to cut ``text`` at sequence words into two or three non-empty parts, two
    parts first."""
    tokens = language.words(text)
    cuts = sequence_cuts(language, [t.key for t in tokens])

    def span(a: int, b: int) -> str:  # "mets-moi le sept …": each part as said, hyphens kept
        return hyphenated(tokens[a:b], text)

    found = [[span(0, i), span(j, len(tokens))] for i, j in cuts]
    found += [
        [span(0, i), span(j, k), span(m, len(tokens))] for i, j in cuts for k, m in cuts if k > j
    ]
    return found


def means_parts(language: Language, text: str) -> list[list[str]]:
    """``text`` cut in two where what a move is made with is said first or last
    (:func:`means_cuts`): the means, then the move."""
    tokens = language.words(text)
    return [[hyphenated(tokens[a:b], text), hyphenated(tokens[c:d], text)]
            for (a, b), (c, d) in means_cuts(language, [t.key for t in tokens])]


def means_cuts(language: Language, keys: list[str]) -> list[tuple[tuple[int, int],
                                                                    tuple[int, int]]]:
    """What a move is made with, said first or last with no sequence word ("grâce à Aldred
    le onze passe devant le douze", "je pose le onze devant le douze avec Aldred"): (the
    means' span, the move's span), the means first; it is one to :data:`MAX_MEANS` words
    after a ``means_openings`` phrase."""
    found = []
    opening = phrase_at(keys, 0, language.means_openings)
    for end in range(opening + 1, min(len(keys), opening + MAX_MEANS + 1)) if opening else ():
        found.append(((0, end), (end, len(keys))))
    for start in range(2, len(keys) - 1):
        size = phrase_at(keys, start, language.means_openings)
        if size and 0 < len(keys) - start - size <= MAX_MEANS:
            found.append(((start, len(keys)), (0, start)))
    return found


def value_parts(language: Language, text: str, apart: bool = False) -> list[list[str]]:
    """The ways to cut ``text`` into two to four parts at its sequence words and between two
    values said in a row ("je construis en seize un seize deux et dix-sept deux": "seize un"
    | "seize deux" | "dix-sept deux"; "en quatre huit, en quatre neuf"; "en quatre huit, je
    continue en quatre neuf"), with at least one cut between values; each part is then to be
    a whole move (:func:`read` takes no ellipsis here). ``apart``: number words separated by
    a space are cut apart ("vingt huit, vingt neuf": 20 8 | 20 9, two hexes)."""
    tokens = language.tokens(text, numbers_apart=apart)
    keys = [t.key for t in tokens]
    def number(i: int) -> bool:
        return 0 <= i < len(keys) and language.number_value(keys[i]) is not None

    # two values in a row, or a value's little word between them ("en quatre huit, en quatre
    # neuf": the comma a speech model does not write)
    between = [(i, i) for i in range(1, len(keys)) if number(i - 1) and (
        number(i) or phrase_at(keys, i, language.clause_starts)
        or (number(i + 1) and (keys[i] in language.prepositions or keys[i] in language.genders)))]
    if not between:
        return []
    cuts = sorted({*between, *sequence_cuts(language, keys)})

    def span(a: int, b: int) -> str:
        return language.detokenize([t.text for t in tokens[a:b]])

    found: list[list[str]] = []
    for count in range(1, min(MAX_PARTS - 1, len(cuts)) + 1):
        for chosen in itertools.combinations(cuts, count):
            if not set(chosen) & set(between) or any(
                    b[0] <= a[1] and b != a for a, b in itertools.pairwise(chosen)):
                continue
            edges = [0, *(x for cut in chosen for x in cut), len(tokens)]
            found.append([span(edges[k], edges[k + 1]) for k in range(0, len(edges), 2)])
    return found


__all__ = ["MAX_MEANS", "MAX_PARTS", "in_number", "last_part_replaced", "means_cuts",
           "means_parts", "parts", "sequence_cuts", "value_parts", "whole_cuts"]
