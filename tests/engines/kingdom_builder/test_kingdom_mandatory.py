"""The mandatory action: 3 settlements on the drawn terrain, the adjacency rule and its
exceptions, the no-space exception, the end of the game."""

from __future__ import annotations

from dataclasses import replace

from kingdom_support import ENGINE, fill, h, hs, ids, legal_texts, new_game, play, position

from ludivox.engines.kingdom_builder import Build, EndTurn, grid, place_targets
from ludivox.engines.kingdom_builder.events import (
    FinalRoundStarted,
    GameEnded,
    SettlementBuilt,
    TerrainRevealed,
    TerrainSetAside,
    TurnEnded,
)
from ludivox.engines.kingdom_builder.state import KingdomBuilderState


def test_first_settlement_goes_on_any_free_hex_of_the_drawn_terrain() -> None:
    s = position(new_game(), hand="grass")
    targets = place_targets(s, "build")
    assert targets.rule == "anywhere"
    assert len(targets) == 61 == len(s.board.hexes_of("grass"))
    assert legal_texts(s, "build") == {f"build {grid.label(x)}" for x in s.board.hexes_of("grass")}


def test_must_build_next_to_own_settlement_where_possible() -> None:
    s = position(new_game(), {0: "9-8", 1: "12-10"}, hand="grass")
    assert set(place_targets(s, "build").hexes) == hs("9-9 8-8 8-7 10-8")
    assert place_targets(s, "build").rule == "adjacent"
    reason = ENGINE.refusal(s, Build(h("12-9")))
    assert reason is not None and reason.code == "not_adjacent_but_possible"
    assert reason.args == {
        "hex": "hex:12-9",
        "needed": "grass",
        "count": 4,
        "hexes": ids("8-7 8-8 9-9 10-8"),
    }
    assert all(ENGINE.refusal(s, a) is None for a in reason.suggestions)
    # The other player's settlement does not help: it is not "une de ses cités".
    assert h("12-11") not in place_targets(s, "build")


def test_each_of_the_three_follows_the_ones_placed_before() -> None:
    s = position(new_game(), {0: "9-8"}, hand="grass")
    s = play(s, "build 9-9")
    assert set(place_targets(s, "build").hexes) == hs("8-7 8-8 10-8 9-10 8-9 10-9")
    s = play(s, "build 9-10", "build 9-11")
    assert s.built == 3 and s.supply[0] == 36


def test_refusals_name_the_problem() -> None:
    s = position(new_game(), {0: "9-8", 1: "9-9"}, hand="grass")
    cases = {
        "build 9-7": ("wrong_terrain", {"hex": "hex:9-7", "terrain": "forest", "needed": "grass"}),
        "build 9-9": ("hex_occupied", {"hex": "hex:9-9", "owner": 1}),
        "build 9-4": ("not_buildable", {"hex": "hex:9-4", "terrain": "water"}),
        "build 4-4": ("not_buildable", {"hex": "hex:4-4", "terrain": "castle"}),
        "build 7-8": ("not_buildable", {"hex": "hex:7-8", "terrain": "location"}),
    }
    for text, (code, args) in cases.items():
        reason = ENGINE.refusal(s, ENGINE.parse_action(text))
        assert reason is not None and (reason.code, reason.args) == (code, args), text
    assert ENGINE.refusal(s, Build((20, 3))) is not None


def test_no_free_neighbour_of_the_terrain_means_anywhere_on_it() -> None:
    # 9-8 has no desert around it: any free desert hex will do, then the next must touch it.
    s = position(new_game(), {0: "9-8"}, hand="desert")
    targets = place_targets(s, "build")
    assert targets.rule == "anywhere" and len(targets) == 53
    s, events = ENGINE.apply(s, Build(h("1-20")))
    built = [e for e in events if isinstance(e, SettlementBuilt)]
    assert built[0].forced_anywhere and built[0].placed == 1
    assert set(place_targets(s, "build").hexes) == hs("1-19 2-20 2-19")


def test_three_in_a_row_without_interruption_then_end() -> None:
    s = position(new_game(), hand="grass")
    assert ENGINE.awaiting(s).kinds == {"build"}
    assert ENGINE.refusal(s, EndTurn()).args == {"placed": 0, "needed": 3}  # type: ignore[union-attr]
    s = play(s, "build 9-8")
    assert ENGINE.awaiting(s).kinds == {"build"}
    reason = ENGINE.refusal(s, EndTurn())
    assert reason is not None and reason.code == "mandatory_not_done"
    s = play(s, "build 9-9", "build 9-10")
    assert ENGINE.awaiting(s).kinds == {"end"}
    reason = ENGINE.refusal(s, Build(h("9-11")))
    assert reason is not None and (reason.code, reason.args) == ("mandatory_done", {"placed": 3})
    s, events = ENGINE.apply(s, EndTurn())
    assert s.current == 1 and s.built == 0
    assert TurnEnded(seat=0, next_seat=1) in events
    assert TerrainRevealed(seat=1, terrain=s.hands[1]) in events
    assert s.discard == ("grass",)


