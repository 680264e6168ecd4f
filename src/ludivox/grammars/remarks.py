"""A remark about the hand or the table said before the move: "j'ai que des petits en main,
je pose le quatre sur la une", "il me reste le neuf, je le mets sur la six", "y'a que du
canyon en bas, je me mets en quatre dix".

Only tried when nothing fits as said. The remark opens with one of the language's
``remark_openers`` ("j'ai", "il me reste", "y'a") and says no verb of the game ("j'ai posé
le sept, je pose le huit" is two moves, never one), no negation and no question word. What
follows it is said by the player ("je …", or a complement taken up after "je": "le neuf, je
le mets sur la six") and must fit on its own, as said or without a reason after it ("…,
sinon je suis bloqué").

A word for a place said last ("y a de la place en dix-sept dix, je vais là") stands for the
place the remark names.

Talk about one's thinking said first ("j'ai bien regardé la carte et je pense que le plus malin
c'est de construire en seize dix-huit") ends with one of the language's ``thinking_markers``:
what follows the last one is read alone (:func:`after_thought`).
"""

from __future__ import annotations

from collections.abc import Collection

from ludivox.grammars.dislocation import undislocated
from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token


def after_remark(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """The readings of ``tokens`` without a remark said first, the shortest remark first;
    ``[]`` when none opens the sentence."""
    keys = [t.key for t in tokens]
    opener = next((len(p) for p in lang.remark_openers if tuple(keys[: len(p)]) == p), 0)
    out: list[list[Token]] = []
    if not opener:
        return out
    for at in range(opener + 1, len(tokens) - 1):
        verb = keys[at - 1] in lang.first_forms and keys[at - 2] not in lang.articles  # "la
        # place": a noun
        if verb or keys[at - 1] in lang.negation_words \
                or keys[at - 1] in lang.topic_questions:
            break  # the remark says a move, denies one or asks: not a remark ("il y a quoi
            # sur la deux, avant que je joue ?" is no remark before « je joue »)
        said = tokens[at:] if _speaker(lang, keys[at]) else None  # "…, je pose le quatre"
        said = _placed_back(lang, tokens[:at], said) if said else said  # "…, je vais là"
        # "…, le neuf je le mets …"; never "… en main, je prends …" (the remark's own)
        for rest in (said, undislocated(lang, tokens[at:], placed=False)):
            if rest is not None:  # and with a reason after it ("…, sinon je suis bloqué")
                out += [rest, *lang.loosened(rest)]
    return out


def after_thought(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """The words after the last thinking marker ("je crois que") said after other words,
    when those say no move of the game and ask nothing; ``[]`` otherwise."""
    keys = [t.key for t in tokens]
    for at in range(len(keys) - 1, 0, -1):
        marker = next((p for p in lang.thinking_markers if tuple(keys[at:at + len(p)]) == p),
                      None)
        if marker is None:
            continue
        before = keys[:at]
        if any(k in lang.first_forms or k in lang.topic_questions for k in before):
            return []  # "je pose le sept et je crois que …": a move said first is no talk
        rest = tokens[at + len(marker):]
        return [rest, *lang.loosened(rest)] if rest else []
    return []


def said_twice(tokens: list[Token]) -> list[list[Token]]:
    """The first half of words said twice in one breath, word for word ("je pose le sept sur
    la trois je pose le sept sur la trois", "trente-cinq trente-cinq"): ``[half]``, or ``[]``
    when the two halves differ in any word."""
    half = len(tokens) // 2
    if not half or len(tokens) % 2 or [t.key for t in tokens[:half]] != [
            t.key for t in tokens[half:]]:
        return []
    return [tokens[:half]]


def _placed_back(lang: Language, remark: list[Token], said: list[Token]) -> list[Token]:
    """``said`` ending with a word for a place ("y a de la place en dix-sept dix, je vais
    là"): that word replaced by the place the remark names (its last preposition and what
    follows it, with a value: "je vais en dix-sept dix"); ``said`` otherwise."""
    if said[-1].key not in lang.place_adverbs:
        return said
    keys = [t.key for t in remark]
    at = max((i for i, k in enumerate(keys[:-1]) if k in lang.prepositions
              and lang.number_value(keys[i + 1]) is not None), default=-1)
    return [*said[:-1], *remark[at:]] if at >= 0 else said


def count_said_twice(lang: Language, text: str, values: Collection[str]) -> list[Token] | None:
    """"je vends deux deux laines" -> "je vends deux laines": a number said twice in a row
    just before a word naming a value of the game, never after an article ("les deux deux
    laines" may be two twos) nor before anything else ("deux deux" is a hex, "deux deux sur
    la une" two cards). The table asks before acting on it; None when there is none."""
    words = lang.words(text)
    keys = [t.key for t in words]
    for at in range(len(keys) - 2):
        if (_number_said_twice(lang, keys, at)
                and keys[at + 2] in values and lang.number_value(keys[at + 2]) is None):
            return lang.tokens(" ".join(t.text for t in [*words[:at + 1], *words[at + 2:]]))
    return None


def number_begun_again(lang: Language, text: str) -> list[Token] | None:
    """``text`` with a number said again before the value goes on ("vingt... vingt treize"
    -> "vingt treize"): a number said twice in a row, then another that does not join it
    into one number ("trente trente-quatre" is :func:`.restarts.stuttered`'s), never after
    an article ("les deux deux trois" may be two twos). The two may also be a value of their
    own ("deux deux": a hex), so the table asks before acting on it; None when there is
    none."""
    words = lang.words(text)
    keys = [t.key for t in words]
    for at in range(len(keys) - 2):
        if (_number_said_twice(lang, keys, at)
                and lang.number_value(keys[at + 2]) is not None
                and len(lang.tokens(f"{keys[at + 1]} {keys[at + 2]}")) == 2):
            return lang.tokens(" ".join(t.text for t in [*words[:at], *words[at + 1:]]))
    return None


def _number_said_twice(lang: Language, keys: list[str], at: int) -> bool:
    """Whether ``keys[at]`` is a number said again at once, not after an article (« les deux
    deux » may be two twos)."""
    return (keys[at] == keys[at + 1] and lang.number_value(keys[at]) is not None
            and (at == 0 or keys[at - 1] not in lang.articles | lang.plural_determiners))


def _speaker(lang: Language, key: str) -> bool:
    """True for a subject that is the speaker ("je", "j'", "on", "nous"): what follows a
    remark is said by the player ("il y a de l'eau près de cinq quinze ?" is no remark
    before « cinq quinze »)."""
    return lang.speaker_word(key) or key in lang.subjects


__all__ = ["after_remark", "after_thought", "count_said_twice", "number_begun_again",
           "said_twice"]
