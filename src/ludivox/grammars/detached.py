"""A remark said around a whole sentence, in words that say nothing about the game: "je joue
la piété, un cierge pour le prieuré", "allez c'est la saison des récoltes, je joue ma carte
récolte", "je mets le sept sur la trois, on verra bien".

When nothing fits as said, the sentence is cut in two at each word: one side must read
exactly on its own (the caller reads it as any sentence, said once, and keeps it only when it
costs nothing), the other, the remark, must carry no meaning the game could act on. Left out
so, the remark changes nothing of what is done; when it could, the sentence is not read
this way:

- no number (an "un" / "une" opening a noun is its article: "un cierge"), no word naming a
  value of the game unless the kept side names the same value ("c'est la saison des
  récoltes, je joue la récolte"), no verb or other word of the game's meanings;
- no word speaking to someone ("…, à toi Paul": the turn handed over, "t'es d'accord"),
  nothing that ends the turn ("c'est tout pour moi", "et voilà"), no negation, no
  correction, no condition ("si", "quand"), no question word, nothing imagined
  ("imagine", a conditional), no word of a sequence ("puis", "et", "ensuite": a second
  move said after the first is a compound, never half of it carried out), no speaker said
  again after the kept side ("…, et je …" is another move);
- a remark holds a word the game's sentences never use (table talk), and one said last
  does not take up what was said before it ("le trente-cinq, il fait …") nor open with an
  article ("passe-moi le sel": the verb's object);
- a remark said first is followed by the speaker's own sentence ("…, je joue …") or a
  complement taken up after its subject ("…, le neuf je le mets …").

The longest side that reads is kept; every cut as long must read the same (intent and
values), or none is kept. Language-neutral: every word comes from the language data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ludivox.grammars import frames
from ludivox.grammars.said_values import said_number
from ludivox.grammars.tokens import Token, phrase_at
from ludivox.grammars.topics import asks

if TYPE_CHECKING:
    from ludivox.grammars.intents import Intent
    from ludivox.grammars.language import Language

MIN_REMARK = 2  # words: a single word left over may be a word misheard, never a remark
MIN_KEPT = 2  # words the kept side says


def cuts(lang: Language, tokens: list[Token], values: Mapping[str, frozenset[str]],
         known: frozenset[str] = frozenset()) -> list[tuple[list[Token], list[Token]]]:
    """The sides of ``tokens`` that may be read alone, each with the remark left out: after
    a remark said first, then before one said last, the longest kept side first."""
    out: list[tuple[list[Token], list[Token]]] = []
    for at in range(MIN_REMARK, len(tokens) - MIN_KEPT + 1):  # remark first, then kept
        head, kept = tokens[:at], tokens[at:]
        if _opens_own(lang, kept) and _says_nothing(lang, head, kept, values, known, True):
            out.append((kept, head))
    for at in range(MIN_KEPT, len(tokens) - MIN_REMARK + 1):  # kept, then the remark
        kept, tail = tokens[:at], tokens[at:]
        if _says_nothing(lang, tail, kept, values, known, False):
            out.append((kept, tail))
    return sorted(out, key=lambda cut: -len(cut[0]))


def read_around(lang: Language, tokens: list[Token], values: Mapping[str, frozenset[str]],
                known: frozenset[str], read: Callable[[list[Token]], list[Intent]]
                ) -> list[Intent]:
    """The reading of ``tokens`` without a remark (see the module docstring): ``read`` gives
    a side's readings; the longest side that reads at no cost is kept ("je change tout, il
    fait chaud" is not "je change"), when every cut that long reads the same and no remark
    left out reads as anything itself, its unknown words heard as a player's name too ("…,
    c'est tout" ends the turn, "…, à Paul" hands it over)."""
    found: list[Intent] = []
    size = 0
    for kept, remark in cuts(lang, tokens, values, known):
        if found and len(kept) < size:
            break
        readings = read(kept)
        if not readings or readings[0].cost > 0:
            continue
        if any(said and said[0].cost == 0 for said in (read(remark), read(named(lang, remark,
                                                                              known)))):
            return []  # the remark says something the game understands
        best = readings[0]
        if found and (best.name, best.slots) != (found[0].name, found[0].slots):
            return []  # two cuts, two meanings: not guessed between
        found, size = found or readings[:1], len(kept)
    return found


