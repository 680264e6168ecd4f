"""A game's verb said in the future or by another person, read as the speaker says it now.

The language lists its future endings by subject (French "je …rai", "on …ra", "nous …rons");
a word with one, after its subject, is read as the first of its stem's forms the grammar
knows ("tisserai" -> "tisse", "bâtirai" -> "bâtis", "mettrai" -> "met"). Irregular futures
("ferai") are rewrites of the language file. Only tried when nothing fits as said.

The same for a verb said by "on" or "nous", or in the subjunctive after "je" ("nous vendons",
"on prend", "il faut que je mette"): the language's ``person_endings`` of its subject give the
forms to try ("vendons" -> "vends", "prend" -> "prends", "mette" -> "mets"), the first one the
grammar knows is kept, and the subject is then the speaker's ("je"); after "on" or "nous" a
form of a verb of the game's lists is read as its first form ("on construit" -> "je
construis"). A word the grammar knows as said only becomes a verb of the game; a pronoun or
an auxiliary ("on me propose", "on a tiré") is never changed.

A move the speaker tells as done ("j'ai posé le neuf sur la six", ``done_openers``) is said
in the present by :func:`told_done`, for the table to take only from the player whose turn
it is and only when it is exactly a move.
"""

from __future__ import annotations

from collections.abc import Collection

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token, fold, starting_with


def _stems(key: str, ending: str) -> list[str]:
    """The present forms a future may come from: the stem, with "s", less its last letter."""
    base = key[: -len(ending)]
    return [base, f"{base}s", base[:-1], f"{base[:-1]}s"] if len(base) > 2 else []


def _conditional(lang: Language, tokens: list[Token], at: int) -> str | None:
    """The conditional's ending the subject before ``tokens[at]`` takes, pronouns between
    them skipped ("tu me conseillerais")."""
    before = at - 1
    while before > 0 and (tokens[before].key in lang.dislocation_pronouns
                          or tokens[before].key in lang.benefactive_pronouns):
        before -= 1
    return lang.conditional_endings.get(tokens[before].key)


def in_present(lang: Language, tokens: list[Token], known: Collection[str]
               ) -> list[Token] | None:
    """``tokens`` with each future of a known verb after its subject (or a conditional
    asked of "tu") said in the present, or None when there is none."""
    out = list(tokens)
    for at in range(1, len(tokens)):
        ending = lang.future_endings.get(tokens[at - 1].key)
        asked = None if ending else _conditional(lang, tokens, at)  # "tu": "conseilles" first
        ending = ending or asked
        key = tokens[at].key
        if ending is None or not key.endswith(ending) or key in known:
            continue
        stems = _stems(key, ending)
        present = next((s for s in (stems[1:2] + stems if asked else stems) if s in known),
                       None)
        if present is not None:
            out[at] = Token(present, present)
    return out if out != tokens else None


def infinitive_present(lang: Language, key: str, known: Collection[str]) -> str | None:
    """The speaker's present of the infinitive ``key`` ("accepter" -> "accepte") by the
    language's ``infinitive_presents``: the first form in ``known``; None when none is."""
    forms = (f"{key[: len(key) - len(said)]}{meant}" for said, meant in lang.infinitive_presents
             if key.endswith(said) and len(key) > len(said) + 1)
    return next((f for f in forms if f in known), None)


def after_intention(lang: Language, tokens: list[Token], known: Collection[str]
                    ) -> list[Token] | None:
    """"je vais protéger mon blé" -> "je protège mon blé": one of the language's ``modals``,
    then an infinitive read as the speaker's present (``infinitive_presents``: the first
    ending that gives a form the grammar knows), the modal left out and the speaker put back
    (``modal_subject``). Any verb of any game, not only the common ``meanings``; None when no
    modal is followed by such an infinitive ("je vais pas protéger …": « pas » is none)."""
    for at in range(len(tokens)):
        for modal in starting_with(lang.modals, tokens[at].key):
            end = at + len(modal)
            if end >= len(tokens) or tuple(t.key for t in tokens[at:end]) != modal:
                continue
            present = infinitive_present(lang, tokens[end].key, known)
            if present is not None:  # "je souhaiterais établir": "j'établis", elided
                subject = lang.elisions.get(lang.modal_subject, lang.modal_subject) if (
                    present[:1] in "aeiouy") else lang.modal_subject
                return [*tokens[:at], *lang.words(subject), Token(present, present),
                        *tokens[end + 1:]]
    return None


def in_first_person(lang: Language, tokens: list[Token], known: Collection[str]
                    ) -> list[Token] | None:
    """``tokens`` with each verb said by another person than the speaker's present, after its
    subject (and its pronouns: "on la garde"), said as the speaker says it ("nous vendons" ->
    "je vends"); None when there is none."""
    out = list(tokens)
    for at in range(1, len(tokens)):
        subject = at - 1
        while subject > 0 and tokens[subject].key in lang.verb_clitics:
            subject -= 1
        endings = lang.person_endings.get(tokens[subject].key)
        key = tokens[at].key
        if key in lang.verb_clitics or any(key == aux[0] for aux in lang.past_auxiliaries):
            continue  # "on me propose", "on a tiré le neuf": no verb to change
        first = fold(lang.first_forms.get(key, key))
        if tokens[subject].key in lang.subjects and first != key and first in known:
            form: str | None = first  # "on construit": a form of a verb the game knows
        elif not endings or (key in known and key in lang.meaning_words):
            continue
        else:  # a word known as said ("mette" in "où veux-tu que je mette") only becomes a
            # verb of the game
            forms = (f"{key[: len(key) - len(said)]}{meant}" for said, meant in endings
                     if key.endswith(said) and len(key) > len(said))
            # a word that carries meaning keeps it: "je prie" is never "je pris" (prendre)
            form = next((f for f in forms if f in known and (
                key not in known or f in lang.meaning_words or f in lang.first_forms) and (
                    key not in lang.meaning_words or lang.equivalent(key, f))), None)
        if form is None:
            continue
        out[at] = Token(form, form)
        me = lang.subjects.get(tokens[subject].key)
        if me is not None:  # "nous vendons nos laines": "je vends mes laines"
            mine = lang.person_possessives.get(tokens[subject].key, {})
            out[subject] = Token(me, me)
            out[at + 1:] = [Token(mine[t.key], mine[t.key]) if t.key in mine else t
                            for t in out[at + 1:]]
    return out if out != tokens else None


def told_done(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """"j'ai posé le neuf sur la six" -> "je pose le neuf sur la six": a past participle of a
    verb of the game (or an infinitive after "je viens de") after one of ``done_openers``,
    said as the verb's first form; None otherwise."""
    keys = tuple(t.key for t in tokens)
    for opener in lang.done_openers:
        at = len(opener)
        if keys[:at] != opener or len(tokens) <= at + 1:
            continue
        verb = tokens[at]
        first = lang.first_forms.get(verb.key)
        if first is None or not verb.text.endswith(lang.past_endings):
            continue
        subject = lang.words(lang.modal_subject)
        return [*subject, Token(first, fold(first)), *tokens[at + 1:]]
    return None


__all__ = ["after_intention", "in_first_person", "in_present", "infinitive_present", "told_done"]
