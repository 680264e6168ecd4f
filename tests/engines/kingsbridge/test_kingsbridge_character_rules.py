"""The character rules ("Jouer avec les cartes Personnage") and each special case of the
characters' pages, one by one."""

from __future__ import annotations

import pytest
from full_support import ENGINE, full_position, kinds, play, refused, values

from ludivox.engines.kingsbridge import new_virtual_game
from ludivox.engines.kingsbridge.charevents import EdgarReturned
from ludivox.engines.kingsbridge.state import CHARACTERS


@pytest.mark.parametrize(("players", "each"), [(1, 10), (2, 5), (3, 3), (4, 2), (5, 2)])
def test_characters_are_dealt_evenly_face_up_the_rest_boxed(players: int, each: int) -> None:
    # "Distribuez-les équitablement entre vous (rangez les éventuelles cartes en trop dans la
    # boîte). Formez devant vous une pioche face visible"
    state = new_virtual_game(players, 3, characters=True)
    assert [len(p.characters) for p in state.players] == [each] * players
    assert len(state.box) == 10 - each * players
    assert sorted(state.character_places()) == sorted(CHARACTERS)
    base = new_virtual_game(players, 3)
    assert state.columns == base.columns  # the event cards are dealt as without characters
    assert [p.hand for p in state.players] == [p.hand for p in base.players]
    table = ENGINE.view(state, None)
    assert [p["characters"] for p in table["players"]] == [list(p.characters)
                                                           for p in state.players]
    assert table["box_count"] == len(state.box) and "box" not in table  # the box is unseen


def test_only_the_top_character_of_ones_pile() -> None:
    # "vous pouvez utiliser la carte Personnage visible au sommet de votre pioche"
    state = full_position([[3]], [[4], [5]], [[6], [6]], characters=[["den", "aldred"], []])
    assert refused(state, "use aldred").args == {"character": "aldred", "top": "den"}
    empty = full_position([[3]], [[4], [5]], [[6], [6]], characters=[[], ["aldred"]])
    assert refused(empty, "use aldred").args == {"character": "aldred", "top": ""}


def test_one_character_per_turn() -> None:
    # "Vous ne pouvez utiliser qu'une seule carte Personnage par tour."
    state = full_position([[3]], [[4], [5]], [[6], [6]], characters=[["aldred", "agatha"], []])
    after, _ = play(state, "use aldred")
    assert after.players[0].characters == ("agatha",)  # on top now, but not this turn
    assert refused(after, "use agatha").args == {"character": "agatha", "used": "aldred"}


def test_used_card_goes_under_the_left_neighbours_pile_round_the_table() -> None:
    state = full_position([[3], [8]], [[4], [5], [9]], [[6], [6], [6]],
                          characters=[["aldred"], ["den"], ["agatha", "gytha"]], turn=2)
    after, events = play(state, "use agatha")
    assert events[-1].payload() == {"seat": 2, "character": "agatha", "to_seat": 0}
    assert after.players[0].characters == ("aldred", "agatha")
    # seat 0 uses Aldred next: Agatha is then on top, usable on seat 0's next turn only
    after, _ = play(after, "end", "use aldred", "end")
    assert refused(after, "use agatha").code == "character_not_on_top"  # seat 1
    after, _ = play(after, "exchange 5", "pass")
    assert after.turn == 0 and ENGINE.refusal(after, ENGINE.parse_action("use agatha")) is None


def test_alone_the_used_character_goes_under_ones_own_pile() -> None:
    state = full_position([[3]], [[4]], [[6]], characters=[["den", "aldred"]])
    after, _ = play(state, "use den 1")
    assert after.players[0].characters == ("aldred", "den")


def test_using_a_character_counts_as_playing_but_does_not_prevent_exchanging() -> None:
    state = full_position([[3]], [[9, 11], [5]], [[6], [6]], characters=[["aldred"], []])
    after, _ = play(state, "use aldred")
    _, events = play(after, "end")
    assert "turn_ended" in kinds(events)
    _, events = play(after, "exchange 9")
    assert kinds(events)[:2] == ["cards_exchanged", "cards_drawn"]
    assert refused(after, "pass").code == "pass_after_play"
    nopile = full_position([[3]], [[9], [5]], [[], [6]], characters=[["aldred"], []])
    nopile, _ = play(nopile, "use aldred")
    assert refused(nopile, "pass").code == "pass_after_play"


