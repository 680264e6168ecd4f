"""Every refusal code of the catalogue can happen, with exactly its catalogued parameters
(the grammars rely on both)."""

from __future__ import annotations

from dataclasses import replace

from kingdom_support import ENGINE, h, new_game, position

from ludivox.engines.base import IllegalAction
from ludivox.engines.kingdom_builder import (
    REASON_CODES,
    Build,
    CaveMove,
    EndTurn,
    KingdomBuilderAction,
    KingdomBuilderState,
    Layout,
    MoveTile,
    PlaceTile,
    RevealTerrain,
)

LAYOUT = Layout.parse("tavern,paddock,oasis,farm")
CAVES = [h("3-9"), h("4-13"), h("18-15")]


def _cases() -> list[tuple[str, KingdomBuilderState, KingdomBuilderAction]]:
    plain = position(new_game(), {0: "9-8 9-9", 1: "9-10"}, hand="grass")
    done = replace(plain, built=3)
    tiles = position(
        done,
        tiles={0: [("7-3", "ready"), ("7-8", "new"), ("7-12", "ready"), ("13-8", "used")]},
    )
    table = ENGINE.new_game(2, mode="table", layout=LAYOUT, cards=("lords", "farmers", "hermits"))
    revealed, _ = ENGINE.apply(table, RevealTerrain("grass"))
    no_card = replace(plain, hands=("", plain.hands[1]), removed=(plain.hands[0],))
    empty = replace(plain, supply=(0, plain.supply[1]))
    caves = position(new_game(caves=CAVES), {0: "2-8 9-8", 1: "4-8"}, built=3)
    tower = position(
        new_game(layout=Layout.parse("oracle,harbor,barn,tower")),
        {0: "10-10"},
        tiles={0: [("14-16", "ready")]},
        built=3,
    )
    return [
        ("game_over", replace(done, over=True), EndTurn()),
        ("terrain_not_revealed", table, Build(h("9-8"))),
        ("no_reveal_expected", revealed, RevealTerrain("grass")),
        ("not_table_mode", plain, RevealTerrain("grass")),
        ("unknown_terrain", table, RevealTerrain("water")),
        ("terrain_all_seen", replace(table, discard=("desert",) * 5), RevealTerrain("desert")),
        ("no_terrain_card", no_card, Build(h("10-9"))),
        ("mandatory_done", done, Build(h("10-9"))),
        ("mandatory_in_progress", replace(tiles, built=1), PlaceTile("tavern", h("9-11"))),
        ("mandatory_not_done", plain, EndTurn()),
        ("supply_empty", empty, Build(h("10-9"))),
        ("off_board", plain, Build((20, 3))),
        ("hex_occupied", plain, Build(h("9-10"))),
        ("not_buildable", plain, Build(h("9-4"))),
        ("wrong_terrain", plain, Build(h("9-7"))),
        ("not_adjacent_but_possible", plain, Build(h("12-10"))),
        ("not_edge", tower, PlaceTile("tower", h("10-9"))),
        ("not_line_end", position(tiles, {0: "10-8 10-9 10-10"}), PlaceTile("tavern", h("10-13"))),
        ("no_target", tiles, PlaceTile("tavern", h("9-11"))),
        ("unknown_tile", tiles, PlaceTile("castle", h("9-11"))),
        ("wrong_tile_form", tiles, PlaceTile("paddock", h("9-11"))),
        ("tile_not_held", tiles, PlaceTile("farm", h("10-9"))),
        ("tile_new", position(done, tiles={0: [("7-8", "new")]}), PlaceTile("tavern", h("9-11"))),
        ("tile_used", tiles, PlaceTile("oasis", h("1-20"))),
        ("not_own_settlement", tiles, MoveTile("paddock", h("9-10"), h("9-12"))),
        ("same_hex", tiles, MoveTile("paddock", h("9-8"), h("9-8"))),
        ("not_two_in_line", tiles, MoveTile("paddock", h("9-8"), h("9-13"))),
        ("caves_not_in_play", done, CaveMove(h("9-8"), h("9-7"))),
        ("cave_used", replace(caves, cave_used=True), CaveMove(h("2-8"), h("2-9"))),
        ("origin_not_by_cave", caves, CaveMove(h("9-8"), h("2-9"))),
        ("target_not_by_cave", caves, CaveMove(h("2-8"), h("9-9"))),
    ]


def test_every_code_happens_with_its_catalogued_parameters() -> None:
    seen = set()
    for code, state, action in _cases():
        reason = ENGINE.refusal(state, action)
        assert reason is not None, code
        assert reason.code == code, (code, str(reason))
        assert set(reason.args) == set(REASON_CODES[code]), code
        seen.add(code)
    assert seen == set(REASON_CODES)


def test_refused_apply_raises_and_changes_nothing() -> None:
    for code, state, action in _cases():
        before = ENGINE.dumps(state)
        try:
            ENGINE.apply(state, action)
        except IllegalAction as exc:
            assert exc.reason.code == code
            assert before in str(exc)  # the message carries the position
        else:
            raise AssertionError(f"{action.text()} was applied")
        assert ENGINE.dumps(state) == before
