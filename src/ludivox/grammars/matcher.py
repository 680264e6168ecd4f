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
  but a relation word right after a slot value (``relation_words``: "à l'est *de* seize
  un") is never made up before a preposition said, nor read in one: it says what the value
  is joined to, and "à l'est, *en* seize un" names the place itself;
* a discourse word said for nothing ("toujours", "là": ``discourse_words``): 0.3;
* numbers are never dropped, added or changed: "pose le quatorze" does not become a 4.

A fuzzy match is accepted only when its total cost is at most ``MAX_COST`` (0.9) and at most
``RATIO`` (0.34) times the number of words heard: one wrong word needs two or more words
around it, and no known word is ever dropped or invented. Candidates are ranked by cost,
then by fewer slot values (so "un sept" is the card 7 said with an article rather than a 1
and a 7), then by template order.

A last-resort *guess* (``fuzzy(..., loose=True)``, used by :mod:`ludivox.grammars.guess`
when nothing else fits) reads a sentence by what carries its meaning: every number, slot value
and meaning word heard must be read as it was said, while words the grammar does not know
cost little (0.1: "je le *case* sur la trois"), a verb of the template not said costs 0.5,
and the total may reach ``LOOSE_MAX``; such a reading is only ever asked about, never acted on.

Speed: the search is an A* whose heuristic is exact about what cannot be avoided: a heard word
a template does not have (on its arcs or as a value of its lists) costs at least its cheapest
reading (substitution, misheard value or insertion), so a template missing too many of the
words heard is never entered, and a path is dropped as soon as what it spent plus what the
words left must cost exceeds the bound. The costs of every heard word against the vocabulary
are computed once per utterance. Same matches as a plain Dijkstra, several times faster.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from ludivox.grammars.automaton import Automaton, Captures
from ludivox.grammars.language import Language, Token

_FirstStep = tuple[dict[str, tuple[tuple[int, Captures], ...]],
                   tuple[tuple[int, str, int, Captures], ...]]

MAX_COST = 0.9
RATIO = 0.34
EQUIVALENT_COST = 0.1
CHEAP_COST = 0.3
WORD_COST = 1.0
UNKNOWN_WORD_COST = 0.6
NEVER = 99.0
WORD_SIMILARITY = 50.0
VALUE_SIMILARITY = 75.0
VALUE_LEAST = 0.5  # the least a misheard slot value costs (0.5 + (1 - s))
SOUND_SIMILARITY = 90.0  # two words that sound alike ("cet", "sept"): close, never the same
# A heard word naming a value of the game (not an article nor a discourse word) is read as
# another template word only when they sound alike or are spelt this alike ("laines",
# "laine"; "roi", "rois"), never by a looser likeness ("laine" is no "grain"); a value read
# as another value already needs VALUE_SIMILARITY
KNOWN_SIMILARITY = 75.0
LOOSE_MAX = 1.6  # a guess: the most it may cost in all
LOOSE_UNKNOWN = 0.1  # a word the grammar does not know, heard for nothing ("je le case")
LOOSE_CHEAP = 0.2  # an article or a discourse word, said or left out
LOOSE_VERB = 0.5  # a verb of the template not said (the unknown word said instead)
LOOSE_BUDGET = 30000  # a guess: the most search steps (about 65 ms here), then no guess at all
LOOSE_SPREAD = 0.5  # a guess: readings costing more than the best one plus this are not sought
LOOSE_KNOWN = 0.6  # a word the grammar knows said for nothing ("colonne" gives the next its role)


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
        self._values = {k for t in automaton.tables for k in t}
        self._known = set(self._vocab) | self._values
        # words naming a value (a thing, a card, a place): KNOWN_SIMILARITY
        self._carried = self._values - language.cheap_words - language.discourse_words
        self.known: frozenset[str] = frozenset(self._known)
        """Every word a template or a value list says."""
        self._table_keys = [sorted(t) for t in automaton.tables]
        self._vocab_sounds = _by_sound(self._vocab, language)
        self._table_sounds = [_by_sound(keys, language) for keys in self._table_keys]
        self._numbers = {w for w in self._vocab if language.number_value(w) is not None}
        self._delete = {w: self._delete_cost(w) for w in self._vocab}
        self._loose_delete = {w: self._loose_delete_cost(w) for w in self._vocab}
        # states a slot value leads to: a relation word there ("à l'est *de* seize un")
        # says what the value is joined to and is never left out
        self._after_value = frozenset(
            {t for lookups in automaton.lookups for _, _, target in lookups
             for t, _ in automaton.closure[target]}
            | {t for closure in automaton.closure for t, caps in closure if caps})  # "à l'est"
        self._finish: list[float] | None = None
        self._loose_finish()  # at load, not at the first sentence guessed at
        self._group, self._group_words = _templates_words(automaton)
        # a sequence word of one word ("et", "puis"): never left out after the first word
        self._joiners = frozenset(p[0] for p in language.sequence_words if len(p) == 1)
        self._first: dict[tuple[int, ...], _FirstStep] = {}
        self._equivalents: dict[str, frozenset[str]] = {}
        for group in language.equivalents:
            for word in group:
                self._equivalents[word] = self._equivalents.get(word, frozenset()) | group

    def knows(self, key: str) -> bool:
        """Is ``key`` a word of the templates, a slot value, or a cheap or discourse word?"""
        lang = self.lang
        return (key in self._known or key in lang.cheap_words or key in lang.discourse_words
                or lang.number_value(key) is not None)

    def starts(self, intents: Collection[str] | None) -> list[int]:
        """Start states of the allowed intents (all when ``None``)."""
        names = self.auto.starts.keys() if intents is None else intents
        return [s for name in names for s in self.auto.starts.get(name, ())]

    # -- exact ---------------------------------------------------------------------------

    def exact(self, tokens: list[Token], starts: Iterable[int]) -> list[TemplateMatch]:
        """Every template that matches ``tokens`` word for word (cost 0). The first word is
        looked up in an index of the start states' arcs, built once per set of start states
        (thousands of arcs, most of them never taken), then each word steps the paths alive."""
        if not tokens:
            return []
        auto = self.auto
        closure = auto.closure
        by_word, by_table = self._first_step(starts)
        key = tokens[0].key
        active: set[tuple[int, Captures]] = set(by_word.get(key, ()))
        for table, slot, target, caps in by_table:
            for out, _ in auto.tables[table].get(key, ()):
                got = (*caps, (slot, out))
                for t2, c2 in closure[target]:
                    active.add((t2, got + c2))
        for tok in tokens[1:]:
            if not active:
                return []
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

    def _first_step(self, starts: Iterable[int]) -> _FirstStep:
        """The start states' word arcs indexed by word (each to the paths it opens) and
        their lookup arcs; cached per set of start states (an utterance tries several
        readings against the same intents)."""
        key = tuple(starts)
        step = self._first.get(key)
        if step is None:
            auto = self.auto
            closure = auto.closure
            active: set[tuple[int, Captures]] = set()
            for s in key:
                active.update(closure[s])
            by_word: dict[str, set[tuple[int, Captures]]] = {}
            by_table: list[tuple[int, str, int, Captures]] = []
            for state, caps in active:
                for wkey, _, target in auto.words[state]:
                    found = by_word.setdefault(wkey, set())
                    for t2, c2 in closure[target]:
                        found.add((t2, caps + c2))
                for table, slot, target in auto.lookups[state]:
                    by_table.append((table, slot, target, caps))
            step = ({w: tuple(v) for w, v in by_word.items()}, tuple(by_table))
            if len(self._first) > 64:  # a few sets of intents per game: never grows much
                self._first.clear()
            self._first[key] = step
        return step

    # -- fuzzy ---------------------------------------------------------------------------

    def fuzzy(self, tokens: list[Token], starts: Iterable[int], *, loose: bool = False
              ) -> list[TemplateMatch]:
        """Best near matches within the cost bound: an A* search over (position, state), the
        heuristic being the least each word still to be heard must cost (0 for a word the
        grammar knows), so a path that cannot end within the bound is never followed.
        ``loose``: the costs of a guess (see the module's docstring)."""
        n = len(tokens)
        if n == 0:
            return []
        bound = (LOOSE_MAX if loose else min(MAX_COST, RATIO * n)) + 1e-9
        auto = self.auto
        lang = self.lang
        is_number = [lang.number_value(t.key) is not None for t in tokens]
        keys = [t.key for t in tokens]
        keys_joined = [k in self._joiners for k in keys]
        subs = [self._substitutions(t, number or (loose and t.key in self._values), loose)
                for t, number in zip(tokens, is_number, strict=True)]
        insert_cost = self._loose_insert_cost if loose else self._insert_cost
        inserts = [insert_cost(t.key, number) for t, number in zip(tokens, is_number,
                                                                   strict=True)]
        if loose:  # "colonne quatre": the word before a number gives it its role, it stays
            for i in range(n - 1):
                if inserts[i] == LOOSE_KNOWN and is_number[i + 1]:
                    inserts[i] = NEVER
        for i in range(1, n - 1):  # "... sur la six et next": "et" starts a clause the
            # grammar does not know; left out, that clause is dropped with it (half a
            # compound). "deux laines, pis un tissu avec": a list, every word known.
            if keys_joined[i] and not all(self.knows(k) for k in keys[i + 1:]):
                inserts[i] = NEVER
        least = [self._least(t, sub, ins, num or loose)
                 for t, sub, ins, num in zip(tokens, subs, inserts, is_number, strict=True)]
        group = self._group
        rests: dict[int, list[float]] = {}  # per template: the least the words from i cost
        for s in starts:
            g = group[s]
            if g not in rests:
                known = self._group_words[g]
                rest = [0.0] * (n + 1)
                for i in range(n - 1, -1, -1):
                    rest[i] = rest[i + 1] + (0.0 if keys[i] in known else least[i])
                rests[g] = rest
        delete = self._loose_delete if loose else self._delete
        cheapest = LOOSE_CHEAP if loose else CHEAP_COST
        words_at = auto.words
        lookups_at = auto.lookups
        relations, after_value = self.lang.relation_words, self._after_value
        prepositions = self.lang.prepositions
        tables = auto.tables
        closure = auto.closure
        finals = auto.finals
        value_cache: dict[tuple[int, int], list[tuple[str, str, float]]] = {}
        counter = itertools.count()
        heap: list[tuple[float, int, float, int, int, Captures, tuple[str, ...]]] = [
            (rests[group[s]][0], next(counter), 0.0, 0, s, (), ()) for s in starts
            if rests[group[s]][0] <= bound  # a template without most of the words: never
        ]
        heapq.heapify(heap)
        done: set[tuple[int, int, Captures]] = set()
        best: dict[tuple[int, Captures], TemplateMatch] = {}
        heappush = heapq.heappush

        first = NEVER  # the cost of the first match found (matches come cheapest first)
        spread = LOOSE_SPREAD if loose else NEVER
        budget = LOOSE_BUDGET if loose else -1
        end = self._loose_finish() if loose else None  # once all is heard: the least left
        while heap:
            budget -= 1
            if budget == 0:
                return []  # a guess cut short could miss a rival reading: none at all
            f, _, cost, i, s, caps, words = heapq.heappop(heap)
            if f > first + spread:
                break  # a guess only weighs readings this close to the best one
            if (i, s, caps) in done:
                continue
            done.add((i, s, caps))
            if i == n:
                for t, ecaps in closure[s]:
                    c2 = caps + ecaps
                    if t in finals:
                        key = (auto.templates[finals[t]].order, c2)
                        if key not in best:
                            best[key] = TemplateMatch(finals[t], c2, cost, words)
                            first = min(first, cost)
                    for wkey, wtext, target in words_at[t]:
                        c = cost + delete[wkey]
                        f = c + end[target] if end is not None else c
                        if f <= bound and (i, target, c2) not in done:
                            heappush(heap, (f, next(counter), c, i, target, c2, (*words, wtext)))
                continue
            tok = tokens[i]
            said_before = tokens[i - 1].key if i else ""
            here = subs[i]
            rest = rests[group[s]]
            now, after = rest[i], rest[i + 1]
            may_delete = cost + cheapest + now <= bound  # the cheapest word left out
            last = end is not None and i + 1 == n
            for t, ecaps in closure[s]:
                c2 = caps + ecaps
                for wkey, wtext, target in words_at[t]:
                    sub = here.get(wkey)
                    if sub is not None and wkey in relations and t in after_value \
                            and tok.key in prepositions:
                        sub = None  # nor heard in another ("à l'est, *en* seize un")
                    if sub is not None:
                        c = cost + sub
                        f = c + (end[target] if last and end is not None else after)
                        if f <= bound and (i + 1, target, c2) not in done:
                            heappush(heap, (f, next(counter), c, i + 1, target, c2,
                                            (*words, wtext)))
                    if not may_delete or (wkey in relations and t in after_value and (
                            tok.key in prepositions or said_before in prepositions)):
                        continue  # "à l'est, en seize un" is not "à l'est de seize un"
                    c = cost + delete[wkey]
                    if c + now <= bound and (i, target, c2) not in done:
                        heappush(heap, (c + now, next(counter), c, i, target, c2,
                                        (*words, wtext)))
                for table, slot, target in lookups_at[t]:
                    f = cost + (end[target] if last and end is not None else after)
                    if f <= bound:
                        for out, _ in tables[table].get(tok.key, ()):
                            got = (*c2, (slot, out))
                            if (i + 1, target, got) not in done:
                                heappush(heap, (f, next(counter), cost, i + 1, target,
                                                got, (*words, tok.text)))
                    if loose or is_number[i] or tok.key in lang.meaning_words:
                        continue  # "haut" is not the value "huit"; a guess invents none
                    if cost + VALUE_LEAST + after > bound:
                        continue
                    cache_key = (table, i)
                    if cache_key not in value_cache:
                        value_cache[cache_key] = self._similar_values(tok, table)
                    for out, vtext, vcost in value_cache[cache_key]:
                        c = cost + vcost
                        got = (*c2, (slot, out))
                        if c + after <= bound and (i + 1, target, got) not in done:
                            heappush(heap, (c + after, next(counter), c, i + 1, target, got,
                                            (*words, vtext)))
            c = cost + inserts[i]
            f = c + (end[s] if last and end is not None else after)
            if f <= bound and (i + 1, s, caps) not in done:
                heappush(heap, (f, next(counter), c, i + 1, s, caps, words))
        return list(best.values())

    def _loose_finish(self) -> list[float]:
        """Per state, the least a guess must still spend to end its template once every
        heard word is read (template words left out at their loose cost; a list's value
        cannot be left out): an exact bound that stops paths no words can finish. Computed
        once, backwards from the final states (Dijkstra)."""
        if self._finish is None:
            auto = self.auto
            size = len(auto.words)
            into: list[list[tuple[int, float]]] = [[] for _ in range(size)]
            finish = [NEVER] * size
            for s in range(size):
                for t, _ in auto.closure[s]:
                    if t in auto.finals:
                        finish[s] = 0.0
                    for wkey, _, target in auto.words[t]:
                        c = self._loose_delete[wkey]
                        if c < NEVER:
                            into[target].append((s, c))
            heap = [(0.0, s) for s in range(size) if finish[s] == 0.0]
            while heap:
                c, s = heapq.heappop(heap)
                if c > finish[s]:
                    continue
                for before, step in into[s]:
                    if c + step < finish[before]:
                        finish[before] = c + step
                        heapq.heappush(heap, (c + step, before))
            self._finish = finish
        return self._finish

    def _least(self, tok: Token, subs: dict[str, float], insert: float, is_number: bool) -> float:
        """The least hearing ``tok`` costs in a template that does not have the word (nor a
        list with it as a value): its cheapest substitution, misheard value or insertion."""
        least = min((c for w, c in subs.items() if w != tok.key), default=insert)
        if not is_number and tok.key not in self.lang.meaning_words:
            least = min(least, VALUE_LEAST)
        return min(least, insert)

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

    def _substitutions(self, tok: Token, exact: bool, loose: bool = False) -> dict[str, float]:
        """What reading ``tok`` as each template word costs (absent: never).

        The word itself costs 0; a number is never read as another word; an interchangeable
        word costs :data:`EQUIVALENT_COST`; a word that carries meaning is never replaced by
        a look-alike; any other word by one that looks or sounds alike (``0.2 + 0.8 * (1 - s)``).
        Computed once per heard word, so the search only looks costs up. ``exact``: the word
        is only ever itself (a number; a slot value in a guess: "princesse" is no "prends").
        ``loose`` (a guess): only a word that sounds alike, never one spelt alike ("pièces"
        is no "pierres"); a word of the game: :data:`KNOWN_SIMILARITY`."""
        out = {tok.key: 0.0}
        if exact:
            return out
        if tok.key not in self.lang.meaning_words:
            similar = self._similar_words(tok).items()
            least = (SOUND_SIMILARITY if loose else KNOWN_SIMILARITY if tok.key in self._carried
                     else 0.0) / 100.0
            for word, sim in similar:
                if sim < least:
                    continue
                if word not in self._numbers and word != tok.key:
                    out[word] = 0.2 + 0.8 * (1.0 - sim)
        for word in self._equivalents.get(tok.key, ()):
            if word != tok.key and word not in self._numbers:
                out[word] = EQUIVALENT_COST
        return out

    def _insert_cost(self, key: str, is_number: bool) -> float:
        if key in self.lang.cheap_words or key in self.lang.discourse_words:
            return CHEAP_COST  # "le", or "toujours" said for nothing
        if is_number or key in self.lang.meaning_words:
            return NEVER  # never ignored: "au début", "pioche", "ne ... pas" change the move
        return WORD_COST if key in self._known else UNKNOWN_WORD_COST

    def _delete_cost(self, key: str) -> float:
        return CHEAP_COST if key in self.lang.cheap_words else WORD_COST

    def _loose_insert_cost(self, key: str, is_number: bool) -> float:
        """A guess: what carries meaning (a number, a slot value, a meaning word) is never
        heard for nothing; an unknown word costs little."""
        if is_number or key in self.lang.meaning_words or key in self._values:
            return NEVER
        if key in self.lang.cheap_words or key in self.lang.discourse_words:
            return LOOSE_CHEAP
        return LOOSE_KNOWN if key in self._known else LOOSE_UNKNOWN

    def _loose_delete_cost(self, key: str) -> float:
        """A guess: a template's verb may go unsaid (an unknown one said instead), never a
        word whose meaning the player did not say ("début", "dessous", "pas", a number)."""
        lang = self.lang
        if key in lang.cheap_words:
            return LOOSE_CHEAP
        if key in lang.first_forms:
            return LOOSE_VERB
        if key in lang.meaning_words or key in self._numbers:
            return NEVER
        return NEVER


def _templates_words(auto: Automaton) -> tuple[list[int], list[frozenset[str]]]:
    """Each state's template (its states are numbered from its start state on, before the
    next template's), and each template's words: those of its arcs and its lists' values.
    A heard word a template does not have costs at least its cheapest reading elsewhere."""
    starts = sorted(s for states in auto.starts.values() for s in states)
    group = [0] * len(auto.words)
    words: list[set[str]] = [set() for _ in starts]
    index = -1
    for state in range(len(auto.words)):
        if index + 1 < len(starts) and state == starts[index + 1]:
            index += 1
        g = max(index, 0)
        group[state] = g
        words[g].update(key for key, _, _ in auto.words[state])
        for table, _, _ in auto.lookups[state]:
            words[g].update(auto.tables[table])
    return group, [frozenset(w) for w in words]


def _by_sound(words: Iterable[str], language: Language) -> dict[str, tuple[str, ...]]:
    """The words that sound alike, by sound (``Language.sounds``)."""
    index: dict[str, list[str]] = {}
    for word in words:
        index.setdefault(language.sounds(word), []).append(word)
    return {sound: tuple(same) for sound, same in index.items()}


__all__ = ["MAX_COST", "RATIO", "Matcher", "TemplateMatch"]
