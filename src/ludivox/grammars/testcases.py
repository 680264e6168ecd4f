"""The grammar test files (``<game>/<lang>/tests.yaml``), for tests and benchmarks.

::

    language: fr
    tests:
      - intent: place
        slots: {cards: [card:7], column: column:3}
        sentences: ["je pose le sept sur la colonne trois", "Euh, 7 sur 3."]
      - intent: place
        fuzzy: true                # near misses: must resolve, with a cost above 0
        slots: {cards: [card:7], column: column:3}
        sentences: ["je pause le sept sur la trois"]
      - intent: on_column
        intents: [on_column, number]   # only these can be said at that moment
        ...
    no_match:                      # must give nothing at all
      - "quel temps fait-il"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ludivox.grammars.errors import GrammarError
from ludivox.grammars.grammar import COMMON, ROOT, parts
from ludivox.grammars.intents import SlotValue
from ludivox.grammars.yamlfile import fail, load_yaml, where


@dataclass(frozen=True)
class Case:
    """One utterance and what it must give (``intent`` ``None``: nothing)."""

    text: str
    intent: str | None
    slots: Mapping[str, SlotValue]
    fuzzy: bool
    intents: frozenset[str] | None
    file: str
    line: int | None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.text!r}"


def load_cases(game: str, lang: str = "fr", root: Path | None = None) -> list[Case]:
    """The cases of ``game`` in ``lang`` (``common`` for the shared conversation)."""
    cases: list[Case] = []
    for path in parts((root or ROOT) / game / lang, "tests"):
        cases.extend(_load_file(path, lang))
    return cases


def _load_file(path: Path, lang: str) -> list[Case]:
    data = load_yaml(path)
    if not isinstance(data, dict) or str(data.get("language")) != lang:
        raise GrammarError(f"expected 'language: {lang}', 'tests' and 'no_match'", path, 1)
    cases: list[Case] = []
    for block in data.get("tests") or ():
        if not isinstance(block, dict) or "intent" not in block or "sentences" not in block:
            raise fail("each test needs 'intent' and 'sentences'", block, path)
        intent = str(block["intent"])
        slots: dict[str, SlotValue] = {}
        for name, value in (block.get("slots") or {}).items():
            slots[str(name)] = (
                tuple(str(v) for v in value) if isinstance(value, list) else str(value)
            )
        allowed = block.get("intents")
        for text in block["sentences"]:
            file, line = where(text, path)
            cases.append(
                Case(
                    str(text), intent, slots, bool(block.get("fuzzy", False)),
                    frozenset(allowed) if allowed else None, file, line,
                )
            )
    for text in data.get("no_match") or ():
        if not isinstance(text, str):  # a test block put here would never be checked
            first = next(iter(text.values()), None) if isinstance(text, dict) else None
            raise GrammarError("'no_match' lists sentences only (a test block belongs in "
                               "'tests')", *where(first, path, 1))
        file, line = where(text, path)
        cases.append(Case(str(text), None, {}, False, None, file, line))
    return cases


def games(root: Path | None = None) -> list[str]:
    """Every game folder with an ``intents.yaml`` (``common`` first)."""
    base = root or ROOT
    found = sorted(p.parent.name for p in base.glob("*/intents.yaml"))
    return [COMMON] + [g for g in found if g != COMMON]


__all__ = ["Case", "games", "load_cases"]
