"""7 Kingdoms: a card named by its rank ("je prends le roi", "la princesse en main", "je
joue mon chevalier trente-cinq") or by its place at the ends of the line ("la dernière carte
de la rangée") is the card the number names; a rank that names no card, or several, or that
is not the card's, is refused with why and changes nothing. Rules asked one at a time are
answered with that rule. Over seeded games, through the real session."""

from __future__ import annotations

import pytest
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_seven_kingdoms_session import ENGINE, make
from test_seven_kingdoms_take_by_place import _taking

from ludivox.engines.seven_kingdoms import rank_of
from ludivox.grammars.grammar import Grammar

NAMES = ["Anne", "Bruno"]
SAID = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
        "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
        "paysan": "le paysan"}


@pytest.mark.parametrize("seed", range(4))
def test_a_rank_of_the_line_takes_its_one_card_or_is_refused(seed: int) -> None:
    state = _taking(seed).state
    seat = ENGINE.awaiting(state).seat
    row = [c for c in state.row if c is not None]
    for rank, words in SAID.items():
        cards = [c for c in row if rank_of(c) == rank]
        table = _taking(seed)
        said = table.hear(f"je prends {words}", seat=seat)
        if len(cards) == 1:
            by_number = _taking(seed)
            expected = [s.text for s in by_number.hear(f"je prends le {cards[0]}", seat=seat)]
            assert [s.text for s in said] == expected, rank
            assert ENGINE.dumps(table.state) == ENGINE.dumps(by_number.state)
        else:
            key = "rank_several_in_row" if cards else "no_rank_in_row"
            assert [s.key for s in said] == [key], (rank, cards)
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state)
            assert words.split("'")[-1].split()[-1] in said[0].text


@pytest.mark.parametrize("seed", range(4))
def test_the_first_and_last_cards_of_the_line_are_named_by_their_place(seed: int) -> None:
    state = _taking(seed).state
    seat = ENGINE.awaiting(state).seat
    for said, card in (("je prends la première carte", state.row[0]),
                       ("je prends la dernière carte de la rangée", state.row[-1])):
        if card is None:
            continue
        table, by_number = _taking(seed), _taking(seed)
        expected = [s.text for s in by_number.hear(f"je prends le {card}", seat=seat)]
        assert [s.text for s in table.hear(said, seat=seat)] == expected, said


@pytest.mark.parametrize("seed", range(4))
def test_a_card_played_with_its_rank_is_played_and_a_wrong_rank_is_refused(seed: int) -> None:
    state = ENGINE.new_virtual_game(2, seed)
    seat = ENGINE.awaiting(state).seat
    for card in state.seats[seat].hand:
        rank = rank_of(card)
        mine = SAID[rank].replace("le ", "mon ").replace("la ", "ma ").replace("l'", "mon ")
        table, by_number = make(state, names=NAMES), make(state, names=NAMES)
        expected = [s.text for s in by_number.hear(f"je joue le {card}", seat=seat)]
        assert [s.text for s in table.hear(f"je joue {mine} {card}", seat=seat)] == expected
        wrong = next(r for r in SAID if r != rank)
        table = make(state, names=NAMES)
        said = table.hear(f"je joue {SAID[wrong]} {card}", seat=seat)
        assert [s.key for s in said] == ["rank_mismatch"], said
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state)


@pytest.mark.parametrize("question", ["quand est-ce que la partie s'arrête ?",
                                      "comment se termine le jeu ?",
                                      "c'est quand la fin de la partie ?"])
def test_when_the_game_ends_is_answered_with_that_rule(
        question: str, builder_grammar: Grammar) -> None:  # noqa: F811
    table = make(ENGINE.new_virtual_game(2, 1), names=NAMES)
    said = table.hear(question, seat=0)
    assert [s.key for s in said] == ["rules.end"] and "pioche" in said[0].text
    kb = start(builder_grammar, seed=1)
    said = kb.hear(question)
    assert [s.key for s in said] == ["rules.end"] and "dernière cité" in said[0].text


def test_the_hand_limit_the_turn_and_a_castle_are_answered_each_with_its_rule(
        builder_grammar: Grammar) -> None:  # noqa: F811
    table = make(ENGINE.new_virtual_game(2, 1), names=NAMES)
    said = table.hear("on peut avoir combien de cartes en main au maximum ?", seat=0)
    assert [s.key for s in said] == ["rules.hand"] and "Trois" in said[0].text
    kb = start(builder_grammar, seed=1)
    for question, key, fact in (
            ("combien de cités je dois poser par tour ?", "rules.turn", "trois cités"),
            ("ça rapporte combien d'être à côté d'un château ?", "rules.castle", "trois points")):
        said = kb.hear(question)
        assert [s.key for s in said] == [key] and fact in said[0].text
