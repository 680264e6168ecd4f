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
    first); ``[]`` when there is none."""
    return without_edges(tokens, lang.question_frames, lang.question_frame_ends)


__all__ = ["COMMON_QUESTIONS", "QUESTION_PREFIX", "questions", "unframed"]
