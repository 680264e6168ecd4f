"""Coordinates, directions and neighbours: both row parities, section borders, turned
sections."""

from __future__ import annotations

from collections import Counter

import pytest
from kingdom_support import ENGINE, h

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.board import Layout, assemble


def test_neighbours_on_an_even_row() -> None:
    # Row index 4 ("ligne 5") is not shifted: upper neighbours are up-left and straight up.
    assert {d: grid.step((4, 11), d) for d in grid.DIRECTIONS} == {
        "e": (4, 12),
        "w": (4, 10),
        "ne": (3, 11),
        "nw": (3, 10),
        "se": (5, 11),
        "sw": (5, 10),
    }


def test_neighbours_on_an_odd_row() -> None:
    # Row index 5 ("ligne 6") is shifted right by half a hex.
    assert {d: grid.step((5, 11), d) for d in grid.DIRECTIONS} == {
        "e": (5, 12),
        "w": (5, 10),
        "ne": (4, 12),
        "nw": (4, 11),
        "se": (6, 12),
        "sw": (6, 11),
    }


@pytest.mark.parametrize(
    ("hex_", "count"),
    [
        ((0, 0), 2),
        ((0, 19), 3),
        ((19, 0), 3),
        ((19, 19), 2),
        ((0, 7), 4),
        ((7, 0), 5),
        ((8, 0), 3),
        ((8, 19), 5),
        ((7, 19), 3),
        ((10, 10), 6),
    ],
)
def test_neighbour_counts_at_corners_and_edges(hex_: grid.Hex, count: int) -> None:
    assert len(grid.neighbours(hex_)) == count
    assert grid.is_edge(hex_) == (count < 6)


def test_neighbourhood_is_symmetric_and_directions_reverse() -> None:
    for i in range(grid.CELLS):
        a = grid.at(i)
        for d in grid.DIRECTIONS:
            b = grid.step(a, d)
            if grid.on_board(b):
                assert grid.step(b, grid.OPPOSITE[d]) == a
                assert grid.direction_between(a, b) == d
                assert grid.distance(a, b) == 1
        assert set(grid.neighbours(a)) == {grid.at(n) for n in grid.NEIGHBOURS[i]}


def test_edge_has_76_hexes() -> None:
    assert len(grid.EDGE) == 4 * 20 - 4


def test_neighbours_across_section_borders() -> None:
    board = ENGINE.new_game(2, seed=1, layout=Layout.parse("tavern,paddock,oasis,farm")).board
    # Row 10 (index 9) is odd: its last hex touches the other three sections.
    quadrants = {board.section_at(n) for n in grid.neighbours((9, 9))}
    assert quadrants == {0, 1, 2, 3}
    assert board.section_at((4, 9)) == 0 and board.section_at(grid.step((4, 9), "e")) == 1
    # Row 11 (index 10, even) first hex: its upper neighbours are in the top-left section.
    assert [board.section_at(n) for n in (grid.step((10, 0), "ne"),)] == [0]


def test_turned_section_keeps_every_hex_s_neighbours() -> None:
    sections = ENGINE.sections
    for name in sections:
        others = [n for n in sections if n != name][:3]
        plain = assemble(sections, Layout((name, others[0], others[1], others[2])))
        turned = assemble(
            sections, Layout((name, others[0], others[1], others[2]), (True, False, False, False))
        )
        for r in range(10):
            for c in range(10):
                inside = [n for n in grid.neighbours((r, c)) if n[0] < 10 and n[1] < 10]
                moved = (9 - r, 9 - c)
                inside_t = [n for n in grid.neighbours(moved) if n[0] < 10 and n[1] < 10]
                assert plain.terrain_at((r, c)) == turned.terrain_at(moved)
                assert Counter(plain.terrain_at(n) for n in inside) == Counter(
                    turned.terrain_at(n) for n in inside_t
                ), (name, r, c)


def test_turned_section_moves_its_castle_and_locations() -> None:
    sections = ENGINE.sections
    turned = assemble(sections, Layout.parse("paddock,tavern^,oasis,farm"))
    # Tavern printed: castle at local (3, 3), locations at (6, 2) and (6, 7); turned, they
    # land on (6, 6), (3, 7) and (3, 2) of the top-right quadrant (columns + 10).
    assert turned.terrain_at((6, 16)) == "castle"
    assert turned.castle_hexes()[0] == (6, 16)
    assert {x for x in turned.location_hexes() if turned.location_at(x) == "tavern"} == {
        (3, 17),
        (3, 12),
    }


def test_spoken_forms_round_trip() -> None:
    assert grid.spoken((4, 11)) == (5, 12)
    assert grid.label((4, 11)) == "5-12"
    assert grid.hex_id((4, 11)) == "hex:5-12"
    assert grid.parse_hex_id("hex:5-12") == (4, 11) == h("5-12")
    assert grid.from_spoken(20, 1) == (19, 0)
    for bad in ("0-3", "21-1", "5-21", "5", "a-b", "5-12-1"):
        with pytest.raises(ValueError):
            grid.parse_label(bad)


def test_distance_and_rays() -> None:
    assert grid.distance((4, 11), (4, 11)) == 0
    assert grid.distance((0, 0), (19, 19)) == 29
    assert list(grid.ray((0, 0), "e"))[-1] == (0, 19)
    assert len(list(grid.ray((0, 0), "se"))) == 19
