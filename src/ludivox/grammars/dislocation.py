"""A complement said first and taken up by a pronoun ("le neuf, je le pose sur la six"), or
in a cleft ("c'est le neuf que je pose ..."), put back after its verb: one of the other
readings of a sentence (grammar.py, guess.py). Language-neutral: the words come from
``dislocation`` in the language data."""

from __future__ import annotations

from itertools import pairwise

from ludivox.grammars.language import Language
from ludivox.grammars.meant import uncleft
from ludivox.grammars.tokens import Token, fold, phrase_at
from ludivox.grammars.valuepasses import same_shape

# how many words may come before the subject taken up ("la colonne vide, la troisième en
# partant de la gauche, j'y mets le neuf": a place said with its rank and side is long)
FRONT_MAX = 12


def undislocated(lang: Language, tokens: list[Token], placed: bool = True
                 ) -> list[Token] | None:
    """A complement said first and taken up by a pronoun ("le neuf, je le pose sur la
    six", "en quinze un je construis") put back after its verb ("je pose le neuf sur la
    six"), or None. The complement must hold a number, or be a noun with its determiner
    taken up by a pronoun ("ma colonie, je la pose en vingt treize"), and neither a
    subject nor a word that carries meaning; the verb is a word that carries meaning (a
    verb of the game), never a negation ("le neuf, je ne le pose pas" stays as said). A
    cleft ("c'est le neuf que je pose sur la six") is the same complement said first.

    ``placed``: a complement with its preposition ("pour le pont je donne mon bois") may be
    anything, but only when no object pronoun stands before the verb: the pronoun names
    something else ("au royaume je le garde": the card), and the sentence is read as said.
    Off after a remark, whose own complement it may be ("j'ai que des petits en main, je
    prends …")."""
    tokens = uncleft(lang, tokens)
    resumed = _resumed(lang, tokens)
    if resumed is not None:
        return resumed
    for k in range(1, min(len(tokens), 6)):
        if tokens[k].key not in lang.dislocation_subjects:
            continue
        front = tokens[:k]
        taken = k + 1  # "le blé, je vais le jouer": the pronoun after the auxiliary
        while taken < len(tokens) and tokens[taken].key in lang.dislocation_auxiliaries:
            taken += 1
        pronoun = taken < len(tokens) and tokens[taken].key in lang.dislocation_pronouns
        noun = front[0].key in lang.dislocation_determiners and pronoun
        # "pour le pont je donne mon bois": a complement with its preposition is no subject
        # nor object; it goes after them whatever it names, when no pronoun names another
        prepositional = (placed and not pronoun and front[0].key in lang.prepositions
                         and len(front) > 1)
        if not (noun or prepositional
                or any(lang.number_value(t.key) is not None for t in front)) or any(
                    (t.key in lang.meaning_words and not prepositional)
                    or t.key in lang.dislocation_subjects for t in front):
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
        subject = _subject(lang, tokens[k], tokens[verb])
        rest = tokens[verb + 1:]
        if front[0].key in lang.prepositions and rest and all(
                lang.number_value(t.key) is None or t.key in lang.cheap_words
                for t in rest):  # ("une" is an article there)
            # a place goes after an object that holds no value: "en dix-sept treize,
            # j'y mets une cité" is "je mets une cité en dix-sept treize"
            return [subject, *helpers, tokens[verb], *rest, *front]
        return [subject, *helpers, tokens[verb], *front, *tokens[verb + 1:]]
    return None

def _subject(lang: Language, subject: Token, verb: Token) -> Token:
    """The subject said before ``verb`` once the pronoun is gone: the speaker's "je" ("le
    neuf, on le pose"), elided before a vowel ("j'utilise")."""
    full = lang.before_consonant.get(subject.key) or lang.subjects.get(subject.key)
    if full is not None:
        subject = Token(full, fold(full))
    said = lang.elide(f"{subject.text} ", verb.text).strip()
    return Token(said, fold(said)) if said != subject.text else subject


