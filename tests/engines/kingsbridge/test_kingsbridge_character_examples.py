"""Every example of the rulebook's character pages ("Explications des cartes Personnage"),
played from literal positions. The pages show columns in pictures; where the prose does not
give a card, the comment says what was chosen to agree with every sentence."""

from __future__ import annotations

from full_support import full_position, kinds, play, refused, values

from ludivox.engines.kingsbridge.charevents import (
    CardGiven,
    CardsDiscarded,
    CardsFromDiscard,
    CardsPlacedAtStart,
    CharacterPassed,
    CharacterUsed,
    ColumnAdded,
    EdgarReturned,
    EdgarSwapped,
    HoleFilled,
    HoleLeft,
)
from ludivox.engines.kingsbridge.events import CardsPlaced

# Seat 0 plays; seat 1 is the left neighbour. Characters not given are in the box.


def test_aldred_before_and_after_three_four() -> None:
    # "vous pouvez poser les cartes 1-2 avant les cartes 3-4 ... poser vos cartes 5-6 après
    # les cartes 3-4"
    state = full_position([[3, 4], [9]], [[1, 2, 5, 6, 11], [8]], [[10], [12]],
                          characters=[["aldred", "den"], ["gytha"]])
    assert refused(state, "place 1 2 on 1").code == "needs_card"  # not without Aldred
    after, events = play(state, "use aldred", "place 1 2 on 1", "place 5 6 on 1")
    assert values(after, 1) == [1, 2, 3, 4, 5, 6]
    assert events[:2] == [CharacterUsed(seat=0, character="aldred"),
                          CharacterPassed(seat=0, character="aldred", to_seat=1)]
    assert events[2] == CardsPlacedAtStart(seat=0, cards=(1, 2), column=1)
    assert events[3] == CardsPlaced(seat=0, cards=(5, 6), column=1)
    # "Respectez toujours l'ordre croissant": the 11 does not go before the 9
    assert refused(after, "place 11 on 2").code == "needs_card"
    # the used card went under the left neighbour's pile
    assert after.players[0].characters == ("den",)
    assert after.players[1].characters == ("gytha", "aldred")
    # "Pendant ce tour": the next player cannot place an 8 before the 9
    nxt, _ = play(after, "end")
    assert refused(nxt, "place 8 on 2").code == "needs_card"


def test_aldred_when_reorganising() -> None:
    # "que ce soit depuis votre main ou en réorganisant une colonne"
    state = full_position([[3, 4], [1, 2]], [[9]], [[5]], characters=[["aldred"]])
    assert refused(state, "move 2[0:] to 1").code == "move_needs"
    after, events = play(state, "use aldred", "move 2[0:] to 1")
    assert values(after, 1) == [1, 2, 3, 4] and values(after, 2) == []
    assert kinds(events)[-1] == "column_moved_to_start"


def test_edgar_swapped_for_the_ten_he_stands_for() -> None:
    # "vous pouvez, si vous en avez un, poser un 10 de votre main pour récupérer Edgar ...
    # échangez tout simplement les 2 cartes et placez Edgar sous votre pioche"
    state = full_position([[8, 9, -10, 11]], [[2, 10], [4]], [[6], [7]],
                          characters=[["wigelm"], ["den"]])
    after, events = play(state, "retrieve edgar")
    assert after.columns[0] == (8, 9, 10, 11)
    assert events == [EdgarSwapped(seat=0, column=1, value=10), EdgarReturned(seat=0)]
    assert after.players[0].characters == ("wigelm", "edgar")
    assert after.players[0].hand == (2,) and after.placed == 1  # the 10 was placed
    assert after.edgar_at() is None


