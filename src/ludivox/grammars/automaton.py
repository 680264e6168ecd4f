"""Sentence templates (hassil 3 syntax) compiled into one word-level automaton.

Templates are parsed with hassil's own parser, so authors write hassil templates:
``(a|b)`` alternatives, ``[opt]`` optionals, ``(a;b)`` permutations, ``{list}`` and
``{list:slot}`` slot lists, ``<rule>`` expansion rules. They are then compiled (Thompson
construction) into a non-deterministic automaton over normalised words, which lets one
structure serve exact matching, cost-bounded fuzzy matching (see :mod:`matcher`) and Vosk
phrase lists (see :mod:`phrases`), and lets a slot declared ``many`` collect several values
("le quatre, le cinq et le six"), which hassil's recogniser cannot do.

Arcs consume one word (``words``) or one slot-list value (``lookups``: a table from word to
the ids it means); epsilon arcs may carry captures (multi-word list values). Words glued to
brackets ("répète[s]") are refused at load time: write "(répète|répètes)".
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hassil.expression import (
    Alternative,
    Expression,
    ListReference,
    Permutation,
    RuleReference,
    Sentence,
    Sequence,
    TextChunk,
)
from hassil.parse_expression import parse_sentence

from ludivox.grammars.errors import GrammarError
from ludivox.grammars.language import Language, Token
from ludivox.grammars.specs import IntentSpec, ListSpec
from ludivox.grammars.yamlfile import where

Captures = tuple[tuple[str, str], ...]
Lookup = dict[str, tuple[tuple[str, str], ...]]  # word key -> ((id, display), ...)

_OPENERS = "[({<"
_CLOSERS = "])}>"
_GLUED = re.compile(r"[^\s\[\](){}<>|;?!.,:](?=[\[({<])|(?<=[\])}>])[^\s\[\](){}<>|;?!.,:]")
_MAX_PERMUTATION = 5


@dataclass(frozen=True)
class Template:
    """Where an accepting state came from."""

    intent: str
    text: str
    file: str
    line: int | None
    order: int


@dataclass(frozen=True)
class CompiledList:
    """A slot list ready for the automaton: one-word values in a table, longer ones apart."""

    spec: ListSpec
    table: Lookup
    chains: tuple[tuple[tuple[Token, ...], str], ...]


@dataclass
class Automaton:
    """States are ints; per state: word arcs, lookup arcs, epsilon arcs."""

    words: list[list[tuple[str, str, int]]] = field(default_factory=list)
    lookups: list[list[tuple[int, str, int]]] = field(default_factory=list)
    eps: list[list[tuple[int, Captures]]] = field(default_factory=list)
    tables: list[Lookup] = field(default_factory=list)
    finals: dict[int, int] = field(default_factory=dict)
    templates: list[Template] = field(default_factory=list)
    starts: dict[str, list[int]] = field(default_factory=dict)
    closure: list[tuple[tuple[int, Captures], ...]] = field(default_factory=list)

    def new_state(self) -> int:
        self.words.append([])
        self.lookups.append([])
        self.eps.append([])
        return len(self.words) - 1

    def table_index(self, table: Lookup) -> int:
        for i, existing in enumerate(self.tables):
            if existing is table:
                return i
        self.tables.append(table)
        return len(self.tables) - 1

    def finish(self) -> None:
        """Precompute every state's epsilon closure (the epsilon graph is acyclic)."""
        memo: dict[int, tuple[tuple[int, Captures], ...]] = {}

        def close(state: int) -> tuple[tuple[int, Captures], ...]:
            if state in memo:
                return memo[state]
            seen: dict[tuple[int, Captures], None] = {(state, ()): None}
            for target, caps in self.eps[state]:
                for t2, caps2 in close(target):
                    seen.setdefault((t2, caps + caps2), None)
            memo[state] = tuple(seen)
            return memo[state]

        for state in range(len(self.words)):
            close(state)
        self.closure = [memo[s] for s in range(len(self.words))]

    def vocabulary(self) -> set[str]:
        """Every word key on a word arc."""
        return {key for arcs in self.words for key, _, _ in arcs}


Tokenizer = Callable[[str], list[Token]]


