"""Matching normalised words against the automaton: exact first, then cost-bounded fuzzy.

Cost model (documented, deliberately simple; 0 means exact):

* a word said as in the template, or a slot value from its list: 0;
* interchangeable words (language file ``equivalents``, e.g. "le"/"la"): 0.1;
* a misheard word (character similarity ``s`` >= 0.5 with the template word):
  ``0.2 + 0.8 * (1 - s)`` (so between 0.2 and 0.6);
* a misheard slot value (similarity >= 0.75 with a value's word, never a number said as
  another number): ``0.5 + (1 - s)``, so always asked about;
* similarity is the better of the spellings' and the sounds' (``Language.sounds``): words
  that sound alike ("cet" / "sept", "pause" / "pose") count as 0.9 similar, so a template
  word heard as its homophone costs 0.28 (a slip, acted on like "poses" for "pose"), while a
  value heard as its homophone costs 0.6 and is always asked about;
* an extra word said: 0.6 when the grammar does not know it ("je pose maintenant le
  sept"), 1.0 when it does ("sur", "colonne": dropping it could change the meaning);
* a template word not said: 1.0;
* cheap words (articles, ``cheap_words`` in the language file) said or left out: 0.3;
* numbers are never dropped, added or changed: "pose le quatorze" does not become a 4.

A fuzzy match is accepted only when its total cost is at most ``MAX_COST`` (0.9) and at most
``RATIO`` (0.34) times the number of words heard: one wrong word needs two or more words
around it, and no known word is ever dropped or invented. Candidates are ranked by cost,
then by fewer slot values (so "un sept" is the card 7 said with an article rather than a 1
and a 7), then by template order.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from ludivox.grammars.automaton import Automaton, Captures
from ludivox.grammars.language import Language, Token

MAX_COST = 0.9
RATIO = 0.34
EQUIVALENT_COST = 0.1
CHEAP_COST = 0.3
WORD_COST = 1.0
UNKNOWN_WORD_COST = 0.6
NEVER = 99.0
WORD_SIMILARITY = 50.0
VALUE_SIMILARITY = 75.0
SOUND_SIMILARITY = 90.0  # two words that sound alike ("cet", "sept"): close, never the same


@dataclass(frozen=True)
class TemplateMatch:
    """A raw match: which template, what it captured, at what cost, with which words."""

    template: int
    captures: Captures
    cost: float
    words: tuple[str, ...]


class Matcher:
    """Runs utterances through an :class:`Automaton` for the intents allowed now."""

    def __init__(self, automaton: Automaton, language: Language) -> None:
        self.auto = automaton
        self.lang = language
        self._vocab = sorted(automaton.vocabulary())
        self._known = set(self._vocab) | {k for t in automaton.tables for k in t}
        self._table_keys = [sorted(t) for t in automaton.tables]
        self._vocab_sounds = _by_sound(self._vocab, language)
        self._table_sounds = [_by_sound(keys, language) for keys in self._table_keys]

    def starts(self, intents: Collection[str] | None) -> list[int]:
        """Start states of the allowed intents (all when ``None``)."""
        names = self.auto.starts.keys() if intents is None else intents
        return [s for name in names for s in self.auto.starts.get(name, ())]

    # -- exact ---------------------------------------------------------------------------

    def exact(self, tokens: list[Token], starts: Iterable[int]) -> list[TemplateMatch]:
        """Every template that matches ``tokens`` word for word (cost 0)."""
        auto = self.auto
        closure = auto.closure
        active: set[tuple[int, Captures]] = set()
        for s in starts:
            active.update(closure[s])
        for tok in tokens:
            key = tok.key
            nxt: set[tuple[int, Captures]] = set()
            for state, caps in active:
                for wkey, _, target in auto.words[state]:
                    if wkey == key:
                        for t2, c2 in closure[target]:
                            nxt.add((t2, caps + c2))
                for table, slot, target in auto.lookups[state]:
                    for out, _ in auto.tables[table].get(key, ()):
                        got = ((*caps, (slot, out)))
                        for t2, c2 in closure[target]:
                            nxt.add((t2, got + c2))
            active = nxt
            if not active:
                return []
        words = tuple(t.text for t in tokens)
        return [
            TemplateMatch(auto.finals[s], caps, 0.0, words)
            for s, caps in active if s in auto.finals
        ]

    # -- fuzzy ---------------------------------------------------------------------------

    def fuzzy(self, tokens: list[Token], starts: Iterable[int]) -> list[TemplateMatch]:
        """Best near matches within the cost bound (Dijkstra over (position, state))."""
        n = len(tokens)
        if n == 0:
            return []
        bound = min(MAX_COST, RATIO * n)
        auto = self.auto
        lang = self.lang
        similar = [self._similar_words(t) for t in tokens]
        is_number = [lang.number_value(t.key) is not None for t in tokens]
        value_cache: dict[tuple[int, int], list[tuple[str, str, float]]] = {}
        counter = itertools.count()
        heap: list[tuple[float, int, int, int, Captures, tuple[str, ...]]] = []
        for s in starts:
            heap.append((0.0, next(counter), 0, s, (), ()))
        heapq.heapify(heap)
        done: set[tuple[int, int, Captures]] = set()
        best: dict[tuple[int, Captures], TemplateMatch] = {}

        def push(cost: float, i: int, s: int, caps: Captures, words: tuple[str, ...]) -> None:
            if cost <= bound + 1e-9 and (i, s, caps) not in done:
                heapq.heappush(heap, (cost, next(counter), i, s, caps, words))

        while heap:
            cost, _, i, s, caps, words = heapq.heappop(heap)
            if (i, s, caps) in done:
                continue
            done.add((i, s, caps))
            tok = tokens[i] if i < n else None
            for t, ecaps in auto.closure[s]:
                c2 = caps + ecaps
                if tok is None and t in auto.finals:
                    key = (auto.templates[auto.finals[t]].order, c2)
                    if key not in best:
                        best[key] = TemplateMatch(auto.finals[t], c2, cost, words)
                for wkey, wtext, target in auto.words[t]:
                    if tok is not None:
                        sub = self._substitution(tok, wkey, similar[i], is_number[i])
                        push(cost + sub, i + 1, target, c2, (*words, wtext))
                    push(cost + self._delete_cost(wkey), i, target, c2, (*words, wtext))
                if tok is None:
                    continue
                for table, slot, target in auto.lookups[t]:
                    for out, _ in auto.tables[table].get(tok.key, ()):
                        push(cost, i + 1, target, (*c2, (slot, out)), (*words, tok.text))
                    if is_number[i] or tok.key in lang.meaning_words:
                        continue  # "haut" is not the value "huit"
                    cache_key = (table, i)
                    if cache_key not in value_cache:
                        value_cache[cache_key] = self._similar_values(tok, table)
                    for out, vtext, vcost in value_cache[cache_key]:
                        push(cost + vcost, i + 1, target, (*c2, (slot, out)), (*words, vtext))
            if tok is not None:
                push(cost + self._insert_cost(tok.key, is_number[i]), i + 1, s, caps, words)
        return list(best.values())

    def _similar_words(self, tok: Token) -> dict[str, float]:
        found = process.extract(
            tok.key, self._vocab, scorer=fuzz.ratio, score_cutoff=WORD_SIMILARITY, limit=None
        )
        similar = {word: score / 100.0 for word, score, _ in found}
        for word in self._vocab_sounds.get(self.lang.sounds(tok.key), ()):
            similar[word] = max(similar.get(word, 0.0), SOUND_SIMILARITY / 100.0)
        return similar

    def _similar_values(self, tok: Token, table: int) -> list[tuple[str, str, float]]:
        keys = self._table_keys[table]
        found = process.extract(
            tok.key, keys, scorer=fuzz.ratio, score_cutoff=VALUE_SIMILARITY, limit=None
        )
        scores = {key: float(score) for key, score, _ in found}
        for key in self._table_sounds[table].get(self.lang.sounds(tok.key), ()):
            scores[key] = max(scores.get(key, 0.0), SOUND_SIMILARITY)
        out: list[tuple[str, str, float]] = []
        for key, score in scores.items():
            if key == tok.key:
                continue
            for value, text in self.auto.tables[table][key]:
                out.append((value, text, 0.5 + (1.0 - score / 100.0)))
        return out

    def _substitution(
        self, tok: Token, wkey: str, similar: dict[str, float], is_number: bool
    ) -> float:
        if wkey == tok.key:
            return 0.0
        if is_number or self.lang.number_value(wkey) is not None:
            return NEVER
        if self.lang.equivalent(tok.key, wkey):
            return EQUIVALENT_COST
        if tok.key in self.lang.meaning_words:
            return NEVER  # a word that carries meaning is never read as another one
        sim = similar.get(wkey)
        if sim is None:
            return NEVER
        return 0.2 + 0.8 * (1.0 - sim)

    def _insert_cost(self, key: str, is_number: bool) -> float:
        if key in self.lang.cheap_words:
            return CHEAP_COST
        if is_number or key in self.lang.meaning_words:
            return NEVER  # never ignored: "au début", "pioche", "ne ... pas" change the move
        return WORD_COST if key in self._known else UNKNOWN_WORD_COST

    def _delete_cost(self, key: str) -> float:
        return CHEAP_COST if key in self.lang.cheap_words else WORD_COST


def _by_sound(words: Iterable[str], language: Language) -> dict[str, tuple[str, ...]]:
    """The words that sound alike, by sound (``Language.sounds``)."""
    index: dict[str, list[str]] = {}
    for word in words:
        index.setdefault(language.sounds(word), []).append(word)
    return {sound: tuple(same) for sound, same in index.items()}


__all__ = ["MAX_COST", "RATIO", "Matcher", "TemplateMatch"]
