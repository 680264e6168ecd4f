"""Location tiles: taking and losing them, when they can be used, and each tile's own rule.

Suggested layout (1-based): tavern 7-3, 7-8; paddock 3-19, 7-12; oasis 13-8, 18-6; farm
12-18, 16-13. Layout ``oracle,harbor,barn,tower``: oracle 4-8; harbor 8-17; barn 13-7, 17-3;
tower 14-16, 18-13.
"""

from __future__ import annotations

from dataclasses import replace

from kingdom_support import ENGINE, fill, h, hs, legal_texts, new_game, play, position

from ludivox.engines.kingdom_builder import (
    KingdomBuilderAction,
    Layout,
    MoveTile,
    PlaceTile,
    grid,
    move_options,
    move_targets,
    place_targets,
)
from ludivox.engines.kingdom_builder.events import (
    SettlementBuilt,
    SettlementMoved,
    TileLost,
    TileTaken,
)
from ludivox.engines.kingdom_builder.state import KingdomBuilderState

OTHER = Layout.parse("oracle,harbor,barn,tower")


def _code(
    state: KingdomBuilderState, action: str | KingdomBuilderAction
) -> tuple[str, dict[str, object]] | None:
    """The refusal's code and parameters (``None`` when legal)."""
    if isinstance(action, str):
        action = ENGINE.parse_action(action)
    reason = ENGINE.refusal(state, action)
    return None if reason is None else (reason.code, reason.args)


# ---- taking, keeping, losing --------------------------------------------------------------


def test_building_next_to_a_location_takes_one_tile_usable_next_turn() -> None:
    s = position(new_game(), hand="grass")
    s, events = ENGINE.apply(s, ENGINE.parse_action("build 8-8"))
    assert TileTaken(seat=0, tile="tavern", location="hex:7-8", left=1) in events
    s = play(s, "build 8-9", "build 8-10")
    assert [t.status for t in s.held(0, "tavern")] == ["new"]
    assert "tile" not in ENGINE.awaiting(s).kinds
    assert _code(s, "tile tavern 8-11") == ("tile_new", {"tile": "tavern"})
    s = play(s, "end")
    s = position(s, hand="desert")
    s = play(s, "build 1-20", "build 1-19", "build 1-18", "end")
    assert s.current == 0 and [t.status for t in s.held(0)] == ["ready"]
    assert "tile" in ENGINE.awaiting(s).kinds
    assert {"tile tavern 8-7", "tile tavern 8-11"} == legal_texts(s, "tile")


def test_two_tiles_per_location_then_nothing() -> None:
    s = new_game(3)
    for seat, hex_ in ((0, "8-8"), (1, "8-7"), (2, "7-9")):
        s = position(s, current=seat, hand=s.board.terrain_at(h(hex_)))
        s, events = ENGINE.apply(s, ENGINE.parse_action(f"build {hex_}"))
        taken = [e for e in events if isinstance(e, TileTaken)]
        assert [e.left for e in taken] == ([1] if seat == 0 else [0] if seat == 1 else [])
    assert s.tiles_left_at(h("7-8")) == 0
    assert s.held(2) == ()


def test_one_tile_per_location_so_at_most_two_identical() -> None:
    # 7-4 touches tavern 7-3; no grass touches it, so the grass goes anywhere: 8-8 touches
    # the other tavern (7-8) and gives a second tavern tile; 8-7 touches 7-8 again: nothing.
    s = position(new_game(), {0: "7-4"}, hand="grass", tiles={0: [("7-3", "ready")]})
    s, events = ENGINE.apply(s, ENGINE.parse_action("build 8-8"))
    assert [e.location for e in events if isinstance(e, TileTaken)] == ["hex:7-8"]
    s, events = ENGINE.apply(s, ENGINE.parse_action("build 8-7"))
    assert not [e for e in events if isinstance(e, TileTaken)]
    assert [t.location for t in s.held(0, "tavern")] == [h("7-3"), h("7-8")]


