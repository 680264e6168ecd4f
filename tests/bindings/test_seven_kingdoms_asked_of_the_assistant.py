"""7 Kingdoms: moves and questions said to the assistant (issue 16, batch 20).

* a rank and which of them, with an article: « tu peux jouer le chevalier le plus faible »;
* a card of the hand by where it lies in it, as the hand is read: « joue la carte du milieu
  de ma main », « la dernière carte de ma main »;
* the assistant asked to give the cards: « donne-moi le six en main », « donne-moi la
  dernière carte de la rangée en main »;
* the hand said after a take with « dans ma main »: « prends la princesse je la garde dans ma
  main »;
* a token said first, the verb after it: « le plus deux mets-le pour moi »;
* the row read in its order: « lis-moi les cartes de la rangée de gauche à droite »; a card of
  the row asked about by where it lies: « la carte tout à droite c'est quoi ».

Over the natural corpus's positions (every card of the hand, every card of the row, every
revealed token), through the real session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_said_around import TAKES, TOKEN, _position, _same
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import rank_of
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Play, Take
from ludivox.engines.seven_kingdoms.components import PLACES
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
THE = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
       "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
       "paysan": "le paysan"}
IT = {"princesse": "la"}


@pytest.mark.parametrize("form", ["tu peux jouer {rank} le plus {which} pour moi",
                                  "je joue {rank} le plus {which}",
                                  "joue {rank} la plus {which}"])
def test_a_rank_and_which_of_them_said_with_an_article(form: str) -> None:
    state, names = _position("play")
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    for rank in {rank_of(c) for c in hand}:
        cards = [c for c in hand if rank_of(c) == rank]
        for which, card in (("faible", min(cards)), ("fort", max(cards)),
                            ("petit", min(cards)), ("gros", max(cards))):
            if form.startswith("joue") != (rank == "princesse"):
                continue  # « la plus … » goes with a feminine rank only
            _same(state, names, form.format(rank=THE[rank], which=which), Play(card))


@pytest.mark.parametrize("form", ["joue la carte {where} de ma main",
                                  "je pose la carte {where} de ma main",
                                  "la carte {where} de mes cartes"])
def test_a_card_of_the_hand_by_where_it_lies_in_it(form: str) -> None:
    state, names = _position("play")
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    assert len(hand) == 3
    for where, card in (("du milieu", hand[1]), ("tout à gauche", hand[0]),
                        ("tout à droite", hand[-1])):
        _same(state, names, form.format(where=where), Play(card))
    _same(state, names, "je joue la première carte de ma main", Play(hand[0]))
    _same(state, names, "je joue la dernière carte de ma main", Play(hand[-1]))


@pytest.mark.parametrize("at", TAKES)
def test_the_assistant_asked_to_give_a_card(at: str) -> None:
    state, names = _position(at)
    made = 0
    for place, card in enumerate(state.row, start=1):
        if card is None:
            continue
        take = Take((card,), (card,))
        if ENGINE.refusal(state, take) is not None:
            continue
        verb = ("donne-moi", "passe-moi", "donnez-moi")[place % 3]
        _same(state, names, f"{verb} le {WORDS.cardinal(card)} en main", take)
        if place == PLACES:
            _same(state, names, f"{verb} la dernière carte de la rangée en main", take)
        made += 1
    if at == "take":
        assert made


@pytest.mark.parametrize("form", ["prends {rank} je {it} garde dans ma main",
                                  "je prends {rank} je {it} garde dans la main",
                                  "je récupère {rank} et je {it} garde dans ma main"])
def test_a_card_kept_said_with_dans_ma_main_after_the_take(form: str) -> None:
    state, names = _position("take")
    ranks = [rank_of(c) for c in state.row if c is not None]
    for card in state.row:
        if card is None or ranks.count(rank_of(card)) != 1:
            continue
        rank = rank_of(card)
        _same(state, names, form.format(rank=THE[rank], it=IT.get(rank, "le")),
              Take((card,), (card,)))


@pytest.mark.parametrize("form", ["le {token} mets-le pour moi", "le {token} prends-le",
                                  "le {token} je le prends"])
def test_a_token_said_first_the_verb_after(form: str) -> None:
    state, names = _position("bonus")
    for token in state.tokens_revealed:
        if token in ("peasant", "blason"):
            continue  # « le paysan » alone is the rank
        _same(state, names, form.format(token=TOKEN[token]), ChooseToken(token))


@pytest.mark.parametrize("at", ("play", "take_king"))
def test_the_row_read_in_its_order_and_a_card_by_where_it_lies(at: str) -> None:
    state, names = _position(at)
    seat = ENGINE.awaiting(state).seat
    for said in ("lis-moi les cartes de la rangée de gauche à droite",
                 "lis les cartes de la rangée dans l'ordre"):
        table = make(state, names)
        assert "answer.row" in [s.key for s in table.hear(said, seat=seat)], said
    present = [c for c in state.row if c is not None]
    for where, card in (("tout à droite", present[-1]), ("tout à gauche", present[0])):
        for said in (f"la carte {where} c'est quoi", f"celle {where} c'est quoi"):
            table = make(state, names)
            out = table.hear(said, seat=seat)
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said
            plain = make(state, names).hear(f"c'est quoi le {WORDS.cardinal(card)}", seat=seat)
            assert [s.text for s in plain if s.key == "answer.card"]
            assert [s.text for s in out if s.key == "answer.card"] == [
                s.text for s in plain if s.key == "answer.card"], (said, out)
