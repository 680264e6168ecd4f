"""The solo and co-op variants ("Variantes : mode solo & mode coopératif"), virtual and at a
physical table."""

from __future__ import annotations

from collections import Counter

import pytest
from full_support import ENGINE, full_position, kinds, play, refused, values

from ludivox.engines.kingsbridge import new_table_game, new_virtual_game
from ludivox.engines.kingsbridge.charactions import Malus
from ludivox.engines.kingsbridge.charevents import (
    CharacterBoxed,
    CharacterRevealed,
    CharacterUsed,
    GameScored,
    HoleLeft,
    MalusAdded,
    MalusCard,
)
from ludivox.engines.kingsbridge.events import CardsPlaced, TurnEnded
from ludivox.engines.kingsbridge.state import CHARACTERS


def test_solo_set_up() -> None:
    # "préparez les 6 colonnes ... formez une pioche ... tirerez 6 cartes ... Mélangez
    # ensuite les cartes Personnage et formez une pioche face cachée. Révélez ensuite 3"
    state = new_virtual_game(1, 4, mode="solo")
    player = state.players[0]
    assert len(state.columns) == 6 and all(len(c) == 1 for c in state.columns)
    assert player.hand_size == 6 and player.pile_size == 92  # all 104 cards to place
    assert len(state.revealed) == 3 and len(state.deck) == 7
    assert sorted((*state.revealed, *(n for n in state.deck if n))) == sorted(CHARACTERS)
    assert state.characters_on and state.score() == 10
    table = ENGINE.view(state, None)
    assert table["revealed"] == list(state.revealed) and table["deck_count"] == 7
    assert "deck" not in table  # face down
    assert new_virtual_game(1, 4, mode="solo") == state
    with pytest.raises(ValueError, match="solo mode is for 1 player"):
        new_virtual_game(2, 4, mode="solo")
    with pytest.raises(ValueError, match="co-op mode needs 2"):
        new_virtual_game(1, 4, mode="coop")
    with pytest.raises(ValueError, match="mode must be one of"):
        new_virtual_game(2, 4, mode="versus")


def test_the_solo_example_three_four_five_a_seven_and_ragna() -> None:
    # "vous disposez d'une colonne composée des cartes 3-4-5. Malheureusement, vous n'avez
    # plus qu'un 7 en main. Ragna se trouve parmi vos 3 cartes Personnage révélées ... Posez
    # donc votre 7 sur la colonne 3-5, puis rangez Ragna dans la boîte."
    state = full_position([[3, 4, 5], [9], [11], [12], [2], [10]], [[7]], [[1, 13]],
                          mode="solo", revealed=["gytha", "ragna", "den"],
                          deck=["wigelm", "aldred"])
    assert refused(state, "place 7 on 1").code == "needs_card"
    after, events = play(state, "use ragna skip 6 on 1", "place 7 on 1")
    assert values(after, 1) == [3, 4, 5, 7]
    assert events == [
        CharacterUsed(seat=0, character="ragna"),
        CharacterBoxed(character="ragna"),
        CharacterRevealed(character="wigelm"),  # "révélez-en une nouvelle"
        CardsPlaced(seat=0, cards=(7,), column=1),
        HoleLeft(column=1, value=6),
    ]
    assert after.revealed == ("gytha", "den", "wigelm") and after.box[-1] == "ragna"
    assert after.characters_left() == 4


def test_solo_at_least_one_card_each_turn_or_the_malus() -> None:
    # "vous devez poser au moins 1 carte de votre main à chaque tour ... Si vous ne parvenez
    # pas à poser au moins 1 carte de votre main ... placer 1 carte de votre main sur une pile
    # de malus. Chaque carte de cette pile vous enlèvera 5 points"
    state = full_position([[3], [9], [11], [12], [2], [13]], [[7, 7, 8]], [[1, 4, 5, 6]],
                          mode="solo", revealed=["gytha", "ragna", "den"])
    assert refused(state, "end").code == "must_place_or_malus"
    before = state.score()
    after, events = play(state, "malus 8")
    assert events[:2] == [MalusAdded(seat=0, count=1, malus=1),
                          MalusCard(seat=0, card=8, private_to=0)]
    assert events[-1] == TurnEnded(seat=0, next_seat=0)
    assert after.malus == (8,) and after.score() == before - 5
    assert after.players[0].hand_size == 6 and after.turn == 0
    # "rien ne vous oblige à poser toutes les cartes possibles"
    state = full_position([[3], [9]], [[4, 5, 10]], [[1, 1, 1]], mode="solo",
                          revealed=["gytha", "ragna", "den"])
    after, _ = play(state, "place 4 on 1", "end")
    assert 5 in after.players[0].hand and 10 in after.players[0].hand


