"""7 Kingdoms: a card played said with how it lies on the table, with or without a verb
(issue 16, batches 22 and 23: « je vais poser le trente-quatre face cachée », « tout de suite
le numéro huit face cachée » were asked about).

The rules play a card face up (« face visible devant lui »); a player who says « face
cachée » still names the one card he plays, which the engine puts down face up and the
narration names. Over seeded games (the hand of whoever is to play), through the real
session: each card of the hand, said by its number or with its rank, is played at once; a
card not in the hand changes nothing."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_play_said_more import _game, _heard, _played
from test_seven_kingdoms_session import ENGINE

from ludivox.engines.seven_kingdoms import rank_of
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
RANK = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
        "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
        "paysan": "le paysan"}


@pytest.mark.parametrize("form", ["le {card} face cachée", "je joue le {card} face cachée",
                                  "je vais poser le {card} face cachée",
                                  "{rank} {card} face cachée", "le {card} face visible",
                                  "le {card} sur la table face visible",
                                  "{rank} le {card} devant moi"])
@pytest.mark.parametrize("seed", range(2))
def test_each_card_of_the_hand_is_played_face_up_however_it_is_said_to_lie(
        seed: int, form: str) -> None:
    state = _game(seed)
    for card in state.seats[ENGINE.awaiting(state).seat].hand:
        text = form.format(card=WORDS.cardinal(card), rank=RANK[rank_of(card)])
        after, pending = _heard(state, text)
        assert ENGINE.dumps(after) == _played(state, card), text
        assert not pending, text


@pytest.mark.parametrize("seed", range(3))
def test_a_rank_held_once_is_played_face_down_said(seed: int) -> None:
    state = _game(seed)
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    for card in hand:
        if sum(1 for c in hand if rank_of(c) == rank_of(card)) != 1:
            continue
        text = f"{RANK[rank_of(card)]} face cachée"
        after, _ = _heard(state, text)
        assert ENGINE.dumps(after) == _played(state, card), text


@pytest.mark.parametrize("seed", range(3))
def test_a_card_not_in_the_hand_said_face_down_changes_nothing(seed: int) -> None:
    state = _game(seed)
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    other = next(c for c in range(1, 50) if c not in hand)
    after, _ = _heard(state, f"le {WORDS.cardinal(other)} face cachée")
    assert ENGINE.dumps(after) == ENGINE.dumps(state)

