"""The last resort: a sentence read by what carries its meaning, to be asked, never acted on.

When no reading fits (exactly, nor within the fuzzy pass's small bound) and no question is
heard in the words, a player has still said *something* about a move: "allez, mon sept je le
case sur la troisième" (a verb nobody wrote), "je mise sur le trente-cinq cette fois",
"en dix-sept un, vas-y". Picovoice Rhino and Lichess's voice moves decode into what can be
done now; so does this: the words are matched against the templates of the intents allowed
now with the matcher's *loose* costs (``Matcher.fuzzy(..., loose=True)``): every number, slot
value and word that carries meaning must be read as said, while words the grammar does not
know cost little, and a template's verb may go unsaid. The table then keeps a reading only
when it is a legal move of the moment and the only one that close, and asks it
("Tu veux dire : je pose le sept sur la colonne trois ?"): « oui » makes it.

Never guessed: a sentence that asks (a question word, "est-ce que", "si ..."), corrects itself
("..., non, ..."), says no ("pas", "jamais"), leaves something out ("tout sauf le général",
``without_words``), only imagines a move (a conditional), or is
mostly words the grammar does not know: what it means is not a move to offer.
"""

from __future__ import annotations

from collections.abc import Callable

from ludivox.grammars.detached import leaves_numbers
from ludivox.grammars.dislocation import undislocated
from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token, phrase_at
from ludivox.grammars.topics import asks

# A guess costs at least this (above the table's confirmation threshold: always asked).
GUESS_COST = 0.5


def guessable(lang: Language, tokens: list[Token], known: Callable[[str], bool]) -> bool:
    """May ``tokens`` be guessed at? Not when they ask, correct themselves, say no or only
    imagine a move ("je mettrais bien ...": ``hypothetical_endings``), nor when the words the
    grammar does not know (``known``) outnumber those it does ("attendez deux secondes, je
    réfléchis" is not about the card two)."""
    if not tokens:
        return False
    corrections = {c[0] for c in lang.corrections if len(c) == 1}
    conditions = lang.move_conditions
    stops = lang.negation_words | corrections | {p[0] for p in (*conditions.ifs,
                                                                *conditions.asked)}
    keys = [t.key for t in tokens]
    if any(k in stops for k in keys) or asks(lang, keys):
        return False
    if any(phrase_at(keys, at, lang.without_words) for at in range(len(keys))):
        return False  # "tout sauf le général": a guess would drop what is left out
    polite = {word for modal in lang.modals for word in modal}  # "je voudrais poser ..."
    if any(t.key.endswith(lang.hypothetical_endings) and t.key not in polite for t in tokens):
        return False
    if regretted(lang, keys, polite):  # "j'aurais bien construit en six vingt, mais bon"
        return False
    unknown = [t for t in tokens if not known(t.key)]
    return 2 * len(unknown) < len(tokens)


def regretted(lang: Language, keys: list[str], polite: set[str]) -> bool:
    """Whether the words say a move that would have been made ("j'aurais bien construit en
    six vingt"): an auxiliary in the conditional ("aurais", even one of a polite modal:
    "j'aurais voulu poser" stays a wish) then, past discourse words, a past participle."""
    for at, key in enumerate(keys):
        if not key.endswith(lang.hypothetical_endings):
            continue
        after = next((k for k in keys[at + 1:] if k not in lang.discourse_words), "")
        if after and after not in polite and after.endswith(lang.past_endings):
            return True
    return False


def imagined(lang: Language, text: str) -> bool:
    """Whether ``text`` only imagines what it says ("imagine je mets le sept sur la trois",
    "mettons que je vende mes tissus": one of ``supposing_words`` anywhere, read before the
    fillers are taken out, never after the speaker's « je »: "je pose le sept, j'imagine"
    makes it): never a move, exactly, fuzzily or guessed, as a conditional
    (``hypothetical_endings``) or a regret (:func:`regretted`) is never guessed."""
    keys = [t.key for t in lang.words(text)]
    return any(phrase_at(keys, at, lang.supposing_words)
               and not (at and lang.speaker_word(keys[at - 1]))  # "…, j'imagine": a guess
               for at in range(len(keys)))


def front_moved(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """A complement with a value said first, then its subject and any verb, even one the
    grammar does not know ("mon sept je le case sur la trois" -> "je case mon sept sur la
    trois"); None when the sentence does not start that way."""
    for k in range(1, min(len(tokens), 5)):
        if tokens[k].key not in lang.dislocation_subjects:
            continue
        front = tokens[:k]
        if not any(lang.number_value(t.key) is not None for t in front):
            return None
        verb = k + 1
        while verb < len(tokens) and (tokens[verb].key in lang.dislocation_auxiliaries
                                      or tokens[verb].key in lang.dislocation_pronouns):
            verb += 1
        if verb >= len(tokens):
            return None
        return [tokens[k], tokens[verb], *front, *tokens[verb + 1:]]
    return None


def readings(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """The words as said and their other orders, to be matched with the loose costs (never
    without a reason that holds a number: "…, comme ça le neuf passe derrière le sept")."""
    out: list[list[Token]] = [tokens]
    for other in (undislocated(lang, tokens), front_moved(lang, tokens),
                  lang.as_speaker(tokens), lang.without_modal(tokens, lang.modal_subject),
                  *(r for r in lang.loosened(tokens) if not leaves_numbers(lang, tokens, r))):
        if other and other not in out:
            out.append(other)
    return out


__all__ = ["GUESS_COST", "front_moved", "guessable", "imagined", "readings"]