def test_a_character_may_save_the_malus() -> None:
    # "(même après avoir utilisé une carte Personnage)": using one is a choice
    state = full_position([[3], [9], [11], [12], [2], [13]], [[7]], [[1]], mode="solo",
                          revealed=["gytha", "ragna", "den"])
    for turn in (("malus 7",), ("use den 1", "place 7 on 1", "end")):
        after, _ = play(state, *turn)
        assert after.turn == 0


def test_solo_no_exchange_and_three_characters_while_the_deck_lasts() -> None:
    state = full_position([[3], [9], [5]], [[4, 10, 6, 12]], [[1, 2]], mode="solo",
                          revealed=["aldred", "agatha", "den"], deck=["gytha"])
    assert refused(state, "exchange 12").code == "exchange_not_allowed"
    state, _ = play(state, "use aldred", "place 4 on 1", "end")
    assert state.revealed == ("agatha", "den", "gytha") and state.deck == ()
    state, events = play(state, "use agatha", "place 10 on 2", "end")
    # "Si vous les avez toutes utilisées, vous devrez terminer la partie sans"
    assert state.revealed == ("den", "gytha") and "character_revealed" not in kinds(events)


def test_edgar_in_solo_goes_back_under_the_deck() -> None:
    state = full_position([[8, 9, -10]], [[10, 1]], [[2]], mode="solo",
                          revealed=["gytha", "ragna", "den"], deck=["wigelm"])
    after, events = play(state, "retrieve edgar")
    assert kinds(events) == ["edgar_swapped", "edgar_under_deck"]
    assert after.deck == ("wigelm", "edgar") and after.characters_left() == 5


def test_scoring_and_the_end_of_a_solo_game() -> None:
    # "+ 1 point pour chaque carte Personnage qu'il vous reste (cartes révélées et pioche
    # confondues). + 2 points pour chaque colonne vide. - 5 points pour chaque carte dans la
    # pile de malus. Si vous marquez au moins 1 point, vous avez gagné !"
    state = full_position([[12], [], [], [3, 4], [], []], [[13]], [[]], mode="solo",
                          revealed=["gytha", "ragna", "den"], deck=["wigelm"], malus=[1])
    after, events = play(state, "place 13 on 1")
    assert after.game_over and after.result == "scored"
    assert events[-1] == GameScored(score=4 + 2 * 4 - 5, characters=4, empty_columns=4,
                                    malus=1, won=True)
    assert after.winners == (0,) and ENGINE.awaiting(after).game_over
    assert ENGINE.loads(ENGINE.dumps(after)) == after


def test_twenty_two_points_at_most() -> None:
    # "le maximum possible étant 22 points": 10 characters, 6 empty columns
    deck = [n for n in CHARACTERS if n not in ("gytha", "ragna", "den")]
    state = full_position([list(range(1, 13))], [[13]], [[]], mode="solo",
                          revealed=["gytha", "ragna", "den"], deck=deck)
    after, events = play(state, "place 13 on 1")
    assert after.score() == 22 and events[-1].payload()["score"] == 22


def test_cards_still_set_aside_at_the_end_go_to_the_malus() -> None:
    state = full_position([[3, 4]], [[5]], [[]], aside=[[9]], mode="solo",
                          revealed=["gytha", "ragna", "den"])
    after, events = play(state, "place 5 on 1")
    assert not after.game_over  # the 9 may still be placed this turn
    after, events = play(after, "end")
    assert kinds(events)[-2:] == ["aside_to_malus", "game_scored"]
    assert after.malus == (9,) and after.result == "scored"
    lost = full_position([[3, 4]], [[5]], [[]], aside=[[9]], mode="solo",
                         revealed=["gytha"], malus=[1, 2])
    lost, _ = play(lost, "place 5 on 1", "end")
    assert lost.score() < 1 and lost.winners == ()


