"""Load and check the Kingdom Builder board sections (``kingdom_builder/sections.json``).

The file is a copy of the team's shared data (its ``about`` note says where the terrain was
transcribed from). The loader checks it against the counts the rulebook and the data README
give: 8 sections of 10 x 10 hexes; each has 1 castle and 2 location hexes, except the Oracle
and Harbor sections (2 castles, 1 location hex), hence 14 location hexes x 2 tiles = 28
tiles as in the box. Any mismatch raises :class:`KingdomBuilderDataError` naming the file
and the section, so a person correcting the data from their own box sees what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from ludivox.engines.kingdom_builder.board import BoardError, Section
from ludivox.engines.kingdom_builder.components import LOCATION_KINDS, TILES_PER_LOCATION

DATA_FILE = "kingdom_builder/sections.json"
TWO_CASTLE_SECTIONS = ("oracle", "harbor")
EXPECTED_TILES = 28


class KingdomBuilderDataError(ValueError):
    """The sections file does not match the rulebook's counts or is malformed."""


def data_path() -> Path:
    """Where the packaged sections file lives."""
    return Path(str(resources.files("ludivox.gamedata").joinpath(DATA_FILE)))


def load_sections(path: Path | None = None) -> dict[str, Section]:
    """The 8 sections by id (the location kind: ``"tavern"``, ``"oracle"``...), checked."""
    source = path or data_path()
    try:
        raw = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise KingdomBuilderDataError(f"{source}: cannot read the sections: {exc}") from exc
    return parse_sections(raw, str(source))


def parse_sections(raw: Any, where: str = "sections.json") -> dict[str, Section]:
    """Check a decoded sections document and build the :class:`Section` values."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("sections"), Mapping):
        raise KingdomBuilderDataError(f"{where}: no 'sections' object")
    out: dict[str, Section] = {}
    for key, entry in raw["sections"].items():
        out_key, section = _parse_section(where, str(key), entry)
        out[out_key] = section
    if sorted(out) != sorted(LOCATION_KINDS):
        raise KingdomBuilderDataError(
            f"{where}: expected the 8 sections {sorted(LOCATION_KINDS)}, found {sorted(out)}"
        )
    hexes = sum(len(s.cells("L")) for s in out.values())
    if hexes * TILES_PER_LOCATION != EXPECTED_TILES:
        raise KingdomBuilderDataError(
            f"{where}: {hexes} location hexes give {hexes * TILES_PER_LOCATION} tiles, "
            f"the box has {EXPECTED_TILES}"
        )
    return out


def _parse_section(where: str, key: str, entry: Any) -> tuple[str, Section]:
    if not isinstance(entry, Mapping):
        raise KingdomBuilderDataError(f"{where}: section {key}: not an object")
    kind = str(entry.get("location_type", "")).lower()
    if kind != key.lower():
        raise KingdomBuilderDataError(
            f"{where}: section {key}: location_type {entry.get('location_type')!r} "
            "does not match the section's name"
        )
    rows = entry.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise KingdomBuilderDataError(f"{where}: section {key}: 'rows' must be a list of strings")
    try:
        section = Section(kind, tuple(rows))
    except BoardError as exc:
        raise KingdomBuilderDataError(f"{where}: {exc}") from exc
    for field_name, letter in (("castles", "C"), ("locations", "L")):
        listed = sorted(tuple(p) for p in entry.get(field_name, []))
        cells = sorted(section.cells(letter))
        if listed != cells:
            raise KingdomBuilderDataError(
                f"{where}: section {key}: {field_name} {listed} but '{letter}' cells at {cells}"
            )
    castles, locations = (2, 1) if kind in TWO_CASTLE_SECTIONS else (1, 2)
    got = (len(section.cells("C")), len(section.cells("L")))
    if got != (castles, locations):
        raise KingdomBuilderDataError(
            f"{where}: section {key}: {got[0]} castles and {got[1]} location hexes, the "
            f"rulebook's box has {castles} and {locations}"
        )
    return kind, section