def test_moving_the_last_settlement_away_loses_the_tile_for_good() -> None:
    s = position(new_game(), {0: "8-8"}, tiles={0: [("7-8", "ready"), ("7-12", "ready")]})
    s = replace(s, built=3)
    s, events = ENGINE.apply(s, MoveTile("paddock", h("8-8"), h("8-10")))
    assert TileLost(seat=0, tile="tavern", location="hex:7-8") in events
    assert s.held(0, "tavern") == ()
    assert s.tiles_left_at(h("7-8")) == 1  # removed from the game, not put back


def test_a_location_gives_one_tile_per_player_for_the_whole_game() -> None:
    # « Un joueur ne peut récupérer qu'une seule plaquette de lieu d'un même lieu » : the
    # tavern tile of 7-8 lost by moving away, settling next to 7-8 again gives nothing.
    s = position(new_game(), {0: "8-8"}, tiles={0: [("7-8", "ready"), ("7-12", "ready")]})
    s = replace(s, built=3)
    s, _ = ENGINE.apply(s, MoveTile("paddock", h("8-8"), h("8-10")))
    assert s.spent_by(0) == (h("7-8"),) and s.tiles_left_at(h("7-8")) == 1
    for saved in (ENGINE.loads(ENGINE.dumps(s)), ENGINE.from_json(ENGINE.to_json(s))):
        assert saved == s  # the notation and the JSON remember it
    s = position(s, {0: "9-8"}, hand="grass", built=0)  # 8-8 touches 9-8: buildable again
    s, events = ENGINE.apply(s, ENGINE.parse_action("build 8-8"))
    assert not [e for e in events if isinstance(e, TileTaken)]
    assert s.held(0, "tavern") == () and s.tiles_left_at(h("7-8")) == 1
    # another player may still take that tile
    s = position(s, {1: "9-7"}, current=1, hand="grass", built=0)
    s, events = ENGINE.apply(s, ENGINE.parse_action("build 8-7"))
    assert TileTaken(seat=1, tile="tavern", location="hex:7-8", left=0) in events


def test_a_notation_without_spent_tiles_is_unchanged() -> None:
    s = position(new_game(), {0: "8-8"}, tiles={0: [("7-8", "ready")]})
    assert "spent=" not in ENGINE.dumps(s) and ENGINE.loads(ENGINE.dumps(s)) == s
    old = ENGINE.to_json(s)
    del old["spent"]  # a state JSON written before the field existed
    assert ENGINE.from_json(old) == s


def test_keeping_another_settlement_next_to_the_location_keeps_the_tile() -> None:
    s = position(
        new_game(), {0: "8-8 8-7"}, tiles={0: [("7-8", "ready"), ("7-12", "ready")]}, built=3
    )
    s, events = ENGINE.apply(s, MoveTile("paddock", h("8-8"), h("8-10")))
    assert not [e for e in events if isinstance(e, TileLost)]
    assert len(s.held(0, "tavern")) == 1


def test_a_settlement_moved_next_to_a_location_takes_a_tile() -> None:
    s = position(new_game(), {0: "9-10"}, tiles={0: [("7-12", "ready")]}, built=3)
    s, events = ENGINE.apply(s, MoveTile("paddock", h("9-10"), h("7-9")))
    moved = [e for e in events if isinstance(e, SettlementMoved)]
    assert moved == [
        SettlementMoved(
            seat=0,
            origin="hex:9-10",
            target="hex:7-9",
            terrain="canyon",
            via="paddock",
            forced_anywhere=False,
        )
    ]
    assert TileTaken(seat=0, tile="tavern", location="hex:7-8", left=1) in events
    assert s.held(0, "tavern")[0].status == "new"
    assert _code(s, "tile tavern 7-10") == ("tile_new", {"tile": "tavern"})