def _ending_turn_into(state: KingdomBuilderState, terrain: str) -> KingdomBuilderState:
    """Seat 1 has placed its 3 settlements; seat 0's hidden card is ``terrain``."""
    from kingdom_support import give_card

    state = replace(state, current=1, built=3)
    return give_card(state, 0, terrain)


def test_no_free_hex_of_the_drawn_terrain_sets_the_card_aside_and_draws_again() -> None:
    s = fill(new_game(), 1, "grass")
    s = _ending_turn_into(s, "grass")
    # Seat 1 draws the top card; the one after it is grass too, so it is set aside as well.
    deck = list(s.deck)
    k = next(i for i, c in enumerate(deck) if c == "grass" and i > 1)
    deck[1], deck[k] = deck[k], deck[1]
    deck[0], deck[2] = ("forest", "canyon") if deck[0] == "grass" else (deck[0], deck[2])
    s = replace(s, deck=tuple(deck))
    assert s.deck[1] == "grass" and s.deck[2] != "grass"
    expected = s.deck[2]
    s, events = ENGINE.apply(s, EndTurn())
    aside = [e for e in events if isinstance(e, TerrainSetAside)]
    assert aside == [TerrainSetAside(seat=0, terrain="grass")] * 2
    assert s.removed == ("grass", "grass") and s.hands[0] == expected
    assert events[-1] == TerrainRevealed(seat=0, terrain=expected)
    assert ENGINE.awaiting(s).kinds == {"build"}


def test_running_out_during_the_mandatory_action_draws_a_new_terrain() -> None:
    s = position(new_game(), hand="grass")
    s = fill(s, 1, "grass", keep=[h("12-10")])
    s, events = ENGINE.apply(s, Build(h("12-10")))
    assert s.built == 1 and s.removed == ("grass",)
    assert isinstance(events[-1], TerrainRevealed) and s.hands[0] == events[-1].terrain
    assert ENGINE.awaiting(s).kinds == {"build"}
    assert len(legal_texts(s, "build")) > 0


def _with_supply(state: KingdomBuilderState, seat: int, left: int) -> KingdomBuilderState:
    """Put seat's settlements (40 - left of them) on water hexes, as if moved by Harbors,
    starting from the bottom right (far from the hexes these tests build on)."""
    owner = list(state.owner)
    water = [i for i in reversed(state.board.cells_of["water"]) if owner[i] == -1]
    for i in water[: state.supply[seat] - left]:
        owner[i] = seat
    supply = list(state.supply)
    supply[seat] = left
    return replace(state, owner=tuple(owner), supply=tuple(supply))


def test_last_settlement_starts_the_final_round_and_the_round_is_finished() -> None:
    s = _with_supply(new_game(3), 1, 2)
    s = position(s, hand="grass")
    s = play(s, "build 9-8", "build 9-9", "build 9-10", "end")
    s = position(s, hand="desert")
    s, events = ENGINE.apply(s, Build(place_targets(s, "build").hexes[0]))
    s, events = ENGINE.apply(s, Build(place_targets(s, "build").hexes[0]))
    assert FinalRoundStarted(seat=1, last_seat=2) in events
    assert s.supply[1] == 0 and s.final_round
    assert ENGINE.awaiting(s).kinds == {"end"}  # only 2 could be placed
    s = play(s, "end")
    assert s.current == 2 and not s.over
    for _ in range(3):
        s, _ = ENGINE.apply(s, Build(place_targets(s, "build").hexes[0]))
    s, events = ENGINE.apply(s, EndTurn())
    assert s.over and ENGINE.awaiting(s).game_over
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert len(ended) == 1 and ended[0].winners == ENGINE.awaiting(s).winners
    assert list(ENGINE.legal_actions(s)) == []
    reason = ENGINE.refusal(s, EndTurn())
    assert reason is not None and reason.code == "game_over"


def test_last_seat_emptying_its_supply_ends_the_game_at_once() -> None:
    s = _with_supply(new_game(2), 1, 3)
    s = position(s, hand="desert", current=1)
    for _ in range(3):
        s, _ = ENGINE.apply(s, Build(place_targets(s, "build").hexes[0]))
    assert s.final_round
    s, events = ENGINE.apply(s, EndTurn())
    assert s.over and isinstance(events[-1], GameEnded)


def test_a_tie_is_a_shared_victory() -> None:
    s = new_game(2, cards=("hermits", "discoverers", "citizens"))
    s = position(s, {0: "1-1", 1: "1-20"}, current=1, built=3)
    s = replace(s, final_round=True)
    s, events = ENGINE.apply(s, EndTurn())
    assert isinstance(events[-1], GameEnded)
    assert events[-1].totals == (2, 2) and events[-1].winners == (0, 1)
    assert ENGINE.awaiting(s).winners == (0, 1)
