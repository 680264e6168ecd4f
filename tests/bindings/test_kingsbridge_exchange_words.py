"""The exchange said in other words (batch 17: « je remplace mon neuf par une carte de ma
pile », « je me débarrasse de toute ma main, j'échange les six cartes »; earlier: « je troque
mon deux contre une carte de ma pioche », « j'me débarrasse du deux, j'le mets sous le
paquet »): over the exchanges of a seeded playout, each form is that exchange at once; got
rid of without saying how (« je me débarrasse du deux ») is no exchange."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Exchange
from ludivox.table.io import Heard, Say

FORMS = (
    "je remplace {mine} par une carte de ma pile",
    "je remplace {mine} par des cartes de ma pioche",
    "je troque {mine} contre une carte de ma pioche",
    "je me débarrasse {des}, je {pronoun} mets sous le paquet",
    "j'me débarrasse {des} et je {pronoun} échange",
    "je me défais {des}, sous la pioche",
)
WHOLE = ("je me débarrasse de toute ma main, j'échange les six cartes",
         "je me débarrasse de toutes mes cartes et je les échange",
         "je remplace toute ma main par des cartes de ma pioche")


def _exchanges() -> list[tuple[Any, Exchange]]:
    found: list[tuple[Any, Exchange]] = []
    for state in itertools.islice(playout("kingsbridge", "exchange-words"), 0, 900, 15):
        exchanges = [a for a in ENGINE.legal_actions(state) if isinstance(a, Exchange)]
        found += [(state, a) for a in exchanges[:: max(1, len(exchanges) // 6)]]
    return found


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def _du(card: int) -> str:
    return f"du {word(card)}"


def test_each_form_is_the_exchange_at_once() -> None:
    exchanges = _exchanges()
    assert len(exchanges) >= 30
    for (state, action), form in zip(exchanges, itertools.cycle(FORMS), strict=False):
        cards = action.cards
        mine = " et ".join(f"mon {word(c)}" for c in cards)
        text = form.format(mine=mine, des=" et ".join(_du(c) for c in cards),
                           pronoun="les" if len(cards) > 1 else "le")
        expected, _ = ENGINE.apply(state, action)
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def test_the_whole_hand_got_rid_of_and_exchanged() -> None:
    checked = 0
    for (state, _), form in zip(_exchanges(), itertools.cycle(WHOLE), strict=False):
        hand = tuple(state.players[state.turn].hand)
        whole = Exchange(hand)
        if len(hand) != 6 or whole not in set(ENGINE.legal_actions(state)):
            continue
        expected, _ = ENGINE.apply(state, whole)
        after, said = _heard(state, form)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (form, said)
        checked += 1
    assert checked >= 10


def test_got_rid_of_without_saying_how_is_no_exchange() -> None:
    for state, action in _exchanges()[:10]:
        for text in (f"je me débarrasse {_du(action.cards[0])}",
                     "je me débarrasse de toute ma main"):
            after, said = _heard(state, text)
            assert after == state, (text, said)
