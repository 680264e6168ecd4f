"""7 Kingdoms: a card played said in more ways (issue 16, batch 19).

* every verb that puts a card down: « je place le trente-cinq face visible », « je dépose … »;
* « la carte numéro huit » (« numéro » names nothing more), « un chevalier, le trente-quatre »
  (an indefinite rank, its number checked);
* the rank alone, when the speaker is to play: « allez zou l'évêque », « pour moi ce sera
  l'évêque » (asked when they hold several of it), « le plus gros chevalier que j'ai ».

Over seeded games (the hand of whoever is to play), through the real session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_named_by_rank import SAID
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import Play
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
INDEFINITE = {"roi": "un roi", "eveque": "un évêque", "general": "un général",
              "princesse": "une princesse", "chevalier": "un chevalier",
              "marchand": "un marchand", "paysan": "un paysan"}
BIG = {"roi": "le plus gros roi", "eveque": "le plus gros évêque",
       "general": "le plus gros général", "princesse": "la plus grande princesse",
       "chevalier": "le plus gros chevalier", "marchand": "le plus gros marchand",
       "paysan": "le plus gros paysan"}


def _game(seed: int) -> SevenKingdomsState:
    return ENGINE.new_virtual_game(3, seed)


def _heard(state: SevenKingdomsState, text: str) -> tuple[SevenKingdomsState, bool]:
    """The state after ``text`` said by whoever is to play, and whether a question waits."""
    table = make(state)
    table.hear(text, seat=ENGINE.awaiting(state).seat)
    return table.state, table.session.pending is not None


def _played(state: SevenKingdomsState, card: int) -> str:
    return ENGINE.dumps(ENGINE.apply(state, Play(card))[0])


@pytest.mark.parametrize("form", ["je place le {card} face visible", "je dépose le {card}",
                                  "j'aimerais jouer la carte numéro {card}",
                                  "je joue la carte numéro {card}",
                                  "vas-y je mets {rank}, le {card}"])
@pytest.mark.parametrize("seed", range(4))
def test_each_card_of_the_hand_is_played_whatever_the_verb(seed: int, form: str) -> None:
    state = _game(seed)
    for card in state.seats[ENGINE.awaiting(state).seat].hand:
        text = form.format(card=WORDS.cardinal(card), rank=INDEFINITE[rank_of(card)])
        after, _ = _heard(state, text)
        assert ENGINE.dumps(after) == _played(state, card), text


@pytest.mark.parametrize("form", ["allez zou {rank}", "pour moi ce sera {rank}, hein",
                                  "{rank}"])
@pytest.mark.parametrize("seed", range(4))
def test_a_rank_alone_plays_its_one_card_or_asks_which(seed: int, form: str) -> None:
    state = _game(seed)
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    for rank, words in SAID.items():
        cards = [c for c in hand if rank_of(c) == rank]
        after, asked = _heard(state, form.format(rank=words))
        if len(cards) == 1:
            assert ENGINE.dumps(after) == _played(state, cards[0]), (form, rank)
        else:  # several: which one is asked; none: refused
            assert ENGINE.dumps(after) == ENGINE.dumps(state), (form, rank)
            assert asked == (len(cards) > 1), (form, rank)


@pytest.mark.parametrize("seed", range(4))
def test_the_biggest_card_of_a_rank_said_with_que_j_ai(seed: int) -> None:
    state = _game(seed)
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    for card in hand:
        rank = rank_of(card)
        after, _ = _heard(state, f"{BIG[rank]} que j'ai")
        best = max(c for c in hand if rank_of(c) == rank)
        assert ENGINE.dumps(after) == _played(state, best), rank


def test_a_rank_alone_said_by_a_player_not_to_play_changes_nothing() -> None:
    state = _game(0)
    seat = ENGINE.awaiting(state).seat
    other = (seat + 1) % state.players
    for card in state.seats[other].hand:
        table = make(state)
        table.hear(SAID[rank_of(card)], seat=other)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state), card
