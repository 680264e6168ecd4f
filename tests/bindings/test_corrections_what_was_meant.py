"""« Non, … » while « … c'est bien ça ? » waits (issue 16, batch 17): the correction says
what was meant in other words, and the new request is read with it.

* a cleft that only says what was meant: « non, c'est le <card> que je voulais » (7 Kingdoms,
  every card of the hand of the corpus's play positions): before, cancelled then not
  understood;
* a named value alone in place of one of the same kind: « non, la pierre » after « je prends
  du bois avec le matériau » (Un monde sans fin): before, cancelled then « Tu veux dire : la
  peste ? ».

The declined move is never made; the meant one is asked about (these players confirm every
move) and made by « oui »."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_seven_kingdoms_said_around import _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.asrbench import natural
from ludivox.engines.seven_kingdoms.actions import Play
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")


@pytest.mark.parametrize("form", ["non, c'est le {card} que je voulais",
                                  "non, c'est le {card} que je voulais dire",
                                  "non non, c'était le {card} que je voulais"])
@pytest.mark.parametrize("at", ["play"])
def test_seven_kingdoms_the_card_meant_in_a_cleft(at: str, form: str) -> None:
    state, names = _position(at)
    seat = ENGINE.awaiting(state).seat
    hand = state.seats[seat].hand
    for first, meant in zip(hand, (*hand[1:], hand[0]), strict=True):
        table = make(state, names, confirm="always")
        table.hear(f"je joue le {WORDS.cardinal(first)}", seat=seat)
        table.hear(form.format(card=WORDS.cardinal(meant)), seat=seat)
        assert table.state == state, (first, meant)
        table.hear("oui", seat=seat)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, Play(meant))[0]), (
            first, meant)


@pytest.mark.parametrize(("raised", "said", "meant"), [
    ("je prends du bois avec le matériau", "non, la pierre", "play materiau material=stone"),
    ("je prends du bois avec le matériau", "non, plutôt la pierre",
     "play materiau material=stone"),
    ("je prends de la pierre avec le matériau", "non, le bois", "play materiau material=wood"),
    ("je prends de la pierre avec le matériau", "non, du bois plutôt",
     "play materiau material=wood"),
    # the thing refused, then the one meant (batch 18: « non pas la trois, la quatre »)
    ("je prends du bois avec le matériau", "non, pas le bois, la pierre",
     "play materiau material=stone"),
    ("je prends du bois avec le matériau", "non pas du bois mais de la pierre",
     "play materiau material=stone"),
    ("je prends de la pierre avec le matériau", "non, pas la pierre, plutôt le bois",
     "play materiau material=wood"),
])
def test_world_without_end_a_value_of_the_same_kind_in_place(raised: str, said: str,
                                                             meant: str) -> None:
    corpus = next(c for c in natural.load_all() if c.game == "monde-sans-fin")
    case = natural.Case(say=said, at="action", expect_actions=(meant,), before=(raised,),
                        settings=(("confirm", "always"),))
    [result] = natural.run(replace(corpus, cases=(case,))).results
    assert result.outcome in ("understood", "asked_right"), (said, result)
