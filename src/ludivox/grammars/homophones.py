"""A number a speech recogniser wrote as another word that sounds the same ("je construis en
saint quinze", "j'échange le saint", "le dé fait saint", "je joue le vin neuf"): the sentence
read again with the number's word in its place, as a reading of its own, tried only when
nothing fits as said and kept only where it then fits exactly (a number is expected there),
and then asked about ("Tu veux dire … ?"), never made at once: a value read by its sound
only costs a question (tests/grammars/test_sounds.py).
Never a word that carries meaning (a verb or another word of the language's meanings, a
negation, « sans »), nor a word the game names a thing with. The words are the language's
data (``homophones``: each number and the words that sound as it does)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from ludivox.grammars.tokens import Token

if TYPE_CHECKING:
    from ludivox.grammars.language import Language


def load(lang: Language, data: Any) -> dict[str, str]:
    """Each homophone's key -> the number's word (``homophones``: number -> words)."""
    out: dict[str, str] = {}
    for number, words in (data or {}).items():
        spelled = lang.numbers.cardinal(int(number))
        for word in words or ():
            out.update((t.key, spelled) for t in lang.words(str(word)))
    return out


def readings(lang: Language, text: str, values: Collection[str] | Mapping[str, Any] = ()
             ) -> list[list[Token]]:
    """``text`` with each homophone of a number said as the number, as the normaliser reads
    it (numbers merged, then said apart: "vin neuf" is 29, or 20 and 9 on a board); [] when
    no word may be one. ``values`` are the words the game names things with (kept)."""
    words = lang.words(text)
    kept = lang.meaning_words | lang.negation_words | lang.cheap_words
    said = [lang.homophones.get(t.key, t.text)
            if t.key not in kept and t.key not in values
            and not any(t.key in w for w in lang.without_words) else t.text for t in words]
    if said == [t.text for t in words]:
        return []
    again = lang.detokenize(said)
    return [lang.tokens(again), lang.tokens(again, numbers_apart=True)]


__all__ = ["load", "readings"]