def test_edgar_comes_back_to_the_player_who_finishes_his_column() -> None:
    # "Lorsque vous finissez une colonne dans laquelle se trouve la carte Personnage Edgar,
    # vous récupérez cette carte et la placez sous votre pioche ... avant de défausser"
    column = [1, 2, 3, 4, 5, 6, 7, 8, 9, -10, 11, 12]
    state = full_position([column], [[13, 2], [5]], [[6], [6]], characters=[["den"], []])
    before = len(state.discard)
    after, events = play(state, "place 13 on 1")
    assert kinds(events) == ["cards_placed", "column_completed", "edgar_returned"]
    assert after.players[0].characters == ("den", "edgar")
    assert len(after.discard) == before + 12  # Edgar is not an event card
    assert values(after, 1) == []


def test_edgar_finishing_a_column_comes_straight_back() -> None:
    state = full_position([list(range(1, 13))], [[2], [5]], [[6], [6]],
                          characters=[["edgar", "den"], []])
    after, events = play(state, "use edgar 13 on 1")
    assert kinds(events) == ["character_used", "edgar_laid", "column_completed",
                             "edgar_returned"]
    assert after.players[0].characters == ("den", "edgar")
    assert after.players[1].characters == ()


@pytest.mark.parametrize("text", ["use wynstan 2 from 1", "use den 1"])
def test_edgar_discarded_by_wynstan_or_den_goes_to_the_left_neighbour(text: str) -> None:
    # "si vous défaussez une colonne dans laquelle se trouve Edgar grâce aux effets des cartes
    # Personnage Évêque Wynstan ou Shérif Den, donnez alors la carte Personnage Edgar à la
    # personne à votre gauche"
    name = text.split()[1]
    state = full_position([[5, 6, -7]], [[2], [5], [4]], [[6], [6], [6]],
                          characters=[[name], ["gytha"], []])
    after, events = play(state, text)
    assert EdgarReturned(seat=1) in events
    assert after.players[1].characters == ("gytha", "edgar", name)
    assert all(c > 0 for column in after.columns for c in column)
    assert 7 not in after.discard[-2:]  # he is not discarded as a card


def test_edgar_is_not_taken_back_the_turn_he_was_laid() -> None:
    state = full_position([[3]], [[4, 9], [4, 1]], [[6], [6]], characters=[["edgar"], []])
    after, _ = play(state, "use edgar 4 on 1")
    assert refused(after, "retrieve edgar").code == "edgar_just_laid"
    # by anybody, on their turn
    taken, events = play(after, "end", "retrieve edgar")
    assert taken.players[1].characters == ("edgar",) and events[-1] == EdgarReturned(seat=1)
    assert taken.columns[0] == (3, 4)


def test_edgar_cannot_be_given_by_wigelm() -> None:
    state = full_position([[-3, 4], [7]], [[1], [2]], [[6], [6]], characters=[["wigelm"], []])
    assert refused(state, "use wigelm from 1").args == {"column": 1}
    after, _ = play(state, "use wigelm from 2")
    assert after.players[1].pile == (7, 6)


def test_ragna_skips_once_in_one_column() -> None:
    state = full_position([[1, 2, 3], [6]], [[5, 8, 10], [1]], [[9], [9]],
                          characters=[["ragna"], []])
    after, _ = play(state, "use ragna skip 4 on 1")
    assert refused(after, "place 8 on 2").code == "needs_card"  # not another column
    after, _ = play(after, "place 5 on 1")
    assert after.skip == (0, 0)
    assert refused(after, "place 10 on 1").args == {"value": 10, "column": 1, "last": 5,
                                                     "needed": 6}


def test_a_column_with_a_hole_is_finished_only_once_filled() -> None:
    state = full_position([[1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12]], [[13, 4], [5]],
                          [[6], [6]], characters=[[], []])
    after, events = play(state, "place 13 on 1")
    assert "column_completed" not in kinds(events) and len(after.columns[0]) == 12
    after, events = play(after, "place 4 on 1")
    assert kinds(events) == ["hole_filled", "column_completed"] and values(after, 1) == []


def test_identical_cards_make_a_column_of_fourteen_that_finishes() -> None:
    state = full_position([list(range(1, 13))], [[12, 13], [5]], [[6], [6]],
                          characters=[["agatha"], []])
    after, events = play(state, "use agatha", "place 12 13 on 1")
    assert "column_completed" in kinds(events)
    assert after.discard[-14:] == (*range(1, 13), 12, 13)


