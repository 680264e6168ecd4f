"""A complement said first and taken up by a pronoun ("le neuf, je le pose sur la six"), or
in a cleft ("c'est le neuf que je pose ..."), put back after its verb: one of the other
readings of a sentence (grammar.py, guess.py). Language-neutral: the words come from
``dislocation`` in the language data."""

from __future__ import annotations

from ludivox.grammars.language import Language
from ludivox.grammars.tokens import Token, fold, phrase_at
from ludivox.grammars.valuepasses import same_shape


def undislocated(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """A complement said first and taken up by a pronoun ("le neuf, je le pose sur la
    six", "en quinze un je construis") put back after its verb ("je pose le neuf sur la
    six"), or None. The complement must hold a number, or be a noun with its determiner
    taken up by a pronoun ("ma colonie, je la pose en vingt treize"), and neither a
    subject nor a word that carries meaning; the verb is a word that carries meaning (a
    verb of the game), never a negation ("le neuf, je ne le pose pas" stays as said). A
    cleft ("c'est le neuf que je pose sur la six") is the same complement said first."""
    tokens = _uncleft(lang, tokens)
    for k in range(1, min(len(tokens), 6)):
        if tokens[k].key not in lang.dislocation_subjects:
            continue
        front = tokens[:k]
        taken = k + 1  # "le blé, je vais le jouer": the pronoun after the auxiliary
        while taken < len(tokens) and tokens[taken].key in lang.dislocation_auxiliaries:
            taken += 1
        noun = (front[0].key in lang.dislocation_determiners and taken < len(tokens)
                and tokens[taken].key in lang.dislocation_pronouns)
        if not (noun or any(lang.number_value(t.key) is not None for t in front)) or any(
                t.key in lang.meaning_words or t.key in lang.dislocation_subjects
                for t in front):
            return None
        verb = k + 1  # "je vais le jouer", "tu peux le mettre": the auxiliary stays
        while verb < len(tokens) and tokens[verb].key in lang.dislocation_auxiliaries:
            verb += 1
        helpers = tokens[k + 1:verb]
        while verb < len(tokens) and tokens[verb].key in lang.dislocation_pronouns:
            verb += 1
        if verb >= len(tokens) or tokens[verb].key not in lang.meaning_words:
            return None
        if tokens[verb].key in lang.negation_words:
            return None
        subject = tokens[k]  # "le neuf, on le pose": the speaker's move, read with "je"
        full = lang.before_consonant.get(subject.key) or lang.subjects.get(subject.key)
        if full is not None:
            subject = Token(full, fold(full))
        said = lang.elide(f"{subject.text} ", tokens[verb].text).strip()  # "je l'utilise"
        if said != subject.text:
            subject = Token(said, fold(said))
        rest = tokens[verb + 1:]
        if front[0].key in lang.prepositions and rest and all(
                lang.number_value(t.key) is None or t.key in lang.cheap_words
                for t in rest):  # ("une" is an article there)
            # a place goes after an object that holds no value: "en dix-sept treize,
            # j'y mets une cité" is "je mets une cité en dix-sept treize"
            return [subject, *helpers, tokens[verb], *rest, *front]
        return [subject, *helpers, tokens[verb], *front, *tokens[verb + 1:]]
    return None

def tail_moved(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """What a card follows, said after where it goes ("j'ajoute le neuf à la dernière
    colonne, après le huit"), put before it ("j'ajoute le neuf après le huit à la dernière
    colonne"), or None. The tail is a ``follow_words`` phrase, maybe an article, and a
    number ending the sentence; the place is the last complement before it (a
    preposition)."""
    keys = [t.key for t in tokens]
    if len(keys) < 4 or lang.number_value(keys[-1]) is None:
        return None
    for start in range(len(keys) - 2, 0, -1):
        size = phrase_at(keys, start, lang.follow_words)
        if not size:
            continue
        between = keys[start + size:-1]
        if len(between) > 1 or (between and between[0] not in lang.cheap_words):
            return None
        place = next((k for k in range(start - 1, 0, -1) if keys[k] in lang.prepositions),
                     None)
        if place is None:
            return None
        cut = start  # "juste après le huit": the discourse word goes with it, unsaid
        while cut - 1 > place and keys[cut - 1] in lang.discourse_words:
            cut -= 1
        return [*tokens[:place], *tokens[start:], *tokens[place:cut]]
    return None


def meant(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """The complement of a cleft that only says what was meant ("c'est l'évêque que je
    voulais", ``cleft_meant``), or None."""
    said = _uncleft(lang, tokens)
    if said is tokens:  # "sur la trois que je voulais dire": the cleft without its opener
        said = next((tokens[:k] + tokens[k + 1:] for k in range(len(tokens) - 3, 0, -1)
                     if tokens[k].key in lang.cleft_joints), tokens)
        if said is tokens:
            return None
    for k in range(1, len(said)):
        if said[k].key in lang.dislocation_subjects:
            if tuple(t.key for t in said[k + 1:]) in lang.cleft_meant:
                return said[:k]
            return None
    return None


def instead(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """What is meant after the thing refused, said with the same shape ("pas la trois, la
    quatre", "pas le bois mais la pierre": ``refused_openers``, ``contrast_joints``), or
    None."""
    keys = [t.key for t in tokens]
    opener = phrase_at(keys, 0, lang.refused_openers)
    if not opener:
        return None
    for end in range(opener + 1, len(tokens)):
        joint = phrase_at(keys, end, lang.contrast_joints)
        said, again = tokens[opener:end], tokens[end + joint:]
        if same_shape(lang, said, again) or same_shape(lang, _content(lang, said),
                                                       _content(lang, again)):
            return again  # "pas du bois mais de la pierre": the articles may differ
    return None


def _content(lang: Language, tokens: list[Token]) -> list[Token]:
    return [t for t in tokens if t.key not in lang.cheap_words
            or lang.number_value(t.key) is not None]


def _uncleft(lang: Language, tokens: list[Token]) -> list[Token]:
    """"c'est <complement> que je ..." as "<complement> je ..." (else ``tokens``)."""
    for opener in lang.cleft_openers:
        if tuple(t.key for t in tokens[:len(opener)]) != opener:
            continue
        for k in range(len(opener) + 1, min(len(tokens) - 1, len(opener) + 6)):
            if (tokens[k].key in lang.cleft_joints
                    and tokens[k + 1].key in lang.dislocation_subjects):
                return [*tokens[len(opener):k], *tokens[k + 1:]]
    return tokens


__all__ = ["instead", "meant", "tail_moved", "undislocated"]
