"""Load and check the Kingdom Builder board sections (``kingdom_builder/sections.json``).

The file is a copy of the team's shared data (its ``about`` note says where the terrain was
transcribed from). The loader checks it against the counts the rulebook and the data README
give: 8 sections of 10 x 10 hexes; each has 1 castle and 2 location hexes, except the Oracle
and Harbor sections (2 castles, 1 location hex), hence 14 location hexes x 2 tiles = 28
tiles as in the box. Every problem is told at once, in French, at its ``file:line:col``
(:class:`KingdomBuilderDataError`): what is wrong and what to write, so that a person
correcting the data from their own box knows where to look.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from ludivox.engines.kingdom_builder.board import SECTION_SIZE, BoardError, Section
from ludivox.engines.kingdom_builder.components import (
    LOCATION_KINDS,
    TERRAIN_CODES,
    TILES_PER_LOCATION,
)
from ludivox.gamedata.french import DataFileError, Problem, join, read_text, shown
from ludivox.gamedata.json_positions import JsonPath, read_json, value_positions

DATA_FILE = "kingdom_builder/sections.json"
TWO_CASTLE_SECTIONS = ("oracle", "harbor")
EXPECTED_TILES = 28

# the letters of the rows, as the data file's "encoding" note names them in French
_LETTERS: dict[str, str] = {"G": "prairie", "K": "canyon", "D": "désert", "F": "fleurs",
                            "T": "forêt", "W": "eau", "M": "montagne", "C": "château",
                            "L": "lieu"}
assert set(_LETTERS) == set(TERRAIN_CODES)
_LEGEND = join([f"{letter} ({name})" for letter, name in _LETTERS.items()])
_ALL = join([kind.capitalize() for kind in LOCATION_KINDS])
_COUNTS = ("Oracle et Harbor ont 2 châteaux et 1 lieu, les autres sections 1 château et "
           "2 lieux")


class KingdomBuilderDataError(DataFileError):
    """The sections file does not match the rulebook's counts or is malformed; ``problems``
    lists every problem with its position, the message tells them in French."""

    title = "Kingdom Builder"


def data_path() -> Path:
    """Where the packaged sections file lives."""
    return Path(str(resources.files("ludivox.gamedata").joinpath(DATA_FILE)))


def load_sections(path: Path | str | None = None) -> dict[str, Section]:
    """The 8 sections by id (the location kind: ``"tavern"``, ``"oracle"``...), checked."""
    source = Path(path) if path is not None else data_path()
    text = read_text(source, KingdomBuilderDataError)
    return parse_text(text, str(source))


def parse_text(text: str, source: str = "<texte>") -> dict[str, Section]:
    """Check a sections file's text, each problem at its line and column."""
    document = read_json(text)
    if isinstance(document, Problem):
        raise KingdomBuilderDataError(source, [document])
    return _Checker(source, lambda: value_positions(text)).sections(document)


def parse_sections(raw: Any, where: str = "sections.json") -> dict[str, Section]:
    """Check a decoded sections document (no positions: problems name the file only)."""
    return _Checker(where, dict).sections(raw)


