"""Final scoring: each Kingdom Builder card, castles, Queenie 1's Capitol, ties.

Suggested layout (1-based): tavern 7-3, 7-8; paddock 3-19, 7-12; oasis 13-8, 18-6; farm
12-18, 16-13; castles 4-4, 8-16, 12-12, 18-2.
"""

from __future__ import annotations

from dataclasses import replace

from kingdom_support import h, new_game, position

from ludivox.engines.kingdom_builder import Layout, ScoreItem, score_sheet
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.scoring import CARD_SCORERS, winners
from ludivox.engines.kingdom_builder.state import EMPTY, KingdomBuilderState

# Two areas: a row of three linking tavern 7-8 and paddock 7-12, and a column of three
# linking castle 12-12 and farm 16-13.
TWO_AREAS = "7-9 7-10 7-11 13-13 14-13 15-13"


def item(state: KingdomBuilderState, seat: int, card: str) -> ScoreItem:
    return CARD_SCORERS[card](state.board, state.owner, seat, state.players)


def spread(state: KingdomBuilderState, counts: dict[int, dict[int, int]]) -> KingdomBuilderState:
    """Put ``counts[seat][quadrant]`` settlements on free buildable hexes of each quadrant."""
    owner = list(state.owner)
    for seat, per_quadrant in counts.items():
        for q, n in per_quadrant.items():
            free = [
                i
                for i, t in enumerate(state.board.terrain)
                if t in BUILDABLE and owner[i] == EMPTY and state.board.quadrant[i] == q
            ]
            for i in free[:n]:
                owner[i] = seat
    return replace(state, owner=tuple(owner))


def test_fishermen_count_settlements_next_to_water_not_on_it() -> None:
    s = position(new_game(), {0: TWO_AREAS})
    assert item(s, 0, "fishermen") == ScoreItem("fishermen", 2, 2)  # 14-13 and 15-13
    on_water = position(new_game(), {0: "9-5 9-4"})  # 9-4 is water (a Harbor move)
    assert item(on_water, 0, "fishermen").points == 1


def test_merchants_four_per_linked_castle_or_location() -> None:
    s = position(new_game(), {0: TWO_AREAS + " 13-9"})  # 13-9 touches oasis 13-8 alone
    assert item(s, 0, "merchants") == ScoreItem("merchants", 16, 4)
    one_area = position(new_game(), {0: "7-9 7-10 7-11"})
    assert item(one_area, 0, "merchants").points == 8
    alone = position(new_game(), {0: "13-9 8-8"})
    assert item(alone, 0, "merchants").points == 0


def test_merchants_count_a_shared_location_once() -> None:
    # Area 1 links tavern 7-8 and paddock 7-12; area 2 links paddock 7-12 and castle 12-12.
    s = position(new_game(), {0: "7-9 7-10 7-11 8-12 9-13 10-13 11-13"})
    assert item(s, 0, "hermits").points == 2
    assert item(s, 0, "merchants") == ScoreItem("merchants", 12, 3)


def test_discoverers_hermits_citizens_knights_workers() -> None:
    s = position(new_game(), {0: TWO_AREAS})
    assert item(s, 0, "discoverers") == ScoreItem("discoverers", 4, 4)  # rows 7, 13, 14, 15
    assert item(s, 0, "hermits") == ScoreItem("hermits", 2, 2)
    assert item(s, 0, "citizens") == ScoreItem("citizens", 1, 3)  # one pair in 3
    assert item(s, 0, "knights") == ScoreItem("knights", 6, 3)  # 3 on row 7
    assert item(s, 0, "workers") == ScoreItem("workers", 4, 4)  # all but 7-10 and 14-13
    big = position(new_game(), {0: "8-7 8-8 8-9 8-10 8-11 9-8"})
    assert item(big, 0, "citizens") == ScoreItem("citizens", 3, 6)
    assert item(big, 0, "knights") == ScoreItem("knights", 10, 5)


def test_miners_next_to_a_mountain() -> None:
    s = position(new_game(), {0: "2-8 9-8"})  # 2-7 is a mountain
    assert item(s, 0, "miners") == ScoreItem("miners", 1, 1)


def test_farmers_rulebook_example_12_points() -> None:
    # "La section dans laquelle le joueur rouge a placé le moins de cités est celle située
    # en bas à droite du plateau de jeu. Il gagne ainsi 12 points de victoire (4x3)."
    s = spread(new_game(), {0: {0: 6, 1: 5, 2: 7, 3: 4}})
    assert item(s, 0, "farmers") == ScoreItem("farmers", 12, 4)
    none_bottom_right = spread(new_game(), {0: {0: 6, 1: 5, 2: 7}})
    assert item(none_bottom_right, 0, "farmers").points == 0


def test_lords_ties_score_in_full_and_second_goes_to_the_next_count() -> None:
    # The card's example: 8, 8, 6 and 2 settlements score 12, 12, 6 and 0.
    s = spread(new_game(4), {0: {0: 8}, 1: {0: 8}, 2: {0: 6}, 3: {0: 2}})
    assert [item(s, seat, "lords").points for seat in range(4)] == [12, 12, 6, 0]
    # Alone in a section: 12, and nobody is second. No settlement there: nothing.
    s = spread(s, {3: {1: 1}})
    assert [item(s, seat, "lords").points for seat in range(4)] == [12, 12, 6, 12]
    # Tied for second: both score 6.
    t = spread(new_game(3), {0: {2: 5}, 1: {2: 3}, 2: {2: 3}})
    assert [item(t, seat, "lords").points for seat in range(3)] == [12, 6, 6]


def test_castles_three_points_each_once() -> None:
    s = position(new_game(), {0: "13-13 12-13", 1: "11-12"})  # all next to castle 12-12
    sheet = score_sheet(s, 0)
    assert sheet.points("castles") == 3
    assert score_sheet(s, 1).points("castles") == 3
    assert score_sheet(position(new_game(), {0: "9-8"}), 0).points("castles") == 0


def test_capitol_one_point_per_settlement_within_two_hexes() -> None:
    s = new_game(layout=Layout.parse("oracle,harbor,barn,tower"), capitols=[h("2-4")])
    s = position(s, {0: "2-5 2-6 2-7 1-1"})
    sheet = score_sheet(s, 0)
    # Distances from the Capitol on 2-4: 2-5 is 1, 2-6 is 2, 2-7 is 3, 1-1 is 3.
    assert sheet.points("capitol") == 2
    assert [i.source for i in sheet.items] == [*s.cards, "castles", "capitol"]
    assert sheet.total == sum(i.points for i in sheet.items)


def test_winners_share_ties() -> None:
    assert winners([10, 12, 12]) == (1, 2)
    assert winners([7, 3]) == (0,)
