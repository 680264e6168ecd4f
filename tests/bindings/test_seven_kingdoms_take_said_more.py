"""7 Kingdoms: a take, a token and questions said in more ways (issue 16, batch 19).

* the take said after the card, by a pronoun: « le général là tout à gauche, je le prends »;
* « celui-là » before what is done with it: « l'évêque douze, celui-là je le garde en main »;
* the card alone said so: « la princesse toute seule, dans le royaume »;
* the card kept said first by its rank: « le général et l'évêque, le général je le garde en
  main »;
* the card that takes as the subject: « ma princesse elle prend … » (checked);
* « j'emporte … »; a token said, then again with « jeton » (both checked: « le paysan, le
  jeton paysan »); « qui doit choisir ? », « les autres ils ont joué quoi ? ».

Over the natural corpus's take positions and every card of their row, through the real
session: a take the rules refuse changes nothing."""

from __future__ import annotations

import itertools

import pytest
from test_seven_kingdoms_named_by_rank import SAID
from test_seven_kingdoms_said_around import TAKES, TOKEN, _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
OWN = {"roi": "mon roi", "eveque": "mon évêque", "general": "mon général",
       "princesse": "ma princesse", "chevalier": "mon chevalier", "marchand": "mon marchand",
       "paysan": "mon paysan"}
PRONOUN = {"princesse": "la"}


def _done(state: SevenKingdomsState, names: list[str], text: str, take: Take) -> bool:
    """``text`` makes ``take`` when the rules allow it, else changes nothing; whether made."""
    table = make(state, names)
    table.hear(text, seat=ENGINE.awaiting(state).seat)
    if ENGINE.refusal(state, take) is None:
        assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, take)[0]), text
        return True
    assert ENGINE.dumps(table.state) == ENGINE.dumps(state), text
    return False


def _alone(state: SevenKingdomsState) -> list[tuple[str, int]]:
    """The ranks with one card in the row, and that card."""
    row = [c for c in state.row if c is not None]
    return [(r, c) for r in SAID for c in row
            if rank_of(c) == r and sum(rank_of(x) == r for x in row) == 1]


@pytest.mark.parametrize("form", ["{rank}, je {le} prends, dans mon royaume",
                                  "{rank} toute seule, dans le royaume",
                                  "{rank} {card}, celui-là je {le} garde dans ma main",
                                  "j'emporte {rank}, dans le royaume"])
@pytest.mark.parametrize("at", TAKES)
def test_one_card_said_with_its_fate_around_it(at: str, form: str) -> None:
    state, names = _position(at)
    made = 0
    for rank, card in _alone(state):
        kept = (card,) if "main" in form else ()
        text = form.format(rank=SAID[rank], card=WORDS.cardinal(card),
                           le=PRONOUN.get(rank, "le"))
        made += _done(state, names, text, Take((card,), kept))
    if at == "take":
        assert made


@pytest.mark.parametrize("at", TAKES)
def test_the_card_kept_said_first_by_its_rank(at: str) -> None:
    state, names = _position(at)
    made = 0
    for (r1, c1), (r2, c2) in itertools.permutations(_alone(state), 2):
        text = f"{SAID[r1]} et {SAID[r2]}, {SAID[r1]} je {PRONOUN.get(r1, 'le')} garde en main"
        made += _done(state, names, text, Take(tuple(sorted((c1, c2))), (c1,)))
    if at in ("take_king", "princess"):
        assert made


@pytest.mark.parametrize("at", TAKES)
def test_the_card_that_takes_said_as_the_subject_is_checked(at: str) -> None:
    state, names = _position(at)
    taker = state.resolving_card
    assert taker is not None
    other = "paysan" if rank_of(taker) == "roi" else "roi"
    for (r1, c1), (r2, c2) in list(itertools.combinations(_alone(state), 2))[:3]:
        for by in (rank_of(taker), other):
            text = f"{OWN[by]} elle prend {SAID[r1]} et {SAID[r2]}, tout au royaume"
            take = Take(tuple(sorted((c1, c2))), ())
            if by == rank_of(taker):
                _done(state, names, text, take)
            else:
                table = make(state, names)
                table.hear(text, seat=ENGINE.awaiting(state).seat)
                assert ENGINE.dumps(table.state) == ENGINE.dumps(state), text


def test_a_token_said_twice_is_chosen_only_when_both_are_the_same() -> None:
    state, names = _position("bonus")
    for first, second in itertools.product(state.tokens_revealed, repeat=2):
        table = make(state, names)
        text = f"euh le {TOKEN[first]}, le jeton {TOKEN[second]}"
        table.hear(text, seat=ENGINE.awaiting(state).seat)
        if first == second:
            after = ENGINE.apply(state, ChooseToken(first))[0]
            assert ENGINE.dumps(table.state) == ENGINE.dumps(after), text
        else:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), text


@pytest.mark.parametrize(("text", "key"), [("qui doit choisir maintenant ?", "answer.turn"),
                                           ("les autres ils ont joué quoi ?", "answer.played")])
@pytest.mark.parametrize("at", [*TAKES, "play", "bonus"])
def test_whose_turn_and_what_was_played_asked_in_other_words(at: str, text: str,
                                                             key: str) -> None:
    state, names = _position(at)
    table = make(state, names)
    said = table.hear(text, seat=ENGINE.awaiting(state).seat)
    assert any(s.key.startswith(key) for s in said), [s.key for s in said]
    assert ENGINE.dumps(table.state) == ENGINE.dumps(state)
