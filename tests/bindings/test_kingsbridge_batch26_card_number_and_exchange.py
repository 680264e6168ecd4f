"""Kingsbridge: forms of held-out batch 26 of the natural corpus (issue 16), each over the
moves of a seeded playout through the real session:

* a card said with « carte numéro » (« je vais mettre ma carte numéro neuf sur la sixième
  colonne », « la carte numéro quatre et la carte numéro cinq sur la un »: « numéro » is kept
  after « carte », so the game's card words say it), in every placement and exchange;
* what the cards are exchanged for, in other words (« je change mon deux contre une de la
  pioche », « … avec celle du dessus de ma pioche », « … pour une de ma pile »)."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Exchange, Place
from ludivox.table.io import Heard, Say

NUMBERED = ("ma carte numéro {card}", "la carte numéro {card}", "ta carte numéro {card}",
            "cette carte numéro {card}")
PLACES = ("je pose {cards} sur la colonne {column}",
          "je vais mettre {cards} sur la {column}",
          "{cards} sur la colonne {column}",
          "alors je joue {cards} en colonne {column}")
FOR = ("contre une de la pioche", "contre une de ma pioche", "contre des cartes de la pioche",
       "avec celle du dessus de ma pioche", "pour une de ma pile", "contre une dans ma pioche",
       "contre d'autres de la pioche", "contre des autres de ma pioche")
EXCHANGES = ("je change {cards} {tail}", "j'échange {cards} {tail}",
             "je voudrais échanger {cards} {tail}")


def _moves(kind: type, label: str) -> list[tuple[Any, Any]]:
    found: list[tuple[Any, Any]] = []
    for state in itertools.islice(playout("kingsbridge", label), 0, 600, 15):
        moves = [a for a in ENGINE.legal_actions(state) if isinstance(a, kind)]
        found += [(state, a) for a in moves[:: max(1, len(moves) // 4)]]
    return found


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def _check(state: Any, action: Any, text: str) -> None:
    expected, _ = ENGINE.apply(state, action)
    after, said = _heard(state, text)
    assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)


def _numbered(cards: tuple[int, ...], form: str) -> str:
    return " et ".join(form.format(card=word(c)) for c in cards)


def test_a_card_said_with_its_number_is_placed_at_once() -> None:
    placements = _moves(Place, "batch26-numbered")
    assert len(placements) >= 30
    forms = itertools.cycle(itertools.product(PLACES, NUMBERED))
    for (state, action), (form, said) in zip(placements, forms, strict=False):
        _check(state, action, form.format(cards=_numbered(action.cards, said),
                                          column=word(action.column)))


def test_a_card_said_with_its_number_is_exchanged_at_once() -> None:
    exchanges = _moves(Exchange, "batch26-numbered-exchange")
    assert len(exchanges) >= 20
    for (state, action), said in zip(exchanges, itertools.cycle(NUMBERED), strict=False):
        _check(state, action, f"j'échange {_numbered(action.cards, said)}")


def test_what_cards_are_exchanged_for_said_in_other_words() -> None:
    exchanges = _moves(Exchange, "batch26-exchange-for")
    assert len(exchanges) >= 20
    forms = itertools.cycle(itertools.product(EXCHANGES, FOR))
    for (state, action), (form, tail) in zip(exchanges * 2, forms, strict=False):
        cards = " et ".join(f"mon {word(c)}" for c in action.cards)
        _check(state, action, form.format(cards=cards, tail=tail))
