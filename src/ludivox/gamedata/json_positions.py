"""Where each value of a JSON text starts, so that a data file's problems are told at their
line and column, and its syntax errors in French.

:func:`read_json` parses with the standard library; only when a problem must be told,
:func:`value_positions` walks the (valid) text once more, without recursion, to note where
every value starts under its path (``("sections", "Farm", "rows", 3)``). Syntax errors
become a French :class:`~ludivox.gamedata.french.Problem` at the parser's position.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from json.scanner import NUMBER_RE
from typing import Any

from ludivox.gamedata.french import Problem, position

JsonPath = tuple[str | int, ...]
_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")

# the standard library's syntax messages (English) -> what to do, in French; first match wins
_SYNTAX: tuple[tuple[str, str], ...] = (
    ("Expecting property name", "un nom de champ entre guillemets doubles est attendu ici "
     "(une virgule en trop avant « } » ?)"),
    ("Expecting ':'", "il manque « : » entre le nom du champ et sa valeur"),
    ("Expecting ','", "il manque une virgule « , » entre deux éléments, ou un « ] » ou un "
     "« } » pour fermer"),
    ("Unterminated string", "texte entre guillemets jamais fermé : ajoute le « \" » final"),
    ("Invalid control character", "tabulation ou retour à la ligne dans un texte entre "
     "guillemets : ferme le texte sur sa ligne"),
    ("Invalid \\escape", "barre oblique inverse « \\ » invalide dans un texte : retire-la"),
    ("Invalid \\u", "barre oblique inverse « \\ » invalide dans un texte : retire-la"),
    ("Extra data", "du texte suit la fin de l'objet principal : retire-le"),
    ("Expecting value", "une valeur manque ici : un texte entre guillemets doubles, un "
     "nombre, une liste [ ] ou un objet { } (une virgule en trop ?)"),
)


@dataclass(frozen=True)
class _Constant:
    """NaN or Infinity where a value was read: accepted by Python, not JSON."""

    name: str


def read_json(text: str) -> Any:
    """The document, or the French :class:`Problem` that keeps the text from being JSON."""
    try:
        document = json.loads(text, parse_constant=_Constant)
    except json.JSONDecodeError as exc:
        return Problem(exc.lineno, exc.colno, syntax_problem(exc.msg))
    except RecursionError:
        return Problem(0, 0, "listes ou objets imbriqués trop profondément : ce n'est pas le "
                       "fichier des sections, reprends la copie livrée")
    if "NaN" not in text and "Infinity" not in text:
        return document
    offsets = value_offsets(text)
    for path in offsets:
        value = _at(document, path)
        if isinstance(value, _Constant):
            line, column = position(text, offsets[path])
            return Problem(line, column, f"« {value.name} » n'est pas une valeur JSON : écris "
                           "un nombre")
    return document


def _at(document: Any, path: JsonPath) -> Any:
    for step in path:
        document = document[step]
    return document


def value_positions(text: str) -> dict[JsonPath, tuple[int, int]]:
    """The (line, column) of each value of the valid JSON ``text``, by path."""
    return {path: position(text, at) for path, at in value_offsets(text).items()}


def syntax_problem(message: str) -> str:
    """A French sentence for one of the standard library's JSON syntax messages."""
    for fragment, sentence in _SYNTAX:
        if message.startswith(fragment):
            return f"syntaxe JSON : {sentence}"
    return "syntaxe JSON incorrecte : compare cette ligne avec ses voisines"


def value_offsets(text: str) -> dict[JsonPath, int]:
    """The offset where each value of the valid JSON ``text`` starts, by path (a repeated
    key: its last value, as :func:`json.loads` keeps)."""
    out: dict[JsonPath, int] = {}
    stack: list[tuple[JsonPath, int]] = []  # open containers: path, index (-1: an object)
    path: JsonPath = ()
    i = _SPACE.match(text, 0).end()  # type: ignore[union-attr]
    while True:
        out[path] = i
        opened = text[i]
        if opened in "{[":
            i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
            if text[i] not in "}]":
                stack.append((path, -1 if opened == "{" else 0))
                if opened == "{":
                    key, i = _key(text, i)
                    path = (*path, key)
                else:
                    path = (*path, 0)
                continue
            i += 1
        elif opened == '"':
            i = _STRING.match(text, i).end()  # type: ignore[union-attr]
        else:
            number = NUMBER_RE.match(text, i)
            i = number.end() if number else i + len(next(
                w for w in _LITERALS if text.startswith(w, i)))
        while stack:  # after a value: the next one in its container, or close it
            i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
            parent, index = stack[-1]
            if text[i] == ",":
                i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
                if index < 0:
                    key, i = _key(text, i)
                    path = (*parent, key)
                else:
                    stack[-1] = (parent, index + 1)
                    path = (*parent, index + 1)
                break
            i += 1
            stack.pop()
        else:
            return out


def _key(text: str, i: int) -> tuple[str, int]:
    """An object's key at ``i`` (its opening quote); the offset of its value."""
    quoted = _STRING.match(text, i)
    key: str = json.loads(quoted.group())  # type: ignore[union-attr]
    i = _SPACE.match(text, quoted.end()).end() + 1  # type: ignore[union-attr]  # past ':'
    return key, _SPACE.match(text, i).end()  # type: ignore[union-attr]


__all__ = ["JsonPath", "read_json", "syntax_problem", "value_offsets", "value_positions"]