@dataclass
class Compiler:
    """Compiles templates for one automaton (``tokenize`` decides the word form)."""

    automaton: Automaton
    language: Language
    tokenize: Tokenizer
    lists: Mapping[str, CompiledList]
    rules: Mapping[str, tuple[Sentence, str]]
    forbidden: frozenset[str] = frozenset()
    check_slots: bool = True

    def add(self, spec: IntentSpec, text: str, file: str, line: int | None) -> None:
        """Compile one template of ``spec``'s intent; authoring errors raise GrammarError."""
        sentence = parse_template(text, file, line)
        if self.check_slots:
            self._check_slots(spec, sentence, text, file, line)
        start = self.automaton.new_state()
        end = self._compile(sentence.expression, start, spec, file, line, ())
        self.automaton.finals[end] = len(self.automaton.templates)
        self.automaton.templates.append(
            Template(spec.name, text, file, line, len(self.automaton.templates))
        )
        self.automaton.starts.setdefault(spec.name, []).append(start)

    def _check_slots(
        self, spec: IntentSpec, sentence: Sentence, text: str, file: str, line: int | None
    ) -> None:
        stats = _SlotStats(self, spec, file, line)
        low, high = stats.count(sentence.expression, ())
        for name, slot in spec.slots.items():
            if not slot.optional and low[name] < 1:
                raise GrammarError(
                    f"template of {spec.name!r} can leave required slot {name!r} empty: {text!r}",
                    file, line,
                )
            if not slot.many and high[name] > 1:
                raise GrammarError(
                    f"template of {spec.name!r} can fill slot {name!r} twice (declare it "
                    f"'many: true' or use another slot): {text!r}", file, line,
                )

    def _compile(
        self, expr: Expression, state: int, spec: IntentSpec, file: str, line: int | None,
        stack: tuple[str, ...],
    ) -> int:
        auto = self.automaton
        if isinstance(expr, TextChunk):
            for tok in self.tokenize(expr.text):
                if tok.key in self.forbidden:
                    raise GrammarError(
                        f"template word {tok.text!r} is a filler removed from every utterance, "
                        "so this template can never match", file, line,
                    )
                nxt = auto.new_state()
                auto.words[state].append((tok.key, tok.text, nxt))
                state = nxt
            return state
        if isinstance(expr, Permutation):
            if len(expr.items) > _MAX_PERMUTATION:
                raise GrammarError("permutation with more than 5 items", file, line)
            end = auto.new_state()
            for order in itertools.permutations(expr.items):
                branch = auto.new_state()
                auto.eps[state].append((branch, ()))
                tail = self._compile(Sequence(items=list(order)), branch, spec, file, line, stack)
                auto.eps[tail].append((end, ()))
            return end
        if isinstance(expr, Alternative):
            end = auto.new_state()
            for item in expr.items:
                branch = auto.new_state()
                auto.eps[state].append((branch, ()))
                tail = self._compile(item, branch, spec, file, line, stack)
                auto.eps[tail].append((end, ()))
            return end
        if isinstance(expr, Sequence):
            for item in expr.items:
                state = self._compile(item, state, spec, file, line, stack)
            return state
        if isinstance(expr, ListReference):
            return self._compile_list(expr, state, spec, file, line)
        if isinstance(expr, RuleReference):
            name = expr.rule_name
            if name not in self.rules:
                raise GrammarError(f"unknown rule <{name}>", file, line)
            if name in stack:
                raise GrammarError(f"rule <{name}> refers to itself", file, line)
            body, _ = self.rules[name]
            return self._compile(body.expression, state, spec, file, line, (*stack, name))
        raise GrammarError(f"unsupported template element {type(expr).__name__}", file, line)

    def _compile_list(
        self, ref: ListReference, state: int, spec: IntentSpec, file: str, line: int | None
    ) -> int:
        auto = self.automaton
        compiled = self.lists[ref.list_name]  # checked by _SlotStats before compiling
        slot = ref.slot_name
        end = auto.new_state()
        if compiled.table:
            auto.lookups[state].append((auto.table_index(compiled.table), slot, end))
        for tokens, out in compiled.chains:
            cur = state
            for tok in tokens:
                nxt = auto.new_state()
                auto.words[cur].append((tok.key, tok.text, nxt))
                cur = nxt
            auto.eps[cur].append((end, ((slot, out),)))
        return end


