"""What was meant, said after a slip: a cleft that only says it ("c'est l'évêque que je
voulais", "sur la quatre que je voulais dire") or the words meant then "je voulais dire"
("sur la quatre, je voulais dire"). Said alone after a yes/no question
(``table/session_asides.py``) or after a correction in the same breath ("en cinq quinze
attends non c'est en cinq seize que je voulais": "en cinq quinze non en cinq seize", which
the value passes then settle on the last value). Language-neutral: every word comes from
the language data (``dislocation.cleft_openers``, ``cleft_joints``, ``cleft_meant``,
``subjects`` and ``corrections``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludivox.grammars.tokens import Token
from ludivox.grammars.valuepasses import correction_at

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

MAX_FRONTED = 5  # words of the complement a cleft puts in front, read as a dislocation


def meant(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """The words meant, when ``tokens`` only say what was meant (``cleft_meant`` after a
    subject, maybe then an infinitive, said with a cleft or without one), or None."""
    said = uncleft(lang, tokens, len(tokens))
    if said is tokens:  # "sur la trois que je voulais dire": the cleft without its opener
        said = next((tokens[:k] + tokens[k + 1:] for k in range(len(tokens) - 3, 0, -1)
                     if tokens[k].key in lang.cleft_joints), tokens)
    for k in range(1, len(said)):
        if said[k].key in lang.dislocation_subjects:
            rest = tuple(t.key for t in said[k + 1:])
            return said[:k] if _only_meant(lang, rest) else None
    return None


def _only_meant(lang: Language, rest: tuple[str, ...]) -> bool:
    """True if ``rest`` (after the subject) only says it was meant: "voulais", "voulais
    dire", or with an infinitive, maybe after its pronoun ("voulais poser", "voulais le
    mettre")."""
    if rest in lang.cleft_meant:
        return True
    if len(rest) < 2 or not rest[-1].endswith(lang.infinitive_endings):
        return False
    head = rest[:-2] if rest[-2] in lang.dislocation_pronouns else rest[:-1]
    return head in lang.cleft_meant


def uncleft(lang: Language, tokens: list[Token], longest: int = MAX_FRONTED) -> list[Token]:
    """"c'est <complement> que je ..." as "<complement> je ..." (else ``tokens``), the
    complement of ``longest`` words at most."""
    for opener in lang.cleft_openers:
        if tuple(t.key for t in tokens[:len(opener)]) != opener:
            continue
        for k in range(len(opener) + 1, min(len(tokens) - 1, len(opener) + longest + 1)):
            if (tokens[k].key in lang.cleft_joints
                    and tokens[k + 1].key in lang.dislocation_subjects):
                return [*tokens[len(opener):k], *tokens[k + 1:]]
    return tokens


def meant_after_correction(lang: Language, tokens: list[Token]) -> list[Token]:
    """``tokens`` with the words after a correction reduced to what was meant ("le sept
    sur la trois, non, c'est sur la quatre que je voulais" -> "le sept sur la trois, non,
    sur la quatre"; "…, non, sur la quatre, je voulais dire" likewise); ``tokens`` itself
    when nothing is. Never one opening on a negation ("non, c'est pas ce que je voulais"
    disowns the slip and says nothing meant)."""
    for start in range(1, len(tokens)):
        after = correction_at(lang, tokens, start)  # "zut non": the whole run
        if after is None or after >= len(tokens):
            continue
        said = meant(lang, tokens[after:])
        if said and said[0].key not in lang.negation_words:
            return [*tokens[:after], *said]
    return tokens