def test_losing_one_of_two_identical_tiles_keeps_the_usable_one() -> None:
    # Tiles of one kind are interchangeable: the already-turned one is discarded.
    s = position(
        new_game(),
        {0: "7-4 8-8"},
        tiles={0: [("7-3", "ready"), ("7-8", "used"), ("7-12", "ready")]},
        built=3,
    )
    s, _ = ENGINE.apply(s, MoveTile("paddock", h("7-4"), h("7-6")))
    assert [(t.location, t.status) for t in s.held(0, "tavern")] == [(h("7-8"), "ready")]


# ---- using tiles: when ---------------------------------------------------------------------


def test_tiles_before_or_after_the_mandatory_action_never_during_it() -> None:
    s = position(new_game(), {0: "9-8 9-9 9-10"}, hand="grass", tiles={0: [("7-3", "ready")]})
    assert ENGINE.awaiting(s).kinds == {"build", "tile"}
    assert "tile tavern 9-11" in legal_texts(s)
    s = play(s, "build 10-9")
    assert _code(s, "tile tavern 9-11") == ("mandatory_in_progress", {"placed": 1, "needed": 3})
    s = play(s, "build 10-10", "build 10-11")
    assert ENGINE.awaiting(s).kinds == {"tile", "end"}
    s = play(s, "tile tavern 9-11")
    assert _code(s, "tile tavern 9-7") == ("tile_used", {"tile": "tavern", "held": 1})
    assert ENGINE.awaiting(s).kinds == {"end"}


def test_two_identical_tiles_give_two_uses_a_turn() -> None:
    s = position(
        new_game(),
        {0: "9-8 9-9 9-10"},
        tiles={0: [("7-3", "ready"), ("7-8", "ready")]},
        built=3,
    )
    s = play(s, "tile tavern 9-11", "tile tavern 9-12")
    assert _code(s, "tile tavern 9-7") == ("tile_used", {"tile": "tavern", "held": 2})
    s = play(s, "end")
    assert all(t.status == "ready" for t in s.held(0))


def test_tile_not_held_and_wrong_forms() -> None:
    s = position(new_game(), {0: "9-8"}, built=3)
    assert _code(s, "tile farm 9-9") == ("tile_not_held", {"tile": "farm"})
    assert _code(s, PlaceTile("barn", h("9-9"))) == ("wrong_tile_form", {"tile": "barn"})
    assert _code(s, PlaceTile("castle", h("9-9"))) == ("unknown_tile", {"tile": "castle"})
    assert _code(s, MoveTile("farm", h("9-8"), h("9-9"))) == ("wrong_tile_form", {"tile": "farm"})


# ---- each tile's rule ----------------------------------------------------------------------


def test_oracle_places_on_the_drawn_terrain_next_to_own_settlements() -> None:
    s = new_game(layout=OTHER)
    s = position(s, {0: "3-8"}, hand="grass", tiles={0: [("4-8", "ready")]})
    assert set(place_targets(s, "oracle").hexes) == hs("3-9 2-7")
    s, events = ENGINE.apply(s, PlaceTile("oracle", h("2-7")))
    assert [(e.via, e.placed) for e in events if isinstance(e, SettlementBuilt)] == [("oracle", 0)]
    assert s.built == 0 and s.supply[0] == 38  # not one of the mandatory three
    assert _code(s, "tile oracle 3-9") == ("tile_used", {"tile": "oracle", "held": 1})


