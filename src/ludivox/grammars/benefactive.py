"""A pronoun saying who a move is done for, said before its verb: "tu me mets le neuf sur la
six", "le neuf, tu me le mets sur la six", "j'te pose le sept", "tu peux me mettre le neuf".
Said to Ludivox (or to the table), it is the speaker's own move: another reading of the same
words, without the pronoun ("je mets le neuf sur la six"), tried exactly when nothing fits as
said. Never before a verb whose move has a receiver ("je te donne la laine": to whom matters),
and never when the pronoun is not right before a verb of the game (or its object pronoun)."""

from __future__ import annotations

from ludivox.grammars.dislocation import undislocated
from ludivox.grammars.imperatives import OBJECT_PRONOUNS, as_said_by_me
from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token, fold


def for_whom_dropped(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """``tokens`` without a benefactive pronoun before a verb of the game, the subject "tu"
    before it said as "je" ("tu me mets" -> "je mets"); None when there is none."""
    keys = [t.key for t in tokens]
    for at, key in enumerate(keys):
        if key not in lang.benefactive_pronouns or at + 1 >= len(keys):
            continue
        verb = at + 2 if keys[at + 1] in OBJECT_PRONOUNS and at + 2 < len(keys) else at + 1
        if keys[verb] not in lang.meaning_words or keys[verb] in lang.receiver_verbs:
            continue
        out = [*tokens[:at], *tokens[at + 1:]]
        inverted = any(tuple(keys[max(at - len(m), 0):at]) == m and len(m) > 1
                       for m in lang.modals)  # "peux-tu me prendre": the modal goes after
        if at > 0 and keys[at - 1] == "tu" and not inverted:  # "tu me mets le neuf": mine
            out[at - 1] = Token("je", fold("je"))
        return out
    return None


def for_whom_readings(lang: Language, tokens: list[Token]) -> list[list[Token] | None]:
    """ "tu me mets le neuf sur la six" without who it is for, and that reading with its
    complement put back ("le neuf, tu me le mets ...") or its modal left out ("tu peux
    me mettre ...")."""
    given = for_whom_dropped(lang, tokens)
    if given is None:
        return []
    bare = lang.without_modal(given)  # "tu peux me coller ...": "coller ..."
    return [given, undislocated(lang, given), bare,
            lang.without_modal(given, lang.modal_subject),
            as_said_by_me(lang, bare, " ".join(t.text for t in bare)) if bare else None]


__all__ = ["for_whom_dropped", "for_whom_readings"]
