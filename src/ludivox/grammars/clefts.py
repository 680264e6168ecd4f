"""A move said in a cleft, the thing done put in front: "ce que je pose c'est le sept sur la
trois", "moi ce que je vais faire c'est construire en vingt dix", "là où je mets ma maison
c'est en dix-sept dix", "c'est le roi que je prends, et je le garde en main", "le désert en
dix treize, c'est là que je construis", "la carte que je pose c'est le neuf et elle va sur la
six", "le marchand que je prends c'est le trente-neuf".

Each is read as the plain sentence ("je pose le sept sur la trois", "je vais construire en
vingt dix", "je prends le roi, et je le garde en main", "je construis en dix treize"), which
must then fit on its own: the words are only put back in their usual order, none is
changed or dropped but the cleft's own ("ce que", "c'est", "que", "là", and "faire" when it
only stands for the verb said after it). A noun said for the thing ("le marchand que je
prends c'est …") is said again before the complement ("je prends le marchand le
trente-neuf", which the game checks), and left out only when it names nothing ("carte",
"case"); the complement taken up by a pronoun to say where it goes ("… c'est le neuf et elle
va sur la six") is read without the pronoun and its verb ("je pose le neuf sur la six").
"ce que je fais c'est que je mets …" is the clause after « que »; "ce que je fais c'est une
colonie en six dix-neuf" is what follows alone, kept only as a move (:func:`done_bare`); a
demonstrative opens one as « ce » does ("celle que je cache c'est la récolte": the complement
then also right after the verb); a noun said in front takes the number after it ("la colonne
que je déplace c'est la cinq": "la colonne cinq"), and is left out before a partitive ("le
matériau que je prends c'est de la pierre"); a participle agreeing with what is put in front
is said without it ("la carte qu'on a retournée": "on a retourné la carte").
The words come from the language's ``clefts``.
Only tried when nothing fits as said; the plain sentence is then read as any sentence is
(:meth:`Grammar.understand`), and taken only when it fits exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludivox.grammars.tokens import Token, fold

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class Clefts:
    """``openers`` ("ce que", "là où") start a clause the ``presentatives`` ("c'est") end;
    ``presentatives`` then ``relatives`` ("que") put a complement in front; ``places`` ("c'est
    là que") take up a complement said before them; ``doing`` ("faire") stands for the
    infinitive said after the presentative; ``subjects``: who must say the clause ("je");
    ``dropped``: the speaker said again inside it ("ce que je fais moi c'est …");
    ``articles`` + a noun + ``relatives`` or ``where`` open it too ("la carte que", "la case
    où"), the noun left out only when one of ``empty_nouns``; ``taken_up``: a pronoun and a
    verb saying where the complement goes ("et elle va"); ``presenting``: the speaker
    presenting their move ("moi c'est"), never before one of ``kept_before`` ("tout");
    ``dismissing``: what was said before set aside ("laisse tomber"), then the speaker's
    own sentence ("je protège rien"); ``speaker``: the speaker put in front ("c'est moi
    qui"), said as the plain subject ("je"); ``agreements``: a participle after one of
    ``agreed_after`` agrees with the thing put in front ("la carte qu'on a retournée"), said
    plainly without it ("on a retourné la carte")."""

    openers: tuple[Phrase, ...] = ()
    presentatives: tuple[Phrase, ...] = ()
    relatives: frozenset[str] = frozenset()
    places: tuple[Phrase, ...] = ()
    doing: frozenset[str] = frozenset()
    subjects: frozenset[str] = frozenset()
    dropped: frozenset[str] = frozenset()
    articles: frozenset[str] = frozenset()
    where: frozenset[str] = frozenset()
    empty_nouns: frozenset[str] = frozenset()
    taken_up: tuple[Phrase, ...] = ()
    presenting: tuple[Phrase, ...] = ()
    kept_before: frozenset[str] = frozenset()
    dismissing: tuple[Phrase, ...] = ()
    speaker: tuple[Phrase, ...] = ()
    agreed_after: frozenset[str] = frozenset()
    agreements: tuple[tuple[str, str], ...] = ()

    @classmethod
    def load(cls, lang: Language, data: Any) -> Clefts:
        """From the language data's ``clefts`` mapping (empty when absent)."""
        data = data or {}

        def phrases(key: str) -> tuple[Phrase, ...]:
            found = (tuple(t.key for t in lang.words(str(p))) for p in data.get(key) or ())
            return tuple(sorted((p for p in found if p), key=len, reverse=True))

        def keys(key: str) -> frozenset[str]:
            return frozenset(t.key for p in data.get(key) or () for t in lang.words(str(p)))

        return cls(phrases("openers"), phrases("presentatives"), keys("relatives"),
                   phrases("places"), keys("doing"), keys("subjects"), keys("dropped"),
                   keys("articles"), keys("where"), keys("empty_nouns"), phrases("taken_up"),
                   phrases("presenting"), keys("kept_before"), phrases("dismissing"),
                   phrases("speaker"), keys("agreed_after"), tuple(sorted((
                       (fold(str(a)), fold(str(b))) for a, b in data.get("agreements") or ()),
                       key=lambda p: -len(p[0]))))


def unclefted(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` said plainly when they are a cleft of the speaker's (see the module): one
    reading, or two when "faire" may stand for the verb after it or be a verb of its own
    ("ce que je fais c'est passer le sept …"); ``[]`` otherwise."""
    clefts = lang.clefts
    keys = tuple(t.key for t in tokens)
    said = _fronted(lang, clefts, tokens, keys) or _placed(lang, clefts, tokens, keys)
    return _pseudo(lang, clefts, tokens, keys) or ([said] if said else [])


def done_bare(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """"ce que je fais c'est une colonie en six dix-neuf" -> "une colonie en six dix-neuf":
    what is done said without a verb after « faire » (the grammar keeps it only as a move:
    "ce que je fais c'est non" is no answer); ``[]`` otherwise."""
    return _pseudo(lang, lang.clefts, tokens, tuple(t.key for t in tokens), bare=True)


def presented(lang: Language, text: str) -> list[list[Token]]:
    """"moi c'est le huit sur la cinq" -> "le huit sur la cinq", "laisse tomber je protège
    rien" -> "je protège rien" (the grammar keeps it only as a move); never "moi c'est tout
    pour moi", nor "laisse tomber le sept" (what is set aside); ``[]`` when not said so.
    Read from the words as said: « moi », a leading filler, is gone from the tokens."""
    clefts = lang.clefts
    words = lang.words(text)
    keys = tuple(t.key for t in words)
    size = _starts(clefts.presenting, keys)
    if size and size < len(keys) and keys[size] in clefts.kept_before:
        return []
    if not size:
        size = _starts(clefts.dismissing, keys)
        if size and size < len(keys) and keys[size] not in clefts.subjects:
            return []  # "laisse tomber le sept sur la trois": no move made
    rest = lang.tokens(" ".join(t.text for t in words[size:])) if size else []
    return [rest] if rest else []


def speaker_put_first(lang: Language, text: str) -> list[list[Token]]:
    """"c'est moi qui joue le trente-quatre" -> "je joue le trente-quatre": the speaker put in
    front with a cleft, said as the plain subject (the grammar keeps it only as a move naming
    what it does); ``[]`` when not said so."""
    words = lang.words(text)
    size = _starts(lang.clefts.speaker, tuple(t.key for t in words))
    if not size or size == len(words) or not lang.modal_subject:
        return []
    rest = lang.tokens(" ".join([lang.modal_subject, *(t.text for t in words[size:])]))
    return [rest] if len(rest) > 1 else []


def _starts(phrases: tuple[Phrase, ...], keys: Phrase, at: int = 0) -> int:
    """The length of the (longest) phrase of ``phrases`` said at ``at``; 0 when none."""
    return next((len(p) for p in phrases if keys[at:at + len(p)] == p), 0)


def _pseudo(lang: Language, c: Clefts, tokens: list[Token], keys: Phrase, bare: bool = False
            ) -> list[list[Token]]:
    """"ce que je pose c'est le sept …" -> "je pose le sept …"; "la carte que je pose c'est le
    neuf et elle va sur la six" -> "je pose la carte le neuf sur la six", then "je pose le
    neuf sur la six"; "ce que je fais c'est que je mets …" -> "je mets …". ``bare``: only
    what is done, said without a verb ("ce que je fais c'est une colonie en six dix-neuf")."""
    opener, named = _opener(c, tokens, keys)
    if not opener or len(keys) <= opener or keys[opener] not in c.subjects:
        return []
    for at in range(opener + 2, len(keys) - 1):
        size = _starts(c.presentatives, keys, at)
        if not size:
            continue
        # "ce que je fais moi c'est …": the speaker said again is left out
        clause = _unagreed(c, [tokens[opener], *(
            t for t in tokens[opener + 1:at] if t.key not in c.dropped)])
        rests = _taken_up(c, tokens[at + size:])
        rest = rests[0]
        doing = not named and len(clause) > 1 and clause[-1].key in c.doing
        if bare:
            return [rest] if doing and rest and not _infinitive(lang, rest[0].key) and (
                rest[0].key not in c.relatives) else []
        if doing and len(rest) > 2 and rest[0].key in c.relatives and rest[1].key in c.subjects:
            return [rest[1:]]  # "ce que je fais c'est que j'échange le deux": the clause
        out = [[*clause, *named, *r] for r in rests]
        if named and len(rest) > 1 and rest[0].key in c.articles and lang.number_value(
                rest[1].key) is not None:  # "la colonne que je déplace c'est la cinq"
            out += [[*clause, *named, *r[1:]] for r in rests]
        fronts = [named] if named else [[]]
        if named and named[-1].key in c.empty_nouns:
            fronts.append([])  # "la carte que je pose c'est le neuf": the noun names nothing
            out += [[*clause, *r] for r in rests]
        if named and rest and rest[0].key in lang.partitives:
            out += [[*clause, *r] for r in rests]  # "le matériau que je prends c'est du bois"
        # the complement right after the verb ("celle que je cache face cachée c'est la
        # récolte": "je cache la récolte face cachée")
        out += [w for front in fronts for r in rests
                if (w := _with_complement(lang, clause, [*front, *r])) and w not in out]
        if doing and rest and _infinitive(lang, rest[0].key):
            out.insert(0, [*clause[:-1], *rest])  # "ce que je vais faire c'est construire …"
        return out
    return []


def _unagreed(c: Clefts, clause: list[Token]) -> list[Token]:
    """``clause`` with a participle after an auxiliary said without its agreement with the
    thing put in front ("qu'on a retournée" -> "on a retourné")."""
    out = list(clause)
    for at in range(1, len(out)):
        if out[at - 1].key not in c.agreed_after:
            continue
        key = out[at].key
        plain = next((key[: len(key) - len(a)] + b for a, b in c.agreements
                      if key.endswith(a) and len(key) >= len(a) + 2), None)
        if plain is not None:
            out[at] = Token(plain, plain)
    return out


def _opener(c: Clefts, tokens: list[Token], keys: Phrase) -> tuple[int, list[Token]]:
    """The length of the clause's opener ("ce que": 2, "la carte que": 3) and the article and
    noun said in it, to say again (``[]`` when none)."""
    size = _starts(c.openers, keys)
    if size:
        return size, []
    if (len(keys) > 3 and keys[0] in c.articles and keys[1] not in c.relatives
            and keys[2] in c.relatives | c.where):
        return 3, tokens[:2]
    return 0, []


def _taken_up(c: Clefts, rest: list[Token]) -> list[list[Token]]:
    """``rest`` as said, then without a pronoun taking up its complement to say where it
    goes ("le neuf et elle va sur la six" -> "le neuf sur la six")."""
    keys = tuple(t.key for t in rest)
    for at in range(1, len(keys) - 1):
        size = _starts(c.taken_up, keys, at)
        if size and at + size < len(keys):
            return [rest, [*rest[:at], *rest[at + size:]]]
    return [rest]


def _fronted(lang: Language, c: Clefts, tokens: list[Token], keys: Phrase
             ) -> list[Token] | None:
    """"c'est le roi que je prends, et je le garde en main" -> "je prends le roi, et …"."""
    size = _starts(c.presentatives, keys)
    if not size:
        return None
    for at in range(size + 1, len(keys) - 2):
        if keys[at] in c.relatives and keys[at + 1] in c.subjects:
            return _with_complement(lang, tokens[at + 1:], tokens[size:at])
    return None


def _placed(lang: Language, c: Clefts, tokens: list[Token], keys: Phrase
            ) -> list[Token] | None:
    """"le désert en dix treize, c'est là que je construis" -> "je construis le désert en dix
    treize"."""
    for at in range(1, len(keys) - 1):
        size = _starts(c.places, keys, at)
        if size and at + size < len(keys) and keys[at + size] in c.subjects:
            return _with_complement(lang, tokens[at + size:], tokens[:at])
    return None


def _with_complement(lang: Language, clause: list[Token], front: list[Token]
                     ) -> list[Token] | None:
    """``clause`` ("je prends, et je le garde") with ``front`` ("le roi") said after its
    verb (and its infinitive after a modal: "je vais poser le sept"); None when the clause
    has no verb there."""
    at = 1
    while at < len(clause) and clause[at].key in lang.verb_clitics:
        at += 1
    if at >= len(clause):
        return None
    at += 1
    if at < len(clause) and _infinitive(lang, clause[at].key):
        at += 1  # "c'est le sept que je vais poser"
    return [*clause[:at], *front, *clause[at:]]


def _infinitive(lang: Language, key: str) -> bool:
    """Whether ``key`` is an infinitive of the game's verbs ("construire", "poser")."""
    return key in lang.meaning_words and key.endswith(lang.infinitive_endings)


__all__ = ["Clefts", "done_bare", "presented", "speaker_put_first", "unclefted"]
