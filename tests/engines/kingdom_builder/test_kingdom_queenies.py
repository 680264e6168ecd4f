"""Queenie 1 (Capitol) and Queenie 2 (Caves): set-up checks and the Cave move.

Caves used below on the suggested layout (1-based): 3-9 (top-left), 4-13 (top-right), 18-15
(bottom-right); the Oasis section (bottom-left) has no mountain, so it gets none.
"""

from __future__ import annotations

import pytest
from kingdom_support import ENGINE, h, hs, legal_texts, new_game, play, position

from ludivox.engines.kingdom_builder import CaveMove, Layout, SetupError, move_options
from ludivox.engines.kingdom_builder.board import cave_candidates

CAVES = [h("3-9"), h("4-13"), h("18-15")]
OTHER = Layout.parse("oracle,harbor,barn,tower")


def _code(state: object, text: str) -> tuple[str, dict[str, object]] | None:
    reason = ENGINE.refusal(state, ENGINE.parse_action(text))  # type: ignore[arg-type]
    return None if reason is None else (reason.code, reason.args)


def test_caves_drawn_one_per_section_that_has_a_mountain_far_from_specials() -> None:
    s = new_game(seed=5, caves=True)
    assert len(s.board.caves) == 3  # the Oasis section has no mountain at all
    assert {s.board.section_at(c) for c in s.board.caves} == {0, 1, 3}
    for cave in s.board.caves:
        assert s.board.terrain_at(cave) == "mountain"
        assert cave in cave_candidates(s.board, s.board.section_at(cave))
    assert not cave_candidates(s.board, 2)


@pytest.mark.parametrize(
    ("caves", "message"),
    [
        ([h("1-1"), h("4-13"), h("18-15")], "needs a mountain"),  # 1-1 is flowers
        ([h("3-9"), h("4-13")], "none on bottom_right"),
        ([h("3-9"), h("4-9"), h("4-13"), h("18-15")], "one Cave per section"),
    ],
)
def test_bad_cave_places_are_refused(caves: list[tuple[int, int]], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_game(caves=caves)


def test_a_cave_must_be_two_hexes_from_castles_and_locations() -> None:
    far = [h("6-1"), h("4-17"), h("13-1"), h("11-15")]
    assert len(new_game(layout=OTHER, caves=far).board.caves) == 4
    with pytest.raises(SetupError, match="2 or more hexes away"):
        new_game(layout=OTHER, caves=[h("7-4"), *far[1:]])  # 7-4 touches the castle 8-3


def test_capitol_only_on_a_harbor_or_oracle_castle() -> None:
    s = new_game(layout=OTHER, seed=3, capitols=True)
    assert len(s.board.capitols) == 2
    assert all(s.board.terrain_at(c) == "castle" for c in s.board.capitols)
    assert {s.board.section_at(c) for c in s.board.capitols} == {0, 1}
    with pytest.raises(SetupError, match="Harbor or Oracle"):
        new_game(layout=OTHER, capitols=[h("18-8")])  # the Barn section's castle
    with pytest.raises(SetupError, match="one Capitol per section"):
        new_game(layout=OTHER, capitols=[h("2-4"), h("8-3")])
    assert new_game(capitols=True).board.capitols == ()  # neither section in play


def test_cave_move_to_any_free_hex_next_to_a_cave() -> None:
    s = position(new_game(caves=CAVES), {0: "2-8 9-8"}, built=3)
    options = move_options(s, "cave")
    assert set(options) == {h("2-8")}  # 9-8 is not next to a Cave
    # Nothing else of the player's touches a Cave hex: any of them, whichever Cave.
    assert options[h("2-8")].rule == "anywhere"
    assert set(options[h("2-8")].hexes) == hs("2-9 4-8 4-12 3-13 5-14 5-13 18-14 17-16 17-15")
    assert "cave" in ENGINE.awaiting(s).kinds
    s = play(s, "cave 2-8 to 17-15")
    assert s.owner_at(h("17-15")) == 0 and s.cave_used
    assert _code(s, "cave 17-15 to 17-16") == ("cave_used", {})
    assert "cave" not in ENGINE.awaiting(s).kinds


def test_cave_move_follows_the_adjacency_rule() -> None:
    s = position(new_game(caves=CAVES), {0: "2-8 5-12"}, built=3)
    assert set(move_options(s, "cave")[h("2-8")].hexes) == hs("4-12 5-13")
    assert _code(s, "cave 2-8 to 18-14") == (
        "not_adjacent_but_possible",
        {"hex": "hex:18-14", "needed": "", "count": 2, "hexes": ("hex:4-12", "hex:5-13")},
    )


def test_cave_refusals() -> None:
    s = position(new_game(caves=CAVES), {0: "2-8 9-8", 1: "4-8"}, built=3)
    assert _code(s, "cave 9-8 to 2-9") == ("origin_not_by_cave", {"hex": "hex:9-8"})
    assert _code(s, "cave 2-8 to 9-9")[0] == "target_not_by_cave"  # type: ignore[index]
    assert _code(s, "cave 2-8 to 4-8") == ("hex_occupied", {"hex": "hex:4-8", "owner": 1})
    assert _code(s, "cave 2-8 to 3-10")[0] == "not_buildable"  # type: ignore[index]
    assert _code(s, "cave 4-8 to 2-9") == ("not_own_settlement", {"hex": "hex:4-8"})
    mid = position(new_game(caves=CAVES), {0: "2-8"}, built=1)
    assert _code(mid, "cave 2-8 to 2-9") == ("mandatory_in_progress", {"placed": 1, "needed": 3})
    plain = position(new_game(), {0: "2-8"}, built=3)
    assert _code(plain, "cave 2-8 to 2-9") == ("caves_not_in_play", {})
    assert not legal_texts(plain, "cave")


def test_cave_move_is_available_before_the_mandatory_action() -> None:
    s = position(new_game(caves=CAVES), {0: "2-8"}, hand="grass")
    assert ENGINE.awaiting(s).kinds == {"build", "cave"}
    s, _ = ENGINE.apply(s, CaveMove(h("2-8"), h("4-8")))
    assert ENGINE.awaiting(s).kinds == {"build"}