@pytest.mark.parametrize(
    "texts",
    [
        ("use ethelred 10 11", "move 7[0:] to 1"),  # moved away
        ("use ethelred 10 11", "end", "use wynstan 2 from 7"),  # emptied by a character
    ],
)
def test_ethelreds_column_lasts_while_it_holds_cards(texts: tuple[str, ...]) -> None:
    # "Elle disparaît dès qu'elle est finie ou dès que toutes les cartes qui s'y trouvaient
    # ont été déplacées ailleurs (que ce soit en réorganisant la colonne ou en utilisant une
    # carte Personnage)."
    state = full_position([[7, 8, 9], [1], [2], [3], [4], [5]], [[10, 11, 12, 13], [6]],
                          [[6], [6]], characters=[["ethelred"], ["wynstan"]])
    after, events = play(state, texts[0], "place 12 13 on 7")
    assert len(after.columns) == 7 and values(after, 7) == [10, 11, 12, 13]
    after, events = play(state, *texts)
    assert len(after.columns) == 6 and kinds(events)[-1] == "column_removed"


def test_ethelreds_column_disappears_when_finished() -> None:
    state = full_position([list(range(6, 14)), [1], [2], [3], [4], [5]],
                          [[1, 2, 3, 4, 5], [6]], [[6], [6]], characters=[["ethelred"], []])
    after, events = play(state, "use ethelred 1 2 3 4 5", "move 1[0:] to 7")
    assert len(after.columns) == 6 and values(after, 1) == []
    assert kinds(events)[-3:] == ["column_moved", "column_completed", "column_removed"]
    assert events[-2].payload() == {"column": 7}


def test_one_extra_column_at_a_time() -> None:
    state = full_position([[1], [2], [3], [4], [5], [6], [9]], [[10, 11], [5]], [[6], [6]],
                          characters=[["ethelred"], []])
    assert refused(state, "use ethelred 10 11").args == {"column": 7}


def test_den_on_ethelreds_column_keeps_it_for_an_immediate_placement() -> None:
    # "Vous pouvez immédiatement poser de nouvelles cartes sur cette colonne."
    state = full_position([[1], [2], [3], [4], [5], [6], [9, 10]], [[7, 12, 13], [5]],
                          [[6], [6]], characters=[["den"], []])
    after, _ = play(state, "use den 7")
    assert len(after.columns) == 7 and after.columns[6] == ()
    placed, _ = play(after, "place 12 13 on 7")
    assert values(placed, 7) == [12, 13]
    gone, events = play(after, "place 7 on 6")  # something else first: the column is gone
    assert len(gone.columns) == 6 and "column_removed" in kinds(events)
    gone, events = play(after, "end")
    assert len(gone.columns) == 6 and kinds(events)[0] == "column_removed"


def test_cards_set_aside_are_played_from_the_next_turn() -> None:
    # "Vous pourrez les poser lors de vos prochains tours"
    state = full_position([[3], [5]], [[4, 6, 9], [1]], [[2, 2], [2]],
                          characters=[["wilwulf"], []])
    after, events = play(state, "use wilwulf 4")
    assert kinds(events) == ["character_used", "cards_set_aside", "character_passed"]
    assert refused(after, "place 4 on 1 aside 4").args == {"value": 4}
    after, _ = play(after, "place 6 on 2", "end", "exchange 1")
    assert after.turn == 0
    after, _ = play(after, "place 4 on 1 aside 4")
    assert values(after, 1) == [3, 4] and after.placed == 0 and after.placed_aside == 1


def test_cards_set_aside_must_be_placed_to_win() -> None:
    state = full_position([[3]], [[4], [5, 6]], [[], [6]], aside=[[9], []])
    after, events = play(state, "place 4 on 1")
    assert not after.game_over and after.players[0].cards_left == 1
    state = full_position([[3]], [[4], [5, 6]], [[], [6]], aside=[[5], []])
    after, events = play(state, "place 4 5 on 1 aside 5")
    assert after.result == "won" and kinds(events)[-1] == "game_won"


def test_virtual_game_with_characters_blocks_after_three_quiet_rounds() -> None:
    # "aucun des joueurs ne pourrait plus poser de cartes, et ce même après avoir changé
    # plusieurs fois de cartes": with characters no proof is tried; 3 quiet rounds end it
    hand = [1, 2, 3, 4, 5, 6]
    state = full_position([[13]] * 6, [hand, hand], [[7, 8], [7]])
    for _ in range(5):
        state, _ = play(state, f"exchange {state.current.hand[0]}")
        assert not state.game_over
    state, events = play(state, f"exchange {state.current.hand[0]}")
    assert state.result == "blocked" and kinds(events)[-1] == "game_blocked"
    assert state.winners == (1,)
