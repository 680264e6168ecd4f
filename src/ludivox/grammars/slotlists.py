"""Slot lists turned into words: number ranges spelled by rbnf, word lists expanded."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from hassil.expression import Alternative, Expression, Permutation, Sequence, TextChunk

from ludivox.grammars.automaton import CompiledList, Lookup, parse_template
from ludivox.grammars.errors import GrammarError
from ludivox.grammars.language import Language, Token
from ludivox.grammars.specs import ListSpec
from ludivox.grammars.yamlfile import where


def list_forms(spec: ListSpec, language: Language, for_speech: bool) -> list[tuple[str, str]]:
    """Every way to say each value of ``spec``: ``(text, id)`` pairs.

    ``for_speech`` leaves out digit spellings (a recogniser outputs words).
    """
    out: list[tuple[str, str]] = []
    numbers = language.numbers
    if spec.is_range:
        for n in range(spec.start, spec.stop + 1):
            forms: list[str] = []
            if spec.words:
                forms += (
                    numbers.ordinal_forms(n, digits=spec.digits and not for_speech)
                    if spec.ordinal
                    else numbers.cardinal_forms(n)
                )
            if spec.digits and not for_speech and not spec.ordinal:
                forms.append(str(n))
            out += [(form, spec.slot_id_of(n)) for form in forms]
        return out
    for value in spec.values:
        file, line = where(value.said, spec.file, spec.line)
        sentence = parse_template(value.said, file, line)
        for text in expand(sentence.expression, file, line):
            out.append((text, spec.slot_id(value.out)))
    return out


def compile_list(
    spec: ListSpec, language: Language, tokenize: Callable[[str], list[Token]], for_speech: bool
) -> CompiledList:
    """One-word forms go into a lookup table; longer forms become chains of words."""
    table: Lookup = {}
    chains: list[tuple[tuple[Token, ...], str]] = []
    for text, out in list_forms(spec, language, for_speech):
        tokens = tokenize(text)
        if not tokens:
            raise GrammarError(f"list {spec.name!r}: a value says nothing", spec.file, spec.line)
        if len(tokens) == 1:
            entries = table.setdefault(tokens[0].key, ())
            if (out, tokens[0].text) not in entries:
                table[tokens[0].key] = (*entries, (out, tokens[0].text))
        else:
            chains.append((tuple(tokens), out))
    return CompiledList(spec, table, tuple(chains))


def expand(expr: Expression, file: str, line: int | None) -> list[str]:
    """All texts of a small template without lists or rules (for list values)."""
    if isinstance(expr, TextChunk):
        return [expr.text]
    if isinstance(expr, Alternative):
        return [t for item in expr.items for t in expand(item, file, line)]
    if isinstance(expr, Permutation):
        out: list[str] = []
        for order in itertools.permutations(expr.items):
            out += expand(Sequence(items=list(order)), file, line)
        return out
    if isinstance(expr, Sequence):
        texts = [""]
        for item in expr.items:
            texts = [a + b for a in texts for b in expand(item, file, line)]
        return [" ".join(t.split()) for t in texts]
    raise GrammarError("list values may use (a|b) and [opt] only, not lists or rules", file, line)


__all__ = ["compile_list", "expand", "list_forms"]
