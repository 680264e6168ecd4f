"""Shared helpers for the grammar tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ludivox.grammars import Grammar, GrammarError
from ludivox.grammars.grammar import ROOT
from ludivox.grammars.testcases import Case, games, load_cases

LANGS = ("fr",)
GAMES = [g for g in games() if g != "common"]


def cases_for(game: str, lang: str = "fr") -> list[Case]:
    """A game's own cases plus the shared conversation cases (which must hold in every game)."""
    own = load_cases(game, lang)
    return own if game == "common" else own + load_cases("common", lang)


def grammar(game: str, lang: str = "fr") -> Grammar:
    return Grammar.load(game, lang)


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