def test_farm_and_oasis_need_grass_and_desert() -> None:
    s = position(
        new_game(), {0: "9-8"}, tiles={0: [("12-18", "ready"), ("13-8", "ready")]}, built=3
    )
    assert set(place_targets(s, "farm").hexes) == hs("9-9 8-8 8-7 10-8")
    assert place_targets(s, "oasis").rule == "anywhere"
    assert len(place_targets(s, "oasis")) == 53
    assert _code(s, "tile farm 9-7") == (
        "wrong_terrain",
        {"hex": "hex:9-7", "terrain": "forest", "needed": "grass"},
    )
    assert _code(s, "tile oasis 9-9") == (
        "wrong_terrain",
        {"hex": "hex:9-9", "terrain": "grass", "needed": "desert"},
    )
    assert _code(s, "tile farm 12-10") == (
        "not_adjacent_but_possible",
        {
            "hex": "hex:12-10",
            "needed": "grass",
            "count": 4,
            "hexes": ("hex:8-7", "hex:8-8", "hex:9-9", "hex:10-8"),
        },
    )
    full = fill(s, 1, "grass")
    assert place_targets(full, "farm").rule == "none"
    assert _code(full, "tile farm 9-9") == ("no_target", {"tile": "farm", "needed": "grass"})
    assert not any(a.startswith("tile farm") for a in legal_texts(full))


def test_tower_only_on_the_edge_any_terrain() -> None:
    s = new_game(layout=OTHER)
    s = position(s, {0: "2-1"}, tiles={0: [("14-16", "ready")]}, built=3)
    near = place_targets(s, "tower")
    assert set(near.hexes) == hs("1-1 1-2 3-1") and near.rule == "adjacent"
    o = position(new_game(layout=OTHER), {0: "10-10"}, tiles={0: [("14-16", "ready")]}, built=3)
    targets = place_targets(o, "tower")
    assert targets.rule == "anywhere"
    assert len(targets) == 66
    assert all(x[0] in (0, 19) or x[1] in (0, 19) for x in targets.hexes)
    assert {o.board.terrain_at(x) for x in targets.hexes} == {
        "grass",
        "canyon",
        "desert",
        "flower",
        "forest",
    }
    assert _code(o, "tile tower 10-9") == ("not_edge", {"hex": "hex:10-9"})
    assert _code(o, "tile tower 1-6") == ("not_buildable", {"hex": "hex:1-6", "terrain": "water"})
    assert _code(o, "tile tower 1-1") is None


def test_tavern_extends_a_straight_line_of_three() -> None:
    s = position(new_game(), {0: "9-8 9-9 9-10"}, tiles={0: [("7-3", "ready")]}, built=3)
    assert set(place_targets(s, "tavern").hexes) == hs("9-7 9-11")
    assert place_targets(s, "tavern").rule == "unrestricted"
    assert _code(s, "tile tavern 9-12") == ("not_line_end", {"hex": "hex:9-12"})
    diagonal = position(new_game(), {0: "9-8 10-8 11-9"}, tiles={0: [("7-3", "ready")]}, built=3)
    assert set(place_targets(diagonal, "tavern").hexes) == hs("8-7 12-9")
    gap = position(new_game(), {0: "9-8 9-9 9-11"}, tiles={0: [("7-3", "ready")]}, built=3)
    assert place_targets(gap, "tavern").rule == "none"
    assert _code(gap, "tile tavern 9-10") == ("no_target", {"tile": "tavern", "needed": ""})
    two = position(new_game(), {0: "9-8 9-9", 1: "9-10"}, tiles={0: [("7-3", "ready")]}, built=3)
    assert place_targets(two, "tavern").rule == "none"


def test_barn_moves_to_the_drawn_terrain_the_moved_one_does_not_count() -> None:
    s = position(new_game(), {0: "9-8 1-20"}, hand="grass", built=3)
    options = move_options(s, "barn")
    assert set(options[h("1-20")].hexes) == hs("9-9 8-8 8-7 10-8")
    # Moving 9-8 itself: nothing of the player's touches grass any more -> any free grass,
    # but not where it stands.
    assert options[h("9-8")].rule == "anywhere"
    assert len(options[h("9-8")]) == 60 and h("9-8") not in options[h("9-8")]


