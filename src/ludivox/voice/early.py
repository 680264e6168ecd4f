"""Early endpointing: do the words heard so far already make a whole command?

While the player speaks, the recognizer's partial text is read against the sentences that can
be said: a :class:`Reading` says whether the words so far are a **complete** command and
whether a longer sentence still **starts** with them. When they are complete and nothing can
follow (``final``), the listener lets the utterance end after a short silence; otherwise the
long one stays ("je pose le sept" can go on with "sur la trois": the player is never cut off
mid-command).

:class:`GrammarReader` walks the game's own sentence automaton (the one that understands
typed text: fillers dropped, numbers merged) word by word; a continuation counts only when the
recognizer can say its next word now (a word of the phrase list of the moment), since no
other word can come out of it. Pure and immutable (but for memos of the grammar keys of
each phrase list and of the states after each first word, filled once each): safe to share
between threads.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Protocol
from weakref import WeakKeyDictionary

from ludivox.grammars.grammar import Grammar
from ludivox.voice.recognizer import UNKNOWN_WORD

MEMO_LISTS = 8
"""Phrase lists whose grammar keys a reader remembers (a game uses a few at a time)."""

_WORD_KEYS: WeakKeyDictionary[Grammar, dict[str, frozenset[str]]] = WeakKeyDictionary()


def _word_keys(grammar: Grammar) -> Callable[[str], frozenset[str]]:
    """The grammar keys of one word (memoized for the grammar's life: the words of a game
    are a few hundred)."""
    known = _WORD_KEYS.setdefault(grammar, {})
    language = grammar.language

    def keys(word: str) -> frozenset[str]:
        found = known.get(word)
        if found is None:
            found = known[word] = frozenset(t.key for t in language.tokens(word))
        return found

    return keys


@dataclass(frozen=True)
class Reading:
    """What the words heard so far are."""

    text: str
    complete: bool = False
    extendable: bool = True
    begun: bool = False
    """The words so far start a sentence that can be said now (a whole command or the start
    of one; False for none, ``[unk]`` or words no sentence of the moment starts with)."""

    @property
    def final(self) -> bool:
        """A whole command that nothing can continue: the utterance may end early."""
        return self.complete and not self.extendable


class CommandReader(Protocol):
    """Reads partial text against what can be said."""

    def read(self, text: str, vocabulary: Collection[str] | None = None) -> Reading:
        """The reading of ``text``; ``vocabulary``: the words the recognizer can output
        now (None: any)."""
        ...


class GrammarReader:
    """A :class:`CommandReader` over a :class:`Grammar`'s sentences (``intents``: those
    that can be said now; None: all, which only makes more sentences extendable)."""

    def __init__(self, grammar: Grammar, intents: Collection[str] | None = None) -> None:
        self.grammar = grammar
        self.intents = None if intents is None else frozenset(intents)
        # the same automaton that understands what was said
        self._auto = grammar.automaton
        self._starts = grammar.start_states(self.intents)
        closure = self._auto.closure
        self._start_active = frozenset(t for s in self._starts for t, _ in closure[s])
        self._first: dict[str, frozenset[int]] = {}
        """The states after each first word (its grammar key): a partial result's first
        word is read again with every new word (the start states are thousands)."""
        first = grammar not in _WORD_KEYS
        self._keys_of = _word_keys(grammar)
        if first:  # the grammar's words once, here rather than at the first partial result
            for word in grammar.vocabulary():
                self._keys_of(word)
        self._memo: dict[frozenset[str], frozenset[str]] = {}

    def _keys(self, vocabulary: Collection[str]) -> frozenset[str]:
        """The grammar keys of the words of ``vocabulary``, worked out once per phrase list
        (and each word once per language): tokenizing the 600-odd words of a list took
        190-240 ms per partial result on a loaded machine, on the listening thread."""
        words = frozenset(vocabulary)
        keys = self._memo.get(words)
        if keys is None:
            keys = frozenset().union(*(self._keys_of(word) for word in words))
            if len(self._memo) >= MEMO_LISTS:
                self._memo.clear()
            self._memo[words] = keys
        return keys

    def read(self, text: str, vocabulary: Collection[str] | None = None) -> Reading:
        """The reading of ``text`` (see :class:`Reading`)."""
        words = text.split()
        if not words or UNKNOWN_WORD in words:
            return Reading(text)
        tokens = self.grammar.language.tokens(text)
        if not tokens:
            return Reading(text)
        auto = self._auto
        active = self._first.get(tokens[0].key)
        if active is None:
            active = self._first[tokens[0].key] = self._step(self._start_active, tokens[0].key)
        for tok in tokens[1:]:
            if not active:
                break
            active = self._step(active, tok.key)
        if not active:
            return Reading(text, complete=False, extendable=False)
        complete = any(state in auto.finals for state in active)
        keys = None if vocabulary is None else self._keys(vocabulary)
        extendable = False
        for state in active:
            if any(keys is None or key in keys for key, _, _ in auto.words[state]):
                extendable = True
                break
            if any(keys is None or not keys.isdisjoint(auto.tables[table])
                   for table, _, _ in auto.lookups[state]):
                extendable = True
                break
        return Reading(text, complete=complete, extendable=extendable,
                       begun=complete or extendable)

    def _step(self, active: Collection[int], key: str) -> frozenset[int]:
        """The states reached from ``active`` by a word of grammar key ``key``."""
        auto = self._auto
        closure = auto.closure
        nxt: set[int] = set()
        for state in active:
            for word, _, target in auto.words[state]:
                if word == key:
                    nxt.update(t for t, _ in closure[target])
            for table, _, target in auto.lookups[state]:
                if key in auto.tables[table]:
                    nxt.update(t for t, _ in closure[target])
        return frozenset(nxt)


__all__ = ["CommandReader", "GrammarReader", "Reading"]
