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
    the first word)."""
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


__all__ = ["fronted"]