def test_coop_shared_characters_one_per_player_per_turn_one_malus_pile() -> None:
    # "Vous pouvez tous utiliser les 3 cartes Personnage révélées, dans la limite d'1 carte
    # Personnage par joueur et par tour ... il n'y a qu'une pile de malus pour tous"
    state = full_position([[3], [9], [11], [12], [2], [13]], [[4, 8, 1], [7, 7], [5]],
                          [[1], [1], [1]], mode="coop",
                          revealed=["aldred", "agatha", "ragna"], deck=["den", "gytha"])
    state, _ = play(state, "use aldred", "place 8 on 2")
    assert refused(state, "use agatha").code == "character_already_used"
    state, _ = play(state, "end")
    assert state.turn == 1 and state.revealed == ("agatha", "ragna", "den")
    state, _ = play(state, "malus 7")
    state, _ = play(state, "malus 5")
    assert state.malus == (7, 5) and state.turn == 0
    state, _ = play(state, "use agatha", "place 4 on 1", "end")
    assert state.revealed == ("ragna", "den", "gytha")


def test_coop_skips_players_without_cards_and_ends_when_all_are_placed() -> None:
    # "la partie s'arrête dès que votre pioche de cartes Évènement est vide et que vous
    # n'avez plus de cartes en main"
    state = full_position([[3], [9]], [[4], [], [10]], [[], [], [11]], mode="coop",
                          revealed=["aldred", "agatha", "ragna"])
    state, events = play(state, "place 4 on 1", "end")
    assert events[-1] == TurnEnded(seat=0, next_seat=2)  # seat 1 has nothing left
    state, events = play(state, "place 10 on 2", "end", "place 11 on 2")
    assert state.result == "scored" and events[-1].kind == "game_scored"
    assert state.winners == (0, 1, 2)


def test_coop_table_hears_no_hand_card() -> None:
    # "Vous ne pouvez pas communiquer sur les cartes que vous avez en main"
    state = new_virtual_game(3, 9, mode="coop")
    table = ENGINE.view(state, None)
    assert "hand" not in table
    assert all(set(p) == {"seat", "hand_count", "pile_count", "characters", "aside"}
               for p in table["players"])
    seat = ENGINE.view(state, 1)
    assert seat["hand"] == list(state.players[1].hand)
    hand = state.current.hand
    worst = max(hand)
    state = full_position([[13]] * 6, [list(hand), [1], [2]], [[3], [3], [3]], mode="coop",
                          revealed=["aldred", "agatha", "ragna"])
    after, events = play(state, f"malus {worst}")
    public = [e for e in events if e.private_to is None]
    assert kinds(public) == ["malus_added", "cards_drawn", "turn_ended"]
    assert not any({"card", "cards"} & set(e.payload()) for e in public)
    assert MalusCard(seat=0, card=worst, private_to=0) in events
    assert "malus" not in ENGINE.view(after, None) and ENGINE.view(after, None)[
        "malus_count"] == 1


def test_table_solo_reveals_characters_from_the_world() -> None:
    state = new_table_game(1, mode="solo")
    assert ENGINE.awaiting(state).phase == "setup"
    state, _ = play(state, "columns 3 9 11 12 2 13")
    awaiting = ENGINE.awaiting(state)
    assert awaiting.world and awaiting.phase == "reveal_character"
    state, events = play(state, "reveal character ragna", "reveal character den",
                         "reveal character gytha")
    assert kinds(events) == ["character_revealed"] * 3
    assert ENGINE.awaiting(state).seats == (0,) and len(state.deck) == 7
    state, _ = play(state, "reveal 0 7", "use ragna skip 4 on 1")
    assert ENGINE.awaiting(state).phase == "reveal_character"
    assert refused(state, "reveal character ragna").code == "character_known_elsewhere"
    state, _ = play(state, "reveal character wigelm", "place 5 on 1")
    assert values(state, 1) == [3, 5]


