"""7 Kingdoms: a take whose cards' fate is said in a second clause (issue 16, batch 23).

* cards said by their ranks, the one kept said by its number: « je prends les deux marchands
  et je garde le quarante et un en main », « …, je garde un en main, le quarante et un »
  (was not understood);
* every card taken put in the kingdom or the hand with a verb: « je prends l'évêque et la
  princesse et je mets tout au royaume » (was asked about as « je le mets »);
* a card of the row said with an indefinite rank and its number: « je prends un marchand, le
  trente-neuf, au royaume » (the rank checked; was asked about).

Over the legal takes of the natural corpus's positions where a king (up to four cards) and a
general (three neighbouring places) take, through the real session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_ranks_together import _by_ranks, _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
POSITIONS = ("take_king", "general")
INDEFINITE = {"roi": "un roi", "eveque": "un évêque", "general": "un général",
              "princesse": "une princesse", "chevalier": "un chevalier",
              "marchand": "un marchand", "paysan": "un paysan"}


def _heard(state: SevenKingdomsState, names: list[str], text: str) -> str:
    table = make(state, names)
    table.hear(text, seat=ENGINE.awaiting(state).seat)
    return ENGINE.dumps(table.state)


def _by_numbers(cards: tuple[int, ...]) -> str:
    words = [f"le {WORDS.cardinal(c)}" for c in cards]
    return ", ".join(words[:-1]) + f" et {words[-1]}" if len(words) > 1 else words[0]


def _legal(state: SevenKingdomsState) -> list[tuple[int, ...]]:
    return sorted({a.cards for a in ENGINE.legal_actions(state)
                   if isinstance(a, Take) and a.cards})


@pytest.mark.parametrize("form", ["je prends {cards} et je garde le {keep} en main",
                                  "je prends {cards}, je garde le {keep}",
                                  "je prends {cards} et je garde un en main, le {keep}"])
@pytest.mark.parametrize("at", POSITIONS)
def test_cards_by_rank_one_kept_by_its_number(at: str, form: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    checked = 0
    legal = [c for c in _legal(state) if len(c) > 1 and _by_ranks(row, c) is not None]
    for cards in legal[::max(1, len(legal) // 4)]:
        words = _by_ranks(row, cards)
        for keep in cards[:2]:
            take = Take(cards, (keep,))
            if ENGINE.refusal(state, take) is not None:
                continue
            text = form.format(cards=words, keep=WORDS.cardinal(keep))
            assert _heard(state, names, text) == ENGINE.dumps(ENGINE.apply(state, take)[0]), \
                text
            checked += 1
    assert checked


@pytest.mark.parametrize("form", ["je prends {cards} et je mets tout au royaume",
                                  "je prends {cards}, je range tout dans mon royaume",
                                  "{cards} et je mets tout au royaume"])
@pytest.mark.parametrize("at", POSITIONS)
def test_every_card_taken_put_in_the_kingdom_by_a_verb(at: str, form: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    checked = 0
    legal = _legal(state)
    for cards in legal[::max(1, len(legal) // 6)]:
        take = Take(cards)
        if ENGINE.refusal(state, take) is not None:
            continue
        said = {_by_ranks(row, cards)}
        if not form.startswith("{cards}"):  # without a verb: by their ranks only
            said.add(_by_numbers(cards))
        for words in said - {None}:
            text = form.format(cards=words)
            assert _heard(state, names, text) == ENGINE.dumps(ENGINE.apply(state, take)[0]), \
                text
            checked += 1
    assert checked


@pytest.mark.parametrize("at", ("take", "take_king"))
def test_a_card_said_with_an_indefinite_rank_and_its_number(at: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    for card in row:
        for rank, said in INDEFINITE.items():
            if rank != rank_of(card) and (card + len(rank)) % 3:
                continue  # a third of the wrong ranks, spread
            text = f"je prends {said}, le {WORDS.cardinal(card)}, au royaume"
            take = Take((card,))
            if rank == rank_of(card) and ENGINE.refusal(state, take) is None:
                expected = ENGINE.dumps(ENGINE.apply(state, take)[0])
            else:
                expected = ENGINE.dumps(state)  # another rank: refused, nothing changes
            assert _heard(state, names, text) == expected, text
