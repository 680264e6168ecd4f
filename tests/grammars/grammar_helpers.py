"""Shared helpers for the grammar tests."""

from __future__ import annotations

import shutil
from pathlib import Path

from ludivox.grammars import Grammar
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
