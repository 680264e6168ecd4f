"""Two things said in one breath around a move: a move then a question ("je pose le neuf sur
la six et il me reste combien de cartes ?"), or a question about a move then the move decided
("est-ce que j'ai le droit de mettre le sept sur la trois, bon allez, je le mets").

Pure: where such a sentence may be cut, and whether the words after a move question only
carry it out. The session reads each part as it reads any sentence (:mod:`session_asides`).
"""

from __future__ import annotations

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import phrase_at
from ludivox.table import compound

MAX_COMMIT = 6
"""Words, at most, of a move decided after asking about it ("bon allez, je le mets")."""


def move_then_question(language: Language, text: str) -> list[tuple[str, str]]:
    """The ways to cut ``text`` in two at a sequence word ("et", "puis", "et après"): the
    move said first, the question after it; the last cut first, a sequence word inside a
    longer one (« et » of « et après ») only after every whole one."""
    two = [(cut[0], cut[1]) for cut in compound.parts(language, text) if len(cut) == 2]
    whole = compound.whole_cuts(language, text)
    ordered = [*reversed(two[:whole]), *reversed(two[whole:])]
    # "… et c'est quoi le score après": the question asked about the time after the move,
    # right after the same cut as said
    return [cut for first, second in ordered
            for cut in dict.fromkeys([(first, second), (first, _untimed(language, second))])]


def _untimed(language: Language, text: str) -> str:
    """``text`` without the sequence or discourse word it ends with (« après »,
    « maintenant »): what a question asked after a move says of its time; ``text`` when
    there is none or nothing else."""
    words = language.words(text)
    keys = [t.key for t in words]
    for phrase in (*language.sequence_words, *language.discourse_phrases):
        at = len(keys) - len(phrase)
        if at > 0 and tuple(keys[at:]) == phrase:
            return language.detokenize([t.text for t in words[:at]])
    return text


def restarts(language: Language, text: str) -> list[tuple[str, str]]:
    """The ways to cut ``text`` where one of the words that open a sentence ("bon allez",
    "vas-y", "bon") is said in its middle: the words before it and the words after it (both
    said); the last cut first."""
    tokens = language.words(text)
    keys = [t.key for t in tokens]
    found = []
    i = 1
    while i < len(keys):
        # the longest opening said there ("bon allez", not "bon" then "allez")
        size = max((len(p) for p in language.leading_fillers
                    if phrase_at(keys, i, (p,))), default=0)
        if size and i + size < len(keys):
            found.append((language.detokenize([t.text for t in tokens[:i]]),
                          language.detokenize([t.text for t in tokens[i + size:]])))
        i += max(size, 1)
    return found[::-1]


def commits(language: Language, asked: str, said: str) -> bool:
    """Whether ``said``, after a question about the move ``asked``, only carries that move
    out ("je le mets", "je les vends", "je pose le deux dedans"): a few words, no negation,
    no value the question did not name, and a pronoun or a value standing for the move."""
    words = [t.key for t in language.tokens(said)]
    if not words or len(words) > MAX_COMMIT:
        return False
    if any(w in language.negation_words for w in words):
        return False
    values = {language.number_value(w) for w in words} - {None}
    named = {language.number_value(t.key) for t in language.tokens(asked)} - {None}
    if not values <= named:
        return False
    # the object pronouns are the articles' words ("je le mets", "je les vends") or "y"
    return bool(values) or any(w in language.articles or w in language.place_pronouns
                               for w in words)


__all__ = ["commits", "move_then_question", "restarts"]
