"""Questions read by their topic when no template fits ("la colonne cinq, elle finit par
quoi ?", "mon royaume contient quoi ?", "les jetons sont où ?").

Players ask the same things in many word orders and with many small words; a question
changes nothing, so a looser reading is safe for it where it never is for a move. This
reader is tried only when nothing else understood the sentence, only on a sentence that asks
(a question mark or a question word of the language, ``topic_questions``), never on a negated
one, and its reading is only ever *answered* (the session checks that the game's binding
answers it and changes nothing; a move is never made from it).

How: every intent is a bag of the words its templates use (compared by sound, so that
"objectifs" is "objectif" and "conseilles" "conseille"; a word no template uses is heard as
a synonym one does, ``topic_synonyms``: "paquet" as "pioche"). Each word weighs what it tells
apart (its inverse frequency among the intents: "défausse" says much, "est" nothing; a word
no intent knows weighs the most, so table chatter is never read as a question). The sentence
goes to an intent that explains at least :data:`MIN_SHARE` of its weight: among the intents
within :data:`MARGIN` of the best, the ones taking the most of the values said first (a
column named goes to "what is on column five", not "read all the columns"), and of those the
first the game answers (a setting or a move is never an answer).
A question about a noun and its complement ("c'est quoi les cartes de score ?") is about the
noun: an intent that does not know it is no reading, however much of the complement it
explains (the scores are not the scoring cards).
Two the game answers, as close and taking as many values ("rappelle-moi ce que j'ai": the
hand or the last moves?), are not guessed between: the sentence is not understood.
The numbers and list values said fill the intent's slots through the lists one of its
templates uses (each value to exactly one slot, every required slot filled). The reading
costs :data:`TOPIC_COST`: answered at once, never a move.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from ludivox.grammars.automaton import Automaton, Captures
from ludivox.grammars.language import Language, Token
from ludivox.grammars.said_values import is_article
from ludivox.grammars.specs import IntentSpec

MIN_SHARE = 0.7  # of the sentence's weight the intent's words must explain
MARGIN = 0.07  # ahead of the best other intent
TOPIC_COST = 0.3  # below the confirmation threshold: a question is answered at once
TOPIC_SPREAD = 0.04  # added for the share not explained (so a closer reading costs less)
LOOSE_SHARE = 0.5  # of the known words, the least a loose reading explains (the last try)
LOOSE_MARGIN = 0.1  # ahead of the next intent the game answers, for a loose reading


def asks(lang: Language, keys: list[str]) -> bool:
    """Does a sentence of these word keys ask? One of ``topic_questions`` said in it, each
    as a whole ("qu'est-ce", never its "est" alone: "c'est parti pour le huit" asks nothing)."""
    for phrase in lang.not_asking:  # "c'est ce que je fais": no "est-ce" in it
        size = len(phrase)
        for at in range(len(keys) - size + 1):
            if tuple(keys[at:at + size]) == phrase:
                keys = [*keys[:at], *[""] * size, *keys[at + size:]]
    for phrase in lang.asking:
        size = len(phrase)
        if any(tuple(keys[at:at + size]) == phrase for at in range(len(keys) - size + 1)):
            return True
    return False


def asks_by_tone(lang: Language, keys: list[str]) -> bool:
    """Is a sentence of these word keys a yes / no question said as a statement? One of
    ``tone_questions`` said first ("il reste des cartes dans la pioche"), or a thing said
    first, taken up by a pronoun before one of ``tone_copulas`` ("le pont il est fini")."""
    if any(tuple(keys[:len(p)]) == p for p in lang.tone_questions):
        return True
    return (len(keys) > 4 and keys[0] in lang.dislocation_determiners
            and lang.number_value(keys[1]) is None and keys[2] in lang.topic_pronouns
            and keys[3] in lang.tone_copulas)


def asks_plainly(lang: Language, keys: list[str], text: str) -> bool:
    """Does the sentence ask beyond doubt, for the loosest reading? A question mark, a
    question word said first, or one that never joins a clause to a noun (``qui`` and the
    other ``topic_relatives`` ask only when said first: "le huit qui reste" asks nothing)."""
    if "?" in text or (keys and keys[0] in lang.relatives):
        return True
    others = [k if k not in lang.relatives else "" for k in keys]
    return asks(lang, others)


@dataclass(frozen=True)
class _Template:
    intent: str
    slots: tuple[tuple[int, str], ...]  # (table, slot) of its lists
    words: frozenset[str]  # its words and the values of its lists
    order: tuple[str, ...] = ()  # its slots in the order the template says them


class TopicReader:
    """Reads a question by its words when no template fits (see the module docstring)."""

    def __init__(self, auto: Automaton, language: Language,
                 specs: Mapping[str, IntentSpec]) -> None:
        self.lang = language
        self.auto = auto
        self.specs = specs
        starts = sorted(s for states in auto.starts.values() for s in states)
        bounds = [*starts, len(auto.words)]
        self.templates: list[_Template] = []
        self.words: dict[str, set[str]] = {}
        for index, start in enumerate(starts):
            template = auto.templates[index]
            said_only = specs.get(template.intent)
            if said_only is not None and said_only.as_said:
                continue
            words: set[str] = set()
            slots: set[tuple[int, str]] = set()
            order: list[str] = []
            for state in range(start, bounds[index + 1]):
                words.update(key for key, _, _ in auto.words[state])
                for table, slot, _ in auto.lookups[state]:
                    slots.add((table, slot))
                    words.update(auto.tables[table])  # the values it can take
                    if slot not in order:
                        order.append(slot)
            words = {language.sounds(w) for w in words}  # "objectifs" is "objectif"
            self.words.setdefault(template.intent, set()).update(words)
            self.templates.append(
                _Template(template.intent, tuple(sorted(slots)), frozenset(words), tuple(order)))
        count = len(self.words) or 1
        frequency: dict[str, int] = {}
        for words in self.words.values():
            for word in words:
                frequency[word] = frequency.get(word, 0) + 1
        self._weight = {w: math.log((count + 1) / (n + 0.5)) for w, n in frequency.items()}
        self._unknown = math.log((count + 1) / 0.5)
        # a word no intent knows, for the loose reading: as telling as a typical word
        known = sorted(self._weight.values())
        self._typical = known[len(known) // 2] if known else self._unknown

    def read(self, tokens: list[Token], text: str, intents: Collection[str] | None,
             loose: bool = False) -> list[tuple[str, Captures, float]]:
        """The intents a question may be about, with the slot values it said and the share
        of the sentence they explain: those as close as the best, the ones taking the most
        values said first (the caller keeps the first the game answers); ``[]`` when it is no
        question or nothing is close enough. ``loose``: every intent explaining at least
        :data:`LOOSE_SHARE`, closest first, for the caller to keep the closest the game
        answers when it is clearly ahead of the next one answered."""
        lang = self.lang
        keys = _without_other_side(lang, [t.key for t in tokens])
        if not keys or any(k in lang.negation_words for k in keys):
            return []
        if "?" not in text and not asks(lang, keys) and not asks_by_tone(lang, keys):
            return []
        allowed = set(self.words) if intents is None else set(intents) & set(self.words)
        if loose:
            return self._loose(keys, text, allowed)
        # a pronoun taking up a complement ("le château le plus près, il est où ?") is said
        # for nothing, or part of the question ("il y a quoi ?"): the closer reading wins
        scored = self._scored(keys, allowed, self.heads(keys))
        shares = {name: share for share, name in scored}
        if not scored or scored[0][0] < MIN_SHARE:
            return []
        near = [name for share, name in scored if share > scored[0][0] - MARGIN]
        filled = [(-len(c), rank, name, c) for rank, name in enumerate(near)
                  if (c := self._fill(name, keys)) is not None]
        return [(name, c, shares[name]) for _, _, name, c in sorted(filled)]

    def _loose(self, keys: list[str], text: str, allowed: Collection[str]
               ) -> list[tuple[str, Captures, float]]:
        """The last reading: a sentence that asks beyond doubt, read by the words the
        intents know ("à quoi peut me *servir* Edgar ?": Edgar's power), when they are at
        least as many as the words none knows; every intent explaining :data:`LOOSE_SHARE`
        of them, closest first. An "un" before a number is its article ("est-ce que j'ai
        un sept ?": the card 7, never the cards 1 and 7)."""
        lang = self.lang
        if not asks_plainly(lang, keys, text):
            return []
        little = (lang.cheap_words | lang.discourse_words | lang.topic_questions
                  | lang.topic_pronouns | lang.topic_verbs)
        keys = [k for k, before, after in zip(keys, ["", *keys], [*keys[1:], ""], strict=False)
                if not is_article(lang, k, before, after, little)]
        said = [self._known(lang.sounds(k)) for k in keys
                if k not in little and lang.number_value(k) is None]
        unknown = sum(1 for k in said if k not in self._weight)
        if len(said) - unknown < max(unknown, 1):
            return []  # mostly words no question uses: table talk, not a question
        heads = {h for h in self.heads(keys) if h in self._weight}
        if (len(keys) > 2 and keys[0] in lang.dislocation_determiners
                and keys[1] not in little and lang.number_value(keys[1]) is None
                and any(k in lang.topic_pronouns for k in keys[2:])):
            # "le pont, il lui faut quoi ?": about the bridge, whatever else is said
            heads.add(self._known(lang.sounds(keys[1])))
        heads &= self._weight.keys()
        scored = self._scored(keys, allowed, heads, known_only=True)
        return [(name, c, share) for share, name in scored if share >= LOOSE_SHARE
                and (c := self._fill(name, keys)) is not None]

    def _scored(self, keys: list[str], allowed: Collection[str], heads: set[str],
                known_only: bool = False) -> list[tuple[float, str]]:
        """The intents knowing every head, by share, best first: with the pronouns that
        take up a complement counted or dropped, whichever reads closer."""
        return max(([(share, name) for share, name in self.scores(keys, allowed, drop, known_only)
                     if heads <= self.words[name]] for drop in (False, True)),
                   key=lambda found: found[0][0] if found else 0.0)

    def heads(self, keys: list[str]) -> set[str]:
        """The nouns a complement is joined to ("les cartes de score": "cartes"), by sound:
        the question is about them, so its intent must know them (never the scores because
        "score" is said after "cartes de"). Question and little words, quantities and places
        are no heads ("combien de cartes", "le plus de points", "au bout de la colonne")."""
        lang = self.lang
        skip = (lang.cheap_words | lang.discourse_words | lang.topic_questions
                | lang.topic_pronouns | lang.topic_no_heads)
        return {self._known(lang.sounds(k)) for k, joint in itertools.pairwise(keys[:-1])
                if joint in lang.topic_complements and k not in skip
                and lang.number_value(k) is None}

    def scores(self, keys: list[str], allowed: Collection[str],
               drop_pronouns: bool = False, known_only: bool = False
               ) -> list[tuple[float, str]]:
        """Each allowed intent's share of the sentence's weight, best first. Each value
        said counts, as a value ("la case six six": two sixes, never the sound "si"; "un"
        is one), other words once. ``known_only``: a word no intent knows weighs as much as a
        typical word, not the most (the loose reading)."""
        lang = self.lang
        words = {self._known(lang.sounds(k)) for k in keys if lang.number_value(k) is None
                 and k not in lang.cheap_words and k not in lang.discourse_words
                 and not (drop_pronouns and k in lang.topic_pronouns)}
        # a verb that only asks ("contient", "renferme") weighs nothing unless an intent
        # knows it: unknown, it would weigh the most and hide the topic
        asking = {self._known(lang.sounds(k)) for k in keys if k in lang.topic_verbs}
        words -= asking - self._weight.keys()
        content = [*words, *(self._value(k) for k in keys if lang.number_value(k) is not None)]
        if not content:
            return []
        unknown = self._typical if known_only else self._unknown
        weights = [(k, self._weight.get(k, unknown)) for k in content]
        total = sum(w for _, w in weights)
        return sorted(
            ((sum(w for k, w in weights if k in self.words[name]) / total, name)
             for name in allowed if name in self.words),  # (not those read as said only)
            reverse=True,
        )

    def _known(self, sound: str) -> str:
        """``sound``, or the first of its synonyms the templates use when they do not use it
        (the language's ``topic_synonyms``: "paquet" is heard as "pioche")."""
        if sound in self._weight:
            return sound
        return next((s for s in self.lang.topic_synonyms.get(sound, ()) if s in self._weight),
                    sound)

    def _value(self, key: str) -> str:
        """A value said, as the intents' word bags hold it: in digits when they do ("six" is
        "6", never the sound "si"), else by sound ("onze")."""
        digits = str(self.lang.number_value(key))
        return digits if digits in self._weight else self.lang.sounds(key)

    def _fill(self, name: str, keys: list[str]) -> Captures | None:
        """The slot values said, through the lists of one of the intent's templates (the
        first where each value goes to one slot and every required slot is filled). A value
        several slots could take goes to the first of them, in the template's order, not
        yet filled ("la case seize douze c'est quoi ?": row 16, column 12)."""
        spec = self.specs[name]
        required = {s for s, slot in spec.slots.items() if not slot.optional}
        for template in self.templates:
            if template.intent != name:
                continue
            captures: list[tuple[str, str]] = []
            for at, key in enumerate(keys):
                if at and keys[at - 1] in self.lang.group_pronouns:
                    continue  # "un de nous deux": how many of us, no value
                outs = {(slot, out) for table, slot in template.slots
                        for out, _ in self.auto.tables[table].get(key, ())}
                if len({slot for slot, _ in outs}) > 1:
                    taken = {slot for slot, _ in captures}
                    free = [s for s in template.order if s not in taken
                            and any(slot == s for slot, _ in outs)]
                    outs = {(slot, out) for slot, out in outs if free and slot == free[0]}
                if len(outs) > 1 or (not outs and any(
                        key in self.auto.tables[table] for table, _ in template.slots)):
                    break  # a value one slot reads two ways, or no slot left: not this one
                captures.extend(outs)
            else:
                said = [slot for slot, _ in captures]
                if required <= set(said) and all(
                        spec.slots[s].many or said.count(s) == 1 for s in set(said)):
                    return tuple(captures)
        return None


__all__ = [
    "LOOSE_MARGIN",
    "LOOSE_SHARE",
    "MARGIN",
    "MIN_SHARE",
    "TOPIC_COST",
    "TOPIC_SPREAD",
    "TopicReader",
    "asks",
    "asks_by_tone",
    "asks_plainly",
    "is_article",
]


def _without_other_side(lang: Language, keys: list[str]) -> list[str]:
    """``keys`` without the other side of a yes / no question said at its end ("la
    défausse, elle est vide ou pas ?": ``other_sides``), which is no negation of the
    question."""
    for end in lang.other_sides:
        if len(end) < len(keys) and tuple(keys[-len(end):]) == end:
            return keys[:-len(end)]
    return keys
