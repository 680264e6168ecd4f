"""Reading a grammar's files: the declarations, sentence templates, rules and lists compiled
into the matching and surface automatons, and the responses with their short forms (every
authoring error names its file and line). :func:`ludivox.grammars.grammar.Grammar.load`
puts them together."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludivox.grammars.automaton import Automaton, Compiler, compile_rules
from ludivox.grammars.errors import GrammarError
from ludivox.grammars.language import Language, Token
from ludivox.grammars.responses import Node, parse_entry
from ludivox.grammars.slotlists import compile_list
from ludivox.grammars.specs import Declarations, ListSpec, parse_list
from ludivox.grammars.yamlfile import fail, load_yaml, where


@dataclass(frozen=True)
class Sources:
    declarations: list[Path]
    lang_dirs: list[Path]


def parts(folder: Path, name: str) -> list[Path]:
    """``<name>.yaml`` then its topic parts ``<name>.<topic>.yaml``, sorted (see README).

    A topic part (``responses.voice.yaml``) is read exactly as if its entries were written in
    the main file; keys must still be unique across all of them.
    """
    return [folder / f"{name}.yaml", *sorted(folder.glob(f"{name}.*.yaml"))]



def read_sentences(
    sources: Sources, lang: str, decl: Declarations
) -> tuple[dict[str, list[str]], dict[str, str], dict[str, str], dict[str, ListSpec]]:
    templates: dict[str, list[str]] = {}
    examples: dict[str, str] = {}
    rules: dict[str, str] = {}
    lists: dict[str, ListSpec] = dict(decl.lists)
    for path in (p for folder in sources.lang_dirs for p in parts(folder, "sentences")):
        data = load_yaml(path)
        if not isinstance(data, dict):
            raise GrammarError("expected a mapping with 'language' and 'intents'", path, 1)
        if str(data.get("language")) != lang:
            raise fail(f"'language' must be {lang!r}", data.get("language"), path, 1)
        unknown = set(data) - {"language", "intents", "lists", "expansion_rules"}
        if unknown:
            key = sorted(unknown)[0]
            raise fail(f"unknown section {key!r}", key, path)
        for name, body in (data.get("expansion_rules") or {}).items():
            if name in rules:
                raise fail(f"rule <{name}> is defined twice", name, path)
            if not isinstance(body, str):
                raise fail(f"rule <{name}> must be a template string", name, path)
            rules[name] = body
        for name, spec in (data.get("lists") or {}).items():
            if name in lists:
                raise fail(f"list {{{name}}} is defined twice", name, path)
            lists[name] = parse_list(name, spec, path)
        for name, body in (data.get("intents") or {}).items():
            if name not in decl.intents:
                raise fail(
                    f"intent {name!r} is not declared in any intents.yaml", name, path
                )
            if not isinstance(body, dict) or not isinstance(body.get("data"), list):
                raise fail(f"intent {name!r}: expected 'data: - sentences: [...]'", name, path)
            if "example" in body:
                examples[name] = str(body["example"])
            for block in body["data"]:
                if not isinstance(block, dict) or set(block) != {"sentences"}:
                    raise fail(
                        f"intent {name!r}: each data block has only 'sentences'", name, path
                    )
                for sentence in block["sentences"] or ():
                    if not isinstance(sentence, str):
                        raise fail(f"intent {name!r}: a sentence must be a string", name, path)
                    templates.setdefault(name, []).append(sentence)
    for name, spec in decl.intents.items():
        if not templates.get(name):
            raise GrammarError(
                f"intent {name!r} has no sentences in {lang!r}", spec.file, spec.line
            )
        if name not in examples:
            raise GrammarError(
                f"intent {name!r} has no 'example' in {lang!r}", spec.file, spec.line
            )
    return templates, examples, rules, lists


def compile_grammar(
    language: Language,
    decl: Declarations,
    templates: Mapping[str, list[str]],
    rules: Mapping[str, str],
    lists: Mapping[str, ListSpec],
) -> tuple[Automaton, Automaton]:
    fillers = frozenset(f[0] for f in language.fillers if len(f) == 1)

    def surface(text: str) -> list[Token]:
        return [Token(w, w) for w in language.surface_words(text)]

    parsed_rules = compile_rules(rules, "sentences.yaml")
    autos: list[Automaton] = []
    for tokenize, for_speech in ((language.words, False), (surface, True)):
        auto = Automaton()
        compiled = {
            name: compile_list(spec, language, tokenize, for_speech)
            for name, spec in lists.items()
        }
        compiler = Compiler(
            auto, language, tokenize, compiled, parsed_rules,
            forbidden=fillers if not for_speech else frozenset(),
            check_slots=not for_speech,  # the same templates: checked once
        )
        for name in sorted(templates):
            for text in templates[name]:
                file, line = where(text, "sentences.yaml")
                compiler.add(decl.intents[name], text, file, line)
        auto.finish()
        autos.append(auto)
    return autos[0], autos[1]


def read_responses(
    sources: Sources, lang: str, decl: Declarations
) -> tuple[dict[str, Node], dict[str, Node]]:
    """Every response, and the short forms some have (``full:``/``short:`` entries, and
    ``short:`` sections of any responses file)."""
    out: dict[str, Node] = {}
    short: dict[str, Node] = {}

    def add_short(key: str, entry: Any, path: Path) -> None:
        if key not in decl.responses:
            raise fail(f"short form of {key!r}: not declared in any intents.yaml", key, path)
        if key in short:
            raise fail(f"response {key!r} has two short forms", key, path)
        short[key] = parse_entry(entry, key, decl.responses[key], path)

    for path in (p for folder in sources.lang_dirs for p in parts(folder, "responses")):
        data = load_yaml(path)
        if not isinstance(data, dict) or not (
            isinstance(data.get("responses"), dict) or isinstance(data.get("short"), dict)
        ):
            raise GrammarError(
                "expected 'language' and a 'responses:' (or 'short:') mapping", path, 1
            )
        if str(data.get("language")) != lang:
            raise fail(f"'language' must be {lang!r}", data.get("language"), path, 1)
        unknown = set(data) - {"language", "responses", "short"}
        if unknown:
            raise fail(f"unknown section {sorted(unknown)[0]!r}", sorted(unknown)[0], path)
        for key, entry in (data.get("responses") or {}).items():
            if key not in decl.responses:
                raise fail(f"response {key!r} is not declared in any intents.yaml", key, path)
            if key in out:
                raise fail(f"response {key!r} is defined twice", key, path)
            if isinstance(entry, dict) and set(entry) == {"full", "short"}:
                add_short(str(key), entry["short"], path)
                entry = entry["full"]
            out[key] = parse_entry(entry, str(key), decl.responses[key], path)
        for key, entry in (data.get("short") or {}).items():
            add_short(str(key), entry, path)
    for key in decl.responses:
        if key not in out:
            file, line = decl.response_lines[key]
            raise GrammarError(f"response {key!r} has no sentence in {lang!r}", file, line)
    return out, short


__all__ = ["Sources", "compile_grammar", "parts", "read_responses", "read_sentences"]