def test_table_standard_piles_are_told_at_set_up() -> None:
    state = new_table_game(3, characters=True)
    state, _ = play(state, "columns 3 9 11 12 2 13", "characters 0 ragna den gytha")
    assert ENGINE.awaiting(state).phase == "setup"
    state, _ = play(state, "characters 1 aldred agatha edgar",
                    "characters 2 wigelm wilwulf wynstan")
    assert state.box == ("ethelred",) and ENGINE.awaiting(state).seats == (0,)
    assert Counter(state.character_places()) == Counter(CHARACTERS)
    state, _ = play(state, "reveal 0 4", "use ragna skip 4 on 5")
    assert state.players[1].characters == ("aldred", "agatha", "edgar", "ragna")


def test_table_malus_of_a_card_the_assistant_does_not_know_is_listed() -> None:
    # found by the shared contract checker: refusal accepted "malus 1" for an unknown hand
    # card, but "what can I do" listed only the known ones
    state = ENGINE.loads(
        "kb t 12/1,2,3,4/13/12,13/2,3,4,5,6,7,8,9,10,11,12/7 12 2,7,?4:?76 @0 p0m0q0x0 play "
        "+m=solo;c=-;w=7;r=gytha.ethelred.wigelm;d=?.?;b=wynstan.wilwulf.agatha.aldred.ragna;"
        "k=-;u=-;s=-;n=0;f=-;a=0"
    )
    legal = set(ENGINE.legal_actions(state))
    assert ENGINE.refusal(state, Malus(1)) is None and Malus(1) in legal
    assert {Malus(2), Malus(7)} <= legal


def test_a_character_used_with_an_empty_pile_suggests_ending_the_turn_not_passing() -> None:
    state = full_position([[4]], [[1, 9]], characters=[["den"]], power="den")
    reason = refused(state, "exchange 1")
    assert reason.code == "exchange_pile_empty"
    assert all(ENGINE.refusal(state, s) is None for s in reason.suggestions)
    assert [s.kind for s in reason.suggestions] == ["end"]


@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_a_hand_emptied_by_wilwulf_may_end_the_turn(mode: str) -> None:
    # No card of the hand is left to place or to put on the malus pile: the turn ends, and
    # a card set aside that is never placed goes to the malus at the end of the game.
    hands = [[7]] if mode == "solo" else [[7], [4], [10]]
    piles = [[]] if mode == "solo" else [[], [], [11]]
    state = full_position([[3], [9], [11], [12], [2], [13]], hands, piles, mode=mode,
                          revealed=["wilwulf", "agatha", "ragna"])
    state, _ = play(state, "use wilwulf 7")
    assert state.current.hand_size == 0 and state.placed == 0
    assert any(a.kind == "end" for a in ENGINE.legal_actions(state))
    state, events = play(state, "end")
    if mode == "solo":
        assert state.result == "scored" and 7 in state.malus
    else:
        assert events[-1] == TurnEnded(seat=0, next_seat=1)


def test_ending_a_solo_turn_with_nothing_placed_suggests_taking_edgar_back_before_a_malus() -> None:
    # no hand card goes on a column, but the 3 in hand may take Edgar's place: the malus
    # is refused ("malus_but_can_place"), so ending the turn suggests taking Edgar back
    state = full_position([[3, 4], [4, 5, 6, 6], [12, 13], [2, -3], [11, 12, 13, 13],
                           [2, 3, 4, 5, 6, 6], [9, 10, 11]], [[1, 2, 3, 9, 9, 10]], [[7]],
                          mode="solo", revealed=["gytha", "den", "wigelm"], aside=[[7, 8]])
    malus = refused(state, "malus 1")
    assert malus.code == "malus_but_can_place"
    end = refused(state, "end")
    assert end.code == "must_place_or_malus" and end.suggestions == malus.suggestions
    assert all(ENGINE.refusal(state, s) is None for s in end.suggestions)
