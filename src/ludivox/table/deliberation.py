"""Thinking aloud, then the move: « bon voyons voir vingt dix ou vingt douze, bon je construis
en vingt douze », « alors où est-ce que je me mets, hmm, quinze dix-neuf ouais », « qu'est-ce
que je joue moi, euh, l'évêque ouais c'est ça ».

The words before a pause (a filler or a sentence opener said in the middle: « hmm », « euh »,
« bon », « allez ») weigh the choice: alternatives (« X ou Y »), a question to oneself
(« qu'est-ce que je joue »), what one holds (« j'ai l'évêque et deux chevaliers »). The words
after the last such pause are the decision, read alone; the session acts on them only when
they are a move said exactly. Never read so: a sentence with a negation anywhere (« surtout
pas le sept »), a weighing that corrects or supposes (« si je fais … »), or that says a move
of the game itself (« je pose le sept sur la trois, euh, je pose le huit … » is two moves,
never the last one alone). Pure: the session reads each decision (:mod:`session_pairs`).
"""

from __future__ import annotations

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token, phrase_at
from ludivox.table import move_question

QUESTION_REACH = 6
"""Words, at most, between a question word and a verb of the game it asks about (« qu'est-ce
que je joue », « où est-ce que je me mets »): a verb said so is asked, not done."""


def decisions(language: Language, text: str) -> list[str]:
    """What may be decided after thinking aloud in ``text``: the words after the first pause
    said after the last word that weighs (:func:`weighed`), as said, then without the pauses
    said inside them (« le roi allez dans le royaume »); [] when there is none."""
    words = language.words(text)
    keys = [t.key for t in words]
    if any(t.key in language.negation_words for t in language.tokens(text)):
        return []
    last = _last_weighing(language, keys)
    found: list[str] = []
    for start, end in _pauses(language, keys):
        if start < last:
            continue
        if end >= len(keys) or not weighed(language, words[:start]):
            break
        tail = _unagreed(language, words[end:])
        found.append(language.detokenize([t.text for t in tail]))
        inner = _pauses(language, [t.key for t in tail])
        if inner:
            kept = [t for i, t in enumerate(tail) if not any(a <= i < b for a, b in inner)]
            if kept:
                found.append(language.detokenize([t.text for t in kept]))
        break
    return list(dict.fromkeys(f for f in found if f))


def _last_weighing(language: Language, keys: list[str]) -> int:
    """Where the last word that weighs ends in ``keys`` (0: none): a weighing word, a
    question word, a remark's opener."""
    marks = (*language.weighing_words, *language.asking, *language.remark_openers)
    return max((i + size for i in range(len(keys)) if (size := phrase_at(keys, i, marks))),
               default=0)


def weighed(language: Language, said: list[Token]) -> bool:
    """Whether the words ``said`` (as :meth:`Language.words` gives them) weigh a choice and
    make none: a weighing word (« ou », « voyons voir », « j'hésite »), a question word, or a
    remark about what one holds said first; no correction, no supposition, and no verb of the
    game but one asked about (« qu'est-ce que je joue »)."""
    text = language.detokenize([t.text for t in said])
    tokens = language.tokens(text)
    keys = [t.key for t in tokens]
    raw = [t.key for t in said]
    if not keys or any(k in language.correcting_words for k in keys) \
            or move_question.supposed(language, text):
        return False
    asked = [i for i in range(len(keys)) if phrase_at(keys, i, language.asking)]
    weighing = asked or any(phrase_at(raw, i, language.weighing_words)
                            for i in range(len(raw)))
    remark = any(tuple(keys[:len(p)]) == p for p in language.remark_openers)
    if not weighing and not remark:
        return False
    verbs = [i for i, k in enumerate(keys) if k in language.first_forms]
    return all(_asked_verb(language, keys, i, asked) for i in verbs)


def _asked_verb(language: Language, keys: list[str], at: int, asked: list[int]) -> bool:
    """Whether the verb ``keys[at]`` is the one a question asks about: right before a
    question word (« je joue quoi »), or after one with only the question's little words
    between (« qu'est-ce que je joue », « où est-ce que je me mets »)."""
    glue = language.verb_clitics | language.clefts.relatives \
        | language.before_consonant.keys() | {language.modal_subject}
    if at + 1 in asked:
        return True
    for q in (q for q in asked if 0 < at - q <= QUESTION_REACH):
        j = q
        while j < at and (size := max((len(p) for p in language.asking
                                        if tuple(keys[j:j + len(p)]) == p),
                                       default=int(keys[j] in glue))):
            j += size
        if j == at:
            return True
    return False


def _unagreed(language: Language, tail: list[Token]) -> list[Token]:
    """``tail`` without the agreement with oneself it ends with (« ouais c'est ça »)."""
    keys = [t.key for t in tail]
    for phrase in language.self_agreements:
        at = len(keys) - len(phrase)
        if at > 1 and tuple(keys[at:]) == phrase and keys[at - 1] in language.affirming_endings:
            return tail[:at - 1]
    return tail


def _pauses(language: Language, keys: list[str]) -> list[tuple[int, int]]:
    """Where a pause is said after the first word: (its start, its end), the longest one at
    each place, in order; never a one-word pause that is also an infinitive."""
    pauses = (*language.fillers, *language.leading_fillers)
    found: list[tuple[int, int]] = []
    i = 1
    while i < len(keys):
        size = max((len(p) for p in pauses if phrase_at(keys, i, (p,))), default=0)
        if size == 1 and keys[i].endswith(language.infinitive_endings):
            size = 0  # "aller" as a speech model writes "allez": a verb there ("peut aller")
        if size:
            found.append((i, i + size))
        i += max(size, 1)
    return found


__all__ = ["decisions", "weighed"]