def test_edgar_is_a_joker_on_any_column() -> None:
    # "Vous pouvez la poser à la place de n'importe quelle carte Événement sur une colonne"
    state = full_position([[3, 4], [], [5, 7]], [[1], [2]], [[9], [9]],
                          characters=[["edgar"], ["den"]], skip=None)
    for text, column, stored in (("use edgar 5 on 1", 1, (3, 4, -5)),  # at the end
                                 ("use edgar 12 on 2", 2, (-12,)),  # an empty column
                                 ("use edgar 6 on 3", 3, (5, -6, 7))):  # a hole
        after, events = play(state, text)
        assert after.columns[column - 1] == stored
        assert kinds(events) == ["character_used", "edgar_laid"]  # he is not passed on
        assert after.players[0].characters == () and after.players[1].characters == ("den",)
        after, _ = play(after, "end")
        assert refused(after, "place 5 on 1").code in ("needs_card", "card_not_in_hand")
    # a card follows him as it would follow the card he stands for
    after, _ = play(state, "use edgar 5 on 1")
    assert refused(after, "use edgar 7 on 1").code == "character_already_used"
    assert refused(state, "use edgar 7 on 1").code == "needs_card"


def test_wynstan_discards_six_and_seven_to_lay_ones_own() -> None:
    # "Vous avez un 6 et un 7 en main ... retirer le 6 et le 7 qui se trouvent dans la colonne
    # ... et pour y poser vos propres 6 et 7"
    state = full_position([[3, 4, 5, 6, 7]], [[6, 7], [1]], [[2], [2]],
                          characters=[["wynstan"], []])
    discard = len(state.discard)
    after, events = play(state, "use wynstan 2 from 1", "place 6 7 on 1")
    assert values(after, 1) == [3, 4, 5, 6, 7]
    assert after.discard[-2:] == (6, 7) and len(after.discard) == discard + 2
    assert CardsDiscarded(seat=0, column=1, cards=(6, 7)) in events
    assert refused(state, "use wynstan 3 from 1").args == {"count": 3}


def test_gytha_takes_five_and_six_from_the_discard() -> None:
    # "vous êtes intéressé par la colonne 3-4. Vous avez en main un 7, un 8 et un 9 ...
    # chercher un 5 et un 6 dans la défausse ... Vous pouvez désormais y ajouter votre 7,
    # votre 8 et votre 9."
    state = full_position([[3, 4]], [[7, 8, 9], [1]], [[2], [2]], characters=[["gytha"], []])
    assert 5 in state.discard and 6 in state.discard
    after, events = play(state, "use gytha 5 6 on 1", "place 7 8 9 on 1")
    assert values(after, 1) == [3, 4, 5, 6, 7, 8, 9]
    assert CardsFromDiscard(seat=0, column=1, cards=(5, 6)) in events
    assert after.discard.count(5) == state.discard.count(5) - 1
    assert refused(state, "use gytha 5 6 7 on 1").args == {"count": 3}


def test_agatha_two_fours_then_eight_and_nine() -> None:
    # "vous avez deux 4, un 8 et un 9 en main ... posez tout d'abord vos deux 4, l'un sur
    # l'autre, sur la colonne 1, puis votre 8 sur celui de la colonne 2. Vous pouvez ensuite
    # poser votre 9 sur cette dernière." Column 1 ends with a 4, column 2 with an 8.
    state = full_position([[2, 3, 4], [6, 7, 8]], [[4, 4, 8, 9], [1]], [[5], [5]],
                          characters=[["agatha"], []])
    assert refused(state, "place 4 4 on 1").code == "not_consecutive"
    after, _ = play(state, "use agatha", "place 4 4 on 1", "place 8 on 2", "place 9 on 2")
    assert values(after, 1) == [2, 3, 4, 4, 4]  # "2 / 3 / 4 / 4 / 4 / 5"
    assert values(after, 2) == [6, 7, 8, 8, 9]


def test_agatha_only_at_a_columns_end() -> None:
    # "vous ne pouvez pas les ajouter au début ou au milieu d'une colonne"
    state = full_position([[2, 3, 4]], [[2, 3, 5], [1]], [[5], [5]], characters=[["agatha"], []])
    after, _ = play(state, "use agatha")
    assert refused(after, "place 2 on 1").code == "needs_card"
    assert refused(after, "place 3 on 1").code == "needs_card"
    after, _ = play(after, "place 5 on 1")  # and the 5 follows the 4 as usual
    assert values(after, 1) == [2, 3, 4, 5]