@dataclass
class _SlotStats:
    """Fewest and most captures per slot along any path; also checks list references."""

    compiler: Compiler
    spec: IntentSpec
    file: str
    line: int | None

    def count(self, expr: Expression, stack: tuple[str, ...]) -> tuple[Counter[str], Counter[str]]:
        if isinstance(expr, TextChunk):
            return Counter(), Counter()
        if isinstance(expr, Alternative):
            parts = [self.count(item, stack) for item in expr.items]
            low = parts[0][0].copy()
            for other, _ in parts[1:]:
                low = Counter({k: min(low[k], other[k]) for k in low})
            high: Counter[str] = Counter()
            for _, h in parts:
                for k, v in h.items():
                    high[k] = max(high[k], v)
            return low, high
        if isinstance(expr, (Sequence, Permutation)):
            low, high = Counter(), Counter()
            for item in expr.items:
                lo, hi = self.count(item, stack)
                low.update(lo)
                high.update(hi)
            return low, high
        if isinstance(expr, ListReference):
            self._check_list(expr)
            return Counter({expr.slot_name: 1}), Counter({expr.slot_name: 1})
        if isinstance(expr, RuleReference):
            rules = self.compiler.rules
            if expr.rule_name not in rules:
                raise GrammarError(f"unknown rule <{expr.rule_name}>", self.file, self.line)
            if expr.rule_name in stack:
                raise GrammarError(
                    f"rule <{expr.rule_name}> refers to itself", self.file, self.line
                )
            body, _ = rules[expr.rule_name]
            return self.count(body.expression, (*stack, expr.rule_name))
        return Counter(), Counter()

    def _check_list(self, ref: ListReference) -> None:
        name, slot = ref.list_name, ref.slot_name
        compiled = self.compiler.lists.get(name)
        if compiled is None:
            raise GrammarError(f"unknown list {{{name}}}", self.file, self.line)
        sspec = self.spec.slots.get(slot)
        if sspec is None:
            raise GrammarError(
                f"intent {self.spec.name!r} has no slot {slot!r} (list {{{name}}}); declare it "
                "in intents.yaml or write {list:slot}", self.file, self.line,
            )
        if sspec.type != compiled.spec.type:
            raise GrammarError(
                f"slot {slot!r} holds {sspec.type} ids but list {{{name}}} gives "
                f"{compiled.spec.type} ids", self.file, self.line,
            )


def parse_template(text: str, file: str, line: int | None) -> Sentence:
    """Parse a hassil template; syntax errors become GrammarError with file and line."""
    if not isinstance(text, str) or not text.strip():
        raise GrammarError("empty template", file, line)
    glued = _GLUED.search(text)
    if glued is not None:
        raise GrammarError(
            f"brackets glued to a word in {text!r} (at {glued.start() + 1}): put spaces around "
            "brackets and write whole words, e.g. (répète|répètes)", file, line,
        )
    depth = 0
    for ch in text:
        if ch in _OPENERS:
            depth += 1
        elif ch in _CLOSERS:
            depth -= 1
        if depth < 0:
            break
    if depth != 0:
        raise GrammarError(f"unbalanced brackets in {text!r}", file, line)
    try:
        return parse_sentence(text, keep_text=True)
    except Exception as exc:  # hassil raises ParseError, AssertionError, IndexError...
        raise GrammarError(f"cannot parse template {text!r}: {exc}", file, line) from exc


def compile_rules(rules: Mapping[str, str], default_file: str) -> dict[str, tuple[Sentence, str]]:
    """Parse expansion rules (``name -> template``)."""
    out: dict[str, tuple[Sentence, str]] = {}
    for name, body in rules.items():
        file, line = where(body, default_file)
        out[name] = (parse_template(body, file, line), body)
    return out


__all__ = [
    "Automaton",
    "Captures",
    "CompiledList",
    "Compiler",
    "Lookup",
    "Template",
    "compile_rules",
    "parse_template",
]
