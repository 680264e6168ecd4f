"""A count said with a list of moves ("je mets trois colonies d'un coup : dix-huit dix,
dix-huit onze et dix-huit douze", "vingt huit, vingt neuf, vingt dix, les trois à la
suite"): the count is taken out of the sentence and the moves read must be that many
(:func:`ludivox.table.compound.read`). Language-neutral: the words come from
``count_markers`` and ``count_openers`` in the language data."""

from __future__ import annotations

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token, phrase_at

MAX_NOUN = 2  # words between the count and its marker ("trois cités d'un coup")


def counted(language: Language, text: str, most: int) -> tuple[int, str] | None:
    """(the count, ``text`` without it) when ``text`` says how many moves it lists: a
    number from 2 to ``most`` before a count marker (« d'un coup », « à la suite »), after a
    plural determiner (« les trois à la suite ») or opening the sentence's part with a noun
    (« trois colonies d'un coup »), or closing a list alone (« …, les trois »); None
    otherwise (« le sept et le huit à la suite » says where the cards go, not how many
    moves)."""
    tokens = language.tokens(text, numbers_apart=True)  # "vingt huit": a hex, 20 and 8
    keys = [t.key for t in tokens]
    little = language.cheap_words | language.discourse_words
    for end in range(1, len(keys)):
        size = phrase_at(keys, end, language.count_markers)
        if not size:
            continue
        for at in range(max(0, end - 1 - MAX_NOUN), end):
            number = language.number_value(keys[at])
            between = keys[at + 1:end]
            if number is None or not 2 <= number <= most or any(
                    language.number_value(k) is not None or k in little for k in between):
                continue
            start = at
            while start and keys[start - 1] in language.count_openers:
                start -= 1
            if start == at and not between:
                continue  # "le huit à la suite": a card, not a count
            rest = [t.text for t in (*tokens[:start], *tokens[end + size:])]
            return number, language.detokenize(rest)
    return _counted_last(language, tokens, most)


def _counted_last(language: Language, tokens: list[Token], most: int) -> tuple[int, str] | None:
    """A list of values closed by a plural determiner and its count alone (« sept quatorze,
    neuf quatorze, dix treize, les trois »): the count, and the list without it."""
    keys = [t.key for t in tokens]
    if len(keys) < 4 or keys[-2] not in language.count_openers:
        return None
    number = language.number_value(keys[-1])
    values = sum(language.number_value(k) is not None for k in keys[:-2])
    if number is None or not 2 <= number <= most or values < number:
        return None
    return number, language.detokenize([t.text for t in tokens[:-2]])


__all__ = ["counted"]