class _Checker:
    """Gathers every problem of one document, each at the position of the value at fault."""

    def __init__(self, source: str,
                 positions: Callable[[], Mapping[JsonPath, tuple[int, int]]]) -> None:
        self.source = source
        self.positions = positions  # found only when a problem is to be told
        self.found: Mapping[JsonPath, tuple[int, int]] | None = None
        self.problems: list[Problem] = []

    def at(self, path: JsonPath, message: str) -> None:
        if self.found is None:
            self.found = self.positions()
        line, column = self.found.get(path, (0, 0))
        self.problems.append(Problem(line, column, message))

    def sections(self, raw: Any) -> dict[str, Section]:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("sections"), Mapping):
            has = isinstance(raw, Mapping) and "sections" in raw
            self.at(("sections",) if has else (), "il faut un objet « sections » donnant les 8 "
                    f"sections du plateau ({_ALL}), par exemple \"sections\": {{\"Barn\": "
                    "{…}, …}")
            raise KingdomBuilderDataError(self.source, self.problems)
        out: dict[str, Section] = {}
        given: set[str] = set()
        for key, entry in raw["sections"].items():
            kind = str(key).lower()
            if kind not in LOCATION_KINDS:
                self.at(("sections", key), f"section « {key} » inconnue : les sections sont "
                        f"{_ALL}")
                continue
            if kind in given:
                self.at(("sections", key), f"la section {kind.capitalize()} est donnée deux "
                        "fois : garde-en une seule")
            given.add(kind)
            section = self.section(str(key), kind, entry)
            if section is not None:
                out[kind] = section
        missing = [kind.capitalize() for kind in LOCATION_KINDS if kind not in given]
        if missing:
            which = "les sections" if len(missing) > 1 else "la section"
            self.at(("sections",), f"il manque {which} {join(missing)} : les 8 sections sont "
                    f"{_ALL}")
        hexes = sum(len(s.cells("L")) for s in out.values())
        if not self.problems and hexes * TILES_PER_LOCATION != EXPECTED_TILES:
            self.at(("sections",), f"{hexes} lieux donnent {hexes * TILES_PER_LOCATION} "
                    f"tuiles, la boîte en a {EXPECTED_TILES} : {_COUNTS}")
        if self.problems:
            raise KingdomBuilderDataError(self.source, self.problems)
        return out

    def section(self, key: str, kind: str, entry: Any) -> Section | None:
        here: JsonPath = ("sections", key)
        name = f"la section « {key} »"
        if not isinstance(entry, Mapping):
            self.at(here, f"{name} doit être un objet {{ … }} avec location_type, rows, "
                    "castles et locations")
            return None
        given = entry.get("location_type")
        if not isinstance(given, str) or given.lower() != kind:
            self.at((*here, "location_type") if "location_type" in entry else here,
                    f"{name} a pour location_type {shown(given)} : écris « {key} », le nom "
                    "de la section")
        rows = entry.get("rows")
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            self.at((*here, "rows") if "rows" in entry else here,
                    f"{name} : « rows » doit être une liste de {SECTION_SIZE} rangées de "
                    f"{SECTION_SIZE} lettres, par exemple \"FDDMMDDKKK\"")
            return None
        if not self.rows(here, name, rows):
            return None
        try:
            section = Section(kind, tuple(rows))
        except BoardError:  # every rule of Section is checked above
            self.at(here, f"{name} ne peut pas former une section du plateau : vérifie-la")
            return None
        for field, letter in (("castles", "C"), ("locations", "L")):
            self.cells(here, name, entry, field, letter, section)
        castles, locations = (2, 1) if kind in TWO_CASTLE_SECTIONS else (1, 2)
        got = (len(section.cells("C")), len(section.cells("L")))
        if got != (castles, locations):
            self.at((*here, "rows"), f"{name} a {_count(got[0], 'château', 'châteaux')} et "
                    f"{_count(got[1], 'lieu', 'lieux')} (lettres C et L), la boîte en a "
                    f"{castles} et {locations} : {_COUNTS} ; corrige les rangées")
        return section

    def rows(self, here: JsonPath, name: str, rows: list[str]) -> bool:
        size = SECTION_SIZE
        ok = len(rows) == size
        if not ok:
            self.at((*here, "rows"), f"{name} a {_count(len(rows), 'rangée', 'rangées')} : il "
                    f"en faut {size}, de {size} lettres chacune")
        for number, row in enumerate(rows):
            if len(row) != size:
                ok = False
                self.at((*here, "rows", number), f"{name}, rangée {number} (comptée depuis "
                        f"0) : {_count(len(row), 'lettre', 'lettres')}, il en faut {size}")
            bad = sorted(set(row) - set(TERRAIN_CODES))
            if bad:
                ok = False
                unknown = "lettre inconnue" if len(bad) == 1 else "lettres inconnues"
                self.at((*here, "rows", number), f"{name}, rangée {number} (comptée depuis "
                        f"0) : {unknown} {join([shown(ch) for ch in bad])} ; les lettres sont "
                        f"{_LEGEND}")
        return ok

    def cells(self, here: JsonPath, name: str, entry: Mapping[str, Any], field: str,
              letter: str, section: Section) -> None:
        at = (*here, field) if field in entry else here
        raw = entry.get(field, [])
        if not isinstance(raw, list) or not all(_is_cell(x) for x in raw):
            self.at(at, f"{name} : « {field} » doit être une liste de cases [rangée, colonne] "
                    "comptées depuis 0, par exemple [[3, 3]]")
            return
        listed = sorted((int(r), int(c)) for r, c in raw)
        found = sorted(section.cells(letter))
        if listed != found:
            self.at(at, f"{name} : « {field} » donne {_cells(listed)} mais les « {letter} » "
                    f"des rangées sont en {_cells(found)} (rangée, colonne, comptées depuis "
                    "0) : fais-les concorder")


def _is_cell(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in value))


def _cells(cells: list[tuple[int, int]]) -> str:
    return join([f"[{r}, {c}]" for r, c in cells]) if cells else "aucune case"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


__all__ = [
    "KingdomBuilderDataError",
    "data_path",
    "load_sections",
    "parse_sections",
    "parse_text",
]
