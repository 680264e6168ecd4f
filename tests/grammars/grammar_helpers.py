"""Shared helpers for the grammar tests."""

from __future__ import annotations

import inspect
import shutil
from collections.abc import Collection, Hashable, Mapping, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, TypeVar

import pytest

from ludivox.engines.base import Event
from ludivox.grammars import Grammar, GrammarError
from ludivox.grammars.grammar import ROOT
from ludivox.grammars.intents import Intent
from ludivox.grammars.testcases import Case, games, load_cases

T = TypeVar("T")

LANGS = ("fr",)
GAMES = [g for g in games() if g != "common"]


def cases_for(game: str, lang: str = "fr") -> list[Case]:
    """A game's own cases plus the shared conversation cases (which must hold in every game)."""
    return list(_cases_for(game, lang))


@cache
def _cases_for(game: str, lang: str) -> tuple[Case, ...]:
    """The test files read once per run (cases are frozen: sharing them is safe)."""
    own = load_cases(game, lang)
    return tuple(own if game == "common" else own + load_cases("common", lang))


def exact_cases(game: str, lang: str = "fr") -> list[Case]:
    """The cases of :func:`cases_for` that name an intent and must match exactly."""
    return [c for c in _cases_for(game, lang)
            if not isinstance(c, Exception) and c.intent is not None and not c.fuzzy]


def grammar(game: str, lang: str = "fr") -> Grammar:
    return Grammar.load(game, lang)


def understood(game: str, text: str, intents: Collection[str] | None = None,
               lang: str = "fr") -> list[Intent]:
    """``grammar(game, lang).understand(text, intents=intents)``, each sentence read once per
    test run: the property tests all start from the reading of the same test sentences.
    Only for the real grammars as they are (a test that patches how they read calls
    ``understand`` itself)."""
    allowed = None if intents is None else frozenset(intents)
    return list(_understood(game, lang, text, allowed))


def first_value_run(game: str, tokens: Sequence[str]) -> tuple[int, int] | None:
    """(start, end) of the first run of value words in ``tokens`` (the words of a sentence
    as the language reads them; "un", "une" are articles here), or None."""
    lang = grammar(game).language

    def value(word: str) -> bool:
        return lang.number_value(word) is not None and word not in lang.cheap_words

    start = next((i for i, t in enumerate(tokens) if value(t)), None)
    if start is None:
        return None
    end = start
    while end < len(tokens) and value(tokens[end]):
        end += 1
    return start, end


def exact_meaning(game: str, text: str, intents: Collection[str] | None = None
                  ) -> tuple[str, dict[str, object]] | None:
    """The best reading of ``text`` as (intent, slots) when it is exact (cost 0), else None."""
    found = understood(game, text, intents)
    return (found[0].name, dict(found[0].slots)) if found and found[0].cost == 0 else None


@cache
def _understood(game: str, lang: str, text: str,
                intents: frozenset[str] | None) -> tuple[Intent, ...]:
    return tuple(grammar(game, lang).understand(text, intents=intents))


class Rotation(Generic[T]):
    """Variants of a sentence (a filler word, an opening, a reason ...) handed out in turn, so
    that a property over every test sentence times every variant covers both without their
    whole cross product: each call gives ``per_case`` variants, and each ``group`` (the case's
    intent) takes them in turn from its own starting point, so an intent with enough sentences
    meets every variant and every variant meets many intents. Deterministic (no random
    state): a failure found once is found again. A test asserts with :meth:`missed` that each
    variant was checked at least once."""

    def __init__(self, variants: Sequence[T], per_case: int = 1) -> None:
        assert variants and per_case >= 1
        self.variants = tuple(variants)
        self.per_case = min(per_case, len(self.variants))
        self._next: dict[Hashable, int] = {}

    def __call__(self, group: Hashable = None) -> tuple[T, ...]:
        at = self._next.setdefault(group, len(self._next))  # each group starts one further
        self._next[group] = at + self.per_case
        return tuple(self.variants[(at + i) % len(self.variants)] for i in range(self.per_case))

    def missed(self, checked: Collection[T]) -> list[T]:
        """The variants never in ``checked`` (to assert: ``not rotation.missed(...)``)."""
        return [v for v in self.variants if v not in checked]


def infinitives(lang: Any) -> dict[str, str]:
    """Each form of a verb of the game -> its infinitive (from the same meaning group of the
    language data: "pose" -> "poser")."""
    found: dict[str, str] = {}
    for word in lang.meaning_words:
        if word.endswith(lang.infinitive_endings):
            for group in lang.equivalents:
                if word in group:
                    found.update({form: word for form in group})
    return found


def copy_grammars(dest: Path) -> Path:
    """A writable copy of the real grammar folders (only the data files)."""
    root = dest / "grammars"
    for folder in ["common", *GAMES]:
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("*.py*"))
    return root


def case_params(games: list[str]) -> list[object]:
    """pytest params (game, lang, case); a game whose files do not load gives one failing
    param naming the error, instead of breaking the collection of every test."""
    params: list[object] = []
    for game in games:
        for lang in LANGS:
            try:
                cases = cases_for(game, lang)
            except GrammarError as exc:
                params.append(pytest.param(game, lang, exc, id=f"{game}-{lang}-unreadable"))
                continue
            params += [
                pytest.param(game, lang, case, id=f"{game}-{lang}-{case.line}-{case.text}")
                for case in cases
            ]
    return params


def event_classes(module: ModuleType) -> list[type[Event]]:
    """The event classes an engine's events module defines (not those it imports)."""
    return [
        cls for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, Event) and cls is not Event and cls.__module__ == module.__name__
    ]


def assert_refusals_say(
    game: str, lang: str, codes: Mapping[str, Collection[str]], unspoken: Collection[str]
) -> None:
    """Every reason code has a ``refusal.<code>`` response accepting its parameters and
    saying each of them, but for the ``unspoken`` ones (seats, indexes: not for people)."""
    g = grammar(game, lang)
    for code, params in codes.items():
        key = f"refusal.{code}"
        assert g.has_response(key), key
        assert set(params) <= set(g.response_params(key)), key
        unused = set(params) - set(unspoken) - g.response_uses(key)
        assert not unused, f"{key} never says {sorted(unused)}"


def assert_event_says(g: Grammar, event: Event, params: Mapping[str, Any]) -> None:
    """The event has an ``event.<kind>`` response accepting its payload, and that response
    says a whole sentence with ``params`` (the payload with names for people)."""
    key = f"event.{event.kind}"
    assert g.has_response(key), key
    assert set(event.payload()) <= set(g.response_params(key)), key
    text = g.say(key, **params)
    assert text and "{" not in text, (key, text)
