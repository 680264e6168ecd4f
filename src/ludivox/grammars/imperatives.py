"""Commands said to Ludivox read as said by the player: "prenez le six et validez-le",
"garde-le plutôt en main", "pose le sept" are "je prends le six et je le valide", "je le garde
plutôt en main", "je pose le sept". Another reading of the same words, tried (exactly) only
when nothing fits as said; every word that carries meaning stays what it was (a verb keeps
its meaning, only its form changes; a value is never touched)."""

from __future__ import annotations

import re

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token, fold, phrase_at

OBJECT_PRONOUNS = frozenset({"le", "la", "les"})
_VOWELS = frozenset("aeiouyh")
_ENCLITIC = re.compile(r"(\w+)[-‐‑](le|la|les)\b", re.IGNORECASE)
# "mets-moi le sept sur la quatre": the player the command is done for, said for nothing
_FOR_ME = re.compile(r"(\w+)[-‐‑](moi)\b", re.IGNORECASE)


def enclitics(text: str, joined: re.Pattern[str] = _ENCLITIC) -> set[tuple[str, str]]:
    """The verbs said with an object pronoun joined by a hyphen ("validez-le"), as keys; with
    ``joined``, another kind of pronoun ("mets-moi")."""
    return {(fold(v.lower()), fold(p.lower())) for v, p in joined.findall(text)}


def hyphenated(tokens: list[Token], text: str) -> str:
    """``tokens`` as text, each verb and pronoun joined in ``text`` joined again ("validez-le",
    "mets-moi")."""
    pairs = enclitics(text) | enclitics(text, _FOR_ME)
    out: list[str] = []
    for tok in tokens:
        if out and (fold(out[-1].lower()), tok.key) in pairs:
            out[-1] += f"-{tok.text}"
        else:
            out.append(tok.text)
    return " ".join(out)


def as_said_by_me(lang: Language, tokens: list[Token], text: str, subject: str = "je"
                  ) -> list[Token] | None:
    """``tokens`` with every verb of the game that opens the sentence or one of its parts
    (after a sequence word: "et", "puis") said as ``subject`` says it, and its object
    pronoun ("validez-le", "garde-le plutôt ...": joined by a hyphen in ``text``, or last in
    its part) put before it; None when nothing changes. A pronoun before a value ("pose le
    sept") or not joined ("mets la radio") is an article and stays; a "moi" joined to the
    verb ("mets-moi le sept") says only who it is for and goes."""
    out: list[Token] = []
    changed = False
    i = 0
    tokens = list(tokens)
    keys = [t.key for t in tokens]
    joined = enclitics(text)
    for_me = enclitics(text, _FOR_ME)
    me = Token(subject, fold(subject))
    while i < len(tokens):
        first = lang.first_forms.get(keys[i])
        if first is None or not _opens(lang, keys, i) or not _command(lang, keys[i], first):
            out.append(tokens[i])
            i += 1
            continue
        verb = Token(first, fold(first))
        if i + 1 < len(tokens) and (keys[i], keys[i + 1]) in for_me:
            del tokens[i + 1]  # "mets-moi le sept": "je mets le sept"
            keys = [t.key for t in tokens]
        if i + 1 < len(tokens) and keys[i + 1] in OBJECT_PRONOUNS and not _before_value(
                lang, keys, i + 2) and ((keys[i], keys[i + 1]) in joined
                                        or _ends_part(lang, keys, i + 2)):
            out += [me, tokens[i + 1], verb]
            i += 2
        else:
            out += [me, verb]
            i += 1
        changed = True
    return _elided(lang, out, me) if changed else None


def _elided(lang: Language, tokens: list[Token], subject: Token) -> list[Token]:
    """``subject`` elided before a vowel, as said ("échange-moi le deux": "j'échange le
    deux", never "je échange")."""
    short = {fold(v): k for k, v in lang.before_consonant.items()}.get(subject.key)
    if short is None:
        return tokens
    return [Token(short, short) if tok == subject and nxt is not None
            and nxt.key[:1] in _VOWELS else tok
            for tok, nxt in zip(tokens, [*tokens[1:], None], strict=True)]


def elision_swapped(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """``tokens`` with the subject's elision said the other way ("j'oriente" as "je oriente"
    where a template wrote "[je] (tourne|oriente)", "je utilise" as "j'utilise"); None when
    there is none. Another reading, tried exactly when nothing fits as said."""
    full_of = {k: v for k, v in lang.before_consonant.items()}
    short_of = {fold(v): k for k, v in full_of.items()}
    out: list[Token] = []
    for tok, nxt in zip(tokens, [*tokens[1:], None], strict=True):
        if tok.key in full_of:
            out.append(Token(full_of[tok.key], fold(full_of[tok.key])))
        elif tok.key in short_of and nxt is not None and nxt.key[:1] in _VOWELS:
            out.append(Token(short_of[tok.key], short_of[tok.key]))
        else:
            out.append(tok)
    return out if out != tokens else None


def _command(lang: Language, key: str, first: str) -> bool:
    """Whether ``key`` is a form said to someone: the first form ("prends", "pose"), the
    plural ("prenez") or the infinitive ("prendre"); never the third person ("Léa prend la
    laine" is no command to Ludivox)."""
    return key == fold(first) or key.endswith("ez") or key.endswith(lang.infinitive_endings)


def _opens(lang: Language, keys: list[str], at: int) -> bool:
    """Whether ``at`` starts the sentence or a part of it (after a sequence word)."""
    return at == 0 or any(
        at >= len(phrase) and tuple(keys[at - len(phrase):at]) == phrase
        for phrase in lang.sequence_words)


def _ends_part(lang: Language, keys: list[str], at: int) -> bool:
    """Whether nothing is said from ``at`` on but the next part."""
    return at == len(keys) or phrase_at(keys, at, lang.sequence_words) > 0


def _before_value(lang: Language, keys: list[str], at: int) -> bool:
    """Whether a value is said at ``at`` or right after it."""
    return any(lang.number_value(k) is not None for k in keys[at:at + 2])


__all__ = ["as_said_by_me", "elision_swapped", "enclitics", "hyphenated"]