def test_agatha_when_reorganising() -> None:
    # "que ce soit depuis votre main ou en réorganisant une colonne"
    state = full_position([[3, 4, 5], [5, 6]], [[9]], [[1]], characters=[["agatha"]])
    assert refused(state, "move 2[0:] to 1").code == "move_needs"
    after, _ = play(state, "use agatha", "move 2[0:] to 1")
    assert values(after, 1) == [3, 4, 5, 5, 6]


def test_ragna_five_and_six_directly_after_a_three() -> None:
    # "grâce à Ragna, vous pouvez poser un 5 et un 6 directement après un 3"
    state = full_position([[1, 2, 3]], [[5, 6], [1]], [[9], [9]], characters=[["ragna"], []])
    after, events = play(state, "use ragna skip 4 on 1", "place 5 6 on 1")
    assert values(after, 1) == [1, 2, 3, 5, 6]
    assert events[-1] == HoleLeft(column=1, value=4)
    # "Ragna vous permet de sauter un chiffre entre 2 et 12. Vous ne pouvez donc pas sauter
    # de 1 ou de 13."
    assert refused(state, "use ragna skip 1 on 1").args == {"value": 1}
    assert refused(state, "use ragna skip 13 on 1").args == {"value": 13}


def test_ragna_skips_the_six_to_move_seven_to_nine_onto_three_to_five() -> None:
    # "vous sautez le 6 et pouvez déplacer la colonne 7-9 sur la 3-5"
    state = full_position([[3, 4, 5], [7, 8, 9]], [[1]], [[2]], characters=[["ragna"]])
    after, events = play(state, "use ragna skip 6 on 1", "move 2[0:] to 1")
    assert values(after, 1) == [3, 4, 5, 7, 8, 9] and values(after, 2) == []
    assert HoleLeft(column=1, value=6) in events


def test_ragna_five_six_eight_nine_ten() -> None:
    # "Pendant ce tour, vous pouvez sauter 1 chiffre dans 1 colonne au choix. Par ex. :
    # 5 / 6 / 8 / 9 / 10."
    state = full_position([[5, 6]], [[8, 9, 10], [1]], [[2], [2]], characters=[["ragna"], []])
    after, _ = play(state, "use ragna skip 7 on 1", "place 8 9 10 on 1")
    assert values(after, 1) == [5, 6, 8, 9, 10]


def test_a_hole_is_filled_later_by_anybody() -> None:
    # "un trou dans une colonne peut être comblé plus tard. Si ... un joueur possède un 4 ou
    # un 6, il pourra les placer aux emplacements correspondants pendant son tour."
    state = full_position([[1, 2, 3], [3, 4, 5], [7, 8, 9]], [[5, 6, 12], [4, 6, 11]],
                          [[13], [13]], characters=[["ragna"], []])
    state, _ = play(state, "use ragna skip 4 on 1", "place 5 6 on 1", "end")
    assert values(state, 1) == [1, 2, 3, 5, 6]
    state, events = play(state, "place 4 on 1")  # seat 1, a turn later, no character
    assert values(state, 1) == [1, 2, 3, 4, 5, 6]
    assert events == [HoleFilled(seat=1, card=4, column=1)]


def test_ethelred_forms_a_seventh_column_with_ten_and_eleven() -> None:
    # "vous utilisez le Roi Ethelred pour créer une colonne supplémentaire et poser votre 10
    # et votre 11 ... de sorte à former une 7e colonne"
    state = full_position([[1], [2], [3], [4], [5], [6]], [[10, 11], [1]], [[2], [2]],
                          characters=[["ethelred"], []])
    after, events = play(state, "use ethelred 10 11")
    assert len(after.columns) == 7 and values(after, 7) == [10, 11]
    assert ColumnAdded(seat=0, column=7, cards=(10, 11)) in events
    assert after.placed == 2


def test_den_discards_a_column_then_plays_on_it() -> None:
    # "défaussez-en toutes les cartes, comme si vous l'aviez finie. Ensuite, vous pouvez
    # immédiatement y poser une ou plusieurs cartes."
    state = full_position([[4, 5, 6], [1], [2], [3], [7], [8]], [[10, 11], [1]], [[2], [2]],
                          characters=[["den"], []])
    after, events = play(state, "use den 1", "place 10 11 on 1")
    assert values(after, 1) == [10, 11]
    assert after.discard[-3:] == (4, 5, 6)
    assert CardsDiscarded(seat=0, column=1, cards=(4, 5, 6)) in events


