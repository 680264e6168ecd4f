"""Every refusal code of the full game and of solo / co-op, with its parameters."""

from __future__ import annotations

from full_support import ENGINE, full_position, play, refused, table_full_position

from ludivox.engines.kingsbridge import new_table_game, new_virtual_game
from ludivox.engines.kingsbridge.actions import Place
from ludivox.engines.kingsbridge.charactions import (
    RevealCharacter,
    SetCharacters,
    UseRagna,
)
from ludivox.engines.kingsbridge.reasons import CHARACTER_REASON_CODES

STANDARD = full_position(
    [[1, 2, 3], [5], [8, 9, -10], [], [6, 7], [12]],
    [[4, 4, 7, 11, 13], [2]],
    [[1, 1], [3]],
    characters=[["wynstan", "den"], ["gytha"]],
    aside=[[10], []],
)
SOLO = full_position(
    [[3, 4, 5], [9], [11], [12], [2], [6]], [[7, 7, 13]], [[1, 2, 3]], mode="solo",
    revealed=["ragna", "gytha", "wilwulf"], deck=["aldred", "den"],
)


def test_every_new_code_is_exercised_here() -> None:
    tested = set()
    for name, func in globals().items():
        if name.startswith("test_") and func.__doc__:
            tested.update(func.__doc__.split())
    assert set(CHARACTER_REASON_CODES) <= tested, set(CHARACTER_REASON_CODES) - tested


def test_characters_in_a_base_game() -> None:
    """no_characters"""
    base = new_virtual_game(2, 1)
    assert refused(base, "use aldred").code == "no_characters"
    assert refused(base, f"place {base.current.hand[0]} on 1 aside 4").code == "no_characters"
    assert refused(base, "malus 4").code == "no_characters"


def test_which_character() -> None:
    """no_such_character character_not_on_top character_not_revealed character_already_used
    character_still_acting"""
    table = new_table_game(2, characters=True)
    reason = ENGINE.refusal(table, SetCharacters(0, ("merlin", "den", "gytha", "ragna", "den")))
    assert reason is not None and reason.args == {"character": "merlin"}
    assert refused(STANDARD, "use den 1").args == {"character": "den", "top": "wynstan"}
    assert refused(SOLO, "use den 1").args == {
        "character": "den", "revealed": ("ragna", "gytha", "wilwulf")}
    after, _ = play(SOLO, "use ragna skip 6 on 1")  # solo: one at a time, her skip pending
    reason = refused(after, "use gytha 6 on 1")
    assert (reason.code, reason.args) == (
        "character_still_acting", {"character": "gytha", "used": "ragna"})
    after, _ = play(STANDARD, "use wynstan 1 from 1")  # the full game: one per turn
    reason = refused(after, "use den 5")
    assert (reason.code, reason.args) == (
        "character_already_used", {"character": "den", "used": "wynstan"})


def test_character_choices() -> None:
    """ragna_skip_range wynstan_count gytha_count wilwulf_count column_too_short column_empty
    wigelm_count wigelm_takes_edgar extra_column_exists"""
    assert refused(SOLO, "use ragna skip 13 on 1").args == {"value": 13}
    assert ENGINE.refusal(SOLO, UseRagna(1, 0)) is not None
    assert refused(STANDARD, "use wynstan 3 from 1").args == {"count": 3}
    assert refused(STANDARD, "use wynstan 2 from 2").args == {"column": 2, "length": 1,
                                                               "count": 2}
    assert refused(STANDARD, "use wynstan 1 from 4").args == {"column": 4}
    assert refused(SOLO, "use gytha 8 9 10 on 1").args == {"count": 3}
    assert refused(SOLO, "use wilwulf 7 7 13").args == {"count": 3}
    wigelm = full_position([[-3, 4], [], [6]], [[1], [2], [3]], [[5], [5], [5]],
                           characters=[["wigelm"], [], []])
    assert refused(wigelm, "use wigelm from 3").args == {"expected": 2, "got": 1}
    assert refused(wigelm, "use wigelm from 3 3").args == {"column": 3}
    assert refused(wigelm, "use wigelm from 3 1").args == {"column": 1}
    seven = full_position([[1], [2], [3], [4], [5], [6], [9]], [[10, 11], [1]], [[2], [2]],
                          characters=[["ethelred"], []])
    assert refused(seven, "use ethelred 10 11").args == {"column": 7}


