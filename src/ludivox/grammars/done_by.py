"""A sentence about what another player did ("Paul a joué le quinze ?", "est-ce qu'Anne a
construit en seize un ?", "Paul vient de poser le sept ?").

Its words are a move's words, so a look-alike reading would offer the move to the speaker
("Tu veux dire : joue le quinze ?"), and « oui » would make it for them. What it says is the
player's name, then an auxiliary of the past (``past_auxiliaries`` in the language file: "a",
"vient de") and a verb in the past or the infinitive (a word ending as ``past_endings`` say,
not a number): it asks about that player's moves, and is answered by what they did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludivox.grammars.language import Language


def done_by(language: Language, text: str, name: str) -> bool:
    """Whether ``text`` says (or asks) that the player ``name`` did something."""
    tokens = language.words(text)
    wanted = [t.key for t in language.words(name)]
    skipped = (language.lone_discourse_words | language.negation_words
               | language.topic_pronouns)
    size = len(wanted)
    for at in range(len(tokens) - size):
        if not wanted or [t.key for t in tokens[at:at + size]] != wanted:
            continue
        rest = [t for t in tokens[at + size:] if t.key not in skipped]
        for auxiliary in language.past_auxiliaries:
            said = [t.key for t in rest[:len(auxiliary)]]
            if said != list(auxiliary) or len(rest) <= len(auxiliary):
                continue
            verb = rest[len(auxiliary)]
            if (len(verb.text) >= 3 and language.number_value(verb.key) is None
                    and verb.key not in language.topic_questions  # "Paul a qui ?"
                    and verb.text.endswith(language.past_endings)):
                return True
    return False


__all__ = ["done_by"]