def test_wigelm_alice_gives_thirteen_five_and_six() -> None:
    # "c'est le tour d'Alice. Elle donne le 13 de la colonne 4 à Nathan, le 5 de la colonne 2
    # à Léna, puis le 6 de la colonne 2 à Pierre ... Alice est ainsi parvenue à libérer 2
    # colonnes". Seats clockwise: Alice 0, Nathan 1 (her left), Léna 2, Pierre 3.
    state = full_position([[1, 2], [5, 6], [7], [13], [9], [10]],
                          [[3], [4], [4], [4]], [[8], [8], [11], []],
                          characters=[["wigelm"], [], [], []])
    after, events = play(state, "use wigelm from 4 2 2")
    assert events[1:4] == [
        CardGiven(seat=0, to_seat=1, column=4, card=13),
        CardGiven(seat=0, to_seat=2, column=2, card=5),
        CardGiven(seat=0, to_seat=3, column=2, card=6),
    ]
    assert after.players[1].pile == (13, 8)  # face down on top of their piles
    assert after.players[2].pile == (5, 11) and after.players[3].pile == (6,)
    assert after.empty_columns() == 2


def test_wigelm_solo_onto_ones_own_pile() -> None:
    # "Dans une partie solo, prenez la 1re carte de la colonne de votre choix et placez-la,
    # face cachée, sur votre pioche de cartes Évènement."
    state = full_position([[4, 5]], [[9]], [[1]], mode="solo",
                          revealed=["wigelm", "den", "gytha"])
    after, _ = play(state, "use wigelm from 1")
    assert after.players[0].pile == (4, 1) and values(after, 1) == [5]
    assert refused(state, "use wigelm from 1 1").args == {"expected": 1, "got": 2}


def test_wilwulf_six_seven_eight_with_the_seven_set_aside() -> None:
    # "Vous avez un 6 et un 8 en main. Lors d'un tour précédent, vous aviez posé un 7 devant
    # vous, grâce à Wilwulf. Vous pouvez donc désormais poser vos 3 cartes (6, 7, 8)"
    state = full_position([[3, 4, 5]], [[6, 8], [1]], [[2], [2]], aside=[[7], []])
    assert refused(state, "place 6 7 8 on 1").code == "card_not_in_hand"
    after, events = play(state, "place 6 7 8 on 1 aside 7")
    assert values(after, 1) == [3, 4, 5, 6, 7, 8]
    assert after.players[0].aside == () and kinds(events) == ["cards_placed",
                                                                  "aside_cards_used"]


def test_wilwulf_six_in_hand_and_two_in_front() -> None:
    # "vous pouvez placer 1 ou 2 cartes devant vous ... (6 en main + 2 devant vous)"
    state = full_position([[3]], [[4, 7, 9], [1]], [[5, 5, 5, 5, 6, 6], [2]],
                          characters=[["wilwulf"], []])
    after, _ = play(state, "use wilwulf 7 9", "place 4 on 1", "end")
    assert after.players[0].aside == (7, 9)
    assert after.players[0].hand_size == 6 and after.players[0].cards_left == 6 + 2 + 0
    assert refused(state, "use wilwulf 4 7 9").args == {"count": 3}


def test_wilwulf_cards_only_at_a_columns_end() -> None:
    # "vous ne pouvez pas les échanger contre Edgar s'il est placé en début ou en milieu de
    # colonne, ni vous en servir pour combler des trous ... Si Edgar se trouve en fin de
    # colonne, vous pouvez le récupérer selon la règle habituelle"
    middle = full_position([[3, -4, 5], [6, 8]], [[1], [1]], [[2], [2]], aside=[[4, 7], []])
    assert refused(middle, "retrieve edgar aside").args == {"column": 1}
    assert refused(middle, "place 7 on 2 aside 7").args == {"value": 7, "column": 2}
    end = full_position([[3, 4, -5]], [[1], [1]], [[2], [2]], aside=[[5], []])
    after, _ = play(end, "retrieve edgar aside")
    assert after.columns[0] == (3, 4, 5) and after.players[0].characters == ("edgar",)
