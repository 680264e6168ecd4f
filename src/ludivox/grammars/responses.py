"""Responses: keyed sentences with ``{param}`` placeholders, rendered in one language.

A ``responses.yaml`` entry is a sentence, a list of variants (the first is used unless a
seed is given), or a choice on a parameter::

    answer.pile:
      select: count          # ints by value, sequences by length, bools as true/false
      cases:
        0: "Ta pioche est vide."
        1: "Il te reste une carte dans ta pioche."
        other: "Il te reste {count} cartes dans ta pioche."

Placeholders: ``{name}`` or ``{name:options}``. Ints are spoken as words ("sept"),
sequences are joined naturally ("le quatre, le cinq et le six"), strings are kept.
Options (space separated): ``f`` feminine ("une"), ``ord`` ordinal ("premier"; with ``f``:
"première"), ``digits``, ``or`` (join with "ou"), ``each="le "`` (said before each item),
``quote`` (each item in quotes), ``grouped`` (equal numbers counted: "un huit et deux
onze"), ``sentences`` (items joined as sentences: "Colonne un : vide. Colonne deux : ..."),
``carte|cartes`` (the singular or plural word for a number or a sequence's length).

A rendered response that ends like a sentence (".", "!", "?") starts with a capital;
fragments meant to be inserted elsewhere (``action.place``: "poser le sept...") do not.
"""

from __future__ import annotations

import random
import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludivox.grammars.errors import GrammarError
from ludivox.grammars.language import Language
from ludivox.grammars.yamlfile import where

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_NAME = re.compile(r"[a-z_][a-z0-9_]*")
_FLAGS = {"f", "ord", "digits", "or", "quote", "grouped", "sentences"}


@dataclass(frozen=True)
class Placeholder:
    """``{name:options}`` parsed."""

    name: str
    flags: frozenset[str] = frozenset()
    each: str = ""
    plural: tuple[str, str] | None = None


@dataclass(frozen=True)
class Text:
    """A sentence: literal pieces and placeholders."""

    pieces: tuple[str | Placeholder, ...]


@dataclass(frozen=True)
class Select:
    """Pick a sub-response from a parameter's value."""

    param: str
    cases: Mapping[str, Node]


@dataclass(frozen=True)
class Variants:
    """Several ways to say the same thing."""

    items: tuple[Node, ...]


Node = Text | Select | Variants


def parse_entry(value: Any, key: str, declared: Sequence[str], path: Path) -> Node:
    """Parse one response entry; unknown placeholders or bad shapes raise GrammarError."""
    file, line = where(value, path, where(key, path)[1])
    if isinstance(value, str):
        return _parse_text(value, key, declared, file, line)
    if isinstance(value, list) and value:
        return Variants(tuple(parse_entry(v, key, declared, path) for v in value))
    if isinstance(value, dict) and set(value) == {"select", "cases"}:
        param = value["select"]
        if param not in declared:
            raise GrammarError(
                f"response {key!r} selects on unknown parameter {param!r} "
                f"(declared: {', '.join(declared) or 'none'})", *where(param, file, line),
            )
        cases_in = value["cases"]
        if not isinstance(cases_in, dict) or not cases_in:
            raise GrammarError(f"response {key!r}: 'cases' must be a mapping", file, line)
        cases = {_case_key(k): parse_entry(v, key, declared, path) for k, v in cases_in.items()}
        if "other" not in cases and not {"true", "false"} <= set(cases):
            raise GrammarError(f"response {key!r}: 'cases' needs an 'other' case", file, line)
        return Select(str(param), cases)
    raise GrammarError(
        f"response {key!r}: expected a sentence, a list of variants, or select/cases", file, line
    )


def _case_key(key: object) -> str:
    if isinstance(key, bool):
        return "true" if key else "false"
    return str(key)


def _parse_text(text: str, key: str, declared: Sequence[str], file: str, line: int | None) -> Text:
    pieces: list[str | Placeholder] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(text):
        pieces.append(text[pos : m.start()])
        pieces.append(_parse_placeholder(m.group(1), key, declared, file, line))
        pos = m.end()
    tail = text[pos:]
    literal = [p for p in (*pieces, tail) if isinstance(p, str)]
    if any("{" in p or "}" in p for p in literal):
        raise GrammarError(f"response {key!r}: unbalanced braces in {text!r}", file, line)
    pieces.append(tail)
    return Text(tuple(p for p in pieces if p != ""))


def _parse_placeholder(
    body: str, key: str, declared: Sequence[str], file: str, line: int | None
) -> Placeholder:
    name, _, options = body.partition(":")
    name = name.strip()
    if not _NAME.fullmatch(name):
        raise GrammarError(f"response {key!r}: bad placeholder {{{body}}}", file, line)
    if name not in declared:
        raise GrammarError(
            f"response {key!r} uses unknown placeholder {{{name}}} "
            f"(declared: {', '.join(declared) or 'none'})", file, line,
        )
    try:
        words = shlex.split(options)
    except ValueError as exc:
        raise GrammarError(
            f"response {key!r}: bad options in {{{body}}}: {exc}", file, line
        ) from exc
    flags: set[str] = set()
    each = ""
    plural: tuple[str, str] | None = None
    for word in words:
        if word in _FLAGS:
            flags.add(word)
        elif word.startswith("each="):
            each = word[len("each=") :]
        elif word.count("|") == 1 and all(word.split("|")):
            one, many = word.split("|")
            plural = (one, many)
        else:
            raise GrammarError(
                f"response {key!r}: unknown option {word!r} in {{{body}}} "
                "(known: f, ord, digits, or, quote, grouped, sentences, each=\"...\", "
                "singular|plural)", file, line,
            )
    return Placeholder(name, frozenset(flags), each, plural)


