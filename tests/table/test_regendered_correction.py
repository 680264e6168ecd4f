"""A correction whose article says another kind of thing ("je pose le huit sur la deux, non,
le sept": the card or the column corrected?) is asked, never played at once; the card said
with the same article is offered first, and "oui" plays it."""

from __future__ import annotations

from table_helpers import ENGINE, keys, make_table, position

from ludivox.grammars.grammar import Grammar

# Anne (seat 0) plays: her seven fits on column 2 only.
STATE = dict(
    columns=[[3], [6], [9], [10], [12], [13]],
    players=[{"hand": [7, 8, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
)
SAID = ("je pose le huit sur la deux, non, le sept",
        "je mets mon huit sur la deux, ah zut, mon sept")


def test_the_card_corrected_is_asked_then_played_on_yes(grammar: Grammar) -> None:
    for said in SAID:
        t = make_table(grammar, position(**STATE))
        before = ENGINE.dumps(t.state)
        says = t.hear(said)
        assert keys(says) == ["did_you_mean"], said
        assert "sept sur la deux" in says[0].text, says[0].text
        assert ENGINE.dumps(t.state) == before
        assert "event.cards_placed" in keys(t.hear("oui"))
        assert t.state.columns[1][-1] == 7


def test_no_to_the_question_plays_nothing(grammar: Grammar) -> None:
    t = make_table(grammar, position(**STATE))
    before = ENGINE.dumps(t.state)
    t.hear(SAID[0])
    t.hear("non")
    assert ENGINE.dumps(t.state) == before
