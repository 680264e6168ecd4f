"""Setting up: suggested first game, drawn boards and cards, bad choices refused."""

from __future__ import annotations

from collections import Counter

import pytest
from kingdom_support import ENGINE

from ludivox.engines.kingdom_builder import (
    SUGGESTED_FIRST_CARDS,
    SUGGESTED_FIRST_LAYOUT,
    Layout,
    SetupChoiceError,
    SetupError,
)
from ludivox.engines.kingdom_builder.events import TerrainRevealed
from ludivox.engines.kingdom_builder.reasons import SETUP_REASON_CODES
from ludivox.engines.kingdom_builder.setup import parse_layout


def test_suggested_first_game() -> None:
    s, events = ENGINE.setup(3, seed=7, layout=SUGGESTED_FIRST_LAYOUT, cards=SUGGESTED_FIRST_CARDS)
    assert set(s.board.layout.sections) == {"tavern", "paddock", "oasis", "farm"}
    assert s.cards == ("fishermen", "knights", "merchants")
    assert len(s.board.locations) == 8 and s.tiles_left == (2,) * 8
    assert s.supply == (40, 40, 40)
    assert len(s.deck) == 22 and all(c != "?" for c in s.hands)
    assert Counter([*s.deck, *s.hands]) == Counter(
        {"grass": 5, "canyon": 5, "desert": 5, "flower": 5, "forest": 5}
    )
    assert events == (TerrainRevealed(seat=0, terrain=s.hands[0]),)
    assert s.current == 0 and s.built == 0 and not s.final_round


def test_drawn_board_and_cards_follow_the_seed() -> None:
    a = ENGINE.new_game(2, seed=11)
    b = ENGINE.new_game(2, seed=11)
    assert a == b
    layouts = {ENGINE.new_game(2, seed=n).board.layout for n in range(12)}
    assert len(layouts) > 6
    for n in range(12):
        s = ENGINE.new_game(4, seed=n)
        assert len(set(s.board.layout.sections)) == 4
        assert len(set(s.cards)) == 3
    # Both orientations occur.
    turned = [t for lay in layouts for t in lay.rotated]
    assert any(turned) and not all(turned)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "2 to 4"),
        ({"players": 5}, "2 to 4"),
        ({"cards": ("lords", "lords", "farmers")}, "3 different"),
        ({"cards": ("lords", "pirates", "farmers")}, "unknown Kingdom Builder cards"),
        ({"layout": Layout.parse("tavern,tavern,oasis,farm")}, "must be different"),
        ({"layout": Layout.parse("tavern,castle,oasis,farm")}, "no section named"),
        ({"mode": "table", "seed": None}, "needs its layout and cards chosen"),
        ({"mode": "virtual", "seed": None}, "needs a seed"),
        ({"mode": "online"}, "'virtual' or 'table'"),
    ],
)
def test_bad_setups_are_refused(options: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"players": 2, "seed": 1, **options}
    players = args.pop("players")
    with pytest.raises(SetupError, match=message):
        ENGINE.new_game(players, **args)  # type: ignore[arg-type]


CHOICES_REFUSED = [
    ("layout", "layout_not_four", lambda: parse_layout("tavern,paddock")),
    ("layout", "layout_section_twice",
     lambda: ENGINE.new_game(2, seed=1, layout=Layout.parse("tavern,tavern,oasis,farm"))),
    ("layout", "layout_unknown_section",
     lambda: ENGINE.new_game(2, seed=1, layout=Layout.parse("tavern,castle,oasis,farm"))),
    ("cards", "cards_count", lambda: ENGINE.new_game(2, seed=1, cards=("lords",))),
    ("cards", "cards_unknown", lambda: ENGINE.new_game(2, seed=1, cards=("lords", "x", "y"))),
    ("cards", "cards_twice",
     lambda: ENGINE.new_game(2, seed=1, cards=("lords", "lords", "farmers"))),
]


def test_every_set_up_choice_refused_says_which_and_why_with_its_parameters() -> None:
    seen = set()
    for choice, code, make in CHOICES_REFUSED:
        with pytest.raises(SetupChoiceError) as refused:
            make()
        assert (refused.value.choice, refused.value.reason.code) == (choice, code)
        assert set(refused.value.reason.args) == set(SETUP_REASON_CODES[code]), code
        seen.add(code)
    assert seen == set(SETUP_REASON_CODES)


def test_layout_text_round_trip() -> None:
    lay = Layout.parse("tavern,paddock^,oasis,farm^")
    assert lay.rotated == (False, True, False, True)
    assert Layout.parse(lay.text()) == lay
    with pytest.raises(ValueError, match="4 comma-separated"):
        Layout.parse("tavern,paddock")
