"""Number words for one language, generated with unicode-rbnf (never hand-listed).

Used both ways: to recognise numbers said as words ("sept", "dix-sept", "une") and to say
numbers in responses. Language files may add forms rbnf does not produce (French
"second"/"seconde") and the digit spellings of ordinals ("1er", "2e").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from unicode_rbnf import FormatPurpose, RbnfEngine

_CARD_M = "spellout-cardinal-masculine"
_CARD_F = "spellout-cardinal-feminine"
_ORD_M = "spellout-ordinal-masculine"
_ORD_F = "spellout-ordinal-feminine"


@lru_cache(maxsize=8)
def _engine(lang: str) -> RbnfEngine:
    return RbnfEngine.for_language(lang)


class NumberWords:
    """Spell and recognise numbers in ``lang``.

    ``extra_ordinals`` maps a number to further ordinal words; ``ordinal_suffixes`` maps
    ``"1"`` (or any number as text) and ``"other"`` to the suffixes written after digits
    ("1er", "2e").
    """

    def __init__(
        self,
        lang: str,
        extra_ordinals: Mapping[int, Sequence[str]] | None = None,
        ordinal_suffixes: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.lang = lang
        self._engine = _engine(lang)
        self._extra_ordinals = {int(k): list(v) for k, v in (extra_ordinals or {}).items()}
        self._suffixes = {str(k): list(v) for k, v in (ordinal_suffixes or {}).items()}
        self._cardinals: dict[int, dict[str, str]] = {}
        self._ordinals: dict[int, dict[str, str]] = {}

    def _cardinal_sets(self, n: int) -> dict[str, str]:
        if n not in self._cardinals:
            result = self._engine.format_number(n)
            self._cardinals[n] = dict(result.text_by_ruleset) | {"": result.text}
        return self._cardinals[n]

    def _ordinal_sets(self, n: int) -> dict[str, str]:
        if n not in self._ordinals:
            result = self._engine.format_number(n, purpose=FormatPurpose.ORDINAL)
            self._ordinals[n] = dict(result.text_by_ruleset) | {"": result.text}
        return self._ordinals[n]

    def cardinal(self, n: int, feminine: bool = False) -> str:
        """``n`` in words: 1 -> "un" (feminine: "une"), 17 -> "dix-sept"."""
        sets = self._cardinal_sets(n)
        return sets.get(_CARD_F if feminine else _CARD_M) or sets[""]

    def ordinal(self, n: int, feminine: bool = False) -> str:
        """``n`` as an ordinal word: 1 -> "premier" (feminine: "première")."""
        sets = self._ordinal_sets(n)
        return sets.get(_ORD_F if feminine else _ORD_M) or sets[""]

    def cardinal_forms(self, n: int) -> list[str]:
        """Every spelling of ``n`` as a cardinal (masculine, feminine), without duplicates."""
        sets = self._cardinal_sets(n)
        return _unique([sets.get(_CARD_M, sets[""]), sets.get(_CARD_F, sets[""]), sets[""]])

    def ordinal_forms(self, n: int, digits: bool = True) -> list[str]:
        """Every spelling of ``n`` as a singular ordinal, plus extras and "1er"-style forms."""
        sets = self._ordinal_sets(n)
        forms = [sets.get(_ORD_M, sets[""]), sets.get(_ORD_F, sets[""])]
        forms += self._extra_ordinals.get(n, [])
        if digits:
            suffixes = self._suffixes.get(str(n), self._suffixes.get("other", []))
            forms += [f"{n}{s}" for s in suffixes]
        return _unique(forms)

    def lexicon(self, upto: int = 100) -> dict[str, int]:
        """Cardinal spellings of 0..upto (hyphens as spaces) -> value, to recognise numbers."""
        out: dict[str, int] = {}
        for n in range(upto + 1):
            for form in self.cardinal_forms(n):
                out.setdefault(" ".join(form.replace("-", " ").split()), n)
        return out


def _unique(items: Sequence[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        if item:
            seen.setdefault(item, None)
    return list(seen)


__all__ = ["NumberWords"]
