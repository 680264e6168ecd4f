"""The words a player says after a « oui » that answers a yes / no question: do they only say
the yes again (« oui, sur la trois », « oui, vas-y, merci »), or do they change what was asked
(« oui, et ajoute le tissu », « oui, mais pas le sept »)? A yes whose rest changes the request
is never taken as a bare yes: carrying out what was asked would not be what was said."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ludivox.grammars.language import Language
from ludivox.grammars.said_values import said_number
from ludivox.grammars.tokens import phrase_at


def restates(lang: Language, values: Mapping[str, frozenset[str]], rest: str,
             asked: Iterable[str], context: Iterable[str] = ()) -> bool:
    """True when ``rest`` (said after a yes) adds nothing to what ``asked`` (the words that
    raised the question, or the question and the moves it offers) already says: no
    negation, nothing taken out (« sans la laine »), every number and every value it
    names (``values``: word -> the values it names, "ors" as "or") is among them, and every
    other thing it names after an article is in ``asked`` or ``context`` (the question and
    its moves as said back: « oui, sur la colonne trois » after « poser le sept sur la
    colonne trois ? », never « oui, pour la cathédrale »). « un » is the number unless it is
    an article (« un tissu »)."""
    said = {t.key for text in asked for t in lang.tokens(text)}
    named_here = said | {t.key for text in context for t in lang.tokens(text)}
    numbers = {n for k in said if (n := lang.number_value(k)) is not None}
    named = frozenset().union(*(values.get(k, frozenset()) for k in said))
    keys = [t.key for t in lang.tokens(rest)]
    little = lang.cheap_words | lang.discourse_words
    without = False
    for at, key in enumerate(keys):
        if key in lang.negation_words:
            return False
        without = without or phrase_at(keys, at, lang.without_words) > 0
        number = said_number(lang, keys, at)
        if number is not None:
            if without or number not in numbers:
                return False
        elif key in values and key not in little:
            if without or not values[key] & named:
                return False
        elif at and keys[at - 1] in lang.articles and key not in little and key not in named_here:
            return False
    return True


def denies(lang: Language, values: Mapping[str, frozenset[str]], rest: str,
           asked: Iterable[str], context: Iterable[str] = ()) -> bool:
    """True when ``rest`` (said after a no) only says the no again: it holds a negation, and
    without its negations it restates (:func:`restates`) what ``asked`` says (« non merci,
    je veux pas », « non, ça m'intéresse pas l'échange »; never « non, pas le sept, le huit »
    after « le sept ? », nor « non, rien que le trois »: an only-word restricts)."""
    tokens = lang.tokens(rest)
    if not any(t.key in lang.negation_words for t in tokens):
        return False
    keys = [t.key for t in tokens]
    for at in range(len(keys)):  # « rien que le trois » is only the three (only_these.py)
        size = phrase_at(keys, at, lang.only_words)
        if size and (at == 0 or keys[at:at + size] != ["que"]):
            return False
    kept = lang.detokenize([t.text for t in tokens if t.key not in lang.negation_words])
    return restates(lang, values, kept, asked, context)


def sequenced(lang: Language, rest: str) -> bool:
    """Does ``rest`` open with a word that puts it after the yes (« et », « puis »,
    « et ensuite »)?"""
    return phrase_at([t.key for t in lang.tokens(rest)], 0, lang.sequence_words) > 0


__all__ = ["denies", "restates", "sequenced"]