def _resumed(lang: Language, tokens: list[Token]) -> list[Token] | None:
    """A thing taken up by "y" (a place) or "en" (a quantity) right before a verb of the
    game, put back where it is said without the pronoun, or None: "dans la vide j'y mets le
    deux" -> "je mets le deux dans la vide"; "le pont, j'y mets mon bois" -> "je mets mon
    bois sur le pont"; "des laines, j'en vends deux" -> "je vends deux laines"."""
    found = _taken_up(lang, tokens)
    if found is None:
        return None
    said, front, pronoun, rest = found
    if pronoun in lang.place_pronouns:
        if front and front[0].key in lang.prepositions:
            return [*said, *rest, *front]
        if front and front[0].key in lang.dislocation_determiners:
            return [*said, *rest, *lang.words(lang.place_pronoun_preposition), *front]
        return None
    if not front or front[0].key not in lang.partitives:
        return None
    noun = front[1:]
    while noun and noun[0].key in lang.articles:
        noun = noun[1:]
    return [*said, rest[0], *noun, *rest[1:]]


def counted(lang: Language, tokens: list[Token]) -> tuple[bool, list[Token] | None]:
    """Whether ``tokens`` count with "en" the cards they name after ("j'en échange deux, le
    deux et le quatre"), and then how they read without the count ("j'échange le deux et le
    quatre"): None when the count is not the number of cards named ("j'en mets deux, le
    treize"), which is never read as said (the count would be taken for a card)."""
    found = _taken_up(lang, tokens)
    if found is None or found[1] or found[2] not in lang.quantity_pronouns:
        return False, None
    said, _, _, rest = found
    after = rest[1:]  # a card is "le" and its number, never a place ("sur la trois")
    named = sum(1 for i, (a, b) in enumerate(pairwise(after))
                if a.key in lang.articles and lang.number_value(b.key) is not None
                and not (i and after[i - 1].key in lang.prepositions))
    return True, ([*said, *rest[1:]] if named == lang.number_value(rest[0].key) else None)


def _taken_up(lang: Language, tokens: list[Token]
              ) -> tuple[list[Token], list[Token], str, list[Token]] | None:
    """The subject and verb said without the pronoun, what is said before them, the pronoun
    ("en", "y") and what follows the verb, when a pronoun stands between the first subject
    and a verb of the game, something follows it ("en": a number) and nothing is negated."""
    keys = [t.key for t in tokens]
    k = next((i for i in range(min(len(keys) - 2, FRONT_MAX))
              if keys[i] in lang.dislocation_subjects), None)
    if k is None or not (keys[k + 1] in lang.quantity_pronouns
                         or keys[k + 1] in lang.place_pronouns):
        return None
    verb, front, rest = tokens[k + 2], tokens[:k], tokens[k + 3:]
    if (verb.key not in lang.meaning_words or not rest
            or any(t.key in lang.negation_words for t in tokens)  # never a negated sentence
            or any(t.key in lang.first_forms for t in front) or (  # no verb said before
                keys[k + 1] in lang.quantity_pronouns
                and lang.number_value(rest[0].key) is None)):
        return None
    return [_subject(lang, tokens[k], verb), verb], front, keys[k + 1], rest


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
        if place is None or sum(lang.number_value(k) is not None for k in keys[place:start]
                                ) > 1 or any(phrase_at(keys, at, lang.reason_markers)
                                             for at in range(place, start)):
            return None  # "…, comme ça le neuf passe derrière le huit": the eight is not
            # what the card follows, but what the reason says
        cut = start  # "juste après le huit": the discourse word goes with it, unsaid
        while cut - 1 > place and keys[cut - 1] in lang.discourse_words:
            cut -= 1
        return [*tokens[:place], *tokens[start:], *tokens[place:cut]]
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


__all__ = ["counted", "instead", "tail_moved", "undislocated"]