def placeholders(node: Node) -> set[str]:
    """Every parameter a response can use (placeholders and selects, all variants)."""
    if isinstance(node, Text):
        return {p.name for p in node.pieces if isinstance(p, Placeholder)}
    if isinstance(node, Select):
        out = {node.param}
        for case in node.cases.values():
            out |= placeholders(case)
        return out
    return set().union(*(placeholders(i) for i in node.items))


_CAPITALISED = re.compile(r"(?<![.!?…] )(?<!^)\b([A-ZÀ-ÖØ-Þ][\w-]*)")


def proper_nouns(nodes: Iterable[Node]) -> frozenset[str]:
    """Words the responses write with a capital in the middle of a sentence ("Edgar").

    A piece rendered to go inside another sentence loses the capital its template starts
    with ("Colonne un..." -> "colonne un..."), unless that first word is one of these.
    """
    found: set[str] = set()
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, Variants):
            stack.extend(node.items)
        elif isinstance(node, Select):
            stack.extend(node.cases.values())
        else:
            text = "".join(p if isinstance(p, str) else "{}" for p in node.pieces)
            found.update(m.group(1) for m in _CAPITALISED.finditer(text.strip()))
    return frozenset(found)


class Renderer:
    """Turns a parsed response and its parameters into a sentence."""

    def __init__(self, language: Language, names: frozenset[str] = frozenset()) -> None:
        self.lang = language
        self.names = names

    def render(
        self, key: str, node: Node, params: Mapping[str, object], seed: int | None,
        capitalize: bool = True,
    ) -> str:
        """Render ``node``; a parameter it needs but did not get raises KeyError.

        With ``capitalize=False`` the result is meant to go inside another sentence: a capital
        the template itself starts with is lowered, a name given as a parameter keeps its own.
        """
        rng = random.Random(seed) if seed is not None else None
        text = self._node(key, node, params, rng, lower_first=not capitalize)
        text = " ".join(text.split())
        if capitalize and text.endswith((".", "!", "?", "…", "»")):
            text = text[:1].upper() + text[1:]
        return text

    def _node(
        self, key: str, node: Node, params: Mapping[str, object], rng: random.Random | None,
        lower_first: bool = False,
    ) -> str:
        if isinstance(node, Variants):
            item = node.items[0] if rng is None else rng.choice(node.items)
            return self._node(key, item, params, rng, lower_first)
        if isinstance(node, Select):
            value = _param(key, params, node.param)
            case = self._case(value)
            chosen = node.cases.get(case) or node.cases.get("other")
            if chosen is None:
                raise KeyError(f"response {key!r} has no case for {node.param}={value!r}")
            return self._node(key, chosen, params, rng, lower_first)
        out: list[str] = []
        for piece in node.pieces:
            if isinstance(piece, str):
                if lower_first and not "".join(out).strip() and not self._is_name(piece):
                    lead = len(piece) - len(piece.lstrip())
                    piece = piece[:lead] + piece[lead : lead + 1].lower() + piece[lead + 1 :]
                out.append(piece)
                continue
            value = _param(key, params, piece.name)
            text = self._value(piece, value)
            if isinstance(value, str) and out:
                out[-1] = self.lang.elide(out[-1], text)
            out.append(text)
        return "".join(out)

    def _is_name(self, text: str) -> bool:
        """True when ``text`` starts with a proper noun (see :func:`proper_nouns`)."""
        words = text.split(maxsplit=1)
        return bool(words) and words[0].strip(",.:;!?") in self.names

    @staticmethod
    def _case(value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, (list, tuple)):
            return str(len(value))
        return str(value)

    def _value(self, ph: Placeholder, value: object) -> str:
        if ph.plural is not None:
            count = len(value) if isinstance(value, (list, tuple)) else value
            if not isinstance(count, int):
                raise TypeError(f"{{{ph.name}}}: a plural needs a number, got {value!r}")
            return ph.plural[0] if count in self.lang.singular else ph.plural[1]
        if isinstance(value, (list, tuple)):
            if "sentences" in ph.flags:
                parts = [self._item(ph, v).strip() for v in value]
                return ". ".join(p[:1].upper() + p[1:] for p in parts if p)
            if "grouped" in ph.flags:
                items = self._grouped(ph, value)
            else:
                items = [self._item(ph, v) for v in value]
            conj = self.lang.list_or if "or" in ph.flags else None
            return self.lang.join(items, conj)
        return self._item(ph, value)

    def _grouped(self, ph: Placeholder, values: Sequence[object]) -> list[str]:
        counts: dict[object, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        out: list[str] = []
        for v, n in counts.items():
            if n == 1:
                out.append(self._item(ph, v))
            else:
                out.append(f"{self.lang.numbers.cardinal(n)} {self._scalar(ph, v)}")
        return out

    def _item(self, ph: Placeholder, value: object) -> str:
        text = ph.each + self._scalar(ph, value)
        if "quote" in ph.flags:
            text = self.lang.quote_open + text + self.lang.quote_close
        return text

    def _scalar(self, ph: Placeholder, value: object) -> str:
        if isinstance(value, bool) or value is None:
            raise TypeError(f"{{{ph.name}}}: cannot say {value!r}")
        if isinstance(value, int):
            if "digits" in ph.flags:
                return str(value)
            if "ord" in ph.flags:
                return self.lang.numbers.ordinal(value, feminine="f" in ph.flags)
            return self.lang.numbers.cardinal(value, feminine="f" in ph.flags)
        return str(value)


def _param(key: str, params: Mapping[str, object], name: str) -> object:
    if name not in params:
        raise KeyError(f"response {key!r} needs parameter {name!r}")
    return params[name]


__all__ = [
    "Node", "Renderer", "Select", "Text", "Variants", "parse_entry", "placeholders", "proper_nouns",
]
