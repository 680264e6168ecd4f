"""A question word said in place, as people ask at a table: "il me reste combien de cartes",
"j'ai combien de cartes en main", "Paul il a combien d'or".

The templates ask with the question word first ("combien de cartes il me reste", "combien
j'ai de cartes en main"). When nothing fits as said, :func:`fronted` gives the same words
with the question word (``in_situ_questions`` in ``language.yaml``) moved first, with its
partitive complement ("combien de cartes …") and without it ("combien j'ai de cartes …").
They are matched exactly, like the grammar's other readings of the same words: only a
question of the grammar can come of them, never a move.
"""

from __future__ import annotations

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token


def fronted(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` with their question word said in place moved first (``[]``: none after
    the first word), or said first apart from its partitive complement ("combien Léa a de
    points" -> "combien de points a Léa")."""
    if tokens and tokens[0].key in lang.in_situ_questions:
        return _joined(lang, tokens)
    for at in range(1, len(tokens)):
        if tokens[at].key not in lang.in_situ_questions:
            continue
        before, word, after = tokens[:at], tokens[at], tokens[at + 1:]
        out = [[word, *before, *after]]  # "j'en ai combien" -> "combien j'en ai"
        if len(after) >= 2 and after[0].key in lang.in_situ_partitives:
            # "il me reste combien de cartes" -> "combien de cartes il me reste"
            out.insert(0, [word, *after[:2], *before, *after[2:]])
        return out
    return []


def _joined(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """A question word said first, its partitive complement after a subject and its verb
    ("combien joueur a de points"), joined again, the verb before the subject ("combien de
    points a joueur"); ``[]`` otherwise."""
    for at in range(3, len(tokens) - 1):
        if tokens[at].key in lang.in_situ_partitives:
            subject, verb = tokens[1:at - 1], tokens[at - 1]
            return [[tokens[0], *tokens[at:at + 2], verb, *subject, *tokens[at + 2:]]]
    return []


__all__ = ["fronted"]
