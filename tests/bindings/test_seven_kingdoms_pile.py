""""Combien de cartes reste-t-il dans la pioche ?" in 7 Kingdoms: the draw pile's size, which
tells how close the end is (the game ends when it is empty), in a virtual game and at a real
table."""

from __future__ import annotations

from test_seven_kingdoms_session import ENGINE, GRAMMAR, make

from ludivox.engines.seven_kingdoms.players import choose

ASKED = ("combien de cartes reste-t-il dans la pioche ?",
         "il reste combien de cartes dans la pioche", "combien de cartes dans le paquet ?",
         "la pioche, elle en reste combien ?")


def test_the_pile_size_is_told_and_follows_the_game() -> None:
    table = make(ENGINE.new_virtual_game(2, 5), names=["Anne", "Bruno"])
    before = len(table.state.pile)
    assert before == 49 - 7 - 2 * 3  # the rulebook's set-up: 7 in the line, 3 per hand
    for asked in ASKED:
        said = table.hear(asked)
        assert [s.text for s in said] == [GRAMMAR.say("answer.pile", count=before)], asked
    for _ in range(200):  # play until the line is refilled from the pile
        if len(table.state.pile) < before or table.state.game_over:
            break
        seat = ENGINE.awaiting(table.state).seat
        table.session.match.apply(choose(ENGINE, table.state, "debutant", seat))
    after = len(table.state.pile)
    assert after < before
    said = table.hear(ASKED[0])
    assert [s.text for s in said] == [GRAMMAR.say("answer.pile", count=after)]


def test_at_a_real_table_the_unknown_pile_is_counted() -> None:
    table = make(ENGINE.loads(
        "7k row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
        "s0=hand:2,3,44 s1=hand:4,5,38"), names=["Anne", "Bruno"])
    count = len(table.state.pile) + table.state.pile_unknown
    assert count > 0
    said = table.hear(ASKED[0])
    assert [s.text for s in said] == [GRAMMAR.say("answer.pile", count=count)]
    assert "pioche" in said[0].text
