"""French wording and error type shared by the game data loaders (7 Kingdoms, Kingdom
Builder): how a data file's problems are told to the person correcting it.

Every problem is one :class:`Problem` (where: 1-based line and column, 0 for the whole file;
what: a French sentence saying what is wrong and what to write). :class:`DataFileError`
gathers them under a French header, one ``file:line:col: problem`` line each.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One problem in a data file: where (1-based line and column; 0 for the whole file)
    and what, in French."""

    line: int
    column: int
    message: str


class DataFileError(ValueError):
    """A game's data file cannot be used; ``problems`` lists every problem with its
    position. The message (in French) names the file and gives one ``file:line:col:
    problem`` line each. Subclasses name their game in ``title``."""

    title = "ce jeu"

    def __init__(self, source: str, problems: Iterable[Problem]) -> None:
        self.source = source
        self.problems = tuple(sorted(problems, key=lambda p: (p.line, p.column)))
        count = len(self.problems)
        lines = [
            f"{source}:{p.line}:{p.column}: {p.message}" if p.line else f"{source} : {p.message}"
            for p in self.problems
        ]
        header = (f"les données de {self.title} sont à corriger ({count} problème"
                  f"{'s' if count > 1 else ''}) :")
        super().__init__("\n".join([header, *lines]) if lines
                         else f"{source} : données de {self.title} inutilisables")


def position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of a character offset in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def decode(data: bytes) -> str | Problem:
    """A data file's text (UTF-8, a leading BOM allowed), or the problem at the first byte
    that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return Problem(line, column, "le fichier n'est pas en UTF-8 : enregistre-le en UTF-8 "
                       "depuis ton éditeur")


def unreadable(exc: OSError) -> str:
    """Why a data file cannot be read, and what to check."""
    if isinstance(exc, FileNotFoundError):
        return "fichier introuvable : vérifie son chemin"
    if isinstance(exc, PermissionError):
        return "lecture refusée : vérifie les droits du fichier"
    if isinstance(exc, IsADirectoryError):
        return "c'est un dossier, pas le fichier des composants"
    return "lecture impossible : vérifie le fichier et le disque"


def read_text(source: Path, error: type[DataFileError]) -> str:
    """The text of the data file ``source``; ``error`` (the game's :class:`DataFileError`)
    when it cannot be read or is not UTF-8, the problem told in French."""
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise error(str(source), [Problem(0, 0, unreadable(exc))]) from exc
    text = decode(data)
    if isinstance(text, Problem):
        raise error(str(source), [text])
    return text


def join(words: Sequence[str], last: str = "et") -> str:
    """``"a"``, ``"a et b"``, ``"a, b et c"``."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def number_list(numbers: Iterable[int]) -> str:
    """Numbers with their runs shortened: ``"3"``, ``"3 et 5"``, ``"1, 4 et 30 à 35"``."""
    spans: list[str] = []
    run: list[int] = []
    for n in sorted(set(numbers)):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        spans.extend(_spans(run))
        run = [n]
    spans.extend(_spans(run))
    return join(spans)


def _spans(run: list[int]) -> list[str]:
    if len(run) <= 2:
        return [str(n) for n in run]
    return [f"{run[0]} à {run[-1]}"]


def shown(value: object) -> str:
    """A value as the person wrote it: ``« douze »``, ``« 2.5 »``, ``vide``, ``une liste``."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return "vide"
    if isinstance(value, bool):
        return "« vrai »" if value else "« faux »"
    if isinstance(value, str | int | float):
        return f"« {str(value).strip()} »"
    return "une liste" if isinstance(value, list | tuple) else "une table"


__all__ = [
    "DataFileError",
    "Problem",
    "decode",
    "join",
    "number_list",
    "position",
    "shown",
    "unreadable",
]
