"""The numbers a sentence says as values: "un" / "une" opening a noun is its article ("un
cierge", "qu'une colonne"), never the value one; said before a number ("un sept") or after
an article ("la une") it is. Language-neutral: the words come from the language data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludivox.grammars.language import Language


def is_article(lang: Language, key: str, before: str, after: str, little: frozenset[str]
               ) -> bool:
    """Is this "un" / "une" an article, not the value one? Before a number ("un sept"), or
    opening a noun ("qu'une colonne", "envie d'un jeton"), unless an article makes it a
    value ("la une est finie ?")."""
    if lang.number_value(key) != 1 or key.isdigit() or not after:
        return False
    if lang.number_value(after) is not None:
        return True
    return after not in little and before not in lang.articles


def said_number(lang: Language, keys: Sequence[str], at: int) -> int | None:
    """The number ``keys[at]`` says as a value; None when it is no number or an article."""
    number = lang.number_value(keys[at])
    if number is None:
        return None
    before, after = keys[at - 1] if at else "", keys[at + 1] if at + 1 < len(keys) else ""
    little = lang.cheap_words | lang.discourse_words
    return None if is_article(lang, keys[at], before, after, little) else number


def numbers_said(lang: Language, keys: Sequence[str]) -> set[int]:
    """The numbers ``keys`` say as values."""
    return {n for at in range(len(keys)) if (n := said_number(lang, keys, at)) is not None}


def says_another_move(lang: Language, said: Sequence[str], reason: Sequence[str]) -> bool:
    """Whether a reason said after a move (``reason``: its words after its marker) may say a
    second move: it names a number the move does not, as its subject right after its marker
    ("…, comme ça le neuf passe derrière le sept") or with a verb of the game ("…, comme ça
    je pose le neuf après"). A reason about the same card ("…, comme ça je me débarrasse de
    mon sept") or naming a card for where the move goes ("…, parce que ça va après le six")
    says none."""
    if not numbers_said(lang, reason) - numbers_said(lang, said):
        return False
    subject = len(reason) > 1 and reason[0] in lang.dislocation_determiners and (
        said_number(lang, reason, 1) is not None)
    return subject or any(k in lang.first_forms for k in reason)


__all__ = ["is_article", "numbers_said", "said_number", "says_another_move"]
