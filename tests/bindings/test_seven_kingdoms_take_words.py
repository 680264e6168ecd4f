"""7 Kingdoms: words of the table for a take, a token and questions (issue 16, batch 22).

* « piquer » is taking: « je vais piquer le roi et le garder en main », « je pique le … »;
* a card said first, then what will be done with it: « le paysan je vais le mettre dans mon
  royaume », « la princesse je vais la garder en main »;
* a token « du paysan », « du blason »: « ce sera le jeton du paysan »;
* « quels jetons on voit encore sur la table » asks for the tokens;
* « est-ce que je dois montrer mes cartes aux autres » asks a rule (the hand is secret), never
  the coach.

Over the natural corpus's positions, every card and rank of the row and every revealed
token, through the real session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_said_around import _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import rank_of
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
RANKS = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
         "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
         "paysan": "le paysan"}
PRONOUN = {"la princesse": "la", "l'évêque": "le"}


@pytest.mark.parametrize("form", ["je vais piquer {card} et le garder en main",
                                  "je pique {card} en main",
                                  "{card} je vais {it} garder en main"])
@pytest.mark.parametrize("at", ("take", "take_king"))
def test_a_card_taken_into_the_hand_with_table_words(at: str, form: str) -> None:
    state, names = _position(at)
    seat = ENGINE.awaiting(state).seat
    for card in [c for c in state.row if c is not None][::3]:
        said = form.format(card=f"le {WORDS.cardinal(card)}", it="le")
        take = Take((card,), (card,))
        table = make(state, names)
        table.hear(said, seat=seat)
        if ENGINE.refusal(state, take) is None:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, take)[0]), said
        else:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said


@pytest.mark.parametrize(("at", "ranks"), [("take", ("paysan", "princesse", "eveque")),
                                           ("take_king", ("marchand", "general"))])
def test_a_rank_said_first_then_put_in_the_kingdom(at: str, ranks: tuple[str, ...]) -> None:
    state, names = _position(at)
    seat = ENGINE.awaiting(state).seat
    present = [c for c in state.row if c is not None]
    for rank in ranks:
        word = RANKS[rank]
        ranked = [c for c in present if rank_of(c) == rank]
        it = PRONOUN.get(word, "la" if word.startswith("la ") else "le")
        said = f"{word} je vais {it} mettre dans mon royaume"
        table = make(state, names)
        table.hear(said, seat=seat)
        take = Take((ranked[0],), ()) if len(ranked) == 1 else None
        if take is not None and ENGINE.refusal(state, take) is None:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, take)[0]), said
        else:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said


@pytest.mark.parametrize("form", ["ce sera le jeton du {name}", "je prends le jeton du {name}"])
def test_a_token_said_with_du(form: str) -> None:
    state, names = _position("bonus")
    seat = ENGINE.awaiting(state).seat
    for token, name in (("peasant", "paysan"), ("blason", "blason")):
        table = make(state, names)
        table.hear(form.format(name=name), seat=seat)
        choose = ChooseToken(token)
        if ENGINE.refusal(state, choose) is None:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, choose)[0])
        else:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state)


@pytest.mark.parametrize(("said", "key"), [
    ("quels jetons on voit encore sur la table", "answer.tokens"),
    ("les jetons qu'on voit sur la table", "answer.tokens"),
    ("est-ce que je dois montrer mes cartes aux autres", "rules.secret"),
    ("est-ce qu'on doit montrer sa main", "rules.secret"),
])
def test_table_questions(said: str, key: str) -> None:
    state, names = _position("bonus")
    table = make(state, names)
    out = table.hear(said, seat=ENGINE.awaiting(state).seat)
    assert key in [s.key for s in out], out
    assert not [s for s in out if s.key.startswith("answer.coach")], out
    assert ENGINE.dumps(table.state) == ENGINE.dumps(state)
