"""The Kingdom Builder board data against the rulebook's counts and the shared original."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.board import SUGGESTED_FIRST_LAYOUT, Layout, assemble
from ludivox.gamedata.kingdom_builder import (
    KingdomBuilderDataError,
    data_path,
    load_sections,
    parse_sections,
)

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "kingdom_builder"


def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(data_path().read_text(encoding="utf-8"))
    return data


def test_eight_sections_with_the_rulebook_counts() -> None:
    sections = load_sections()
    assert sorted(sections) == sorted(
        ["barn", "farm", "harbor", "oasis", "oracle", "paddock", "tavern", "tower"]
    )
    for name, section in sections.items():
        assert len(section.rows) == 10 and all(len(r) == 10 for r in section.rows)
        castles, locations = len(section.cells("C")), len(section.cells("L"))
        if name in ("oracle", "harbor"):
            assert (castles, locations) == (2, 1), name
        else:
            assert (castles, locations) == (1, 2), name
    location_hexes = sum(len(s.cells("L")) for s in sections.values())
    assert location_hexes * 2 == 28  # "28 plaquettes de lieu"


def test_oracle_and_harbor_tiles_match_the_box() -> None:
    # "2x Oracle", "2x Port": one location hex each, 2 tiles per hex; 4 of every other kind.
    sections = load_sections()
    for name, section in sections.items():
        expected = 2 if name in ("oracle", "harbor") else 4
        assert len(section.cells("L")) * 2 == expected


def test_seven_castle_pieces_are_enough_for_any_board() -> None:
    sections = load_sections()
    for four in itertools.combinations(sections, 4):
        board = assemble(sections, Layout((four[0], four[1], four[2], four[3])))
        assert len(board.castles) <= 7  # "7 Château"


def test_first_game_example_five_locations_reachable_on_flowers() -> None:
    # Page 7: with the suggested set-up, "Mats ... a pioché une carte Terrain Fleurs ... Il a
    # donc 5 lieux différents à sa portée à côté desquels placer sa première cité."
    board = assemble(load_sections(), SUGGESTED_FIRST_LAYOUT)
    reachable = [
        i for i in board.locations if any(board.terrain[n] == "flower" for n in grid.NEIGHBOURS[i])
    ]
    assert len(board.locations) == 8
    assert len(reachable) == 5


def test_copy_keeps_provenance_and_matches_shared_data() -> None:
    raw = _raw()
    assert "Syarwin/bga-kingdombuilder" in raw["about"]
    assert "shared/data/kingdom_builder" in raw["copied_from"]
    original = SHARED / "sections.json"
    if not original.exists():
        pytest.skip("../shared is not next to this checkout")
    assert json.loads(original.read_text(encoding="utf-8"))["sections"] == raw["sections"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["sections"].pop("Barn"), "expected the 8 sections"),
        (lambda d: d["sections"]["Farm"]["rows"].pop(), "needs 10 rows of 10"),
        (
            lambda d: d["sections"]["Farm"].update(castles=[[2, 2]]),
            "castles [(2, 2)] but 'C' cells at [(1, 1)]",
        ),
        (
            lambda d: d["sections"]["Tower"]["rows"].__setitem__(0, "TTTTMMGMKX"),
            "unknown terrain letters ['X']",
        ),
        (
            lambda d: d["sections"]["Tower"].update(location_type="Farm"),
            "does not match the section's name",
        ),
    ],
)
def test_bad_data_is_refused_with_a_clear_message(change: Any, message: str) -> None:
    raw = copy.deepcopy(_raw())
    change(raw)
    with pytest.raises(KingdomBuilderDataError, match=None) as info:
        parse_sections(raw, "sections.json")
    assert message in str(info.value)
    assert "sections.json" in str(info.value)


def test_a_section_with_a_third_castle_breaks_the_count() -> None:
    raw = copy.deepcopy(_raw())
    farm = raw["sections"]["Farm"]
    farm["rows"][9] = "CTTWWWWWWW"
    farm["castles"].append([9, 0])
    with pytest.raises(KingdomBuilderDataError, match="2 castles and 2 location hexes"):
        parse_sections(raw)


def test_unreadable_file_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "sections.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(KingdomBuilderDataError, match="cannot read the sections"):
        load_sections(bad)