def test_gytha_needs_the_cards_in_the_discard() -> None:
    """not_in_discard"""
    eights = [[8, 8, 8, 8], [8, 8, 8, 8]]
    state = full_position([[6, 7], *eights], [[1], [2]], [[3], [3]],
                          characters=[["gytha"], []])
    assert refused(state, "use gytha 8 on 1").args == {"value": 8, "wanted": 1, "available": 0}
    assert refused(state, "use gytha 8 on 4").code == "not_in_discard"


def test_edgar() -> None:
    """edgar_not_in_column edgar_just_laid edgar_not_at_end"""
    assert refused(SOLO, "retrieve edgar").code == "edgar_not_in_column"
    state = full_position([[3]], [[4, 4], [5]], [[6], [6]], characters=[["edgar"], []])
    after, _ = play(state, "use edgar 4 on 1")
    assert refused(after, "retrieve edgar").code == "edgar_just_laid"
    assert refused(STANDARD, "retrieve edgar").args == {"value": 10, "wanted": 1, "held": 0}
    middle = full_position([[8, -9, 10]], [[1], [2]], [[3], [3]], aside=[[9], []])
    assert refused(middle, "retrieve edgar aside").args == {"column": 1}


def test_cards_set_aside() -> None:
    """aside_not_in_cards card_not_aside aside_this_turn aside_not_at_end"""
    assert refused(STANDARD, "place 13 on 6 aside 12").args == {"value": 12}
    assert refused(STANDARD, "place 13 on 6 aside 13").args == {"value": 13, "wanted": 1,
                                                                 "held": 0}
    state = full_position([[3]], [[4, 9], [5]], [[6], [6]], characters=[["wilwulf"], []])
    after, _ = play(state, "use wilwulf 4")
    assert refused(after, "place 4 on 1 aside 4").args == {"value": 4}
    hole = full_position([[3, 5]], [[1], [2]], [[6], [6]], aside=[[4], []])
    assert refused(hole, "place 4 on 1 aside 4").args == {"value": 4, "column": 1}


def test_solo_and_coop_turns() -> None:
    """exchange_not_allowed pass_not_allowed must_place_or_malus malus_not_in_mode
    malus_after_place malus_but_can_place"""
    assert refused(SOLO, "exchange 7").args == {"mode": "solo"}
    assert refused(SOLO, "pass").args == {"mode": "solo"}
    reason = refused(SOLO, "end")
    assert reason.code == "must_place_or_malus" and reason.suggestions == (Place((7,), 6),)
    assert refused(STANDARD, "malus 4").args == {"mode": "standard"}
    after, _ = play(SOLO, "place 7 on 6")
    assert refused(after, "malus 13").code == "malus_after_place"
    reason = refused(SOLO, "malus 13")
    assert reason.args == {"value": 7, "column": 6} and reason.suggestions == (Place((7,), 6),)
    coop = new_virtual_game(3, 2, mode="coop")
    assert refused(coop, f"exchange {coop.current.hand[0]}").args == {"mode": "coop"}


def test_table_set_up_of_the_characters() -> None:
    """characters_not_expected wrong_character_count character_known_elsewhere
    character_twice deck_top_known character_reveal_pending"""
    table = new_table_game(3, characters=True)
    assert refused(table, "characters 0 ragna den").args == {"seat": 0, "expected": 3,
                                                              "got": 2}
    assert refused(table, "characters 0 ragna den ragna").args == {"character": "ragna"}
    table, _ = play(table, "characters 0 ragna den gytha")
    assert refused(table, "characters 1 wigelm den edgar").args == {"character": "den"}
    assert refused(table, "characters 0 wigelm aldred edgar").code == "characters_not_expected"
    assert refused(table, "reveal character ragna").code == "characters_not_expected"
    # solo: Edgar went back under the deck, the only card left in it: it must be him
    state = table_full_position(
        [[3], [5]], [[None] * 6], [[None] * 3], mode="solo",
        revealed=["ragna", "gytha"], deck=["edgar"],
        box=["aldred", "den", "wynstan", "agatha", "ethelred", "wigelm", "wilwulf"],
    )
    assert ENGINE.awaiting(state).phase == "reveal_character"
    assert refused(state, "reveal character den").args == {"character": "den",
                                                            "top": "edgar"}
    assert ENGINE.refusal(state, RevealCharacter("edgar")) is None
    assert refused(state, "place 4 on 1").code == "character_reveal_pending"
