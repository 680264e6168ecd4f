"""Perft-style counts: frozen numbers of legal placements in fixed positions, and the same
positions checked against a naive, independent reading of the placement rules."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from kingdom_support import ENGINE, placement_counts

from ludivox.engines.kingdom_builder import KingdomBuilderState, grid, move_options, place_targets
from ludivox.engines.kingdom_builder.components import BUILDABLE

COUNTS = json.loads(
    (Path(__file__).parent / "counts" / "placements.json").read_text(encoding="utf-8")
)
ENTRIES: list[dict[str, Any]] = COUNTS["positions"]
ALL_HEXES = [(r, c) for r in range(20) for c in range(20)]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_counts_are_unchanged(entry: dict[str, Any]) -> None:
    state = ENGINE.loads(entry["position"])
    assert ENGINE.dumps(state) == entry["position"]
    assert placement_counts(state) == entry["counts"]


def test_count_file_covers_turned_sections_queenies_and_every_rule() -> None:
    text = " ".join(e["position"] for e in ENTRIES)
    assert "^" in text and "caves=-" in text and "capitols=-" in text
    assert any("caves=-" not in e["position"] for e in ENTRIES)
    seats = [c for e in ENTRIES for c in e["counts"]["seats"]]
    assert {r for c in seats for _, r in c["build"].values()} == {"adjacent", "anywhere"}
    assert any(c["tavern"][0] > 0 for c in seats)
    assert any(c["cave"] > 0 for c in seats)
    assert any(c["farm"][1] == "adjacent" for c in seats)


# ---- a naive second reading of the rules --------------------------------------------------


def _free(state: KingdomBuilderState, hex_: grid.Hex) -> bool:
    return state.owner_at(hex_) is None


def _touches_own(
    state: KingdomBuilderState, hex_: grid.Hex, seat: int, moving: grid.Hex | None
) -> bool:
    return any(n != moving and state.owner_at(n) == seat for n in grid.neighbours(hex_))


def _rule3(
    state: KingdomBuilderState, seat: int, allowed: list[grid.Hex], moving: grid.Hex | None = None
) -> set[grid.Hex]:
    """Rule 3: next to one's own settlements if possible, else anywhere allowed."""
    allowed = [x for x in allowed if x != moving]
    near = [x for x in allowed if _touches_own(state, x, seat, moving)]
    return set(near or allowed)


def _of(
    state: KingdomBuilderState, terrains: tuple[str, ...], edge: bool = False
) -> list[grid.Hex]:
    return [
        x
        for x in ALL_HEXES
        if _free(state, x)
        and state.board.terrain_at(x) in terrains
        and (not edge or x[0] in (0, 19) or x[1] in (0, 19))
    ]


def _tavern(state: KingdomBuilderState, seat: int) -> set[grid.Hex]:
    out = set()
    for x in _of(state, BUILDABLE):
        for d in grid.DIRECTIONS:
            back = grid.OPPOSITE[d]
            a = grid.step(x, back)
            b = grid.step(a, back)
            c = grid.step(b, back)
            if all(grid.on_board(y) and state.owner_at(y) == seat for y in (a, b, c)):
                out.add(x)
    return out


def _paddock(state: KingdomBuilderState, origin: grid.Hex) -> set[grid.Hex]:
    out = set()
    for d in grid.DIRECTIONS:
        t = grid.step(grid.step(origin, d), d)
        if grid.on_board(t) and _free(state, t) and state.board.terrain_at(t) in BUILDABLE:
            out.add(t)
    return out


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_engine_agrees_with_a_naive_reading(entry: dict[str, Any]) -> None:
    base = ENGINE.loads(entry["position"])
    for seat in range(base.players):
        own = base.settlements(seat)
        for terrain in BUILDABLE:
            hands = list(base.hands)
            hands[seat] = terrain
            s = replace(base, hands=tuple(hands))
            assert set(place_targets(s, "build", seat).hexes) == _rule3(s, seat, _of(s, (terrain,)))
            barn = move_options(s, "barn", seat)
            for origin in own:
                expected = _rule3(s, seat, _of(s, (terrain,)), moving=origin)
                assert set(barn[origin].hexes) == expected
        s = base
        assert set(place_targets(s, "farm", seat).hexes) == _rule3(s, seat, _of(s, ("grass",)))
        assert set(place_targets(s, "oasis", seat).hexes) == _rule3(s, seat, _of(s, ("desert",)))
        edge = _of(s, BUILDABLE, edge=True)
        assert set(place_targets(s, "tower", seat).hexes) == _rule3(s, seat, edge)
        assert set(place_targets(s, "tavern", seat).hexes) == _tavern(s, seat)
        harbor = move_options(s, "harbor", seat)
        paddock = move_options(s, "paddock", seat)
        for origin in own:
            water = _rule3(s, seat, _of(s, ("water",)), moving=origin)
            assert set(harbor[origin].hexes) == water
            assert set(paddock[origin].hexes) == _paddock(s, origin)
        if s.board.caves:
            by_cave = {n for c in s.board.caves for n in grid.neighbours(c)}
            cave = move_options(s, "cave", seat)
            assert set(cave) == {o for o in own if o in by_cave}
            targets = [x for x in _of(s, BUILDABLE) if x in by_cave]
            for origin in cave:
                assert set(cave[origin].hexes) == _rule3(s, seat, targets, moving=origin)
