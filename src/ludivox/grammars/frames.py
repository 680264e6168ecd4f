"""A question said inside a frame that only says that it asks: "c'est quoi mes cartes ?",
"quelles sont mes cartes ?", "dis-moi le score", "les règles, c'est quoi ?".

Players wrap the same questions in many such frames, and a template can only list a few. When
nothing fits as said, the sentence is read again without its frame (the language's
``question_frames`` at the start, ``question_frame_ends`` at the end), and what is left must
fit a *question* exactly, as said: a frame never turns a sentence into a move ("dis-moi je
pose le sept" is not a move). Questions are the intents named ``ask_...`` (a convention of
every game's ``intents.yaml``) and the few common ones in :data:`COMMON_QUESTIONS`.
"""

from __future__ import annotations

from collections.abc import Collection

from ludivox.grammars.edges import without_edges
from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token

QUESTION_PREFIX = "ask_"
COMMON_QUESTIONS = frozenset({"rules", "last_moves", "my_settings", "help"})


def questions(names: Collection[str]) -> frozenset[str]:
    """The question intents among ``names``."""
    return frozenset(n for n in names if n.startswith(QUESTION_PREFIX) or n in COMMON_QUESTIONS)


def unframed(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` without a question frame at the start, at the end, or both (longest frame
    first); ``[]`` when there is none. A question asked indirectly after the frame ("…
    ce que j'ai en main") is also given as asked directly ("qu'est-ce que j'ai en main")."""
    found = without_edges(tokens, lang.question_frames, lang.question_frame_ends)
    for rest in list(found):
        keys = tuple(t.key for t in rest)
        found += [[*(Token(k, k) for k in asked), *rest[len(said):]]
                  for said, asked in lang.indirect_questions if keys[:len(said)] == said]
    return found


def unclaused(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` without a time clause said around the question (the language's
    ``question_clauses``), most words kept first: when it opens the sentence, each way of
    ending it before the first question word ("avant que je joue, c'est quoi la case cinq
    douze ?": "c'est quoi la case cinq douze"); after a question word, cut from its start
    ("il me reste quoi, en attendant que Paul joue ?"); ``[]`` when there is none."""
    keys = [t.key for t in tokens]

    def clause_at(at: int) -> int:
        return max((len(c) for c in lang.question_clauses
                    if tuple(keys[at:at + len(c)]) == c), default=0)

    asking = [i for i, k in enumerate(keys) if k in lang.topic_questions]
    if not asking:
        return []
    opening = clause_at(0)
    if opening:  # the clause says at least one word of its own
        return [tokens[at:] for at in range(opening + 1, asking[-1] + 1)
                if at <= asking[0] or keys[at] in lang.topic_questions][:_MOST_CUTS]
    # never inside a noun phrase ("c'est quoi les avant de ...": "les" says a noun follows;
    # "là", folded as "la", is no determiner)
    ends = [i for i in range(asking[0] + 1, len(keys)) if clause_at(i) and not (
        keys[i - 1] in lang.dislocation_determiners and tokens[i - 1].text.lower() != "là")]
    return [tokens[:ends[0]]] if ends else []


def uncounted(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` without the count of one's own things ("rappelle-moi mes six cartes":
    "rappelle-moi mes cartes"; ``count_possessives``, a number, then a word that is none);
    ``[]`` when there is none. The caller keeps only a question that takes no value."""
    for at in range(1, len(tokens) - 1):
        if tokens[at - 1].key in lang.count_possessives \
                and lang.number_value(tokens[at].key) is not None \
                and lang.number_value(tokens[at + 1].key) is None:
            return [[*tokens[:at], *tokens[at + 1:]]]
    return []


_MOST_CUTS = 6
"""Ways of ending an opening clause tried at most (each is matched)."""


__all__ = ["COMMON_QUESTIONS", "QUESTION_PREFIX", "questions", "unclaused", "uncounted",
           "unframed"]