def test_barn_refusals() -> None:
    s = new_game(layout=OTHER)
    s = position(s, {0: "12-9 1-1", 1: "12-8"}, hand="desert", tiles={0: [("13-7", "ready")]})
    s = replace(s, built=3)
    assert _code(s, "tile barn 12-8 to 12-7") == ("not_own_settlement", {"hex": "hex:12-8"})
    assert _code(s, "tile barn 1-1 to 1-1") == ("same_hex", {"hex": "hex:1-1"})
    assert _code(s, "tile barn 1-1 to 1-2") == (
        "wrong_terrain",
        {"hex": "hex:1-2", "terrain": "grass", "needed": "desert"},
    )
    assert _code(s, "tile barn 1-1 to 12-8") == ("hex_occupied", {"hex": "hex:12-8", "owner": 1})
    assert _code(s, "tile barn 1-1 to 12-7") == (
        "not_adjacent_but_possible",
        {
            "hex": "hex:12-7",
            "needed": "desert",
            "count": 4,
            "hexes": ("hex:11-9", "hex:11-10", "hex:12-10", "hex:13-9"),
        },
    )
    assert _code(s, "tile barn 1-1 to 12-10") is None


def test_harbor_moves_onto_water_next_to_own_settlements_if_possible() -> None:
    s = new_game(layout=OTHER)
    # 8-16 is a water hex next to the Harbor: a settlement moved there earlier.
    s = position(s, {0: "8-16 20-20"}, tiles={0: [("8-17", "ready")]}, built=3)
    near = move_targets(s, "harbor", h("20-20"))
    assert near.rule == "adjacent" and set(near.hexes) == hs("8-15 9-17")
    alone = move_targets(s, "harbor", h("8-16"))  # 20-20 touches no water
    assert alone.rule == "anywhere" and len(alone) == len(s.board.hexes_of("water")) - 1
    assert _code(s, "tile harbor 20-20 to 8-18") == (
        "wrong_terrain",
        {"hex": "hex:8-18", "terrain": "canyon", "needed": "water"},
    )
    s, _ = ENGINE.apply(s, MoveTile("harbor", h("20-20"), near.hexes[0]))
    assert s.board.terrain_at(near.hexes[0]) == "water"
    assert s.owner_at(near.hexes[0]) == 0


def test_paddock_jumps_two_hexes_in_a_straight_line_ignoring_adjacency() -> None:
    s = position(new_game(), {0: "9-8"}, tiles={0: [("7-12", "ready")]}, built=3)
    assert set(move_targets(s, "paddock", h("9-8")).hexes) == hs("9-10 9-6 7-9 7-7 11-9 11-7")
    # Over a location (7-8) and onto a hex touching none of the player's settlements.
    jump = position(new_game(), {0: "7-9", 1: "7-7"}, tiles={0: [("7-12", "ready")]}, built=3)
    assert h("7-7") not in move_targets(jump, "paddock", h("7-9"))  # occupied
    over = position(new_game(), {0: "7-9 1-20"}, tiles={0: [("7-12", "ready")]}, built=3)
    assert h("7-7") in move_targets(over, "paddock", h("7-9"))
    assert _code(over, "tile paddock 7-9 to 7-6") == (
        "not_two_in_line",
        {"origin": "hex:7-9", "target": "hex:7-6"},
    )
    assert _code(over, "tile paddock 7-9 to 7-10") == (
        "not_two_in_line",
        {"origin": "hex:7-9", "target": "hex:7-10"},
    )
    assert _code(over, "tile paddock 9-5 to 9-3") == ("not_own_settlement", {"hex": "hex:9-5"})
    # 9-9 is two hexes away but not in a straight line (9-8 and 9-10 are).
    assert grid.distance(h("7-9"), h("9-9")) == 2
    assert _code(over, "tile paddock 7-9 to 9-9") == (
        "not_two_in_line",
        {"origin": "hex:7-9", "target": "hex:9-9"},
    )
    assert _code(over, "tile paddock 7-9 to 9-10") is None
    far = over.settlements(0)
    assert far == (h("1-20"), h("7-9"))
    # 7-7 touches none of the player's settlements: no adjacency rule for the Paddock.
    assert _code(over, "tile paddock 7-9 to 7-7") is None