def read_either(lang: Language, tokens: list[Token], text: str,
                values: Mapping[str, frozenset[str]], known: frozenset[str],
                read: Callable[[list[Token]], list[Intent]],
                is_move: Callable[[Intent], bool]) -> list[Intent]:
    """A move of the game read around a remark (never in a sentence with a question mark),
    or a question ("c'est au tour de qui, bon sang de bonsoir"); ``[]`` otherwise."""
    found = read_around(lang, tokens, values, known, read)
    if found and ((is_move(found[0]) and "?" not in text)
                  or frames.questions([found[0].name])):
        return found
    return []


def named(lang: Language, remark: list[Token], known: frozenset[str]) -> list[Token]:
    """``remark`` with each word the game does not know heard as the language's player word:
    a player's name ("…, à Paul" is "…, à joueur": the turn handed over)."""
    word = lang.words(lang.player_word) if lang.player_word else []
    return [t for token in remark for t in (word if token.key not in known and word
                                            else [token])]


def leaves_numbers(lang: Language, said: list[Token], kept: list[Token]) -> bool:
    """Whether the words of ``said`` that ``kept`` leaves out (``kept`` is ``said`` with
    words taken out) hold a number (not an article): what is left out then says something."""
    keys = [t.key for t in said]
    taken, at = [], 0
    for token in kept:  # the words kept, in order
        while at < len(keys) and keys[at] != token.key:
            taken.append(at)
            at += 1
        at += 1
    taken += range(at, len(keys))
    return any(said_number(lang, keys, i) is not None for i in taken)


def _opens_own(lang: Language, kept: list[Token]) -> bool:
    """Does the kept side, said after a remark, start as the speaker's own sentence?"""
    first = kept[0].key
    if lang.speaker_word(first) or first in lang.subjects:
        return True
    return (len(kept) > 2 and first in lang.dislocation_determiners
            and any(t.key in lang.dislocation_subjects for t in kept[1:5]))


def _participle_cut(lang: Language, kept: list[Token], next_word: str) -> bool:
    """Whether ``kept`` ends with an auxiliary ("a", "ai", "est" but not "à l'est") and
    ``next_word``, said after it, is a past participle: one verb cut in two."""
    last = kept[-1].key
    elided_article = len(kept) > 1 and kept[-2].key in lang.articles and kept[-2].key.endswith(
        "'")
    return (last in lang.compound_auxiliaries and not elided_article
            and next_word.endswith(lang.past_endings))


def _says_nothing(lang: Language, remark: list[Token], kept: list[Token],
                  values: Mapping[str, frozenset[str]], known: frozenset[str],
                  first: bool) -> bool:
    """Whether ``remark`` carries no meaning the game could act on (module docstring)."""
    keys = [t.key for t in remark]
    if not first and keys[0] in lang.topic_pronouns:
        return False  # "le trente-cinq, il fait …": the remark is about what was said
    if not first and keys[0] in lang.articles | lang.dislocation_determiners:
        return False  # "passe-moi le sel": the verb's own object, no remark
    if not first and _participle_cut(lang, kept, keys[0]):
        return False  # "qu'est-ce que Paul a | fait jusqu'ici": the verb's participle
    if all(k in known for k in keys):
        return False  # only the game's little words: a piece of a sentence, no remark
    named = {v for t in kept for v in values.get(t.key, ())}
    little = lang.cheap_words | lang.discourse_words
    said_freely = little | lang.remark_words
    conditions = lang.move_conditions
    stops = (lang.negation_words | lang.meaning_words | lang.first_forms.keys()
             | lang.listener_words)
    phrases = (lang.corrections, conditions.ifs, conditions.asked, conditions.openings,
               lang.sequence_words, lang.supposing_words, lang.thinking_markers,
               lang.handover_remarks, lang.handover_openings)
    for at, key in enumerate(keys):
        if key in stops or key.endswith(lang.hypothetical_endings) or (
                key in known and key not in said_freely and key not in values):
            return False
        if said_number(lang, keys, at) is not None:
            return False
        if key in values and not values[key] & named:
            return False
        if not first and (lang.speaker_word(key) or key in lang.subjects):
            return False  # "…, et je bazarde le reste": another move of the speaker
        if any(phrase_at(keys, at, said) for said in phrases):
            return False
    return not asks(lang, keys)


__all__ = ["cuts", "leaves_numbers", "named", "read_around", "read_either"]
