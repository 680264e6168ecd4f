"""Exploring the board by ear: one hex and its neighbours, around my settlements, the
nearest castles, free hexes near me, and where I may build, grouped by section.

Suggested layout (1-based): tavern 7-3, 7-8; paddock 3-19, 7-12; oasis 13-8, 18-6; farm
12-18, 16-13. Castles: 4-4, 8-16, 12-12, 18-2.
"""

from __future__ import annotations

from kingdom_support import h, new_game, position

from ludivox.engines.kingdom_builder import explore, grid, place_targets


def test_a_hex_is_described_with_its_six_neighbours_clockwise_from_north_east() -> None:
    state = new_game()
    d = explore.describe(state, h("5-12"))
    assert d.facts.terrain == state.board.terrain_at(h("5-12"))
    # row 5 is an odd row counted from 1 (index 4, not shifted): the upper neighbours are
    # in columns 11 and 12, the lower ones too
    assert [n.direction for n in d.neighbours] == ["ne", "e", "se", "sw", "w", "nw"]
    assert [n.facts.hex for n in d.neighbours if n.facts] == [
        h("4-12"), h("5-13"), h("6-12"), h("6-11"), h("5-11"), h("4-11")]


def test_on_a_shifted_row_the_diagonal_neighbours_move_one_column_right() -> None:
    d = explore.describe(new_game(), h("6-12"))
    assert [n.facts.hex for n in d.neighbours if n.facts] == [
        h("5-13"), h("6-13"), h("7-13"), h("7-12"), h("6-11"), h("5-12")]


def test_a_corner_hex_has_the_edge_in_four_directions() -> None:
    d = explore.describe(new_game(), h("1-1"))
    off = [n.direction for n in d.neighbours if n.facts is None]
    assert off == ["ne", "sw", "w", "nw"]


def test_the_description_says_who_stands_there_and_what_a_location_holds() -> None:
    state = position(new_game(), {1: "7-4"})
    d = explore.describe(state, h("7-3"))
    assert d.facts.location == "tavern" and d.facts.tiles_left == 2
    east = d.neighbours[1].facts
    assert east is not None and east.hex == h("7-4") and east.owner == 1


def test_off_the_board_is_an_error() -> None:
    try:
        explore.describe(new_game(), (20, 3))
    except ValueError as exc:
        assert "row 21" in str(exc)
    else:
        raise AssertionError("no error")


def test_nearest_castles_are_sorted_by_distance_from_my_settlements() -> None:
    state = position(new_game(), {0: "5-5 15-15"})
    found = explore.nearest(state, 0, "castle", limit=4)
    assert [n.hex for n in found][:1] == [h("4-4")]
    assert found[0].distance == 1 and found[0].from_hex == h("5-5")
    assert [n.distance for n in found] == sorted(n.distance for n in found)
    assert {n.hex for n in found} == {h("4-4"), h("8-16"), h("12-12"), h("18-2")}


def test_nearest_free_water_skips_nothing_and_without_settlements_has_no_origin() -> None:
    state = new_game()
    found = explore.nearest(state, 0, "water", limit=2)
    assert all(n.from_hex is None and n.distance == 0 for n in found)
    assert all(state.board.terrain_at(n.hex) == "water" for n in found)


def test_free_near_lists_free_hexes_of_the_terrain_touching_my_settlements() -> None:
    state = new_game()
    mine = h("10-10")
    terrain = state.board.terrain_at(grid.neighbours(mine)[0])
    state = position(state, {0: "10-10"})
    found = explore.free_near(state, 0, terrain)
    expected = {n for n in grid.neighbours(mine) if state.board.terrain_at(n) == terrain}
    assert set(found) == expected and found


def test_where_to_build_groups_the_allowed_hexes_by_section_with_the_rule() -> None:
    state = position(new_game(), {0: "10-10"}, hand="grass")
    grouped = explore.where_to_build(state)
    allowed = place_targets(state, "build")
    assert grouped.rule == allowed.rule
    assert sorted(grouped.hexes) == sorted(allowed.hexes) and grouped.total == len(allowed)
    for q, hexes in grouped.groups:
        assert all(state.board.section_at(x) == q for x in hexes)
    sizes = [len(hexes) for _, hexes in grouped.groups]
    assert sizes == sorted(sizes, reverse=True)


def test_with_no_settlement_every_free_hex_of_the_card_is_allowed_anywhere() -> None:
    state = position(new_game(), hand="canyon")
    grouped = explore.where_to_build(state)
    assert grouped.rule == "anywhere"
    assert grouped.total == len(state.board.hexes_of("canyon"))
    assert len(grouped.groups) == 4


def test_surroundings_count_free_hexes_by_terrain_and_the_castles_touched() -> None:
    state = position(new_game(), {0: "5-5", 1: "5-6"})
    s = explore.surroundings(state, 0)
    ring = [n for n in grid.neighbours(h("5-5")) if n != h("5-6")]
    assert h("4-4") in s.castles
    free = [n for n in ring if state.board.terrain_at(n) not in ("castle", "location")]
    assert sum(n for _, n in s.free) == len(free)
    assert s.settlements == 1
